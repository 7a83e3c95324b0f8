"""The table pages in the reader's language, the switcher, and a game's own language.

The real catalogs come later; these tests compile a tiny one of their own, so a
French or Polish word on a page proves the page asked for it.
"""

from __future__ import annotations

import json

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tests.web.support import start, text

PLAYERS = ["Ann", "Bob"]
# msgid -> (French, Polish); a tuple msgid is a plural (Polish has three forms).
TRANSLATED = {
    "Score pad for rummy": ("Feuille de pointage du rami", "Notes do remika"),
    "view only": ("lecture seule", "tylko podgląd"),
    "Deal {number} kept on this phone, waiting to send": (
        "Donne {number} gardée sur ce téléphone, en attente d'envoi",
        "Rozdanie {number} czeka w telefonie na wysłanie",
    ),
    ("%(num)s deal left; lowest total wins.", "%(num)s deals left; lowest total wins."): (
        (
            "Encore %(num)s donne ; le plus petit total gagne.",
            "Encore %(num)s donnes ; le plus petit total gagne.",
        ),
        (
            "Zostało %(num)s rozdanie; wygrywa najniższy wynik.",
            "Zostały %(num)s rozdania; wygrywa najniższy wynik.",
            "Zostało %(num)s rozdań; wygrywa najniższy wynik.",
        ),
    ),
}


@pytest.fixture
def app_config(app_config, tmp_path) -> dict:
    catalogs = tmp_path / "translations"
    for column, language in enumerate(("fr", "pl")):
        catalog = Catalog(locale=language)
        for msgid, translations in TRANSLATED.items():
            catalog.add(msgid, translations[column])
        folder = catalogs / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with open(folder / "messages.mo", "wb") as mo:
            write_mo(mo, catalog)
    return {**app_config, "BABEL_TRANSLATION_DIRECTORIES": str(catalogs)}


def html_lang(page: str) -> str:
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_a_french_browser_gets_the_pages_in_french(client):
    page = text(client.get("/", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}))
    assert html_lang(page) == "fr"
    assert "Feuille de pointage du rami" in page


def test_a_browser_in_no_language_of_ours_gets_english(client):
    page = text(client.get("/", headers={"Accept-Language": "sv"}))
    assert html_lang(page) == "en"
    assert "Score pad for rummy" in page


def test_every_page_names_each_language_in_its_own_language(client):
    page = text(client.get("/games/new"))
    switcher = page[page.index('<nav class="langs"') :]
    for code, name in (("fr", "Français"), ("pl", "Polski"), ("hi", "हिन्दी"), ("de", "Deutsch")):
        assert f'lang="{code}"' in switcher
        assert f">{name}</a>" in switcher
    assert 'href="/language/pl?next=/games/new"' in switcher


def test_the_switcher_remembers_the_language_on_this_device(client):
    response = client.get("/language/pl?next=/games/new", headers={"Accept-Language": "fr"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/games/new"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=pl;")
    assert "Max-Age=31536000" in cookie
    assert "SameSite=Lax" in cookie
    # The choice outweighs the browser's own language on every page after.
    page = text(client.get("/", headers={"Accept-Language": "fr"}))
    assert html_lang(page) == "pl"
    assert "Notes do remika" in page


def test_the_switcher_goes_back_only_to_this_site(client):
    response = client.get("/language/fr?next=//evil.example/")
    assert response.headers["Location"] == "/"


def test_the_switcher_knows_only_our_languages(client):
    assert client.get("/language/xx?next=/").status_code == 404


def test_a_game_started_in_french_speaks_french_on_its_view_link_for_an_english_browser(app):
    table = app.test_client()
    table.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game_id = start(table, PLAYERS)
    reader = app.test_client()
    for url in (f"/games/{game_id}", f"/games/{game_id}/table"):
        page = text(reader.get(url, headers={"Accept-Language": "en-GB,en"}))
        assert html_lang(page) == "fr", url
        assert "Encore 13 donnes ; le plus petit total gagne." in page
    assert "lecture seule" in text(reader.get(f"/games/{game_id}"))
    # The editor's own pages follow the editor's device.
    table.set_cookie("lang", "en")
    page = text(table.get(f"/games/{game_id}"))
    assert html_lang(page) == "en"
    assert "13 deals left; lowest total wins." in page


def test_the_new_game_form_offers_the_pages_language_for_the_game(client):
    page = text(client.get("/games/new", headers={"Accept-Language": "pl"}))
    assert '<option value="pl" lang="pl" selected>Polski</option>' in page


def test_an_editor_changes_the_games_language_on_the_share_page(app):
    table = app.test_client()
    game_id = start(table, PLAYERS)
    assert 'name="language"' in text(table.get(f"/games/{game_id}/share"))
    response = table.post(f"/games/{game_id}/language", data={"language": "pl"})
    assert response.status_code == 303
    page = text(app.test_client().get(f"/games/{game_id}"))
    assert html_lang(page) == "pl"
    assert "Zostało 13 rozdań; wygrywa najniższy wynik." in page  # Polish "many" form


def test_a_reader_cannot_change_the_games_language(app):
    game_id = start(app.test_client(), PLAYERS)
    reader = app.test_client()
    assert 'name="language"' not in text(reader.get(f"/games/{game_id}/share"))
    assert reader.post(f"/games/{game_id}/language", data={"language": "pl"}).status_code == 403


def test_the_scripts_words_come_from_the_page_in_its_language(client):
    game_id = start(client, PLAYERS)
    page = text(client.get(f"/games/{game_id}", headers={"Accept-Language": "fr"}))
    form = page[page.index('id="deal-form"') :]
    words = json.loads(form.split("data-words='", 1)[1].split("'", 1)[0])
    assert words["kept"] == "Donne {number} gardée sur ce téléphone, en attente d'envoi"
    assert words["save"] == "Save deal {number}"  # not in the test's catalog: English
