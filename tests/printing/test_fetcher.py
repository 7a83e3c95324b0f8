"""WeasyPrint may read the app's own static files from disk and nothing else."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from weasyprint.urls import path2url

from scorekeeper.printing.render import (
    STATIC,
    STYLESHEET,
    RefusedURL,
    StaticOnlyFetcher,
    html_to_pdf,
)


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
