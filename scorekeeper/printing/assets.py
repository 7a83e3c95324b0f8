"""The app's files a printed document is made from, and how its page may name them:
shared by render.py, which writes the HTML, and engine.py, which WeasyPrint reads them
for (this module imports no WeasyPrint: the app loads it)."""

from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = PACKAGE_ROOT / "templates" / "print"
STATIC = PACKAGE_ROOT / "static"
STYLESHEET = STATIC / "print" / "sheet.css"
STYLESHEETS = {
    "": STYLESHEET,
    "league": STATIC / "league" / "print.css",
    "certificate": STATIC / "league" / "certificate.css",
}

INLINE_PNG = "data:image/png;base64,"  # a QR code's image, in the page itself (render.qr_image)
PDF_COMPRESSION = 6  # zlib's own default level: a QR code's PNG, and pydyf held to it (engine.py)


class RefusedURL(ValueError):
    """WeasyPrint asked for something other than one of the app's static files."""
