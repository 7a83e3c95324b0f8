"""tonk: five-card knock rummy paid in stakes (docs/rules.md, "Tonk")."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, validate_entry

from .support import errors_of, game_setup, play

LONG = "Élodie-Françoise de la Montagne-Sainte-G"  # 40 characters
FIVE = ("Ann", "Bob", "Cy", "Dee", LONG)
TONK = game_setup("tonk", FIVE[:3])


def counts(ann: int, bob: int, cy: int) -> dict[str, int]:
    return {"Ann": ann, "Bob": bob, "Cy": cy}


def test_going_out_wins_a_stake_from_each_other_player():
    state = play(TONK, {"out": "Bob"})
    assert state.deals[0].points == {"Ann": -1, "Bob": 2, "Cy": -1}


def test_a_tonk_at_the_deal_is_paid_double_by_each_other_player():
    state = play(TONK, {"out": "Cy", "tonk": True})
    assert state.deals[0].points == {"Ann": -2, "Bob": -2, "Cy": 4}


def test_a_tonk_out_pays_what_the_table_says():
    setup = game_setup("tonk", FIVE[:3], tonk_out_pays=3)
    state = play(setup, {"out": "Ann", "tonk_out": True})
    assert state.deals[0].points == {"Ann": 6, "Bob": -3, "Cy": -3}


def test_a_drop_with_the_lowest_count_wins_a_stake_from_each():
    state = play(TONK, {"out": "Ann", "dropped": True, "hands": counts(3, 12, 30)})
    assert state.deals[0].points == {"Ann": 2, "Bob": -1, "Cy": -1}


def test_a_dropper_caught_pays_double_to_each_player_at_or_under_their_count():
    # The rules' example: Bob drops with 9; Ann holds 9 and Cy 4, so both catch him.
    state = play(TONK, {"out": "Bob", "dropped": True, "hands": counts(9, 9, 4)})
    assert state.deals[0].points == {"Ann": 2, "Bob": -4, "Cy": 2}
    assert state.deals[0].winner is None


def test_when_the_stock_runs_out_the_lowest_count_alone_wins_a_stake():
    state = play(TONK, {"out": None, "hands": counts(7, 3, 20)})
    assert state.deals[0].points == {"Ann": -1, "Bob": 2, "Cy": -1}
    tie = play(TONK, {"out": None, "hands": counts(3, 3, 20)})
    assert tie.deals[0].points == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_the_table_may_say_nobody_scores_when_the_stock_runs_out():
    setup = game_setup("tonk", FIVE[:3], stock_out_scores=False)
    state = play(setup, {"out": None, "hands": counts(7, 3, 20)})
    assert state.deals[0].points == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_counts_are_needed_after_a_drop_and_refused_otherwise():
    assert set(errors_of(validate_entry, TONK, [], {"out": "Ann", "dropped": True})) == {
        "hands.Ann",
        "hands.Bob",
        "hands.Cy",
    }
    assert "hands" in errors_of(validate_entry, TONK, [], {"out": "Ann", "hands": counts(0, 4, 5)})


def test_one_way_of_winning_a_deal_and_a_winner_for_it():
    assert "tonk_out" in errors_of(
        validate_entry, TONK, [], {"out": "Ann", "tonk": True, "tonk_out": True}
    )
    assert "tonk" in errors_of(validate_entry, TONK, [], {"out": None, "tonk": True})


def test_a_count_over_fifty_is_refused():
    assert "hands.Bob" in errors_of(
        validate_entry, TONK, [], {"out": None, "hands": counts(4, 51, 5)}
    )


def test_the_game_ends_after_its_deals_and_the_most_stakes_win():
    setup = game_setup("tonk", FIVE[:3], deals=3)
    state = play(setup, {"out": "Ann"}, {"out": "Bob", "tonk": True}, {"out": "Bob"})
    assert state.finished
    assert state.winners == ["Bob"]
    assert state.totals == {"Ann": -1, "Bob": 5, "Cy": -4}


@pytest.mark.parametrize("players", [2, 5])
def test_every_deal_adds_up_to_zero_for_two_to_five_players(players):
    names = FIVE[:players]
    setup = game_setup("tonk", names, stakes={"cents_per_point": 25, "round_to": 1})
    hands = {name: 10 + seat for seat, name in enumerate(names)}
    entries = [
        {"out": names[-1], "tonk": True},
        {"out": names[0], "dropped": True, "hands": hands},
        {"out": names[-1], "dropped": True, "hands": hands},
        {"out": None, "hands": hands},
    ]
    state = derive(setup, entries)
    for deal in state.deals:
        assert sum(deal.points.values()) == 0


def test_the_worked_example_of_the_rules():
    state = play(
        TONK,
        {"out": "Ann"},
        {"out": "Bob", "tonk": True},
        {"out": "Bob", "dropped": True, "hands": counts(9, 9, 4)},
        {"out": None, "hands": counts(7, 3, 20)},
    )
    assert [deal.points["Bob"] for deal in state.deals] == [-1, 4, -4, 2]
    assert state.totals == {"Ann": 1, "Bob": 1, "Cy": -2}


def test_the_money_is_each_deals_stakes_at_the_rate_of_a_stake():
    setup = game_setup("tonk", FIVE[:3], stakes={"cents_per_point": 25, "round_to": 1})
    assert setup.stakes["mode"] == "per_deal"
    state = play(
        setup,
        {"out": "Bob", "dropped": True, "hands": counts(9, 9, 4)},
        {"out": "Ann"},
    )
    assert state.settlement["balances"] == {"Ann": 100, "Bob": -125, "Cy": 25}


def test_stakes_without_a_mode_are_paid_deal_by_deal_and_another_mode_may_be_chosen():
    assert game_setup("tonk", FIVE[:2], stakes={"cents_per_point": 5}).stakes["mode"] == "per_deal"
    pairs = game_setup("tonk", FIVE[:2], stakes={"cents_per_point": 5, "mode": "pairs"})
    assert pairs.stakes["mode"] == "pairs"
