"""Helpers for the JSON API tests: start a game through the API, read problems."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

PLAYERS = ["Ann", "Bob", "Cy"]
# Eight people of a real family's size, with long accented names (40 characters at most).
FAMILY = [
    "Zoë Ångström-Łukasiewicz dela Peña Ñúñez",
    "Björn Øyvind Üçüncü-Żółkiewski Hernández",
    "Anaïs Dvořáková-Gómez de Sousa Fernández",
    "Jürgen Ærøskøbing-Szczęśniak Castaño Vé",
    "Łucja Ñandú-Grünewald Pérez-Reverte Éva",
    "Émile Çelik-Wójcik Müller-Lüdenscheidt",
    "Ólafur Þórðarson-Ğündoğdu Sánchez-Vidal",
    "Małgorzata Écija-Dvořák Lindqvist",
]
PROBLEM_MEMBERS = {"type", "title", "status", "detail", "errors"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def end(game, body=None, **headers: str):
    return game.client.post(
        f"{game.url}/end",
        json={} if body is None else body,
        headers={**bearer(game.token), **headers},
    )


def ann_goes_out(bob: int = 5, cy: int = 7, **more: Any) -> dict[str, Any]:
    return {"out": "Ann", "hands": {"Bob": bob, "Cy": cy}, **more}


def assert_problem(response, status: int) -> dict[str, Any]:
    """An RFC 9457 problem with the given status; its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert body.keys() >= PROBLEM_MEMBERS
    assert body["status"] == status
    assert isinstance(body["errors"], dict)
    return body


def count(database, model) -> int:
    with database.session_factory() as session:
        return session.scalar(select(func.count()).select_from(model))


class Game:
    """A game started through the API, and the calls a phone makes on it."""

    def __init__(self, client, started: dict[str, Any]):
        self.client = client
        self.started = started
        self.id = started["game"]["id"]
        self.token = started["edit_token"]
        self.url = f"/api/v1/games/{self.id}"

    def record(self, entry: dict[str, Any], **headers: str):
        return self.client.post(
            f"{self.url}/deals", json=entry, headers={**bearer(self.token), **headers}
        )

    def state(self) -> dict[str, Any]:
        response = self.client.get(self.url)
        assert response.status_code == 200
        return response.get_json()


@pytest.fixture
def start(client):
    """start(**body) starts a game through the API (3-player rummy unless told otherwise)."""

    def start(**body: Any) -> Game:
        if "preset" not in body:
            body.setdefault("variant", "rummy")
        body.setdefault("players", PLAYERS)
        response = client.post("/api/v1/games", json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        return Game(client, response.get_json())

    return start


# 1 cent a point, not rounded: the balances are the points themselves.
EXACT = {"cents_per_point": 1, "round_to": 1}


class CircleClient:
    """A circle started through the API, and the calls a phone makes on it."""

    def __init__(self, client, started: dict[str, Any]):
        self.client = client
        self.started = started
        self.id = started["circle"]["id"]
        self.token = started["edit_token"]
        self.url = f"/api/v1/circles/{self.id}"

    def get(self, query: str = "") -> dict[str, Any]:
        response = self.client.get(self.url + query)
        assert response.status_code == 200, response.get_data(as_text=True)
        body = response.get_json()
        assert sum(body["ledger"]["balances"].values()) == 0
        return body

    def post(self, path: str, body: Any, token: str | None = "circle", **headers: str):
        token = self.token if token == "circle" else token
        auth = bearer(token) if token else {}
        return self.client.post(self.url + path, json=body, headers={**auth, **headers})

    def game(self, token: str | None = "circle", **body: Any):
        token = self.token if token == "circle" else token
        body.setdefault("variant", "rummy")
        auth = bearer(token) if token else {}
        return self.client.post("/api/v1/games", json={"circle": self.id, **body}, headers=auth)

    def played(self, players, out, hands, **body: Any) -> dict[str, Any]:
        """A one-deal rummy game with exact stakes, played to its end."""
        body.setdefault("options", {"deals": 1})
        body.setdefault("stakes", EXACT)
        started = self.game(players=players, **body)
        assert started.status_code == 201, started.get_data(as_text=True)
        game = started.get_json()
        recorded = self.client.post(
            f"/api/v1/games/{game['game']['id']}/deals",
            json={"out": out, "hands": hands},
            headers=bearer(game["edit_token"]),
        )
        assert recorded.status_code == 201, recorded.get_data(as_text=True)
        assert recorded.get_json()["finished"]
        return game


@pytest.fixture
def circle(client):
    def circle(**body: Any) -> CircleClient:
        body.setdefault("name", "Sunday cards")
        response = client.post("/api/v1/circles", json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        return CircleClient(client, response.get_json())

    return circle
