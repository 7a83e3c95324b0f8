"""The language switcher on a phone: a tap on a language, remembered on the device."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import start_game

pytestmark = pytest.mark.browser


def test_the_switcher_changes_the_pages_language_and_this_phone_keeps_it(new_phone, shots):
    phone = Phone(new_phone(locale="en-US"), shots)
    game_id = start_game(phone, "Gin Rummy", ["Anaïs-Géraldine Wójcik-Łukasiewicz", "Bob"])
    page = phone.page
    expect(page.locator("html")).to_have_attribute("lang", "en")
    phone.tap(page.locator("nav.langs a[lang=hi]"))
    page.wait_for_url(f"**/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("lang", "hi")
    expect(page.locator("nav.langs [aria-current]")).to_have_text("हिन्दी")
    phone.shot("switcher-hindi-game")
    cookie = next(c for c in page.context.cookies() if c["name"] == "lang")
    assert cookie["value"] == "hi"
    assert cookie["sameSite"] == "Lax"
    page.goto("/games/new")
    expect(page.locator("html")).to_have_attribute("lang", "hi")
    # The new game speaks the page's language unless the table picks another.
    expect(page.locator("#language")).to_have_value("hi")
    # A language link is a target a thumb can hit.
    box = page.locator("nav.langs a[lang=de]").bounding_box()
    assert box is not None and box["height"] >= 44
