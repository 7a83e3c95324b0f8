"""The session's Chromium, and closing a phone without letting Chromium hang the suite.

Chromium sometimes never answers the request to dispose of a browser context once pages
with a service worker have run in it (puppeteer#11627, "closing browser contexts can leave
dangling service workers and poison the browser", open upstream). Playwright's
``BrowserContext.close()`` then waits for good: seen here three times, each in the teardown
of an offline test, twice after a hundred tests had run in the same browser, with the
page's event stream still open on the server. One cause, found and removed: a test that
ended while its page reloaded itself through the service worker (test_offline.py's
conflict test hung so in every PostgreSQL run; it now waits for the page it expects).

So a close gets ``CLOSE_LIMIT_S``. Past it, a timer kills the browser's processes, which
ends the wait; the hang is reported as a warning and in ``test-output``, and the next
phone opens on a browser launched again. The test's own checks have all run by then:
a hang here says nothing about the page under test.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import threading
import warnings
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Error, Playwright

from tests.browser.phone import CHROMIUM_ARGS, PHONE_CHROMIUM

# A hundred times a close's usual tenth of a second. Were a slow close taken for a hung
# one, it costs a browser launched again (under a second), never a test.
CLOSE_LIMIT_S = 10.0


def processes() -> dict[int, tuple[int, bytes]]:
    """Each process's parent and command line, read from /proc (the suite runs on Linux)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command_line = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # ended meanwhile
        # The command name in parentheses may hold spaces: the parent id follows its ")".
        table[int(entry.name)] = (int(stat.rsplit(")", 1)[1].split()[1]), command_line)
    return table


def below(roots: set[int], table: dict[int, tuple[int, bytes]]) -> set[int]:
    """Every process descended from ``roots`` (the roots left out)."""
    found: set[int] = set()
    while more := {pid for pid, (parent, _) in table.items() if parent in roots | found} - found:
        found |= more
    return found


def processes_with(switch: str, table: dict[int, tuple[int, bytes]] | None = None) -> set[int]:
    """This test process's own processes whose command line holds ``switch`` as one whole
    argument. Its own: those below it (Playwright's driver launches each browser), as a
    switch says nothing of who started a process: another suite's Chromium, or anyone's,
    may carry the same one (CI once found two browsers with a probe's switch)."""
    table = table or processes()
    argument = switch.encode() + b"\0"  # /proc's command lines end each argument with NUL
    return {pid for pid in below({os.getpid()}, table) if argument in table[pid][1]}


def kill_browser(switch: str) -> None:
    """Kill this process's browser launched with ``switch`` and every helper below it."""
    table = processes()
    doomed = processes_with(switch, table)
    doomed |= below(doomed, table)
    for pid in doomed:
        with contextlib.suppress(ProcessLookupError):  # ended meanwhile
            os.kill(pid, signal.SIGKILL)


# In Chromium itself (the headless shell, tests/chromium.py, has no address bar), each
# phone (a browser context) opens a window whose address bar loads two WebUI pages,
# the omnibox's popups, in a renderer of their own: about a third of Chromium's work for
# a phone (measured: 20 contexts opened and closed, 3.6 s before, 2.3 s after). No test
# types into an address bar.
FEATURES_OFF = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


def features_off(playwright: Playwright) -> str:
    """--disable-features with Playwright's own list and FEATURES_OFF. Chromium heeds only
    the last --disable-features it is given, so Playwright's list (read off a browser it
    launched, as it changes between its releases) must be repeated in ours."""
    switch = probe_switch()
    probe = playwright.chromium.launch(
        executable_path=PHONE_CHROMIUM, args=[*CHROMIUM_ARGS, switch]
    )
    try:
        lists = disabled_features(switch)
    finally:
        probe.close()
    features = [name for listed in lists for name in listed]
    return "--disable-features=" + ",".join(dict.fromkeys([*features, *FEATURES_OFF]))


def probe_switch() -> str:
    """The switch the probe browser carries: unique to this test process on the machine."""
    return f"--scorekeeper-test-probe={os.getpid()}"


def disabled_features(
    switch: str, table: dict[int, tuple[int, bytes]] | None = None
) -> list[list[str]]:
    """Each --disable-features list on the command line of the browser launched with
    ``switch`` (its own process, not a helper's), in the order given. A helper Chromium
    has just forked carries the browser's command line until it execs (a make test once
    found two): the browser is the one whose parent does not carry the switch."""
    table = table or processes()
    carrying = processes_with(switch, table)
    (browser,) = [
        table[pid][1].split(b"\0")
        for pid in carrying
        if b"--type=" not in table[pid][1] and table[pid][0] not in carrying
    ]
    prefix = b"--disable-features="
    return [
        [name for name in arg[len(prefix) :].decode().split(",") if name]
        for arg in browser
        if arg.startswith(prefix)
    ]


class SessionBrowser:
    """One browser for the session, launched again if a hung close cost the last one.

    Each launch carries a switch of its own on its command line (Chromium ignores one it
    does not know), so the timer kills this browser and no other."""

    launches = itertools.count(1)
    features_switch: str | None = None  # --disable-features, made at the first launch

    def __init__(self, playwright: Playwright, log: Path):
        self.playwright = playwright
        self.log = log
        self.browser, self.switch = self.launched()
        self.lost = False

    def launched(self) -> tuple[Browser, str]:
        """The system's Chromium with the phone tests' flags, and its own switch."""
        if self.features_switch is None:
            self.features_switch = features_off(self.playwright)
        switch = f"--scorekeeper-test-browser={os.getpid()}-{next(self.launches)}"
        browser = self.playwright.chromium.launch(
            executable_path=PHONE_CHROMIUM, args=[*CHROMIUM_ARGS, self.features_switch, switch]
        )
        return browser, switch

    def current(self) -> Browser:
        if self.lost or not self.browser.is_connected():
            self.browser, self.switch = self.launched()
            self.lost = False
        return self.browser

    def close_context(self, context: BrowserContext, test: str, limit: float = CLOSE_LIMIT_S):
        """Close ``context`` within ``limit`` seconds, killing the browser if it hangs."""
        hung = threading.Event()

        def give_up() -> None:
            hung.set()
            kill_browser(self.switch)

        timer = threading.Timer(limit, give_up)
        timer.start()
        try:
            context.close()
        except Error:
            if not hung.is_set():
                raise
        finally:
            timer.cancel()
        if hung.is_set():
            self.lost = True
            message = f"{test}: a browser context's close hung for {limit:.0f} s; browser restarted"
            with self.log.open("a", encoding="utf-8") as log:
                log.write(message + "\n")
            warnings.warn(message, stacklevel=2)

    def close(self) -> None:
        if self.browser.is_connected():
            self.browser.close()
