"""threethirteen: 3-13, eleven deals with the wild rank rising (RULES.md section 18)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, hand_value, validate_entry

from .support import errors_of, game_setup, out, play

THREE = ("A", "B", "C")
GAME = game_setup("threethirteen", THREE)
WILDS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def test_the_first_deal_of_the_rules_scores_each_hand_and_nothing_for_going_out():
    state = play(GAME, out("A", B=20, C=21))
    assert state.deals[0].points == {"A": 0, "B": 20, "C": 21}
    assert state.deals[0].wild == "3"


@pytest.mark.parametrize(
    ("options", "value"), [({}, 20), ({"wild_value": 20}, 37), ({"face_values": "rank"}, 23)]
)
def test_the_rules_hand_of_k_7_3_with_3s_wild_counts_by_the_options(options, value):
    setup = game_setup("threethirteen", THREE, **options)
    assert hand_value(setup, ["KS", "7H", "3D"], "3") == value


def test_c_holds_2_9_j_for_21():
    assert hand_value(GAME, ["2S", "9H", "JD"], "3") == 21


def test_a_king_left_in_hand_in_the_last_deal_counts_10():
    assert hand_value(GAME, ["KD"], "K") == 10


def test_there_are_no_jokers():
    assert errors_of(hand_value, GAME, ["Joker"], "3") == {
        "cards.0": "there is no Joker in this game"
    }


def test_deal_k_deals_k_plus_2_cards_and_that_rank_is_wild():
    entries = []
    for number, rank in enumerate(WILDS, 1):
        state = derive(GAME, entries)
        assert (state.next_deal["number"], state.next_deal["cards"]) == (number, number + 2)
        assert state.next_deal["wild"] == rank
        entries.append(out("A", B=5, C=1))
    state = derive(GAME, entries)
    assert [deal.wild for deal in state.deals] == list(WILDS)
    assert (state.finished, state.next_deal, state.winners) == (True, None, ["A"])


def test_the_game_ends_after_deal_11_lowest_total_wins_and_ties_share():
    entries = [out("A", B=10, C=10)] * 5 + [out("B", A=10, C=0)] * 5 + [out("C", A=0, B=0)]
    state = play(GAME, *entries)
    assert state.totals == {"A": 50, "B": 50, "C": 50}
    assert state.winners == ["A", "B", "C"]


@pytest.mark.parametrize(
    ("options", "entries", "bound"),
    [
        ({}, 0, 30),
        ({}, 10, 130),
        ({"face_values": "rank"}, 0, 39),
        ({"wild_value": 20}, 0, 60),
    ],
)
def test_a_hand_is_bounded_by_the_cards_dealt_times_the_highest_value(options, entries, bound):
    setup = game_setup("threethirteen", THREE, **options)
    earlier = [out("A", B=0, C=0)] * entries
    assert validate_entry(setup, earlier, out("A", B=bound, C=0))
    errors = errors_of(validate_entry, setup, earlier, out("A", B=bound + 1, C=0))
    assert f"from 0 to {bound}" in errors["hands.B"]


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (out(None, A=1, B=1, C=1), {"out": "Choose who went out"}),
        (out("A", B=1), {"hands.C": "Enter what C held: C did not go out"}),
        (out("A", A=2, B=1, C=1), {"hands.A": "must be 0 or left out: A went out"}),
    ],
)
def test_entries_that_break_the_rules_are_refused_naming_the_field(entry, errors):
    assert errors_of(validate_entry, GAME, [], entry) == errors
