"""Problems speak the client's language (Accept-Language); field paths and statuses do not change.

The app's real catalogs come with their translators; these tests compile a small French
one of their own, so they check the mechanism, not the wording.
"""

from __future__ import annotations

import pytest

from scorekeeper.models import Deal
from tests.api.conftest import assert_problem, bearer, count
from tests.catalogs import compiled_catalogs

FRENCH = {
    "Unprocessable Entity": "Entité impossible à traiter",
    "Not Found": "Introuvable",
    "Deal %(number)s cannot be recorded as given.": (
        "La donne %(number)s ne peut pas être enregistrée telle quelle."
    ),
    "must be a whole number from 0 to %(bound)s": "doit être un nombre entier de 0 à %(bound)s",
    "is not a player of this game": "n'est pas un joueur de cette partie",
    "deal %(number)s: %(message)s": "donne %(number)s : %(message)s",
    "%(rank)s was already wild in deal %(number)s": (
        "le %(rank)s était déjà joker à la donne %(number)s"
    ),
    "The correction would make deal %(number)s invalid.": (
        "La correction rendrait la donne %(number)s invalide."
    ),
}


@pytest.fixture
def app_config(app_config, tmp_path):
    """The test app with a small compiled French catalog of its own."""
    folder = compiled_catalogs(tmp_path / "translations", {"fr": FRENCH})
    return {**app_config, "BABEL_TRANSLATION_DIRECTORIES": folder}


def test_a_refused_deal_is_explained_in_french_with_the_same_field_paths(start, database):
    game = start()
    response = game.record(
        {"out": "Ann", "hands": {"Bob": 500, "Zed": 3, "Cy": 7}},
        **{"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"},
    )
    body = assert_problem(response, 422)
    assert response.headers["Content-Language"] == "fr"
    assert body["title"] == "Entité impossible à traiter"
    assert body["detail"] == "La donne 1 ne peut pas être enregistrée telle quelle."
    assert body["errors"] == {
        "hands.Bob": "doit être un nombre entier de 0 à 70",
        "hands.Zed": "n'est pas un joueur de cette partie",
    }
    assert count(database, Deal) == 0


def test_the_same_refusal_without_accept_language_is_in_english(start):
    game = start()
    response = game.record({"out": "Ann", "hands": {"Bob": 500, "Zed": 3, "Cy": 7}})
    body = assert_problem(response, 422)
    assert response.headers["Content-Language"] == "en"
    assert body["title"] == "Unprocessable Entity"
    assert body["detail"] == "Deal 1 cannot be recorded as given."
    assert body["errors"] == {
        "hands.Bob": "must be a whole number from 0 to 70",
        "hands.Zed": "is not a player of this game",
    }


def test_a_language_without_a_catalog_gets_english(start):
    game = start()
    response = game.record(
        {"out": "Ann", "hands": {"Bob": 500, "Cy": 7}}, **{"Accept-Language": "ja"}
    )
    body = assert_problem(response, 422)
    assert response.headers["Content-Language"] == "en"
    assert body["errors"] == {"hands.Bob": "must be a whole number from 0 to 70"}


def test_a_correction_that_breaks_a_later_deal_is_explained_in_french_part_by_part(start):
    game = start(variant="thirteen", options={"wild_sequence": "dealer_choice"})
    nobody_scores = {"out": "Ann", "hands": {"Bob": 0, "Cy": 0}}
    for rank in ("Q", "3"):
        assert game.record({**nobody_scores, "wild": rank}).status_code == 201
    response = game.client.put(
        f"{game.url}/deals/1",
        json={**nobody_scores, "wild": "3"},
        headers={**bearer(game.token), "Accept-Language": "fr"},
    )
    body = assert_problem(response, 422)
    assert body["detail"] == "La correction rendrait la donne 2 invalide."
    assert body["errors"] == {"deals.2.wild": "donne 2 : le 3 était déjà joker à la donne 1"}


def test_an_unknown_game_is_not_found_in_french(client):
    response = client.get("/api/v1/games/nosuchgame", headers={"Accept-Language": "fr"})
    body = assert_problem(response, 404)
    assert body["title"] == "Introuvable"
    assert response.headers["Content-Language"] == "fr"
