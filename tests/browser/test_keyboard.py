"""A deal recorded with the keyboard alone, in real Chromium: Tab, arrows, digits, Enter."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone, picture
from tests.browser.support import start_game

pytestmark = pytest.mark.browser


def tab_to(page: Page, selector: str, most: int = 40) -> None:
    """Press Tab until the focus is on ``selector``, as a keyboard user would."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_who_went_out_and_every_number_are_chosen_with_the_keyboard_alone(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start_game(phone, "Crazy Gin (13 deals)", ["Ann", "Bob", "Cy", "Dee"])

    # Into the group of who went out, then the arrows walk the players without
    # the focus running off after the first step.
    page.locator("body").focus()
    tab_to(page, "input[name=out]")
    page.keyboard.press("Space")
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name="Cy", exact=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Cy", exact=True)).to_be_focused()
    picture(page.locator("fieldset.who"), shots / "keyboard-who-went-out.png")

    # Tab moves on to the first hand; Enter goes from number to number and, on the
    # last one, to Save; Enter there saves the deal.
    page.keyboard.press("Tab")
    expect(page.locator("#hands_0")).to_be_focused()
    for seat, digits in ((0, "12"), (1, "7")):
        expect(page.locator(f"#hands_{seat}")).to_be_focused()
        page.keyboard.type(digits)
        page.keyboard.press("Enter")
    expect(page.locator("#hands_3")).to_be_focused()  # Cy went out: no hand to enter
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Save deal 1")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()
    phone.shot("keyboard-deal-1")

    entry = services.load_game(uow, game_id).entries[0]
    assert entry["out"] == "Cy"
    assert entry["hands"] == {"Ann": 12, "Bob": 7, "Dee": 30}
