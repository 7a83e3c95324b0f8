"""A circle's edit token changes any game of the circle (docs/api.md, "Circles"): every
write to one of its games takes it in place of the game's own token, which keeps
working; it changes no game outside the circle, and the circle's id changes nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from scorekeeper.models import Deal, Game

from .conftest import EXACT, FAMILY, assert_problem, bearer

NAMES = FAMILY[:6]  # rummy's most players


def deal(out: int = 0, points: int = 5) -> dict[str, Any]:
    """Rummy's deal: NAMES[out] goes out, everybody else holds ``points`` and more."""
    return {
        "out": NAMES[out],
        "hands": {name: points + i for i, name in enumerate(NAMES) if i != out},
    }


def test_the_circles_token_records_corrects_undoes_ends_and_reopens_its_games(circle, client):
    started = circle(name="Famille Ñúñez-Łukasiewicz", members=NAMES)
    made = started.game(players=NAMES, stakes=EXACT, options={"deals": 3})
    assert made.status_code == 201, made.get_data(as_text=True)
    url = f"/api/v1/games/{made.get_json()['game']['id']}"
    by_circle = bearer(started.token)

    recorded = client.post(f"{url}/deals", json=deal(), headers=by_circle)
    assert recorded.status_code == 201, recorded.get_data(as_text=True)
    second = client.post(f"{url}/deals", json=deal(out=1), headers=by_circle)
    assert second.status_code == 201
    corrected = client.put(f"{url}/deals/1", json=deal(out=2, points=9), headers=by_circle)
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    assert corrected.get_json()["deals"][0]["entry"]["out"] == NAMES[2]
    undone = client.delete(f"{url}/deals/2", headers=by_circle)
    assert undone.status_code == 200
    assert len(undone.get_json()["deals"]) == 1
    ended = client.post(f"{url}/end", json={}, headers=by_circle)
    assert ended.status_code == 200, ended.get_data(as_text=True)
    assert ended.get_json()["finished"]
    assert started.get()["games"][0]["winners"] == [NAMES[2]]
    reopened = client.delete(f"{url}/end", headers=by_circle)
    assert reopened.status_code == 200
    assert not reopened.get_json()["finished"]


def test_the_games_own_token_keeps_working_beside_the_circles(circle, client):
    started = circle(members=NAMES[:2])
    made = started.game(players=NAMES[:2]).get_json()
    url = f"/api/v1/games/{made['game']['id']}"
    first = {"out": NAMES[0], "hands": {NAMES[1]: 3}}
    own = client.post(f"{url}/deals", json=first, headers=bearer(made["edit_token"]))
    assert own.status_code == 201
    second = {"out": NAMES[1], "hands": {NAMES[0]: 4}}
    circles = client.post(f"{url}/deals", json=second, headers=bearer(started.token))
    assert circles.status_code == 201
    assert len(circles.get_json()["deals"]) == 2


def test_a_game_brought_into_the_circle_takes_the_circles_token(circle, client, start):
    started = circle(members=["Ann"])
    game = start(players=["Ann", "Bob"])
    refused = client.post(
        f"{game.url}/deals", json={"out": "Ann", "hands": {"Bob": 3}}, headers=bearer(started.token)
    )
    assert_problem(refused, 403)
    assert started.post("/games", {"game": game.id, "edit_token": game.token}).status_code == 201
    taken = client.post(
        f"{game.url}/deals", json={"out": "Ann", "hands": {"Bob": 3}}, headers=bearer(started.token)
    )
    assert taken.status_code == 201


def test_a_circles_token_changes_no_game_outside_the_circle(circle, client, start, database):
    started = circle(members=NAMES[:3])
    other = circle(name="Other", members=NAMES[:3])
    theirs = other.game(players=NAMES[:3]).get_json()
    alone = start(players=NAMES[:3])
    by_circle = bearer(started.token)
    for url in (f"/api/v1/games/{theirs['game']['id']}", alone.url):
        entry = {"out": NAMES[0], "hands": {NAMES[1]: 2, NAMES[2]: 3}}
        assert_problem(client.post(f"{url}/deals", json=entry, headers=by_circle), 403)
        assert_problem(client.post(f"{url}/end", json={}, headers=by_circle), 403)
        assert_problem(client.post(f"{url}/token", headers=by_circle), 403)
    with database.session_factory() as session:
        assert session.scalars(select(Deal)).all() == []
        assert {game.ending for game in session.scalars(select(Game))} == {None}


def test_the_circles_id_and_view_link_change_nothing(circle, client, database):
    started = circle(members=NAMES[:2])
    made = started.game(players=NAMES[:2]).get_json()
    url = f"/api/v1/games/{made['game']['id']}"
    entry = {"out": NAMES[0], "hands": {NAMES[1]: 2}}
    for offered in (started.id, started.started["links"]["view"]):
        assert_problem(client.post(f"{url}/deals", json=entry, headers=bearer(offered)), 403)
    assert_problem(client.post(f"{url}/deals", json=entry), 401)
    with database.session_factory() as session:
        assert session.scalars(select(Deal)).all() == []


def test_a_new_circle_token_revokes_the_old_on_the_circle_and_its_games(circle, client):
    started = circle(members=NAMES[:2])
    made = started.game(players=NAMES[:2]).get_json()
    url = f"/api/v1/games/{made['game']['id']}"
    entry = {"out": NAMES[0], "hands": {NAMES[1]: 2}}
    assert_problem(client.post(f"{started.url}/token"), 401)
    rotated = client.post(f"{started.url}/token", headers=bearer(started.token))
    assert rotated.status_code == 200
    assert rotated.headers["Cache-Control"] == "no-store"
    fresh = rotated.get_json()
    assert fresh["links"]["edit"].endswith(f"/circles/{started.id}/edit/{fresh['edit_token']}")
    assert_problem(client.post(f"{url}/deals", json=entry, headers=bearer(started.token)), 403)
    assert_problem(started.post("/members", {"name": "Cy"}), 403)
    assert (
        client.post(f"{url}/deals", json=entry, headers=bearer(fresh["edit_token"])).status_code
        == 201
    )
    # The game's own token is the game's: untouched.
    again = {"out": NAMES[1], "hands": {NAMES[0]: 3}}
    assert (
        client.post(f"{url}/deals", json=again, headers=bearer(made["edit_token"])).status_code
        == 201
    )
    assert started.post("/members", {"name": "Cy"}, token=fresh["edit_token"]).status_code == 201
