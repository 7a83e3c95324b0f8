"""Waiting on a page's own state: ``wait_in_page`` awaits an async condition, and no test
hands one to Playwright's ``wait_for_function``, which would not wait for it at all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.support import wait_in_page

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
