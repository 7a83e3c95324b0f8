"""Golf played on a phone in real Chromium: 18 holes with the grid helper.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from tests.browser.families.support import save, totals
from tests.browser.phone import Phone
from tests.browser.support import start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Golf's form saves a hole, as a golf card counts them.
SAVE_HOLE = re.compile(r"^Save hole \d+$")


# A's grid each hole (top row, then bottom row) and what it scores; B types a score.
GRIDS = [
    (["K", "5", "7", "K", "3", "9"], 24),
    (["Q", "Q", "3", "Q", "Q", "2"], 1),
    (["2", "J", "A", "2", "Q", "4"], 25),
    (["2", "2", "2", "K", "K", "K"], -6),
]


# Slow tier (tests/tiers.py): the free pad's and Burraco's plays (test_free.py,
# test_burraco.py), the sign flip among them, stand for it.
@pytest.mark.long
@SLOW
def test_eighteen_holes_of_golf_with_the_grid_helper(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start(phone, "Golf (18 holes)", ["A", "B"], "golf")
    expected = []
    for hole in range(1, 19):
        cards, score = GRIDS[(hole - 1) % len(GRIDS)]
        phone.tap(page.locator("button.grid-open[data-player=A]"))
        dialog = page.locator("#grid")
        expect(dialog).to_be_visible()
        for rank in cards:
            phone.tap(dialog.locator(f"button[data-rank='{rank}']"))
        expect(dialog.locator(".sum")).to_have_text(str(score))
        if hole == 2:
            expect(dialog.locator(".slot.paired")).to_have_count(4)  # two columns cancel
            phone.shot("golf-grid-helper")
        phone.tap(dialog.locator("button[data-act=use]"))
        expect(page.locator("#scores_0")).to_have_value(str(score))
        b = hole % 7
        page.fill("#scores_1", str(b))
        if hole % 5 == 0:  # a negative score: ± flips the sign
            phone.tap(page.locator("button[data-sign=scores_1]"))
            b = -b
        expect(page.locator("#scores_1")).to_have_value(str(b))
        save(phone, SAVE_HOLE)
        expected.append({"scores": {"A": score, "B": b}, "grids": {"A": cards}})
    phone.shot("golf-finished")
    view = services.load_game(uow, game_id)
    assert list(view.entries) == expected
    state = scoring.derive(view.setup, expected)
    assert state.finished and len(state.deals) == 18
    assert totals(page) == state.totals
    expect(page.locator(".result")).to_contain_text(f"Winner: {state.winners[0]}")
    expect(page.locator("#deal-form")).to_have_count(0)
