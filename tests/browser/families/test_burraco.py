"""Burraco played on a phone in real Chromium: seats, and a side that never took its pozzetto.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.families.support import save, totals
from tests.browser.phone import Phone
from tests.browser.support import start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): every preset played to its end through its forms
# (tests/web/test_every_preset_forms.py) and the quick tier's Canasta, Phase 10 and pool
# rummy taps stand for it.
@SLOW
def test_a_burraco_game_with_seats_and_a_side_that_never_took_its_pozzetto(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start(
        phone,
        "Burraco",
        ["NS", "EW"],
        "burraco",
        open=["Partners' seats"],
        **{"seats-0": "Nadia", "seats-1": "Émile", "seats-2": "Søren", "seats-3": "Wanjiru"},
    )
    expect(page.locator(".next")).to_contain_text("Nadia deals")
    expected = []
    for deal in range(1, 4):
        phone.tap(page.get_by_role("radio", name="NS", exact=True))
        for field, value in {
            "melded_0": "560",
            "hand_0": "15",
            "melded_1": "245",
            "hand_1": "85",
        }.items():
            page.fill(f"#{field}", value)
        for stepper in ("clean_0", "dirty_0", "dirty_1"):
            phone.tap(page.locator(f"button.more[data-step={stepper}]"))
        # Every side starts with its pozzetto taken: one tap says EW never took it.
        expect(page.locator("input[name=pozzetto_1]")).to_be_checked()
        phone.tap(page.locator("label.mark:has(input[name=pozzetto_1])"))
        expect(page.locator("input[name=pozzetto_1]")).not_to_be_checked()
        if deal == 1:
            phone.shot("burraco-deal-1")
        save(phone)
        expected.append(
            {
                "out": "NS",
                "melded": {"NS": 560, "EW": 245},
                "hand": {"NS": 15, "EW": 85},
                "clean": {"NS": 1},
                "dirty": {"NS": 1, "EW": 1},
                "pozzetto": {"NS": True, "EW": False},
            }
        )
    phone.shot("burraco-finished")
    view = services.load_game(uow, game_id)
    assert list(view.entries) == expected
    assert view.state.totals == {"NS": 2835, "EW": 480}
    assert view.state.finished and view.state.winners == ["NS"]
    assert totals(page) == view.state.totals
    expect(page.locator(".result")).to_contain_text("Winner: NS")
