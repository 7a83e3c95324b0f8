"""A phone's close that hangs costs the suite CLOSE_LIMIT_S, not the whole run
(tests/browser/lifeline.py). The hang is made by stopping the browser's process, which then
answers nothing, as Chromium answers nothing in the upstream bug."""

from __future__ import annotations

import os
import signal
import threading

import pytest
from playwright.sync_api import Playwright

from tests.browser.lifeline import (
    FEATURES_OFF,
    SessionBrowser,
    disabled_features,
    processes_with,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def own_browser(playwright: Playwright, tmp_path):
    browser = SessionBrowser(playwright, tmp_path / "hung.txt")
    yield browser
    browser.close()


def a_page_in(browser: SessionBrowser):
    context = browser.current().new_context()
    page = context.new_page()
    page.set_content("<p>at the table</p>")
    return context, page


def test_a_close_that_hangs_kills_that_browser_and_the_next_phone_opens_on_a_new_one(
    own_browser,
):
    context, _page = a_page_in(own_browser)
    first, switch = own_browser.current(), own_browser.switch
    stopped = processes_with(switch)
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    # Were the kill to fail, the browser goes on after a while and the checks below fail,
    # rather than the test hanging.
    resume = threading.Timer(20, lambda: [os.kill(pid, signal.SIGCONT) for pid in stopped])
    resume.start()
    try:
        with pytest.warns(UserWarning, match="close hung for 1 s; browser restarted"):
            own_browser.close_context(context, "the-test", limit=1.0)
    finally:
        resume.cancel()
    assert not processes_with(switch)
    assert (
        own_browser.log.read_text()
        == "the-test: a browser context's close hung for 1 s; browser restarted\n"
    )
    _context, page = a_page_in(own_browser)
    assert own_browser.current() is not first
    assert page.inner_text("p") == "at the table"


def test_a_close_that_does_not_hang_keeps_the_browser(own_browser, recwarn):
    context, _page = a_page_in(own_browser)
    first = own_browser.current()
    own_browser.close_context(context, "the-test", limit=30.0)
    assert own_browser.current() is first
    assert processes_with(own_browser.switch)
    assert not own_browser.log.exists()
    assert not recwarn.list


def test_a_phone_opens_no_address_bar_pages_and_playwrights_own_features_stay_off(
    own_browser,
):
    """The last --disable-features, the one Chromium heeds, holds Playwright's list and ours."""
    context, _page = a_page_in(own_browser)
    heeded = disabled_features(own_browser.switch)[-1]
    assert {"PaintHolding", "MediaRouter", *FEATURES_OFF} <= set(heeded)  # theirs, ours
    session = own_browser.current().new_browser_cdp_session()
    targets = session.send("Target.getTargets")["targetInfos"]
    assert [target["type"] for target in targets] == ["page"], targets
    own_browser.close_context(context, "the-test")
