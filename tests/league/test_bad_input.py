"""Hostile and broken input to the league pages: a clear refusal, nothing stored, never a 500."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer.errors import InvalidInput

from .support import login, make_league, make_organizer


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


@pytest.fixture
def exported(uow, olga) -> dict:
    lid = make_league(uow, olga)
    league.set_published(uow, lid, olga, True)
    return transfer.export_league(uow, lid, olga)


def upload(client, body: bytes):
    return client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(body), "league.json")},
        content_type="multipart/form-data",
    )


def test_an_import_nested_thousands_deep_is_refused_naming_the_line(client, uow, olga):
    body = b'{"format": "scorekeeper.league",\n "league": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    response = upload(client, body)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "nested more than 24 levels deep" in page
    assert "line 2, column" in page
    assert league.leagues_of(uow, olga) == []


def test_an_unpaired_surrogate_in_an_import_is_refused_by_its_path(client, uow, olga, exported):
    text = json.dumps(exported).replace('"Thursday Club"', '"Thursday \\ud800 Club"')
    response = upload(client, text.encode())
    assert response.status_code == 422
    assert "league / name" in response.get_data(as_text=True)
    assert len(league.leagues_of(uow, olga)) == 1


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "9" * 30])
def test_a_number_json_cannot_carry_is_refused_not_stored(client, uow, olga, exported, number):
    text = json.dumps(exported).replace('"table_size": 4', f'"table_size": {number}')
    response = upload(client, text.encode())
    assert response.status_code == 422
    assert "league / table_size" in response.get_data(as_text=True)
    assert len(league.leagues_of(uow, olga)) == 1


def test_house_rules_values_nested_thousands_deep_are_refused_beside_the_field(client, uow, olga):
    deep = "[" * 3000 + "]" * 3000
    form = {"name": "Deep", "preset": "Rummy", "table_size": deep}
    response = client.post("/leagues/new", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "nested more than" in page
    assert league.leagues_of(uow, olga) == []


@pytest.mark.parametrize(
    "path",
    [
        "/players/9223372036854775808",
        "/players/99999999999999999999999",
        "/nights/9223372036854775808",
        "/nights/1/tables/9223372036854775808",
    ],
)
def test_an_id_beyond_any_row_is_not_found_not_an_overflow(client, uow, olga, path):
    lid = make_league(uow, olga)
    league.set_published(uow, lid, olga, True)
    response = client.get(f"/leagues/{lid}{path}")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "<h1>Not found</h1>" in page and 'class="league-nav"' in page


@pytest.mark.parametrize("language", [[], {}, ["en"], 5, True])
def test_an_import_whose_language_is_not_text_is_refused_naming_it(
    client, uow, olga, exported, language
):
    exported["league"]["language"] = language
    response = upload(client, json.dumps(exported).encode())
    assert response.status_code == 422
    assert "league / language" in response.get_data(as_text=True)
    assert len(league.leagues_of(uow, olga)) == 1


def test_an_import_of_an_empty_league_object_is_refused_not_a_500(client, uow, olga):
    body = json.dumps({"format": "scorekeeper.league", "version": 1, "league": {}}).encode()
    response = upload(client, body)
    assert response.status_code == 422
    assert "league / name" in response.get_data(as_text=True)


def test_imported_names_and_notes_are_cleaned_as_the_forms_clean_them(client, uow, olga, exported):
    exported["league"]["name"] = "Club\rBEGIN:VEVENT\r\nUID:x"
    exported["members"][0]["name"] = " Ann\r\n  Lee\t"
    exported["schedule"] = [{"held_on": "2027-01-14", "note": "7 pm\rat\n the Crown"}]
    assert upload(client, json.dumps(exported).encode()).status_code == 303
    ids = [lid for lid, _ in league.leagues_of(uow, olga)]
    (imported,) = [lid for lid in ids if lid != exported["league"]["id"]]
    view = league.league_view(uow, imported, olga)
    assert view.name == "Club BEGIN:VEVENT UID:x"
    assert "Ann Lee" in [member.name for member in view.members]
    assert [p.note for p in league.schedule_of(uow, imported, olga)] == ["7 pm at the Crown"]
    feed = client.get(f"/leagues/{imported}/schedule.ics").data
    assert b"\r" not in feed.replace(b"\r\n", b"")
    assert feed.split(b"\r\n").count(b"BEGIN:VEVENT") == 1


@pytest.mark.parametrize("field", ["name", "member", "note"])
def test_an_imported_control_character_is_refused_by_its_path(client, uow, olga, exported, field):
    path = {"name": "league / name", "member": "members #1 / name", "note": "schedule #1 / note"}[
        field
    ]
    exported["schedule"] = [{"held_on": "2027-01-14", "note": "7 pm"}]
    if field == "name":
        exported["league"]["name"] = "Club\x07"
    elif field == "member":
        exported["members"][0]["name"] = "Ann\x1b[2J"
    else:
        exported["schedule"][0]["note"] = "7 pm\x9b"
    response = upload(client, json.dumps(exported).encode())
    assert response.status_code == 422
    assert path in response.get_data(as_text=True)
    assert len(league.leagues_of(uow, olga)) == 1


def test_a_member_name_with_a_control_character_is_refused_by_the_form(client, uow, olga):
    lid = make_league(uow, olga, names=["Ann"])
    response = client.post(f"/leagues/{lid}/members", data={"names": "Bob\x07\nCy"})
    assert response.status_code == 422
    assert "must not contain control characters" in response.get_data(as_text=True)
    assert [m.name for m in league.league_view(uow, lid, olga).members] == ["Ann"]


def test_json_errors_read_as_sentences(client, uow, olga):
    response = upload(client, b'{"format": "scorekeeper.league", "league": "Thurs')
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Unterminated string at line 1, column 44" in page and "at at" not in page


def test_a_game_setup_that_is_not_an_object_is_named_once(uow, olga, exported):
    game = {"format": "scorekeeper.game", "version": 1, "setup": [], "deals": []}
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, game)
    assert list(refused.value.errors) == ["game.setup"]


def test_pasted_names_say_which_were_skipped(client, uow, olga):
    lid = make_league(uow, olga, names=["Ann"])
    names = "\n".join([f"Player {n}" for n in range(1, 40)] + ["ann", "Player 7"])
    response = client.post(f"/leagues/{lid}/members", data={"names": names})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Added 39 members." in page
    assert "Skipped, as members already (or typed twice): ann, Player 7" in page
