"""Waiting on a page's own state: ``wait_in_page`` awaits an async condition, and no test
hands one to Playwright's ``wait_for_function``, which would not wait for it at all. A new
game the form refuses fails the start at once, saying why, rather than a later wait."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.phone import Phone
from tests.browser.support import SMALL, start, wait_in_page
from tests.printing.cases import LONG_NAMES

LATER = "() => { window.later = false; setTimeout(() => { window.later = true; }, 300); }"


@pytest.mark.browser
def test_an_async_condition_is_waited_for_until_it_holds(new_phone):
    page = new_phone()
    page.set_content("<p>at the table</p>")
    page.evaluate(LATER)
    wait_in_page(page, "async () => window.later", "later")
    assert page.evaluate("() => window.later") is True


@pytest.mark.browser
def test_an_async_condition_that_never_holds_fails_the_wait(new_phone):
    page = new_phone()
    page.set_content("<p>at the table</p>")
    with pytest.raises(AssertionError, match="never: not seen within"):
        wait_in_page(page, "async () => false", "never", most=0.3)


@pytest.mark.browser
def test_a_refused_new_game_fails_the_start_at_once_saying_why(new_phone, shots):
    phone = Phone(new_phone(**SMALL), shots)
    # Eight seats, the first name again in the last: the form comes back refused (422).
    names = [*LONG_NAMES[:7], LONG_NAMES[0]]
    with pytest.raises(AssertionError) as refused:
        start(phone, "Crazy Gin (13 deals)", names, "refused")
    said = str(refused.value)
    assert "the new game was refused (422 at " in said
    assert "/games/new)" in said
    assert "players-7-msg: " in said  # the words beside the seat the form refused
    assert LONG_NAMES[0] in said


def test_no_test_hands_an_async_condition_to_wait_for_function():
    tests = Path(__file__).resolve().parent.parent
    call = re.compile(r"wait_for_function\(\s*(\"\"\"|\"|')(.*?)\1", re.S)
    found = [
        f"{path.relative_to(tests)}: {match.group(2)[:60]}"
        for path in tests.rglob("*.py")
        for match in call.finditer(path.read_text(encoding="utf-8"))
        if "async" in match.group(2) or "Promise" in match.group(2)
    ]
    assert not found, "use wait_in_page for these:\n" + "\n".join(found)
