"""The variants of issue 15 played on a phone in real Chromium: a pool rummy game with
a drop, a wrong show, an elimination, a rejoin and a split; Phase 10 through a
tie-break hand; Canasta with seats and steppers; a game ended early and reopened.

Each checks what was stored against the entries meant, and the page against the
scoring core; screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import SAVE, check, end_here, record_marked, start

pytestmark = pytest.mark.browser


def test_a_pool_rummy_game_with_a_drop_a_wrong_show_an_elimination_a_rejoin_and_a_split(
    new_phone, shots, uow
):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Aarav", "Bhavna", "Chandra", "Divyā"]
    game_id = start(
        phone,
        "Pool Rummy 101",
        players,
        "pool",
        open=["Play for money"],
        stakes_on="y",
        mode="pot",
        entry_cents="500",
    )
    # Section 10's example: Chandra drops first, Divyā shows wrongly.
    record_marked(phone, "Aarav", {"hands_1": "34"}, ["drops_first_2", "wrong_show_3"])
    phone.shot("pool-deal-1")
    record_marked(phone, "Chandra", {"hands_0": "52", "hands_3": "95"}, ["drops_middle_1"])
    # Divyā has 160: eliminated; her row offers a rejoin instead of a drop.
    row = page.locator(".hands .row[data-seat='3']")
    expect(row).to_contain_text("out of the game: tap Rejoins")
    expect(page.locator(".totals")).to_contain_text("eliminated")
    phone.shot("pool-eliminated")
    record_marked(
        phone, "Bhavna", {"hands_0": "30", "hands_2": "61", "hands_3": "28"}, ["rejoin_3"]
    )
    expected = [
        {
            "out": "Aarav",
            "hands": {"Bhavna": 34},
            "drops": {"Chandra": "first"},
            "wrong_show": ["Divyā"],
        },
        {"out": "Chandra", "hands": {"Aarav": 52, "Divyā": 95}, "drops": {"Bhavna": "middle"}},
        {"out": "Bhavna", "hands": {"Aarav": 30, "Chandra": 61, "Divyā": 28}, "rejoin": ["Divyā"]},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.totals == {"Aarav": 82, "Bhavna": 74, "Chandra": 81, "Divyā": 103}
    phone.shot("pool-after-rejoin")

    end_here(phone, "pool", split=True)
    expect(page.locator(".result")).to_contain_text("splitting the pot")
    phone.shot("pool-split")
    state = services.load_game(uow, game_id).state.as_dict()
    assert state["split"] is True
    assert state["winners"] == ["Aarav", "Bhavna", "Chandra"]
    assert state["settlement"]["balances"] == {
        "Aarav": 167,
        "Bhavna": 667,
        "Chandra": 166,
        "Divyā": -1000,
    }
    expect(page.locator("#deal-form")).to_have_count(0)


def test_a_phase_10_game_through_a_tie_break_hand(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start(
        phone,
        "Phase 10",
        ["Ann", "Bob", "Cy"],
        "phase10",
        open=["House rules"],
        o_phase10_phases="Two sets of 3\nA run of 7",
    )
    # Whoever goes out has done their phase: no mark to tap beside them.
    record_marked(phone, "Ann", {"hands_1": "20", "hands_2": "50"}, ["completed_1"])
    expect(page.locator(".totals")).to_contain_text("phase 2")
    record_marked(phone, "Bob", {"hands_0": "20", "hands_2": "30"}, ["completed_0"])
    # Ann and Bob both finished the last phase on 20: they replay it alone.
    expect(page.locator(".next")).to_contain_text("Tie-break hand: Ann and Bob")
    expect(page.locator(".hands .row[data-seat='2']")).to_contain_text("sits out")
    phone.shot("phase10-tiebreak")
    record_marked(phone, "Ann", {"hands_1": "15"})
    expected = [
        {"out": "Ann", "completed": ["Ann", "Bob"], "hands": {"Bob": 20, "Cy": 50}},
        {"out": "Bob", "completed": ["Ann", "Bob"], "hands": {"Ann": 20, "Cy": 30}},
        {"out": "Ann", "completed": ["Ann"], "hands": {"Bob": 15}},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.finished and view.state.winners == ["Ann"]
    expect(page.locator(".result")).to_contain_text("Winner: Ann")
    phone.shot("phase10-won")


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
