"""The scoring core's words on the table pages speak the reader's language.

The core gives its messages in English with their ids; the pages translate them. A
small French catalog of the test's own stands in for the translators' one.
"""

from __future__ import annotations

import pytest

from tests.catalogs import compiled_catalogs
from tests.web.support import deal_data, entries, message_beside, start, text

PLAYERS = ["Ann", "Bob", "Cy"]
FRENCH = {
    "Enter what %(player)s held: %(player)s did not go out": (
        "Inscrivez ce que %(player)s avait en main : %(player)s n'est pas sorti"
    ),
    "must be a whole number from 0 to %(bound)s": "doit être un nombre entier de 0 à %(bound)s",
    "Whole cents per point.": "En cents entiers par point.",
    "must be a multiple of %(step)s from %(minimum)s to %(maximum)s": (
        "doit être un multiple de %(step)s de %(minimum)s à %(maximum)s"
    ),
}


@pytest.fixture
def app_config(app_config, tmp_path):
    folder = compiled_catalogs(tmp_path / "translations", {"fr": FRENCH})
    return {**app_config, "BABEL_TRANSLATION_DIRECTORIES": folder}


@pytest.fixture
def french(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr-CA,fr;q=0.9"
    return client


def test_a_refused_deal_shows_the_cores_message_in_french_beside_its_field(french, uow):
    game_id = start(french, PLAYERS)
    data = deal_data(french, game_id, out="0", hands_1="12")
    assert french.post(f"/games/{game_id}/deals", data=data).status_code == 303
    page = text(french.get(f"/games/{game_id}"))
    assert message_beside(page, "hands_2") == (
        "Inscrivez ce que Cy avait en main : Cy n'est pas sorti"
    )
    assert entries(uow, game_id) == []


def test_the_same_refusal_reads_in_english_for_an_english_reader(client):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="12")
    client.post(f"/games/{game_id}/deals", data=data)
    page = text(client.get(f"/games/{game_id}"))
    assert message_beside(page, "hands_2") == "Enter what Cy held: Cy did not go out"


def test_a_bad_house_rule_is_refused_in_french_beside_its_field(french):
    data = {"game": "preset:5000 Rummy", "shown": "preset:5000 Rummy", "act": "start"}
    data.update({"players-0": "Ann", "players-1": "Bob", "players-2": "Cy"})
    data["o_rummy5000_target"] = "5001"
    response = french.post("/games/new", data=data)
    assert response.status_code == 422
    beside = message_beside(text(response), "o_rummy5000_target")
    assert beside.startswith("doit être un multiple de 5 de ")


def test_the_new_game_page_explains_the_stakes_in_french(french):
    page = text(french.get("/games/new"))
    assert '<p class="hint">En cents entiers par point.</p>' in page
    assert "Whole cents per point." not in page
