"""A phone's close that hangs costs the suite CLOSE_LIMIT_S, not the whole run
(tests/browser/lifeline.py). The hang is made by stopping the browser's process, which then
answers nothing, as Chromium answers nothing in the upstream bug."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Playwright

from tests.browser.lifeline import (
    FEATURES_OFF,
    SessionBrowser,
    disabled_features,
    probe_switch,
    processes,
    processes_with,
)
from tests.browser.phone import CHROMIUM
from tests.tiers import SLOW
from tests.waiting import wait_until

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


def hang_and_recover(own_browser: SessionBrowser) -> None:
    """A phone's close that hangs kills that browser; the next phone opens on a new one."""
    context, _page = a_page_in(own_browser)
    first, switch = own_browser.current(), own_browser.switch
    stopped = processes_with(switch)
    assert stopped
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


def test_a_close_that_hangs_kills_that_browser_and_the_next_phone_opens_on_a_new_one(
    own_browser,
):
    hang_and_recover(own_browser)


@contextlib.contextmanager
def stranger(profile: Path, *switches: str) -> Iterator[int]:
    """A Chromium this test process did not start (its shell parent exits at once, so it is
    nobody's child here), headless on a profile of its own, carrying ``switches``."""
    profile.mkdir()
    command = [
        *(CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu"),
        *(f"--user-data-dir={profile}", "--remote-debugging-port=0", *switches, "about:blank"),
    ]
    started = subprocess.run(
        ["sh", "-c", '"$0" "$@" >/dev/null 2>&1 & echo $!', *command],
        capture_output=True,
        text=True,
        check=True,
        start_new_session=True,  # a process group of its own, to end it and its helpers
    )
    pid = int(started.stdout)
    group = os.getpgid(pid)  # the shell's, which it left running in it with its helpers
    try:
        yield pid
    finally:
        os.killpg(group, signal.SIGKILL)
        marker = f"--user-data-dir={profile}".encode() + b"\0"
        wait_until(
            lambda: (
                not [
                    other
                    for other, (_, line) in processes().items()
                    if marker in line and alive(other)
                ]
            ),
            "the other Chromium ended",
        )


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# Slow tier (tests/tiers.py): the hung close on the suite's own Chromium (above) stands for it.
@SLOW
def test_another_chromium_carrying_the_same_switches_is_neither_read_nor_killed(
    playwright: Playwright, tmp_path
):
    """The suite is not the only Chromium on the machine: another one carrying the probe's
    switch, then the session browser's, changes nothing for it and is left running."""
    with stranger(tmp_path / "probe-twin", probe_switch()) as probe_twin:
        own_browser = SessionBrowser(playwright, tmp_path / "hung.txt")
        try:
            with stranger(tmp_path / "browser-twin", own_browser.switch) as browser_twin:
                assert browser_twin not in processes_with(own_browser.switch)
                heeded = disabled_features(own_browser.switch)[-1]
                assert set(FEATURES_OFF) <= set(heeded)
                hang_and_recover(own_browser)
                assert alive(probe_twin) and alive(browser_twin)
        finally:
            own_browser.close()


def test_a_helper_forked_but_not_yet_started_is_not_taken_for_the_browser():
    """Between its fork and its exec, a helper of Chromium's carries the browser's own
    command line: the browser's lists are read, not refused as two browsers."""
    switch = probe_switch()
    line = f"chromium\0{switch}\0--disable-features=A,B\0".encode()
    table = {**processes(), 900_001: (os.getpid(), line), 900_002: (900_001, line)}
    assert disabled_features(switch, table) == [["A", "B"]]


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
