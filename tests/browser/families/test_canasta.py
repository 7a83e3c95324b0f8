"""Canasta played on a phone in real Chromium, with seats and steppers.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import SAVE, start

pytestmark = pytest.mark.browser


def test_a_canasta_game_with_seats_and_steppers(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start(
        phone,
        "Canasta",
        ["NS", "EW"],
        "canasta",
        open=["Partners' seats"],
        **{"seats-0": "Nadia", "seats-1": "Émile", "seats-2": "Søren", "seats-3": "Wanjiru"},
    )
    expect(page.locator(".next")).to_contain_text("Nadia deals, Émile plays first")
    phone.tap(page.get_by_role("radio", name="NS", exact=True))
    for field, value in {
        "melded_0": "385",
        "hand_0": "30",
        "melded_1": "0",
        "hand_1": "120",
    }.items():
        page.fill(f"#{field}", value)
    # Counts by the steppers: one tap each, two for NS's mixed canastas.
    for stepper in ("natural_0", "mixed_0", "mixed_0", "red_threes_0", "red_threes_1"):
        phone.tap(page.locator(f"button.more[data-step={stepper}]"))
    expect(page.locator("#mixed_0")).to_have_value("2")
    phone.shot("canasta-steppers")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    expected = [
        {
            "out": "NS",
            "melded": {"NS": 385, "EW": 0},
            "hand": {"NS": 30, "EW": 120},
            "natural": {"NS": 1, "EW": 0},
            "mixed": {"NS": 2, "EW": 0},
            "red_threes": {"NS": 1, "EW": 1},
        }
    ]
    view = services.load_game(uow, game_id)
    assert view.state.totals == {"NS": 1655, "EW": -220}
    assert view.entries[0]["melded"] == expected[0]["melded"]
    expect(page.locator(".next")).to_contain_text("Émile deals, Søren plays first")
    expect(page.locator(".totals")).to_contain_text("melds 90 to open")
    phone.shot("canasta-deal-2")
