"""Real Chromium on a phone profile against the app served on a loopback port.

One browser for the session (the system's Chromium, see tests/chromium.py);
each test gets its own server on its own test database, with CSRF on as in
production.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)
from werkzeug.serving import make_server

from tests.chromium import find_chromium

CHROMIUM = find_chromium()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = "Pixel 5"
# Waits on the page (expect, and every action) end at these limits only when the event
# never comes: on a machine running two suites at once, 5 s (Playwright's default for
# expect) was once too short for a notice that did come. A limit is no measure of speed.
PATIENCE_MS = 30_000
expect.set_options(timeout=PATIENCE_MS)


@pytest.fixture
def app_config(app_config: dict) -> dict:
    return {**app_config, "WTF_CSRF_ENABLED": True}


@contextmanager
def serving(app) -> Iterator[str]:
    """``app`` served on a free loopback port for as long as the block runs: its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


@pytest.fixture
def live_server(app) -> Iterator[str]:
    with serving(app) as base_url:
        yield base_url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def phone_profile(playwright: Playwright) -> dict:
    return dict(playwright.devices[PHONE])


@pytest.fixture
def new_phone(browser: Browser, phone_profile: dict, live_server: str):
    """Open another phone (a fresh browser context: its own cookies and storage)."""
    contexts: list[BrowserContext] = []

    def open_phone(**settings) -> Page:
        context = browser.new_context(**{**phone_profile, **settings}, base_url=live_server)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(PATIENCE_MS)
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def shots(output_dir: Path) -> Path:
    folder = output_dir / "browser"
    folder.mkdir(exist_ok=True)
    return folder


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
        self.page.screenshot(path=self.shots / f"{name}.png", full_page=True)


def assert_fits_the_screen(page: Page) -> None:
    """Nothing widens the page past the screen: a phone would zoom the whole page out, and
    every tap would then land beside its target (wide tables scroll inside their own box)."""
    page.wait_for_load_state()
    page_width, screen_width = page.evaluate(
        "() => [document.documentElement.scrollWidth, visualViewport.width]"
    )
    assert page_width <= screen_width, f"the page is {page_width}px wide on {screen_width}px"
