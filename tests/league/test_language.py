"""A league's language: its public pages, calendar and export speak it, whoever reads them.

The real catalogs come later; a tiny French one, compiled here, shows the words change.
"""

from __future__ import annotations

from datetime import date

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from flask_babel import gettext

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.web.common.i18n import speak

from .support import NAMES, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start

FRENCH = {
    "Standings": "Classement",
    "Upcoming nights": "Soirées à venir",
    "%(league)s: game night": "%(league)s : soirée de jeu",
}


@pytest.fixture
def app_config(app_config, tmp_path) -> dict:
    """The test app with a French catalog of a few words, compiled from nothing."""
    catalog = Catalog(locale="fr")
    for english, french in FRENCH.items():
        catalog.add(english, french)
    folder = tmp_path / "translations" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "messages.mo", "wb") as compiled:
        write_mo(compiled, catalog)
    return {**app_config, "BABEL_TRANSLATION_DIRECTORIES": str(tmp_path / "translations")}


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


ENGLISH_BROWSER = {"Accept-Language": "en-GB,en;q=0.8"}
FORM = {"name": "Club de Québec", "preset": "Rummy", "table_size": "4"}


def french_league(client) -> str:
    response = client.post("/leagues/new", data={**FORM, "language": "fr"})
    assert response.status_code == 303
    public_id = response.headers["Location"].rsplit("/", 1)[1]
    client.post(f"/leagues/{public_id}/publish", data={"published": "1"})
    return public_id


def test_a_french_leagues_public_page_speaks_french_to_an_english_browser(client, uow, olga):
    public_id = french_league(client)
    league.add_members(uow, public_id, olga, NAMES[:4])
    ids = member_ids(uow, public_id, olga)
    for table in start(uow, public_id, olga, list(ids.values())).tables:
        play_out(uow, table)
    client.post("/account/logout")

    page = client.get(f"/leagues/{public_id}/public", headers=ENGLISH_BROWSER)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "<h2>Classement</h2>" in text and "Soirées à venir" in text
    assert "<h2>Standings</h2>" not in text


def test_the_organizers_pages_follow_the_device_not_the_league(client, uow, olga):
    public_id = french_league(client)
    text = client.get(f"/leagues/{public_id}", headers=ENGLISH_BROWSER).get_data(as_text=True)
    assert ">Standings</a>" in text and "Classement" not in text
    # The form shows the league's language as chosen.
    assert '<option value="fr" lang="fr" selected>' in text


def test_a_league_without_a_language_speaks_each_readers_own(client, uow, olga):
    public_id = make_league(uow, olga)
    league.set_published(uow, public_id, olga, True)
    french = client.get(f"/leagues/{public_id}/public", headers={"Accept-Language": "fr-CA"})
    english = client.get(f"/leagues/{public_id}/public", headers=ENGLISH_BROWSER)
    assert "<h2>Classement</h2>" in french.get_data(as_text=True)
    assert "<h2>Standings</h2>" in english.get_data(as_text=True)


def test_a_new_league_form_offers_the_pages_language(client, olga):
    text = client.get("/leagues/new", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert '<option value="pl" lang="pl" selected>' in text


def test_a_language_without_a_catalog_is_refused_beside_the_field(client, uow, olga):
    response = client.post("/leagues/new", data={**FORM, "language": "klingon"})
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "The language must be one of en, fr, es, pl, de, hi" in text
    assert 'value="Club de Québec"' in text
    assert league.leagues_of(uow, olga) == []


def test_the_manage_page_changes_the_leagues_language(client, uow, olga):
    public_id = french_league(client)
    response = client.post(f"/leagues/{public_id}/rules", data={**FORM, "language": "de"})
    assert response.status_code == 303
    assert league.league_view(uow, public_id, olga).language == "de"


def test_the_calendar_names_the_nights_in_the_leagues_language(client, uow, olga):
    public_id = french_league(client)
    league.plan_nights(uow, public_id, olga, [date(2027, 1, 14)], None)
    feed = client.get(f"/leagues/{public_id}/schedule.ics", headers=ENGLISH_BROWSER)
    assert "SUMMARY:Club de Québec : soirée de jeu" in feed.get_data(as_text=True)


def test_the_language_travels_with_the_export_and_back(uow, olga):
    public_id = make_league(uow, olga)
    league.update_rules(
        uow,
        public_id,
        olga,
        name="Klub w Krakowie",
        rules=league.league_view(uow, public_id, olga).rules,
        language="pl",
    )
    document = transfer.export_league(uow, public_id, olga)
    assert document["league"]["language"] == "pl"
    imported = transfer.import_document(uow, olga, document)
    assert league.league_view(uow, imported.league_id, olga).language == "pl"


def test_an_export_from_before_league_languages_still_imports(uow, olga):
    document = transfer.export_league(uow, make_league(uow, olga), olga)
    del document["league"]["language"]
    imported = transfer.import_document(uow, olga, document)
    assert league.league_view(uow, imported.league_id, olga).language is None


def test_an_import_with_an_unknown_language_names_it(uow, olga):
    document = transfer.export_league(uow, make_league(uow, olga), olga)
    document["league"]["language"] = "xx"
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    assert refused.value.errors == {"league.language": "must be one of en, fr, es, pl, de, hi"}


def test_a_page_speaks_its_leagues_language_after_a_word_in_the_readers(app):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert gettext("Standings") == "Classement"
        speak("en")
        assert gettext("Standings") == "Standings"


def test_a_command_in_a_terminal_speaks_english(app):
    with app.app_context():
        assert gettext("Standings") == "Standings"
