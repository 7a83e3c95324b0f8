"""Waiting on an event rather than for a time: the suite's one way to wait outside a page
(in a page, Playwright's ``expect`` waits). The limit only stops a test that would hang;
a loaded machine makes the wait longer, never a failure."""

from __future__ import annotations

import time
from collections.abc import Callable

# Long enough for a machine running two suites and a build side by side.
PATIENCE = 60.0


def wait_until(happened: Callable[[], object], what: str, *, most: float = PATIENCE) -> None:
    """Return as soon as ``happened()`` is true; fail, saying ``what`` never happened, after
    ``most`` seconds."""
    until = time.monotonic() + most
    while not happened():
        if time.monotonic() > until:
            raise AssertionError(f"{what}: not seen within {most:.0f} s")
        time.sleep(0.01)
