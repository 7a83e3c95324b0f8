"""Which Chromium the browser tests drive: the system's own, never a downloaded one."""

from __future__ import annotations

import os
import shutil

CHROMIUM_VARIABLE = "SCOREKEEPER_CHROMIUM"
# Debian's package installs chromium; Ubuntu's snap and other systems chromium-browser.
CHROMIUM_NAMES = ("chromium", "chromium-browser")
# Chromium's headless shell (Debian's chromium-headless-shell, the same release as its
# chromium): the same Blink, V8 and network stack, without the browser's windows, tab strip
# and address bar. The phones' pages behave alike in both (the whole browser tier passes on
# each), and the shell spends about 30 % less CPU on them (docs/testing.md).
HEADLESS_SHELL = "chromium-headless-shell"


def find_chromium() -> str | None:
    """SCOREKEEPER_CHROMIUM if set, else the first Chromium on PATH."""
    if os.environ.get(CHROMIUM_VARIABLE):
        return shutil.which(os.environ[CHROMIUM_VARIABLE])
    return next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)


def find_phone_chromium() -> str | None:
    """The browser the phone tests drive: SCOREKEEPER_CHROMIUM if set, else Chromium's
    headless shell on PATH, else Chromium itself (Ubuntu has no .deb of the shell)."""
    if os.environ.get(CHROMIUM_VARIABLE):
        return find_chromium()
    return shutil.which(HEADLESS_SHELL) or find_chromium()


def missing_chromium() -> str:
    """One line: what is missing and what to install."""
    if os.environ.get(CHROMIUM_VARIABLE):
        return f"{CHROMIUM_VARIABLE}={os.environ[CHROMIUM_VARIABLE]} is not an executable Chromium"
    return (
        "the browser tests need Chromium: install Debian's chromium package "
        "(scripts/install-system-packages test) or set "
        f"{CHROMIUM_VARIABLE} to a Chromium binary"
    )
