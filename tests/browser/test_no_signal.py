"""The test server's backstop for a phone without a signal (support.cut_signal): a request
carrying the no-signal cookie gets no answer at all, even from a page whose browser still
thinks it is online, and nothing it asked for is done. (Chromium takes a context offline
target by target; a deal once reached the server through that gap.) No test takes a phone
offline or back but through support.cut_signal and restore_signal."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from scorekeeper.service_layer import services
from tests.browser.support import NO_SIGNAL_MARK, SMALL, restore_signal, stored
from tests.printing.cases import LONG_NAMES

pytestmark = pytest.mark.browser

# The deal form's own fields, sent as the page would send them; what became of it.
SEND = """form => fetch(form.action, { method: "POST", body: new FormData(form) })
  .then(response => `answered ${response.status}`, error => `failed: ${error.name}`)"""


def test_a_request_marked_without_a_signal_is_dropped_though_the_page_is_online(
    new_phone, uow, caplog
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=LONG_NAMES)
    game_id, token = started.game.public_id, started.edit_token
    # No service worker: what the page meets is the server's doing, not the worker's.
    page = new_phone(**SMALL, service_workers="block")
    page.goto(f"/games/{game_id}/edit/{token}")
    page.locator("input[name=out][value='0']").check(force=True)
    for seat in range(1, len(LONG_NAMES)):
        page.fill(f"#hands_{seat}", str(seat * 3))
    form = page.locator("#deal-form")

    # Only the cookie, as if Chromium's emulation had not reached this page yet.
    page.context.add_cookies([NO_SIGNAL_MARK])
    assert page.evaluate("navigator.onLine")
    with caplog.at_level(logging.INFO):
        assert form.evaluate(SEND) == "failed: TypeError"  # a network failure, as offline
    assert not services.load_game(uow, game_id).entries
    # Dropped quietly: no error page written, no traceback logged.
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]

    # The signal back: the same request is answered and the deal stored, once.
    restore_signal(page)
    assert form.evaluate(SEND) == "answered 200"
    entries = stored(uow, game_id, 1)
    assert entries == [{"out": LONG_NAMES[0], "hands": {LONG_NAMES[s]: s * 3 for s in range(1, 8)}}]


def test_every_phone_goes_offline_and_back_through_the_helpers():
    tests = Path(__file__).resolve().parent.parent
    allowed = {tests / "browser" / "support.py", Path(__file__).resolve()}
    bare = [
        f"{path.relative_to(tests)}:{number}"
        for path in tests.rglob("*.py")
        if path not in allowed
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".set_offline(" in line
    ]
    assert not bare, "use cut_signal/restore_signal (tests/browser/support.py):\n" + "\n".join(bare)
