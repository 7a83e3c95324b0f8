"""rummikub: racks, pool outs, rounds, target, rank_by, league rules (RULES.md section 16)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, end_early, hand_value, make_setup, validate_entry

from .support import errors_of, game_setup, play

FOUR = ("A", "B", "C", "D")
THREE = ("A", "B", "C")
RUMMIKUB = game_setup("rummikub", FOUR)


def racks(player, **left):
    return {"out": player, "racks": left}


SHEET_ROUND = [
    racks("A", B=5, C=16, D=3),
    racks("C", A=6, B=11, D=5),
    racks("D", A=32, B=13, C=2),
    racks("C", A=10, B=25, D=6),
]


def test_who_empties_the_rack_scores_the_others_racks_and_they_lose_theirs():
    state = play(RUMMIKUB, SHEET_ROUND[0])
    assert state.deals[0].points == {"A": 24, "B": -5, "C": -16, "D": -3}
    assert state.deals[0].winner == "A"


def test_the_sheets_round_of_four_games_ends_the_game_and_c_wins():
    state = play(RUMMIKUB, *SHEET_ROUND)
    assert state.totals == {"A": -24, "B": -54, "C": 45, "D": 33}
    assert state.as_dict()["wins"] == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert (state.finished, state.winners) == (True, ["C"])


def test_the_dealer_is_who_plays_first_passing_to_the_left():
    state = play(game_setup("rummikub", FOUR, first_dealer="C"), *SHEET_ROUND[:2])
    assert [deal.dealer for deal in state.deals] == ["C", "D"]
    assert state.next_deal["dealer"] == "A"


@pytest.mark.parametrize(
    ("left", "points", "winner"),
    [
        ({"A": 12, "B": 7, "C": 20}, {"A": -5, "B": 18, "C": -13}, "B"),
        ({"A": 7, "B": 7, "C": 20, "D": 10}, {"A": 8, "B": 8, "C": -13, "D": -3}, None),
        ({"A": 9, "B": 9, "C": 14}, {"A": 3, "B": 2, "C": -5}, None),
        ({"A": 4, "B": 4}, {"A": 0, "B": 0}, None),
    ],
)
def test_at_a_pool_out_the_lowest_rack_collects_the_differences_and_ties_share(
    left, points, winner
):
    state = play(game_setup("rummikub", tuple(left)), racks(None, **left))
    assert state.deals[0].points == points
    assert state.deals[0].winner == winner
    assert sum(points.values()) == 0


def test_a_shared_pool_out_is_won_by_nobody_and_gets_no_bonus():
    setup = game_setup("rummikub", FOUR, winner_bonus=50)
    state = play(setup, racks(None, A=7, B=7, C=20, D=10))
    assert state.deals[0].points == {"A": 8, "B": 8, "C": -13, "D": -3}
    assert state.as_dict()["wins"] == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_a_single_lowest_rack_at_a_pool_out_takes_the_bonus_and_a_win():
    setup = game_setup("rummikub", THREE, winner_bonus=50)
    state = play(setup, racks(None, A=12, B=7, C=20))
    assert state.deals[0].points == {"A": -5, "B": 68, "C": -13}
    assert state.as_dict()["wins"]["B"] == 1


def test_rank_by_wins_lets_the_most_deals_won_win_and_points_the_highest_total():
    entries = [racks("A", B=3, C=4), racks("A", B=2, C=2), racks("B", A=40, C=30)]
    by_points = play(game_setup("rummikub", THREE), *entries)
    assert by_points.totals == {"A": -29, "B": 65, "C": -36}
    assert by_points.as_dict()["wins"] == {"A": 2, "B": 1, "C": 0}
    assert by_points.winners == ["B"]
    assert play(game_setup("rummikub", THREE, rank_by="wins"), *entries).winners == ["A"]


def test_rank_by_wins_breaks_a_tie_in_wins_on_the_highest_total():
    setup = game_setup("rummikub", ("A", "B"), rank_by="wins")
    state = play(setup, racks("A", B=3), racks("B", A=10))
    assert state.winners == ["B"]


def test_the_league_cap_limits_a_losers_minus_and_the_bonus_goes_to_the_winner():
    setup = game_setup("rummikub", FOUR, loser_cap=25, winner_bonus=50)
    state = play(setup, racks("A", B=40, C=12, D=3))
    assert state.deals[0].points == {"A": 90, "B": -25, "C": -12, "D": -3}


def test_the_cap_applies_to_the_difference_at_a_pool_out():
    setup = game_setup("rummikub", THREE, loser_cap=10)
    state = play(setup, racks(None, A=2, B=30, C=8))
    assert state.deals[0].points == {"A": 16, "B": -10, "C": -6}


def test_without_a_bonus_every_deal_sums_to_zero():
    state = play(RUMMIKUB, *SHEET_ROUND)
    assert all(sum(deal.points.values()) == 0 for deal in state.deals)


@pytest.mark.parametrize(("rounds", "deals"), [(1, 4), (2, 8), (3, 12)])
def test_rounds_times_players_deals_end_the_game(rounds, deals):
    setup = game_setup("rummikub", FOUR, rounds=rounds)
    entries = [racks("A", B=1, C=1, D=1)] * deals
    assert not derive(setup, entries[:-1]).finished
    assert derive(setup, entries).finished


def test_a_target_ends_the_game_after_the_deal_that_reaches_it():
    setup = game_setup("rummikub", THREE, rounds=None, target=50)
    state = play(setup, racks("A", B=20, C=10), racks("B", A=5, C=4))
    assert not state.finished
    state = play(setup, racks("A", B=20, C=10), racks("A", B=15, C=5))
    assert (state.finished, state.winners) == (True, ["A"])


def test_a_target_reached_before_the_round_ends_the_game_first():
    setup = game_setup("rummikub", THREE, target=30)
    state = play(setup, racks("A", B=20, C=10))
    assert (state.finished, state.winners) == (True, ["A"])


def test_with_neither_rounds_nor_target_only_the_table_ends_it_leaders_by_rank_by():
    setup = game_setup("rummikub", THREE, rounds=None, rank_by="wins")
    entries = [racks("A", B=1, C=1)] * 10 + [racks("B", A=90, C=90)]
    assert not derive(setup, entries).finished
    ending = end_early(setup, entries)
    state = derive(setup, entries, ending)
    assert (state.finished, state.ended_early, state.winners) == (True, True, ["A"])


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (racks("A", B=5, C=3), {"racks.D": "Enter what is left on D's rack"}),
        (racks("A", A=4, B=5, C=3, D=1), {"racks.A": "must be 0 or left out: A went out"}),
        (racks(None, A=4, B=5, C=3), {"racks.D": "Enter what is left on D's rack"}),
        ({"racks": {"A": 1, "B": 1, "C": 1, "D": 1}},
         {"out": "Choose who went out, or nobody when the pool ran out"}),
        (racks("A", B=789, C=0, D=0), {"racks.B": "must be a whole number from 0 to 788"}),
        (racks("A", B=400, C=300, D=100),
         {"racks": "the racks together hold more than the whole set: at most 788"}),
        (racks("A", B=-1, C=0, D=0), {"racks.B": "must be a whole number from 0 to 788"}),
        (racks("A", B=1, C=1, D=1) | {"hands": {"B": 1}},
         {"hands": "is not a field of a rummikub entry"}),
    ],
)  # fmt: skip
def test_entries_that_break_the_rules_are_refused_naming_the_field(entry, errors):
    assert errors_of(validate_entry, RUMMIKUB, [], entry) == errors


def test_a_rack_of_zero_for_who_went_out_is_accepted():
    assert validate_entry(RUMMIKUB, [], racks("A", A=0, B=1, C=1, D=1))


@pytest.mark.parametrize(("players", "joker", "bound"), [(4, 30, 788), (2, 50, 828), (5, 30, 1212)])
def test_the_rack_bound_is_the_value_of_the_whole_set(players, joker, bound):
    names = [f"P{i}" for i in range(players)]
    setup = make_setup(variant="rummikub", players=names, options={"joker": joker})
    left = dict.fromkeys(names[1:], 0) | {names[1]: bound}
    assert validate_entry(setup, [], {"out": names[0], "racks": left})
    left[names[1]] = bound + 1
    assert errors_of(validate_entry, setup, [], {"out": names[0], "racks": left})


def test_the_tile_counter_counts_numbers_and_the_joker_at_its_option():
    assert hand_value(RUMMIKUB, ["13", "1", "Joker"]) == 44
    assert hand_value(game_setup("rummikub", FOUR, joker=50), ["joker", "7"]) == 57


def test_stakes_settle_on_the_totals_pairs_or_winner():
    setup = game_setup("rummikub", FOUR, stakes={"mode": "winner", "round_to": 1})
    settlement = play(setup, *SHEET_ROUND).settlement
    assert settlement["balances"] == {"A": -69, "B": -99, "C": 180, "D": -12}
