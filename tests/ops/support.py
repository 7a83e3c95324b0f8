"""Helpers shared by the operations tests."""

from __future__ import annotations

from bench.bench_load import PLAYERS, Phone


def start_game(phone: Phone) -> tuple[str, dict[str, str]]:
    """A new thirteen game through the API: its id and the Authorization header to change it."""
    answer = phone.request("POST", "/api/v1/games", {"variant": "thirteen", "players": PLAYERS})
    assert answer.status == 201, answer.body
    created = answer.json()
    return created["game"]["id"], {"Authorization": f"Bearer {created['edit_token']}"}
