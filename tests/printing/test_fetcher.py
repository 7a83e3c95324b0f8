"""WeasyPrint may read the app's own static files from disk and nothing else."""

from __future__ import annotations

import base64
import re
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from weasyprint.urls import path2url

from scorekeeper.printing.assets import INLINE_PNG, STATIC, STYLESHEET, RefusedURL
from scorekeeper.printing.engine import StaticOnlyFetcher
from scorekeeper.printing.render import html_to_pdf, qr_image


def test_the_print_stylesheet_is_read_from_disk():
    response = StaticOnlyFetcher().fetch(path2url(str(STYLESHEET)))
    assert response.read() == STYLESHEET.read_bytes()
    assert response.content_type == "text/css"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/static/print/sheet.css",
        "https://example.com/font.woff2",
        "ftp://example.com/x.css",
        "data:text/css,body{color:red}",
        "data:image/svg+xml;base64,PHN2Zy8+",  # an SVG may name other resources
        "data:image/png;base64,PHN2Zy8+",  # not a PNG
        "data:image/png;base64,not base64!",
        "file:///etc/passwd",
        path2url(str(STATIC.parent.parent / "pyproject.toml")),
        path2url(str(STATIC)) + "/../pyproject.toml",
        path2url(str(STATIC)) + "/print/../../instance/secret_key",
        path2url(str(STATIC / "print")),  # a folder, not a file
        path2url(str(STATIC / "print" / "no-such.css")),
    ],
)
def test_anything_else_is_refused(url):
    with pytest.raises(RefusedURL):
        StaticOnlyFetcher().fetch(url)


def test_a_qr_codes_image_written_into_the_page_is_served_from_the_page():
    url = re.search(r'src="([^"]+)"', qr_image("https://scores.example/g/1")).group(1)
    response = StaticOnlyFetcher().fetch(url)
    assert url.startswith(INLINE_PNG) and response.content_type == "image/png"
    assert response.read() == base64.b64decode(url.removeprefix(INLINE_PNG))


class Counting(BaseHTTPRequestHandler):
    requests: list[str] = []

    def do_GET(self):
        Counting.requests.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/svg+xml")
        self.end_headers()
        self.wfile.write(b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')

    def log_message(self, *args):
        pass


def test_a_document_naming_outside_resources_renders_without_fetching_any():
    server = HTTPServer(("127.0.0.1", 0), Counting)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        pdf = html_to_pdf(
            f'<link rel="stylesheet" href="{base}/evil.css">'
            f'<p style="background: url({base}/bg.svg)">x</p>'
            f'<img src="{base}/img.svg"><img src="file:///etc/hostname">'
        )
    finally:
        server.shutdown()
        server.server_close()
    assert pdf.startswith(b"%PDF-")
    assert Counting.requests == []
