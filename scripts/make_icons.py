"""Draw the app's PNG icons from static/icons/icon.svg, the one source.

    .venv/bin/python scripts/make_icons.py

WeasyPrint lays the SVG on a page of exactly the icon's size and poppler's pdftoppm
turns that page into a PNG (both already part of the printing stack), so no other
image tool is needed. Commit the PNGs it writes.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from weasyprint import HTML

ICONS = Path(__file__).resolve().parent.parent / "scorekeeper" / "static" / "icons"
# apple-touch-icon, then the manifest's two sizes.
SIZES = (180, 192, 512)
# The maskable icon (manifest purpose "maskable"): a launcher may cut it to any shape
# that holds the middle circle of 80% of its width, so the drawing is shrunk to 80% on
# the icon's own background, which fills the edges.
MASKABLE = 512
BACKGROUND = "#0a53a8"
SAFE = 0.8


def draw(size: int, maskable: bool = False) -> Path:
    inner = round(size * SAFE) if maskable else size
    page = (
        f"<style>@page {{ size: {size}px {size}px; margin: 0 }}"
        f" body {{ margin: 0; background: {BACKGROUND} }}"
        f" img {{ display: block; margin: {(size - inner) // 2}px }}</style>"
        f'<img src="icon.svg" width="{inner}" height="{inner}">'
    )
    target = ICONS / (f"icon-maskable-{size}.png" if maskable else f"icon-{size}.png")
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "icon.pdf"
        HTML(string=page, base_url=str(ICONS) + "/").write_pdf(pdf)
        # WeasyPrint's px is 1/96 inch: at 96 dpi one px is one pixel.
        subprocess.run(
            ["pdftoppm", "-png", "-r", "96", "-singlefile", str(pdf), str(target.with_suffix(""))],
            check=True,
        )
    return target


if __name__ == "__main__":
    for size in SIZES:
        print(draw(size))
    print(draw(MASKABLE, maskable=True))
