"""thirteen: wild sequences, multipliers, the Press, press points, Auto-Press."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import ScoringError, take_press, untake_press, validate_entry

from .support import errors_of, game_setup, out, play

CRAZY = game_setup("thirteen")
PRESS = game_setup("thirteen", press=True)
AUTO = game_setup("thirteen", auto_press=True)
QUIET = out("Ann", Bob=0, Cy=0, Dee=0)  # a deal that changes no total
A_TO_K = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def with_press(entry: dict, **points: int) -> dict:
    return {**entry, "press_points": points}


def test_a_player_not_out_scores_their_hand_and_who_went_out_scores_nothing():
    deal = play(CRAZY, out("Bob", Ann=12, Cy=40, Dee=3)).deals[0]
    assert deal.points == {"Ann": 12, "Bob": 0, "Cy": 40, "Dee": 3}
    assert (deal.winner, deal.wild, deal.multiplier, deal.press) == ("Bob", "A", 1, False)


def test_with_nobody_out_everyone_scores_their_hand():
    deal = play(CRAZY, out(None, Ann=12, Bob=7, Cy=40, Dee=3)).deals[0]
    assert deal.points == {"Ann": 12, "Bob": 7, "Cy": 40, "Dee": 3}
    assert deal.winner is None


def test_the_default_game_is_thirteen_deals_wild_ace_to_king_lowest_total_winning():
    state = play(CRAZY, *[out("Ann", Bob=1, Cy=2, Dee=3)] * 12)
    assert [deal.wild for deal in state.deals] == A_TO_K[:12]
    assert state.next_deal["wild"] == "K"
    assert not state.finished
    state = play(CRAZY, *[out("Ann", Bob=1, Cy=2, Dee=3)] * 13)
    assert state.finished
    assert state.winners == ["Ann"]
    assert state.next_deal is None


def test_totals_tied_for_lowest_share_the_win():
    state = play(CRAZY, *[out("Ann", Bob=0, Cy=2, Dee=3)] * 13)
    assert state.winners == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("sequence", "wilds"),
    [
        ("ace_to_king", A_TO_K),
        ("two_to_king", A_TO_K[1:]),
        ("two_to_ace", [*A_TO_K[1:], "A"]),
        ("ace_to_ace", [*A_TO_K, "A"]),
        ("king_to_ace", A_TO_K[::-1]),
    ],
)
def test_each_wild_sequence_sets_the_deals_and_their_wild_ranks(sequence, wilds):
    setup = game_setup("thirteen", wild_sequence=sequence)
    state = play(setup, *[QUIET] * len(wilds))
    assert [deal.wild for deal in state.deals] == wilds
    assert state.finished
    assert not play(setup, *[QUIET] * (len(wilds) - 1)).finished


def test_the_joker_deal_is_one_more_deal_where_only_the_joker_is_wild():
    setup = game_setup("thirteen", joker_deal=True)
    state = play(setup, *[QUIET] * 13)
    assert state.next_deal["wild"] == "Joker"
    state = play(setup, *[QUIET] * 14)
    assert state.deals[-1].wild == "Joker"
    assert state.finished


# ---------------------------------------------------------------- dealer's choice

CHOICE = game_setup("thirteen", wild_sequence="dealer_choice")


def called(rank: str) -> dict:
    return {**QUIET, "wild": rank}


def test_with_dealer_choice_each_deal_takes_its_wild_rank_from_the_entry():
    state = play(CHOICE, called("Q"), called("7"))
    assert [deal.wild for deal in state.deals] == ["Q", "7"]
    assert state.next_deal["wild"] is None


def test_with_dealer_choice_a_called_rank_is_canonicalised():
    assert validate_entry(CHOICE, [], called("q"))["wild"] == "Q"


def test_with_dealer_choice_the_rank_is_required():
    assert errors_of(validate_entry, CHOICE, [], QUIET) == {
        "wild": "Choose the rank the dealer called"
    }


def test_with_dealer_choice_a_rank_may_be_called_only_once():
    assert errors_of(validate_entry, CHOICE, [called("Q"), called("3")], called("Q")) == {
        "wild": "Q was already wild in deal 1"
    }


def test_with_dealer_choice_every_rank_is_called_once_in_thirteen_deals():
    state = play(CHOICE, *[called(rank) for rank in reversed(A_TO_K)])
    assert state.finished
    assert [deal.wild for deal in state.deals] == A_TO_K[::-1]


@pytest.mark.parametrize("rank", ["1", "Joker", "T", 7, "AA"])
def test_a_called_rank_must_be_a_rank(rank):
    assert errors_of(validate_entry, CHOICE, [], called(rank)) == {
        "wild": "must be a rank: A, 2 to 10, J, Q or K"
    }


def test_the_joker_deal_after_dealer_choice_takes_no_call():
    setup = game_setup("thirteen", wild_sequence="dealer_choice", joker_deal=True)
    entries = [called(rank) for rank in A_TO_K]
    assert play(setup, *entries, QUIET).deals[-1].wild == "Joker"
    assert errors_of(validate_entry, setup, entries, called("A")) == {
        "wild": "must be left out: only the Joker is wild in the last deal"
    }


def test_a_wild_rank_is_refused_without_dealer_choice():
    assert errors_of(validate_entry, CRAZY, [], called("Q")) == {
        "wild": "only with wild_sequence dealer_choice"
    }


# ---------------------------------------------------------------- bonuses and multipliers


def test_the_out_bonus_is_taken_off_who_went_out():
    setup = game_setup("thirteen", out_bonus=15)
    assert play(setup, out("Bob", Ann=12, Cy=40, Dee=3)).totals["Bob"] == -15


def test_going_up_for_two_scores_two():
    setup = game_setup("thirteen", up_for_two=True)
    state = play(setup, {**out("Bob", Ann=12, Cy=40, Dee=3), "up_for_two": True})
    assert state.totals == {"Ann": 12, "Bob": 2, "Cy": 40, "Dee": 3}


def test_going_up_for_two_needs_who_went_out():
    setup = game_setup("thirteen", up_for_two=True)
    entry = {**out(None, Ann=1, Bob=12, Cy=40, Dee=3), "up_for_two": True}
    assert errors_of(validate_entry, setup, [], entry) == {
        "up_for_two": "needs the player who went out"
    }


def test_double_on_7_or_king_doubles_the_card_points_of_those_deals():
    setup = game_setup("thirteen", double_on_7_or_king=True)
    state = play(setup, *[out("Ann", Bob=1, Cy=2, Dee=3)] * 13)
    multipliers = [deal.multiplier for deal in state.deals]
    assert multipliers == [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2]
    assert state.deals[6].points == {"Ann": 0, "Bob": 2, "Cy": 4, "Dee": 6}
    assert state.totals["Dee"] == 15 * 3


def test_the_next_deal_shows_its_multiplier():
    setup = game_setup("thirteen", double_on_7_or_king=True)
    assert play(setup, *[QUIET] * 6).next_deal == {
        "number": 7,
        "dealer": "Cy",
        "wild": "7",
        "multiplier": 2,
        "press": False,
    }


# ---------------------------------------------------------------- the Press

PRESS_ON = out("Ann", Bob=10, Cy=20, Dee=70)  # Dee 50 above Cy: the Press goes on


def test_the_press_goes_on_when_the_highest_total_is_press_gap_above_every_other():
    state = play(PRESS, PRESS_ON)
    assert state.next_deal["press"] is True
    assert state.next_deal["multiplier"] == 2
    state = play(PRESS, PRESS_ON, out("Ann", Bob=5, Cy=5, Dee=5))
    deal = state.deals[1]
    assert (deal.press, deal.multiplier) == (True, 2)
    assert deal.points == {"Ann": 0, "Bob": 10, "Cy": 10, "Dee": 10}


def test_the_press_stays_off_one_point_short():
    state = play(PRESS, out("Ann", Bob=10, Cy=21, Dee=70))
    assert state.next_deal["press"] is False


def test_two_players_tied_for_highest_never_put_the_press_on():
    state = play(PRESS, out("Ann", Bob=0, Cy=60, Dee=60))
    assert state.next_deal["press"] is False


def test_the_press_gap_is_an_option():
    setup = game_setup("thirteen", press=True, press_gap=30)
    assert play(setup, out("Ann", Bob=10, Cy=20, Dee=50)).next_deal["press"] is True


def test_without_the_press_option_nothing_is_doubled():
    assert play(CRAZY, PRESS_ON).next_deal["multiplier"] == 1


def test_the_press_and_a_7_or_king_deal_multiply_by_four():
    setup = game_setup("thirteen", press=True, double_on_7_or_king=True)
    state = play(setup, PRESS_ON, *[QUIET] * 5, out("Ann", Bob=1, Cy=1, Dee=1))
    assert state.deals[6].multiplier == 4
    assert state.deals[6].points["Bob"] == 4


def test_bonuses_are_never_multiplied():
    setup = game_setup("thirteen", press=True, out_bonus=15, up_for_two=True)
    state = play(setup, PRESS_ON, out("Bob", Ann=1, Cy=1, Dee=1))
    assert state.deals[1].points == {"Ann": 2, "Bob": -15, "Cy": 2, "Dee": 2}
    state = play(setup, PRESS_ON, {**out("Bob", Ann=1, Cy=1, Dee=1), "up_for_two": True})
    assert state.deals[1].points["Bob"] == 2


# ---------------------------------------------------------------- voluntary press points

SHORT = out("Ann", Bob=10, Cy=61, Dee=20)  # Cy trails Dee by 41: 9 short of the Press


def test_the_state_offers_the_trailing_player_the_points_that_put_the_press_on():
    state = play(PRESS, SHORT)
    assert state.press_offer == {"player": "Cy", "points": 9}
    assert state.as_dict()["press_offer"] == {"player": "Cy", "points": 9}


def test_press_points_that_put_the_press_on_are_accepted_and_added_as_they_are():
    state = play(PRESS, with_press(SHORT, Cy=9))
    assert state.deals[0].points["Cy"] == 70
    assert state.next_deal["press"] is True
    assert state.press_offer is None


def test_more_press_points_than_needed_are_accepted():
    assert play(PRESS, with_press(SHORT, Cy=20)).totals["Cy"] == 81


def test_press_points_that_would_not_put_the_press_on_say_how_many_would():
    assert errors_of(validate_entry, PRESS, [], with_press(SHORT, Cy=8)) == {
        "press_points.Cy": "would not put the Press on: Cy needs 9"
    }


def test_press_points_are_only_for_the_trailing_player():
    assert errors_of(validate_entry, PRESS, [], with_press(SHORT, Dee=9)) == {
        "press_points.Dee": "only Cy, who trails, may take press points"
    }


def test_press_points_of_zero_for_others_are_harmless():
    assert play(PRESS, with_press(SHORT, Cy=9, Ann=0, Dee=0)).next_deal["press"]


def test_press_points_need_the_press_option():
    assert errors_of(validate_entry, CRAZY, [], with_press(SHORT, Cy=9)) == {
        "press_points": "only with the press option"
    }


def test_press_points_are_refused_when_the_press_is_on_anyway():
    assert errors_of(validate_entry, PRESS, [], with_press(PRESS_ON, Dee=5)) == {
        "press_points.Dee": "the Press is already on for the next deal"
    }


def test_press_points_are_refused_on_the_last_deal():
    entries = [QUIET] * 12
    assert errors_of(validate_entry, PRESS, entries, with_press(SHORT, Cy=9)) == {
        "press_points.Cy": "no deal follows the last deal"
    }


def test_press_points_are_bounded_by_the_press_gap():
    assert errors_of(validate_entry, PRESS, [], with_press(SHORT, Cy=51)) == {
        "press_points.Cy": "must be a whole number from 0 to 50"
    }


def test_press_points_on_a_press_deal_are_not_multiplied():
    # Deal 2 is a Press deal: Cy's 40 counts 80, leaving Cy 30 above Dee; 20 more
    # put the Press on again and count once.
    state = play(PRESS, PRESS_ON, with_press(out("Dee", Ann=0, Bob=0, Cy=40), Cy=20))
    assert state.deals[1].points["Cy"] == 80 + 20
    assert state.next_deal["press"] is True


def test_the_first_of_players_tied_for_highest_is_offered_the_whole_gap():
    state = play(PRESS, out("Ann", Bob=0, Cy=60, Dee=60))
    assert state.press_offer == {"player": "Cy", "points": 50}


def test_before_the_first_deal_the_first_player_is_offered_the_whole_gap():
    # Everyone is tied for highest at 0: the first in seat order trails.
    assert play(PRESS).press_offer == {"player": "Ann", "points": 50}


def test_there_is_no_press_offer_while_the_press_is_on_or_without_the_option():
    assert play(PRESS, PRESS_ON).press_offer is None
    assert play(CRAZY, SHORT).press_offer is None
    assert play(CRAZY).press_offer is None


def test_there_is_no_press_offer_once_the_game_is_over():
    assert play(PRESS, *[QUIET] * 12, SHORT).press_offer is None


def test_taking_the_offer_adds_its_points_to_the_last_deal_which_then_puts_the_press_on():
    offer = play(PRESS, QUIET, SHORT).press_offer
    taken = take_press([QUIET, SHORT], offer, 2)
    assert taken == with_press(SHORT, Cy=9)
    assert play(PRESS, QUIET, taken).next_deal["press"] is True


def test_taking_the_offer_adds_to_press_points_already_on_the_deal():
    entry = with_press(SHORT, Ann=0)
    assert take_press([entry], {"player": "Cy", "points": 9}, 1) == with_press(SHORT, Ann=0, Cy=9)


@pytest.mark.parametrize(
    ("entries", "offer", "number"),
    [
        ([QUIET, SHORT], {"player": "Cy", "points": 9}, 1),  # a deal was added meanwhile
        ([SHORT], None, 1),  # the offer was taken (or the game ended) meanwhile
        ([], {"player": "Ann", "points": 50}, 0),  # before the first deal there is none
        ([SHORT], {"player": "Cy", "points": 9}, "1"),
    ],
)
def test_an_offer_for_a_game_that_changed_is_refused(entries, offer, number):
    with pytest.raises(ScoringError) as refused:
        take_press(entries, offer, number)
    assert refused.value.detail == "The game changed on another phone; check the Press again."


def test_undoing_the_press_takes_its_points_off_the_last_deal_again():
    assert untake_press([QUIET, with_press(SHORT, Cy=9)], 2, "Cy", 9) == SHORT
    assert untake_press([with_press(SHORT, Cy=9, Ann=0)], 1, "Cy", 9) == with_press(SHORT, Ann=0)
    assert untake_press([with_press(SHORT, Cy=20)], 1, "Cy", 9) == with_press(SHORT, Cy=11)


@pytest.mark.parametrize(
    ("entries", "number", "player", "points"),
    [
        ([SHORT], 1, "Cy", 9),  # undone already: a double tap
        ([with_press(SHORT, Cy=9), QUIET], 1, "Cy", 9),  # a deal was added meanwhile
        ([with_press(SHORT, Cy=9)], 1, "Dee", 9),
        ([with_press(SHORT, Cy=9)], 1, "Cy", 10),
        ([with_press(SHORT, Cy=9)], 1, "Cy", 0),
        ([with_press(SHORT, Cy=9)], 1, "Cy", -9),
        ([with_press(SHORT, Cy=9)], 1, "Cy", "9"),
        ([], 0, "Cy", 9),
    ],
)
def test_undoing_a_press_that_is_not_there_is_refused(entries, number, player, points):
    with pytest.raises(ScoringError) as refused:
        untake_press(entries, number, player, points)
    assert refused.value.detail == "The game changed on another phone; the Press was left as it is."


# ---------------------------------------------------------------- Auto-Press


def test_auto_press_raises_the_leader_to_the_next_highest_plus_the_gap():
    state = play(AUTO, out("Ann", Bob=10, Cy=20, Dee=30))
    deal = state.deals[0]
    assert deal.adjustment == {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 40}
    assert deal.points == {"Ann": 0, "Bob": 10, "Cy": 20, "Dee": 70}
    assert deal.as_dict()["adjustment"] == deal.adjustment
    assert state.next_deal["press"] is True


def test_auto_press_raises_every_player_tied_for_highest_and_the_press_goes_on():
    state = play(AUTO, out("Ann", Bob=10, Cy=30, Dee=30))
    assert state.deals[0].adjustment == {"Ann": 0, "Bob": 0, "Cy": 30, "Dee": 30}
    assert state.next_deal["press"] is True


def test_auto_press_changes_nothing_when_everyone_is_tied():
    state = play(AUTO, out(None, Ann=5, Bob=5, Cy=5, Dee=5))
    assert state.deals[0].adjustment == {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}
    assert state.next_deal["press"] is False


def test_auto_press_leaves_a_leader_already_far_enough_ahead():
    state = play(AUTO, out("Ann", Bob=10, Cy=20, Dee=80))
    assert state.deals[0].adjustment["Dee"] == 0
    assert state.next_deal["press"] is True


def test_auto_press_needs_four_players():
    setup = game_setup("thirteen", ("Ann", "Bob", "Cy"), auto_press=True)
    state = play(setup, out("Ann", Bob=10, Cy=30))
    assert state.deals[0].adjustment is None
    assert "adjustment" not in state.as_dict()["deals"][0]
    assert state.next_deal["press"] is False


def test_auto_press_shows_its_adjustment_only_on_deal_one():
    state = play(AUTO, out("Ann", Bob=10, Cy=20, Dee=30), QUIET)
    assert [("adjustment" in d) for d in state.as_dict()["deals"]] == [True, False]


def test_auto_press_keeps_the_press_rule_going():
    state = play(AUTO, out("Ann", Bob=10, Cy=20, Dee=30), QUIET)
    assert state.deals[1].press is True
    assert state.next_deal["press"] is True  # Dee still 50 above Cy


def test_press_points_on_deal_one_are_refused_under_auto_press():
    entry = with_press(out("Ann", Bob=10, Cy=20, Dee=30), Dee=5)
    assert errors_of(validate_entry, AUTO, [], entry) == {
        "press_points.Dee": "the Press is already on for the next deal"
    }


# ---------------------------------------------------------------- card values and bounds


@pytest.mark.parametrize(
    ("options", "bound"),
    [
        ({}, 200),
        ({"joker": True}, 400),
        ({"joker_deal": True}, 400),
        ({"hand_size": 13, "face_values": "rank"}, 350),
        ({"face_values": "rank", "wild_value": 10}, 8 * 13),
        ({"ace_value": 30, "wild_value": 20}, 8 * 30),
        ({"simple_values": True, "wild_value": 20}, 8 * 20),
        ({"hand_size": 10}, 11 * 25),
    ],
)
def test_the_hand_bound_is_hand_size_plus_one_times_the_highest_card(options, bound):
    setup = game_setup("thirteen", **options)
    assert validate_entry(setup, [], out("Ann", Bob=bound, Cy=0, Dee=0))
    assert errors_of(validate_entry, setup, [], out("Ann", Bob=bound + 1, Cy=0, Dee=0)) == {
        "hands.Bob": f"must be a whole number from 0 to {bound}"
    }
