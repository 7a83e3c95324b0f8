"""Rummikub played on a phone in real Chromium: four players, a deal where the pool ran out.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import check, record_marked, start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): every preset played to its end through its forms
# (tests/web/test_every_preset_forms.py) and the quick tier's Canasta, Phase 10 and pool
# rummy taps stand for it.
@SLOW
def test_a_four_player_rummikub_game_with_a_deal_where_the_pool_ran_out(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Ann", "Bob", "Cy", "Dee"]
    game_id = start(phone, "Rummikub", players, "rummikub")
    expect(page.locator(".next")).to_contain_text("Ann plays first")
    record_marked(phone, "Ann", {"racks_1": "5", "racks_2": "16", "racks_3": "3"})
    expect(page.locator(".next")).to_contain_text("Bob plays first")
    # The pool runs out: Ann and Bob tie for the lowest rack and share 16.
    record_marked(
        phone,
        "Nobody: the pool ran out",
        {"racks_0": "7", "racks_1": "7", "racks_2": "20", "racks_3": "10"},
    )
    expect(page.get_by_text("pool out", exact=True)).to_be_visible()
    phone.shot("rummikub-pool-out")
    record_marked(phone, "Dee", {"racks_0": "32", "racks_1": "13", "racks_2": "2"})
    record_marked(phone, "Cy", {"racks_0": "10", "racks_1": "25", "racks_3": "6"})
    expected = [
        {"out": "Ann", "racks": {"Bob": 5, "Cy": 16, "Dee": 3}},
        {"out": None, "racks": {"Ann": 7, "Bob": 7, "Cy": 20, "Dee": 10}},
        {"out": "Dee", "racks": {"Ann": 32, "Bob": 13, "Cy": 2}},
        {"out": "Cy", "racks": {"Ann": 10, "Bob": 25, "Dee": 6}},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.totals == {"Ann": -10, "Bob": -35, "Cy": 10, "Dee": 35}
    assert view.state.finished and view.state.winners == ["Dee"]
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator(".totals")).to_contain_text("1 deal won")
    phone.shot("rummikub-over")
