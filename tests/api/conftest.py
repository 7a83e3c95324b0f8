"""Helpers for the JSON API tests: start a game through the API, read problems."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

PLAYERS = ["Ann", "Bob", "Cy"]
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
