"""Every table form is refused without its CSRF token (CSRF on, as in production)."""

from __future__ import annotations

import pytest

from tests.web.support import deal_data, entries, start, text

PLAYERS = ["Ann", "Bob", "Cy"]


@pytest.fixture
def app_config(app_config: dict) -> dict:
    return {**app_config, "WTF_CSRF_ENABLED": True}


@pytest.fixture
def game_id(client) -> str:
    """A Press game with deal 1 recorded (so undo, correct and the Press offer apply)."""
    game_id = start(client, PLAYERS, game="preset:Crazy Gin with the Press")
    data = deal_data(client, game_id, out="0", hands_1="10", hands_2="45")
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    return game_id


def test_a_new_game_needs_the_token(client):
    data = {"game": "preset:Rummy", "players-0": "Ann", "players-1": "Bob"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 400
    assert "out of date" in text(response)


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("deals", {"number": "2", "out": "0", "hands_1": "1", "hands_2": "2"}),
        ("deals/1/edit", {"out": "1", "hands_0": "1", "hands_2": "2"}),
        ("deals/1/undo", {}),
        ("press", {"number": "1"}),
        ("end", {}),
        ("reopen", {}),
    ],
    ids=["record", "correct", "undo", "press", "end", "reopen"],
)
def test_each_game_form_needs_the_token(client, uow, game_id, path, data):
    before = entries(uow, game_id)
    response = client.post(f"/games/{game_id}/{path}", data=data)
    assert response.status_code == 400
    assert entries(uow, game_id) == before


def test_the_forms_carry_the_token_that_makes_them_work(client, uow, game_id):
    # The fixture recorded deal 1 through the page's own form and token.
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 10, "Cy": 45}}]
