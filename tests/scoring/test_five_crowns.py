"""five_crowns: eleven deals, the wild rank rising, bounds per deal (RULES.md section 11)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, hand_value, validate_entry

from .support import errors_of, game_setup, out, play

THREE = ("A", "B", "C")
CROWNS = game_setup("five_crowns", THREE)
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def test_the_first_deal_of_the_rules_scores_each_hand_and_nothing_for_going_out():
    state = play(CROWNS, out("A", B=70, C=42))
    assert state.deals[0].points == {"A": 0, "B": 70, "C": 42}
    assert state.deals[0].wild == "3"


def test_the_cards_of_the_rules_example_count_70_and_42_with_3s_wild():
    assert hand_value(CROWNS, ["KS", "7H", "Joker"], "3") == 70
    assert hand_value(CROWNS, ["3S", "10H", "QC"], "3") == 42


def test_a_king_left_in_hand_counts_20_in_the_last_deal():
    assert hand_value(CROWNS, ["KD"], "K") == 20
    assert hand_value(CROWNS, ["KD"], "Q") == 13


def test_the_fifth_suit_needs_no_suit_in_the_card_counter():
    assert hand_value(CROWNS, ["7", "j", "Joker", "wild"], "5") == 7 + 11 + 50 + 20


@pytest.mark.parametrize(
    ("card", "message"), [("AS", "there is no A in this game"), ("2", "there is no 2 in this game")]
)
def test_the_pack_has_no_aces_or_twos(card, message):
    assert errors_of(hand_value, CROWNS, [card], "3") == {"cards.0": message}


def test_deal_k_deals_k_plus_2_cards_and_that_rank_is_wild():
    entries = []
    for number, rank in enumerate(RANKS, 1):
        state = derive(CROWNS, entries)
        assert state.next_deal["number"] == number
        assert (state.next_deal["cards"], state.next_deal["wild"]) == (number + 2, rank)
        entries.append(out("A", B=5, C=0))
    state = derive(CROWNS, entries)
    assert [deal.wild for deal in state.deals] == list(RANKS)
    assert (state.finished, state.next_deal) == (True, None)


def test_the_game_ends_after_deal_11_and_the_lowest_total_wins():
    entries = [out("B", A=10, C=5)] * 10 + [out("C", A=0, B=60)]
    state = play(CROWNS, *entries)
    assert state.totals == {"A": 100, "B": 60, "C": 50}
    assert (state.finished, state.winners) == (True, ["C"])


def test_tied_lowest_totals_share_the_win():
    state = play(CROWNS, *[out("A", B=0, C=5)] * 10, out("C", A=5, B=5))
    assert state.winners == ["A", "B"]


def test_the_out_bonus_takes_points_off_the_first_player_out():
    state = play(game_setup("five_crowns", THREE, out_bonus=10), out("A", B=70, C=42))
    assert state.deals[0].points == {"A": -10, "B": 70, "C": 42}


def test_a_player_who_also_went_out_enters_0():
    assert play(CROWNS, out("A", B=0, C=42)).totals == {"A": 0, "B": 0, "C": 42}


@pytest.mark.parametrize(
    ("entries", "entry", "errors"),
    [
        ([], out(None, A=1, B=2, C=3), {"out": "Choose who went out"}),
        ([], {"hands": {"B": 1, "C": 1}}, {"out": "Choose who went out"}),
        ([], out("A", B=151, C=0), {
            "hands.B": "must be a whole number from 0 to 150: 3 cards in deal 1"}),
        ([out("A", B=1, C=1)] * 10, out("A", B=651, C=0), {
            "hands.B": "must be a whole number from 0 to 650"}),
        ([], out("A", B=10), {"hands.C": "Enter what C held: C did not go out"}),
        ([], out("A", A=5, B=1, C=1), {"hands.A": "must be 0 or left out: A went out"}),
    ],
)  # fmt: skip
def test_five_crowns_entries_are_checked(entries, entry, errors):
    assert errors_of(validate_entry, CROWNS, entries, entry) == errors


def test_the_hand_bound_grows_with_the_cards_dealt():
    assert validate_entry(CROWNS, [], out("A", B=150, C=0))["hands"]["B"] == 150
    assert validate_entry(CROWNS, [out("A", B=1, C=1)] * 10, out("A", B=650, C=0))


def test_seven_players_may_play_but_not_eight():
    game_setup("five_crowns", "ABCDEFG")
    assert "players" in errors_of(game_setup, "five_crowns", "ABCDEFGH")


def test_five_crowns_ended_early_is_won_by_the_lowest_total():
    state = derive(CROWNS, [out("B", A=10, C=5)], {"split": False})
    assert (state.winners, state.ended_early) == (["B"], True)


def test_seven_long_accented_names_play_all_eleven_deals_with_stakes():
    names = [f"Zoë Brontë-Øvergård {i} " + "ï" * 18 for i in range(7)]
    assert {len(name) for name in names} == {40}
    setup = game_setup("five_crowns", names, stakes={"cents_per_point": 5, "mode": "winner"})
    entries = [
        {"out": names[number % 7], "hands": {n: 3 * i for i, n in enumerate(names)}}
        for number in range(11)
    ]
    for entry in entries:
        entry["hands"].pop(entry["out"])
    state = derive(setup, entries)
    assert state.finished and len(state.deals) == 11
    assert sum(state.settlement["balances"].values()) == 0
    # The first player holds 0 every deal: the lowest total.
    assert state.winners == [names[0]]


def test_the_card_counter_names_the_ranks_that_can_be_wild():
    assert errors_of(hand_value, CROWNS, ["7"], "A") == {
        "wild": "must be one of: 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K"
    }
