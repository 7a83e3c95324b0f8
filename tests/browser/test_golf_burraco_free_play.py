"""Golf, Burraco and the free pad played to the end on a phone in real Chromium: 18
holes of Golf with the grid helper, Burraco with seats and a side that never took its
pozzetto, a free pad of five players with a negative score. Screenshots go to
test-output/browser/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import SAVE, end_here, start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


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


# Golf's form saves a hole, as a golf card counts them.
SAVE_HOLE = re.compile(r"^Save hole \d+$")

# A's grid each hole (top row, then bottom row) and what it scores; B types a score.
GRIDS = [
    (["K", "5", "7", "K", "3", "9"], 24),
    (["Q", "Q", "3", "Q", "Q", "2"], 1),
    (["2", "J", "A", "2", "Q", "4"], 25),
    (["2", "2", "2", "K", "K", "K"], -6),
]


# Slow tier (tests/tiers.py): the sign flip and the other pads here stand for it.
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
