"""A spoken name set on a circle's game (PUT /api/v1/games/{id}/aliases, the circle's
token as the bearer) is known by the next game started in the circle (POST
/api/v1/games with "circle"): its line is read with it, and say.json carries it."""

from __future__ import annotations

from .conftest import FAMILY, bearer

PRIYA = FAMILY[0]


def test_a_nickname_set_on_a_circle_game_is_known_in_the_next_one(circle, client):
    started = circle(name="Famille Ñúñez", members=FAMILY)
    first = started.game(players=FAMILY[:6]).get_json()["game"]["id"]
    put = client.put(
        f"/api/v1/games/{first}/aliases",
        json={"aliases": {"Priya": PRIYA}},
        headers=bearer(started.token),
    )
    assert put.status_code == 200, put.get_data(as_text=True)

    made = started.game(players=[FAMILY[7], PRIYA, FAMILY[3]])
    assert made.status_code == 201, made.get_data(as_text=True)
    second = made.get_json()["game"]["id"]
    read = client.post(f"/api/v1/games/{second}/understand", json={"text": "Priya out"})
    assert read.status_code == 200, read.get_data(as_text=True)
    assert read.get_json()["entry"]["out"] == PRIYA
    assert read.get_json()["unclear"] == []
    said = client.get(f"/games/{second}/say.json").get_json()
    assert said["aliases"] == {"Priya": PRIYA}


def test_a_nickname_dropped_from_its_game_is_not_given_to_the_next(circle, client):
    started = circle(members=FAMILY[:4])
    first = started.game(players=FAMILY[:4]).get_json()["game"]["id"]
    url = f"/api/v1/games/{first}/aliases"
    client.put(url, json={"aliases": {"Priya": PRIYA}}, headers=bearer(started.token))
    dropped = client.put(url, json={"aliases": {}}, headers=bearer(started.token))
    assert dropped.get_json() == {"aliases": {}}

    second = started.game(players=FAMILY[:4]).get_json()["game"]["id"]
    read = client.post(f"/api/v1/games/{second}/understand", json={"text": "Priya out"})
    assert read.get_json()["unclear"] == ["Priya"]
