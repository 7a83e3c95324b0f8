"""rummy500, rummy5000 and acetoace: melds and hands."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import validate_entry

from .support import errors_of, game_setup, melded, play

THREE = ("Ann", "Bob", "Cy")


def zero_melds(**melds):
    return {name: melds.get(name, 0) for name in THREE}


# ---------------------------------------------------------------- 500 Rum

R500 = game_setup("rummy500", THREE)


def test_500_rum_scores_melds_less_hands_which_may_be_negative():
    state = play(R500, melded("Ann", zero_melds(Ann=60, Bob=20), {"Bob": 35, "Cy": 12}))
    assert state.deals[0].points == {"Ann": 60, "Bob": -15, "Cy": -12}
    assert state.deals[0].winner == "Ann"


def test_500_rum_adds_the_out_bonus_for_going_out():
    setup = game_setup("rummy500", THREE, out_bonus=25)
    state = play(setup, melded("Ann", zero_melds(Ann=60), {"Bob": 35, "Cy": 12}))
    assert state.totals["Ann"] == 85


def test_500_rum_may_end_with_nobody_out():
    state = play(R500, melded(None, zero_melds(Bob=20), {"Ann": 3, "Bob": 5, "Cy": 12}))
    assert state.deals[0].points == {"Ann": -3, "Bob": 15, "Cy": -12}
    assert state.deals[0].winner is None


def test_500_rum_ends_after_a_deal_where_a_total_reaches_500():
    setup = game_setup("rummy500", THREE, target=100)
    state = play(setup, melded("Ann", zero_melds(Ann=100), {"Bob": 0, "Cy": 0}))
    assert state.finished and state.winners == ["Ann"]


def test_500_rum_plays_on_while_the_highest_totals_are_tied():
    setup = game_setup("rummy500", THREE, target=100)
    tie = melded("Ann", zero_melds(Ann=100, Bob=100), {"Bob": 0, "Cy": 0})
    state = play(setup, tie)
    assert not state.finished
    assert state.next_deal["number"] == 2
    state = play(setup, tie, melded("Cy", zero_melds(Cy=5), {"Ann": 0, "Bob": 5}))
    assert state.finished and state.winners == ["Ann"]


def test_500_rum_bounds_hands_and_melds_at_400():
    errors = errors_of(
        validate_entry, R500, [], melded("Ann", zero_melds(Ann=401), {"Bob": 401, "Cy": 0})
    )
    assert errors == {
        "melds.Ann": "must be a whole number from 0 to 400",
        "hands.Bob": "must be a whole number from 0 to 400",
    }


def test_a_500_rum_hand_may_hold_far_more_than_13_cards():
    entry = melded("Ann", zero_melds(), {"Bob": 400, "Cy": 196})
    assert validate_entry(R500, [], entry)["hands"] == {"Bob": 400, "Cy": 196}


# ---------------------------------------------------------------- 5000 Rummy

R5000 = game_setup("rummy5000", THREE)


def test_5000_rummy_collects_melds_and_the_others_hands_to_who_went_out():
    state = play(R5000, melded("Ann", zero_melds(Ann=300, Bob=150), {"Bob": 85, "Cy": 40}))
    assert state.deals[0].points == {"Ann": 425, "Bob": 150, "Cy": 0}


def test_5000_rummy_with_subtract_scores_melds_less_hands_and_the_out_bonus():
    setup = game_setup("rummy5000", THREE, scoring="subtract", out_bonus=200)
    state = play(setup, melded("Ann", zero_melds(Ann=300, Bob=150), {"Bob": 85, "Cy": 40}))
    assert state.deals[0].points == {"Ann": 500, "Bob": 65, "Cy": -40}


def test_5000_rummy_with_nobody_out_scores_only_melds_when_collecting():
    state = play(R5000, melded(None, zero_melds(Bob=150), {"Ann": 5, "Bob": 85, "Cy": 40}))
    assert state.deals[0].points == {"Ann": 0, "Bob": 150, "Cy": 0}


@pytest.mark.parametrize("value", [3, 12, 5001, 6005])
def test_5000_rummy_values_are_multiples_of_5_within_the_bound(value):
    errors = errors_of(
        validate_entry, R5000, [], melded("Ann", zero_melds(), {"Bob": value, "Cy": 0})
    )
    assert errors == {"hands.Bob": "must be a multiple of 5 from 0 to 6000"}


def test_5000_rummy_bounds_hands_at_6000_and_melds_at_10000():
    assert validate_entry(R5000, [], melded("Ann", zero_melds(Ann=10_000), {"Bob": 6000, "Cy": 0}))
    errors = errors_of(
        validate_entry, R5000, [], melded("Ann", zero_melds(Ann=10_005), {"Bob": 0, "Cy": 0})
    )
    assert errors == {"melds.Ann": "must be a multiple of 5 from 0 to 10000"}


def test_5000_rummy_ends_once_a_total_reaches_the_target_highest_winning():
    setup = game_setup("rummy5000", THREE, target=500)
    state = play(setup, melded("Bob", zero_melds(Ann=520, Bob=100), {"Ann": 0, "Cy": 600}))
    assert state.totals == {"Ann": 520, "Bob": 700, "Cy": 0}
    assert state.finished and state.winners == ["Bob"]


def test_5000_rummy_totals_tied_at_the_top_are_joint_winners():
    setup = game_setup("rummy5000", THREE, target=500)
    state = play(setup, melded("Cy", zero_melds(Ann=600, Bob=600), {"Ann": 0, "Bob": 0}))
    assert state.finished and state.winners == ["Ann", "Bob"]


def test_went_out_wins_lets_who_went_out_win_from_behind():
    setup = game_setup("rummy5000", THREE, target=500, went_out_wins=True)
    state = play(setup, melded("Ann", zero_melds(Ann=500, Bob=900), {"Bob": 0, "Cy": 0}))
    assert state.finished and state.winners == ["Ann"]


def test_went_out_wins_falls_back_to_the_highest_when_who_went_out_is_short():
    setup = game_setup("rummy5000", THREE, target=500, went_out_wins=True)
    state = play(setup, melded("Ann", zero_melds(Ann=100, Bob=900), {"Bob": 0, "Cy": 0}))
    assert state.finished and state.winners == ["Bob"]


def test_5000_rummy_needs_three_players():
    from scorekeeper.scoring import make_setup

    assert "players" in errors_of(make_setup, variant="rummy5000", players=["Ann", "Bob"])


# ---------------------------------------------------------------- Ace to Ace

ACE = game_setup("acetoace", THREE)


def test_ace_to_ace_has_fourteen_deals_wild_a_2_to_k_then_a():
    entry = melded("Ann", zero_melds(Ann=30), {"Bob": 10, "Cy": 4})
    state = play(ACE, *[entry] * 13)
    assert [deal.wild for deal in state.deals] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
    ]  # fmt: skip
    assert state.next_deal["wild"] == "A"
    assert not state.finished
    state = play(ACE, *[entry] * 14)
    assert state.finished and state.winners == ["Ann"]
    assert state.totals == {"Ann": 420, "Bob": -140, "Cy": -56}


def test_ace_to_ace_scores_melds_less_hands():
    state = play(ACE, melded("Bob", zero_melds(Ann=25, Bob=60), {"Ann": 40, "Cy": 9}))
    assert state.deals[0].points == {"Ann": -15, "Bob": 60, "Cy": -9}


def test_ace_to_ace_ties_share_the_win():
    entry = melded("Ann", zero_melds(Ann=10, Bob=10), {"Bob": 0, "Cy": 0})
    assert play(ACE, *[entry] * 14).winners == ["Ann", "Bob"]


def test_ace_to_ace_bounds_hands_at_200_and_melds_at_500():
    errors = errors_of(
        validate_entry, ACE, [], melded("Ann", zero_melds(Ann=501), {"Bob": 201, "Cy": 0})
    )
    assert errors == {
        "melds.Ann": "must be a whole number from 0 to 500",
        "hands.Bob": "must be a whole number from 0 to 200",
    }
