"""Tonk plays through every surface by its family's declarations alone: the new-game
page and its house rules, the deal form's flags, the board's and history's words, the
API, the sheet and the pad, and the voice reader in English and French."""

from __future__ import annotations

import pytest

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.understand import understand
from scorekeeper.web.table.entry_text import entry_text
from tests.printing.support import pages
from tests.web.support import deal_data, entries, house_rules_as_shown, start, text

PLAYERS = ["Ann", "Bob", "Zoë Łukasiewicz-Żabińska de Saint-Étiens"]  # 40 characters
TONKED = {"out": "Bob", "tonk": True}


def started(client, **typed: str) -> str:
    shown = house_rules_as_shown(client, "variant:tonk")
    rules = {f"o_tonk_{name}": value for name, value in typed.items()}
    return start(client, PLAYERS, game="variant:tonk", **{**shown, **rules})


def test_a_tonk_at_the_deal_is_one_tap_and_the_board_says_it(app, client, uow, tmp_path):
    game_id = started(client, tonk_pays="3")
    assert services.load_game(uow, game_id).setup.stakes is None
    page = text(client.get(f"/games/{game_id}"))
    assert "Tonk at the deal: 49 or 50 dealt" in page
    response = client.post(
        f"/games/{game_id}/deals", data=deal_data(client, game_id, out="1", tonk="y")
    )
    assert response.status_code == 303, text(response)
    assert entries(uow, game_id) == [TONKED]
    assert "tonk" in text(client.get(f"/games/{game_id}"))
    setup = services.load_game(uow, game_id).setup
    with app.test_request_context("/"):
        assert entry_text(TONKED, setup).endswith("; tonk")
    sheet = client.get(f"/games/{game_id}/sheet.pdf")
    printed = " ".join(" ".join(page.split()) for page in pages(sheet.get_data(), tmp_path))
    assert "A tonk at the deal pays 3 stakes" in printed
    assert "tonk at the deal" in printed


def test_a_caught_drop_through_the_api(client):
    body = {"variant": "tonk", "players": PLAYERS, "stakes": {"cents_per_point": 25}}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    caught = {"out": "Bob", "dropped": True, "hands": {"Ann": 9, "Bob": 9, PLAYERS[2]: 4}}
    recorded = client.post(f"/api/v1/games/{game['game']['id']}/deals", json=caught, headers=auth)
    assert recorded.status_code in (200, 201), recorded.get_data(as_text=True)
    state = client.get(f"/api/v1/games/{game['game']['id']}").get_json()
    assert state["totals"] == {"Ann": 2, "Bob": -4, PLAYERS[2]: 2}


def test_a_blank_tonk_pad_prints(client):
    query = {"game": "variant:tonk", "players": "5", "page_size": "A4", "orientation": "auto"}
    pad = client.get("/pads/pad.pdf", query_string=query)
    assert pad.status_code == 200
    assert pad.mimetype == "application/pdf"


@pytest.mark.parametrize(
    ("language", "line", "entry"),
    [
        ("en", "Bob tonk", TONKED),
        ("fr", "Bob tonk", TONKED),
        ("en", "Ann dropped, Ann 3, Bob 12, Zoë 30", None),
    ],
)
def test_the_voice_reader_hears_a_tonk_and_a_drop(language, line, entry):
    setup = scoring.make_setup(variant="tonk", players=PLAYERS)
    heard = understand(setup, line, language, aliases={"Zoë": PLAYERS[2]})
    expected = entry or {
        "out": "Ann",
        "dropped": True,
        "hands": {"Ann": 3, "Bob": 12, PLAYERS[2]: 30},
    }
    assert heard.entry == expected


def test_a_tonk_game_in_a_circle_settles_its_stakes_in_the_ledger(client):
    made = client.post("/api/v1/circles", json={"name": "Tonk Fridays", "members": PLAYERS})
    assert made.status_code == 201, made.get_data(as_text=True)
    circle = made.get_json()
    body = {
        "circle": circle["circle"]["id"],
        "variant": "tonk",
        "players": PLAYERS,
        "options": {"deals": 1},
        "stakes": {"cents_per_point": 25, "round_to": 1},
    }
    auth = {"Authorization": f"Bearer {circle['edit_token']}"}
    started = client.post("/api/v1/games", json=body, headers=auth)
    assert started.status_code == 201, started.get_data(as_text=True)
    game = started.get_json()
    caught = {"out": "Bob", "dropped": True, "hands": {"Ann": 9, "Bob": 9, PLAYERS[2]: 4}}
    recorded = client.post(
        f"/api/v1/games/{game['game']['id']}/deals",
        json=caught,
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )
    assert recorded.get_json()["finished"]
    ledger = client.get(f"/api/v1/circles/{circle['circle']['id']}").get_json()["ledger"]
    assert ledger["balances"] == {"Ann": 50, "Bob": -100, PLAYERS[2]: 50}
