"""Kalooki and Scala 40 through the JSON API (RULES.md sections 20 and 23): the rules'
game with a rejoin and the pot, an elimination at 200, an early end, stakes other than a pot."""

from __future__ import annotations

from tests.api.conftest import assert_problem, end
from tests.api.families.support import FOUR, THREE, record_all


def test_kalooki_the_rules_game_with_a_rejoin_and_the_pot(start):
    game = start(variant="kalooki", players=THREE, stakes={"entry_cents": 200})
    state = record_all(
        game,
        [
            {"out": "A", "hands": {"B": 45, "C": 60}},
            {"out": "B", "hands": {"A": 38, "C": 52}, "one_turn": True},
            {"out": "A", "hands": {"B": 70, "C": 41}},
        ],
    )
    assert state["eliminated"] == ["C"]
    assert state["next_deal"]["players"] == ["A", "B"]
    state = record_all(game, [{"rejoin": ["C"], "out": "B", "hands": {"A": 90, "C": 20}}])
    assert state["deals"][3]["rejoin_change"] == {"C": -38}
    assert state["deals"][3]["points"]["C"] == -18
    assert (state["pot_cents"], state["rejoins"]["C"]) == (800, 1)
    state = record_all(game, [{"out": "C", "hands": {"A": 25, "B": 40}}])
    assert state["totals"] == {"A": 153, "B": 155, "C": 135}
    assert (state["eliminated"], state["winners"]) == (["A", "B"], ["C"])
    assert state["settlement"]["balances"] == {"A": -200, "B": -200, "C": 400}


def test_scala_40_eliminates_c_at_200(start):
    game = start(preset="Scala 40", players=FOUR)
    entry = {"out": "A", "one_turn": True, "hands": {"B": 30, "D": 12}, "not_opened": ["C"]}
    state = record_all(game, [entry])
    assert state["totals"] == {"A": 0, "B": 60, "C": 200, "D": 24}
    assert state["eliminated"] == ["C"]


def test_kalooki_ended_early_the_lowest_total_still_in_wins(start):
    game = start(variant="kalooki", players=THREE, stakes={"entry_cents": 200})
    record_all(game, [{"out": "A", "hands": {"B": 45, "C": 60}}])
    response = end(game)
    assert response.status_code == 200, response.get_data(as_text=True)
    state = game.state()
    assert (state["ended_early"], state["winners"]) == (True, ["A"])


def test_kalooki_stakes_other_than_a_pot_are_a_problem(client):
    response = client.post(
        "/api/v1/games",
        json={"variant": "kalooki", "players": THREE, "stakes": {"mode": "pairs"}},
    )
    body = assert_problem(response, 422)
    assert "stakes.mode" in body["errors"]
