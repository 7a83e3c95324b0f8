"""The free score pad through the JSON API: lowest wins with stakes, zero-sum deals, one
to twenty players."""

from __future__ import annotations

from tests.api.conftest import assert_problem


def test_the_free_pad_example_lower_wins_with_stakes_through_the_api(start):
    game = start(
        variant="free",
        players=["A", "B", "C"],
        options={"higher_wins": False, "rounds": 2},
        stakes={"mode": "pairs"},
    )
    game.record({"scores": {"A": 12, "B": -3, "C": 0}})
    state = game.record({"scores": {"A": 5, "B": 5, "C": 1}}).get_json()
    assert [deal["winner"] for deal in state["deals"]] == ["B", "C"]
    assert state["totals"] == {"A": 17, "B": 2, "C": 1}
    assert state["finished"] and state["winners"] == ["C"] and state["higher_wins"] is False
    assert state["settlement"]["balances"] == {"A": -30, "B": 15, "C": 15}


def test_the_zero_sum_example_through_the_api(start):
    players = ["Ann", "Bob", "Cy", "Dee"]
    game = start(variant="free", players=players, options={"zero_sum": True, "target": 40})
    refused = game.record({"scores": {"Ann": 30, "Bob": -10, "Cy": -10, "Dee": -5}})
    assert list(assert_problem(refused, 422)["errors"]) == ["scores"]
    game.record({"scores": {"Ann": 30, "Bob": -10, "Cy": -10, "Dee": -10}})
    state = game.record({"scores": {"Ann": -20, "Bob": 60, "Cy": -20, "Dee": -20}}).get_json()
    assert state["totals"] == {"Ann": 10, "Bob": 50, "Cy": -30, "Dee": -30}
    assert state["finished"] and state["winners"] == ["Bob"]


def test_a_free_pad_takes_one_to_twenty_players_through_the_api(client, start):
    assert start(variant="free", players=["Solo"]).started["game"]["players"] == ["Solo"]
    twenty = [f"P{i}" for i in range(20)]
    assert start(variant="free", players=twenty).started["game"]["players"] == twenty
    response = client.post("/api/v1/games", json={"variant": "free", "players": [*twenty, "X"]})
    assert list(assert_problem(response, 422)["errors"]) == ["players"]
    sides = [f"S{i}" for i in range(10)]
    seats = [f"s{i}" for i in range(20)]
    game = start(variant="free", players=sides, seats=seats)
    assert game.started["game"]["seats"] == seats
