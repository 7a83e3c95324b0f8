"""Rummikub through the JSON API (RULES.md section 16): the sheet's round of four games,
a pool out shared by tied racks, the league rules, rank by wins, racks over the set."""

from __future__ import annotations

from tests.api.conftest import assert_problem
from tests.api.families.support import FOUR, THREE, record_all


def test_rummikub_the_sheets_round_of_four_games(start):
    game = start(variant="rummikub", players=FOUR)
    assert game.started["game"]["wins"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    state = record_all(
        game,
        [
            {"out": "A", "racks": {"B": 5, "C": 16, "D": 3}},
            {"out": "C", "racks": {"A": 6, "B": 11, "D": 5}},
            {"out": "D", "racks": {"A": 32, "B": 13, "C": 2}},
            {"out": "C", "racks": {"A": 10, "B": 25, "D": 6}},
        ],
    )
    assert state["deals"][0]["points"] == {"A": 24, "B": -5, "C": -16, "D": -3}
    assert state["totals"] == {"A": -24, "B": -54, "C": 45, "D": 33}
    assert state["wins"] == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert (state["finished"], state["winners"]) == (True, ["C"])
    assert [deal["dealer"] for deal in state["deals"]] == FOUR


def test_rummikub_a_pool_out_shared_by_two_tied_racks(start):
    game = start(variant="rummikub", players=FOUR)
    state = record_all(game, [{"out": None, "racks": {"A": 7, "B": 7, "C": 20, "D": 10}}])
    deal = state["deals"][0]
    assert deal["points"] == {"A": 8, "B": 8, "C": -13, "D": -3}
    assert deal["winner"] is None


def test_rummikub_league_rules_cap_and_bonus(start):
    game = start(variant="rummikub", players=FOUR, options={"loser_cap": 25, "winner_bonus": 50})
    state = record_all(game, [{"out": "A", "racks": {"B": 40, "C": 12, "D": 3}}])
    assert state["deals"][0]["points"] == {"A": 90, "B": -25, "C": -12, "D": -3}


def test_rummikub_rank_by_wins(start):
    entries = [
        {"out": "A", "racks": {"B": 3, "C": 4}},
        {"out": "A", "racks": {"B": 2, "C": 2}},
        {"out": "B", "racks": {"A": 40, "C": 30}},
    ]
    by_points = record_all(start(variant="rummikub", players=THREE), entries)
    assert by_points["winners"] == ["B"]
    by_wins = start(variant="rummikub", players=THREE, options={"rank_by": "wins"})
    assert record_all(by_wins, entries)["winners"] == ["A"]


def test_rummikub_racks_over_the_set_are_a_problem_naming_racks(start):
    game = start(variant="rummikub", players=FOUR)
    body = assert_problem(game.record({"out": "A", "racks": {"B": 400, "C": 300, "D": 100}}), 422)
    assert set(body["errors"]) == {"racks"}
