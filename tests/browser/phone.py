"""A phone in real Chromium, shared by the browser tests and bench/bench_taps.py: the
profile and browser flags, the app served on a loopback port, and a page that counts
every tap and keystroke as a player would make them. (No pytest here: a benchmark
imports it too.)"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image
from playwright.sync_api import Locator, Page, expect
from werkzeug.http import parse_cookie
from werkzeug.serving import WSGIRequestHandler, make_server

from tests import pictures
from tests.chromium import find_chromium, find_phone_chromium

# Chromium itself (Lighthouse, the taps benchmark, the README's picture), and the phones'
# browser: its headless shell where installed (tests/chromium.py).
CHROMIUM = find_chromium()
PHONE_CHROMIUM = find_phone_chromium()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = "Pixel 5"
# Pictures of the pages only with SHOTS=1 (tests/pictures.py, docs/testing.md).
PICTURES = pictures.PICTURES
# Waits on the page (expect, and every action) end at these limits only when the event
# never comes: on a machine running two suites at once, 5 s (Playwright's default for
# expect) was once too short for a notice that did come. A limit is no measure of speed.
PATIENCE_MS = 30_000
expect.set_options(timeout=PATIENCE_MS)


# A phone without a signal (tests/browser/support.py cut_signal) carries this cookie. The
# browser's offline emulation is set per target (the page, then its service worker, ...),
# so for a moment one of them may still reach the server; the cookie is the context's, kept
# in the network service, and its requests get no answer at all (see ``unless_no_signal``).
NO_SIGNAL_COOKIE = "scorekeeper-test-no-signal"
LOOPBACK = "127.0.0.1"


def unless_no_signal(app):
    """``app``, but a request that carries the no-signal cookie meets a dropped connection:
    no status, no headers, nothing done; the page sees a network failure, as offline.
    (Werkzeug takes a ConnectionError from the application for a connection the client
    dropped: it writes nothing and logs nothing; see ``Dropping``.)"""

    def serve(environ, start_response):
        if NO_SIGNAL_COOKIE in parse_cookie(environ):
            environ["werkzeug.socket"].shutdown(socket.SHUT_RDWR)
            raise ConnectionResetError("a phone without a signal")
        return app(environ, start_response)

    return serve


class Dropping(WSGIRequestHandler):
    """Werkzeug's handler, which reads no more requests from a connection it dropped: the
    dropped request's unread body would otherwise be taken for the next request (a 400,
    logged as an error)."""

    def connection_dropped(self, error, environ=None) -> None:
        self.close_connection = True


@contextmanager
def serving(app) -> Iterator[str]:
    """``app`` served on a free loopback port for as long as the block runs: its base URL."""
    server = make_server(
        LOOPBACK, 0, unless_no_signal(app), threaded=True, request_handler=Dropping
    )
    # shutdown() waits for the loop to look again: every 0.5 s by default, half a second
    # idle at the end of every browser test.
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
    )
    thread.start()
    try:
        yield f"http://{LOOPBACK}:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


class Phone:
    """A page with every tap and keystroke counted, as a player would make them."""

    def __init__(self, page: Page, shots: Path):
        self.page = page
        self.shots = shots
        self.taps = 0
        self.keys = 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def count(self) -> tuple[int, int]:
        """Taps and keys since the last call."""
        counted = self.taps, self.keys
        self.taps = self.keys = 0
        return counted

    def shot(self, name: str) -> None:
        """A full-page picture, once the page is seen to fit the screen's width."""
        assert_fits_the_screen(self.page)
        picture(self.page, self.shots / f"{name}.png", full_page=True)


def picture(
    target: Page | Locator, path: Path, *, across_the_room: bool = False, **options
) -> None:
    """A screenshot of ``target`` at ``path``, when pictures are asked for (``PICTURES``);
    ``across_the_room`` adds a copy at 480 x 270, the screen as read from afar."""
    if not PICTURES:
        return
    path.parent.mkdir(exist_ok=True)
    target.screenshot(path=path, **options)
    if across_the_room:
        with Image.open(path) as full:
            full.resize((480, 270)).save(path.with_name(f"{path.stem}-25.png"))


def assert_fits_the_screen(page: Page) -> None:
    """Nothing widens the page past the screen: a phone would zoom the whole page out, and
    every tap would then land beside its target (wide tables scroll inside their own box)."""
    page.wait_for_load_state()
    page_width, screen_width = page.evaluate(
        "() => [document.documentElement.scrollWidth, visualViewport.width]"
    )
    assert page_width <= screen_width, f"the page is {page_width}px wide on {screen_width}px"
