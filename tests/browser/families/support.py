"""Helpers of the families' plays in the browser: a deal saved, the totals read off the page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import SAVE


def totals(page) -> dict[str, int]:
    """The totals as shown, a minus sign read as one."""
    items = page.locator(".totals li")
    return {
        items.nth(i).locator(".name").inner_text(): int(
            items.nth(i).locator(".total").inner_text().replace("\u2212", "-")
        )
        for i in range(items.count())
    }


def save(phone: Phone, button: re.Pattern = SAVE) -> None:
    page = phone.page
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=button))
    # No message shown (the grid helper keeps its "six cards" message hidden, ready).
    expect(page.locator(".msg:visible")).to_have_count(0)
