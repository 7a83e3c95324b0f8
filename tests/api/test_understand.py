"""POST /api/v1/games/{id}/understand: a line of words read as the next deal's entry."""

from __future__ import annotations

import pytest

from scorekeeper.models import Deal

from .conftest import assert_problem, count


def test_the_words_come_back_as_the_entry_and_nothing_is_stored(start, client, database):
    game = start()
    response = client.post(
        f"{game.url}/understand", json={"text": "Ann out, Bob twelve, Cy thirty-five"}
    )
    assert response.status_code == 200
    assert response.get_json() == {
        "entry": {"out": "Ann", "hands": {"Bob": 12, "Cy": 35}},
        "unclear": [],
        "reasons": {},
    }
    assert count(database, Deal) == 0
    assert game.state()["version"] == game.started["game"]["version"]


def test_the_entry_it_gives_records_as_it_is(start, client):
    game = start()
    understood = client.post(
        f"{game.url}/understand", json={"text": "Bob sortie, Ann douze, Cy sept", "language": "fr"}
    ).get_json()
    assert understood["unclear"] == []
    assert game.record(understood["entry"]).status_code == 201
    assert game.state()["totals"] == {"Ann": 0, "Bob": 19, "Cy": 0}


def test_what_it_could_not_place_is_listed_with_the_reason(start, client):
    game = start()
    body = client.post(
        f"{game.url}/understand", json={"text": "Ann out, Bob 500, Cy lots"}
    ).get_json()
    assert body["entry"] == {"out": "Ann"}
    assert body["unclear"] == ["lots"]
    assert "500" in body["reasons"]["hands.Bob"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "text"),
        ({"text": ""}, "text"),
        ({"text": 12}, "text"),
        ({"text": "x" * 501}, "text"),
        ({"text": "Ann out", "language": "xx"}, "language"),
        ({"text": "0", "language": None}, "language"),
        ({"text": "Ann out", "entry": {}}, "entry"),
        (["Ann out"], ""),
    ],
)
def test_a_request_it_cannot_read_is_a_422_naming_the_field(start, client, body, field):
    game = start()
    problem = assert_problem(client.post(f"{game.url}/understand", json=body), 422)
    assert field in problem["errors"]


def test_an_unknown_game_is_404(client):
    assert_problem(client.post("/api/v1/games/nosuchgame/understand", json={"text": "a"}), 404)
