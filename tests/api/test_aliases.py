"""PUT /api/v1/games/{id}/aliases: the game's spoken names, which the deal reader knows."""

from __future__ import annotations

import pytest

from .conftest import assert_problem, bearer

LONG = "Priyanka Venkataraman-Østergård Ñúñez"  # 37 characters


def put(game, aliases, token="game"):
    headers = bearer(game.token if token == "game" else token) if token else {}
    return game.client.put(f"{game.url}/aliases", json={"aliases": aliases}, headers=headers)


def test_a_spoken_name_is_kept_and_read(start, client):
    game = start(variant="threethirteen", players=[LONG, "Bob", "Cy", "Zoë", "Ann", "Dee"])
    line = {"text": "Priya out, Bob 12"}
    before = client.post(f"{game.url}/understand", json=line).get_json()
    assert before["unclear"] == ["Priya"]
    response = put(game, {"Priya": LONG})
    assert response.status_code == 200
    assert response.get_json() == {"aliases": {"Priya": LONG}}
    after = client.post(f"{game.url}/understand", json=line).get_json()
    assert after["entry"] == {"out": LONG, "hands": {"Bob": 12}}
    assert after["unclear"] == []


def test_the_names_given_replace_the_kept_ones(start, client):
    game = start()
    put(game, {"Annie": "Ann"})
    assert put(game, {}).get_json() == {"aliases": {}}
    read = client.post(f"{game.url}/understand", json={"text": "Annie out"}).get_json()
    assert read["unclear"] == ["Annie"]


@pytest.mark.parametrize(
    ("aliases", "field"),
    [
        ({"Priya": "Nobody"}, "aliases.Priya"),
        ({"Bob": "Ann"}, "aliases.Bob"),
        ({" ": "Ann"}, "aliases. "),
        ({"x" * 41: "Ann"}, "aliases." + "x" * 41),
        ({f"n{i}": "Ann" for i in range(101)}, "aliases"),
        ({"Priya": 3}, "aliases"),
        (["Priya"], "aliases"),
    ],
)
def test_a_spoken_name_it_cannot_keep_is_a_422_naming_it(start, aliases, field):
    game = start()
    problem = assert_problem(put(game, aliases), 422)
    assert field in problem["errors"]


def test_only_an_editor_sets_them(start):
    game = start()
    assert_problem(put(game, {"Annie": "Ann"}, token=None), 401)
    assert_problem(put(game, {"Annie": "Ann"}, token="not-the-token"), 403)
