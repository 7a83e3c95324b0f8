"""Burraco through the JSON API: the worked examples with seats and with three players,
a side closing without its pozzetto."""

from __future__ import annotations

from tests.api.conftest import assert_problem


def test_the_burraco_example_with_seats_through_the_api(start):
    game = start(variant="burraco", players=["NS", "EW"], seats=["N", "E", "S", "W"])
    entry = {
        "out": "NS",
        "melded": {"NS": 560, "EW": 245},
        "hand": {"NS": 15, "EW": 85},
        "clean": {"NS": 1},
        "dirty": {"NS": 1, "EW": 1},
        "pozzetto": {"NS": True, "EW": False},
    }
    state = game.record(entry).get_json()
    assert state["deals"][0]["points"] == {"NS": 945, "EW": 160}
    assert state["deals"][0]["winner"] == "NS"
    assert state["seats"] == ["N", "E", "S", "W"] and state["next_deal"]["dealer"] == "E"


def test_the_three_player_burraco_example_through_the_api(start):
    game = start(variant="burraco", players=["A", "B", "C"], options={"semi_clean": 150})
    entry = {
        "out": None,
        "melded": {"A": 120, "B": 95, "C": 60},
        "hand": {"A": 40, "B": 15, "C": 55},
        "semi_clean": {"A": 1},
        "pozzetto": {"A": True, "B": True, "C": False},
    }
    deal = game.record(entry).get_json()["deals"][0]
    assert (deal["points"], deal["winner"]) == ({"A": 230, "B": 80, "C": -95}, None)


def test_a_burraco_side_closing_without_its_pozzetto_is_422(start):
    game = start(variant="burraco", players=["NS", "EW"])
    entry = {
        "out": "NS",
        "melded": {"NS": 100, "EW": 50},
        "hand": {"NS": 0, "EW": 0},
        "clean": {"NS": 1},
        "pozzetto": {"NS": False, "EW": True},
    }
    assert list(assert_problem(game.record(entry), 422)["errors"]) == ["pozzetto.NS"]
