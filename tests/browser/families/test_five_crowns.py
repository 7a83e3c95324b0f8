"""Five Crowns on a phone in real Chromium: a game ended early and reopened.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import end_here, record_marked, start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): every preset played to its end through its forms
# (tests/web/test_every_preset_forms.py) and the quick tier's Canasta, Phase 10 and pool
# rummy taps stand for it.
@SLOW
def test_a_game_ended_early_and_reopened(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start(phone, "Five Crowns", ["Ann", "Bob", "Cy"], "early")
    record_marked(phone, "Ann", {"hands_1": "70", "hands_2": "42"})
    record_marked(phone, "Bob", {"hands_0": "0", "hands_2": "9"})
    end_here(phone, "early")
    expect(page.locator(".result")).to_contain_text("Winner: Ann")
    expect(page.locator("#deal-form")).to_have_count(0)
    phone.shot("early-ended")
    assert services.load_game(uow, game_id).state.ended_early is True

    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name="Reopen the game"))
    expect(page.get_by_text("The game is open again")).to_be_visible()
    phone.shot("early-reopened")
    record_marked(phone, "Cy", {"hands_0": "12", "hands_1": "4"})
    view = services.load_game(uow, game_id)
    assert view.state.ended_early is False
    assert len(view.entries) == 3
    assert view.state.next_deal["cards"] == 6
