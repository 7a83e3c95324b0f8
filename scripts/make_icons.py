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


def draw(size: int) -> Path:
    page = (
        f"<style>@page {{ size: {size}px {size}px; margin: 0 }} body {{ margin: 0 }}</style>"
        f'<img src="icon.svg" width="{size}" height="{size}">'
    )
    target = ICONS / f"icon-{size}.png"
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
