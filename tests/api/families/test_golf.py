"""Golf through the JSON API: the worked example, a grid that disagrees with its score,
18 holes with jokers."""

from __future__ import annotations

from tests.api.conftest import assert_problem


def grid(text: str) -> list[str]:
    return text.replace("/", " ").split()


def test_the_golf_example_through_the_api(start):
    game = start(variant="golf", players=["A", "B", "C"])
    entry = {"grids": {"A": grid("K 5 7 / K 3 9"), "B": grid("2 J A / 2 Q 4")}, "scores": {"C": 7}}
    response = game.record(entry)
    assert response.status_code == 201, response.get_data(as_text=True)
    deal = response.get_json()["deals"][0]
    assert (deal["points"], deal["winner"]) == ({"A": 24, "B": 25, "C": 7}, "C")
    assert response.get_json()["higher_wins"] is False


def test_a_golf_grid_that_disagrees_with_its_score_is_422_naming_grids(start):
    game = start(variant="golf", players=["A", "B", "C"])
    entry = {"grids": {"A": grid("K 5 7 / K 3 9")}, "scores": {"A": 20, "B": 1, "C": 2}}
    body = assert_problem(game.record(entry), 422)
    assert list(body["errors"]) == ["grids.A"]
    assert game.state()["deals"] == []


def test_golf_18_holes_with_jokers_from_the_preset(start):
    game = start(preset="Golf (18 holes)", players=["A", "B"], options={"jokers": True})
    assert game.started["game"]["options"]["holes"] == 18
    response = game.record({"grids": {"A": grid("Joker 2 K / 6 Joker K")}, "scores": {"B": -12}})
    assert response.get_json()["deals"][0]["points"] == {"A": 0, "B": -12}
