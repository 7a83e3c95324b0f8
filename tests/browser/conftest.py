"""Real Chromium on a phone profile against the app served on a loopback port.

One browser for the session (the system's Chromium, see tests/chromium.py);
each test gets its own server on its own test database, with CSRF on as in
production.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from tests.browser.lifeline import SessionBrowser
from tests.browser.phone import PATIENCE_MS, PHONE, serving


@pytest.fixture
def app_config(app_config: dict) -> dict:
    return {**app_config, "WTF_CSRF_ENABLED": True}


@pytest.fixture
def live_server(app) -> Iterator[str]:
    with serving(app) as base_url:
        yield base_url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright: Playwright, output_dir: Path) -> Iterator[SessionBrowser]:
    """The session's Chromium, launched again should a phone's close hang (lifeline.py)."""
    browser = SessionBrowser(playwright, output_dir / "browser-hung-closes.txt")
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def phone_profile(playwright: Playwright) -> dict:
    return dict(playwright.devices[PHONE])


@pytest.fixture
def new_phone(request, browser: SessionBrowser, phone_profile: dict, live_server: str):
    """Open another phone (a fresh browser context: its own cookies and storage)."""
    contexts: list[BrowserContext] = []

    def open_phone(**settings) -> Page:
        context = browser.current().new_context(
            **{**phone_profile, **settings}, base_url=live_server
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(PATIENCE_MS)
        return page

    yield open_phone
    for context in contexts:
        browser.close_context(context, request.node.nodeid)


@pytest.fixture
def shots(output_dir: Path) -> Path:
    folder = output_dir / "browser"
    folder.mkdir(exist_ok=True)
    return folder
