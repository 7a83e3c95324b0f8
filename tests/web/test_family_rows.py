"""The board shows each deal's breakdown as the printed sheet does: the variant's own
lines (phases, drops, canastas ...) under each player's points, and gin's knock."""

from __future__ import annotations

import re

import pytest

from tests.printing.games import GAMES
from tests.web.support import start

CANASTA_LINE = "melded: 385; in hand: 30; natural canastas: 1; mixed canastas: 2; red 3s: 1"


def board_lines(client, setup, entries) -> list[str]:
    started = client.post("/api/v1/games", json=setup)
    assert started.status_code == 201, started.get_data(as_text=True)
    body = started.get_json()
    token, game_id = body["edit_token"], body["game"]["id"]
    for entry in entries:
        response = client.post(
            f"/api/v1/games/{game_id}/deals",
            json=entry,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 201, response.get_data(as_text=True)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    return re.findall(r'<small class="bd">([^<]*)</small>', page)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("phase10", ["phase 1 done", "phase 1 done", "phase 1"]),
        ("canasta", [CANASTA_LINE]),
        ("indian-pool", ["first drop", "wrong show"]),
    ],
)
def test_the_board_shows_each_deals_lines_as_the_sheet_does(client, name, expected):
    setup, entries = GAMES[name]
    lines = board_lines(client, setup, entries)
    assert lines[: len(expected)] == expected


def test_a_gin_form_says_knocked_as_the_variant_declares(client):
    game_id = start(client, ["Ann", "Bob"], game="preset:Gin Rummy")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'data-out="knocked"' in page and 'data-nohand="0"' in page
    assert 'data-note="(knocked)"' in page


def test_a_rummy_form_says_out(client):
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Rummy")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'data-out="out"' in page and 'data-nohand="1"' in page
    assert 'data-note="(out)"' in page
