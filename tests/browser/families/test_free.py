"""The free score pad on a phone in real Chromium: five players with a negative score,
and Next after a sign flip.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.families.support import save, totals
from tests.browser.phone import Phone
from tests.browser.support import end_here, start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): the flipped sign (below) and tests/web/families/test_free.py
# stand for it.
@SLOW
def test_a_free_pad_of_five_players_with_a_negative_score(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    game_id = start(phone, "Free score pad", players, "free")
    deals = [[12, -3, 0, 7, 20], [5, 5, 1, -1, 0]]
    for scores in deals:
        for seat, score in enumerate(scores):
            page.fill(f"#scores_{seat}", str(abs(score)))
            if score < 0:
                phone.tap(page.locator(f"button[data-sign=scores_{seat}]"))
        save(phone)
    phone.shot("free-two-deals")
    end_here(phone, "free")
    phone.shot("free-ended")
    expected = [{"scores": dict(zip(players, scores, strict=True))} for scores in deals]
    view = services.load_game(uow, game_id)
    assert list(view.entries) == expected
    assert view.state.totals == {"Ann": 17, "Bob": 2, "Cy": 1, "Dee": 6, "Eve": 20}
    assert view.state.finished and view.state.winners == ["Eve"]
    assert totals(page) == view.state.totals
    expect(page.locator(".result")).to_contain_text("Winner: Eve")


def test_after_the_sign_is_flipped_next_walks_on_to_the_next_score(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    start(phone, "Free score pad", ["Ann", "Bob", "Cy"], "free-sign")
    phone.tap(page.locator("#scores_0"))
    phone.type("4")
    phone.tap(page.locator("button[data-sign=scores_0]"))
    expect(page.locator("#scores_0")).to_have_value("-4")
    expect(page.locator("#scores_0")).to_be_focused()
    phone.press("Enter")
    expect(page.locator("#scores_1")).to_be_focused()
