"""Issue 23, findings 1, 2 and 6: every PDF's work is bounded, made once per content
whoever reads it, and rendered in a slot a heavy PDF cannot widen past table play."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.league import services as league
from scorekeeper.printing import budget, engine
from scorekeeper.web.league import nights as league_nights
from scorekeeper.web.league import printing as league_printing
from scorekeeper.web.table import sheets
from tests.api.conftest import assert_problem
from tests.league.support import NAMES, login, make_league, make_organizer, member_ids, play_out
from tests.league.support import started_night as start_night


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def renders(monkeypatch) -> list[int]:
    """One item per PDF WeasyPrint lays out (each asks for this thread's fonts once)."""
    made: list[int] = []
    budget.forget_all()  # a PDF an earlier test of this process made is not this one's
    fonts = engine.font_config
    monkeypatch.setattr(engine, "font_config", lambda: made.append(1) or fonts())
    return made


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


@pytest.fixture
def played_night(uow, olga):
    """A league's night of three tables, each game played out (two deals a table)."""
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start_night(uow, lid, olga, [ids[name] for name in NAMES[:9]])
    for table in night.tables:
        play_out(uow, table)
    return lid, night


# ---------------------------------------------------------------- 6: one sheet, any reader


def test_a_games_sheet_is_made_once_for_every_reader_of_its_language(client, start, renders):
    game = start()
    game.record({"out": "Ann", "hands": {"Bob": 5, "Cy": 7}})
    readers = ["en-US", "en-GB", "en-AU", "en-CA", "en-IN", "en-NZ", "en-IE", "en-ZA"]
    bodies = {
        client.get(f"/games/{game.id}/sheet.pdf", headers={"Accept-Language": reader}).data
        for reader in readers
    }
    assert len(bodies) == 1
    assert len(renders) == 1


# ---------------------------------------------------------------- 1: the standings


def test_the_printed_standings_stop_at_their_bound_and_say_how_many_more(
    client, played_night, monkeypatch
):
    lid, _night = played_night
    monkeypatch.setattr(league_printing, "PRINTED_MAX_LINES", 4)
    text = pdf_text(client.get(f"/leagues/{lid}/standings.pdf").data)
    printed = [name for name in NAMES if f" {name} 1 " in text]  # the nine who played
    assert len(printed) == 4, text
    assert "…and 5 more players: the whole table is on the league's standings page." in " ".join(
        text.split()
    )


def test_the_standings_pdf_is_made_once_for_every_reader(uow, client, olga, played_night, renders):
    lid, _night = played_night
    league.set_published(uow, lid, olga, True)
    anonymous = client.application.test_client()
    for reader in ["en-US", "en-GB", "en-AU", "en-US"]:
        answer = anonymous.get(f"/leagues/{lid}/standings.pdf", headers={"Accept-Language": reader})
        assert answer.status_code == 200
    assert len(renders) == 1


# ---------------------------------------------------------------- 2: a night's sheets


def test_a_nights_sheets_are_made_once_per_content(client, played_night, renders):
    lid, night = played_night
    path = f"/leagues/{lid}/nights/{night.id}/sheets.pdf"
    assert client.get(path).status_code == 200
    assert client.get(path, headers={"Accept-Language": "en-GB"}).status_code == 200
    assert len(renders) == 3  # one layout per table's sheet, once


def test_a_table_longer_than_a_sheet_prints_is_refused_in_the_nights_sheets(
    client, played_night, monkeypatch, renders
):
    lid, night = played_night
    monkeypatch.setattr(sheets, "SHEET_MAX_DEALS", 1)
    path = f"/leagues/{lid}/nights/{night.id}/sheets.pdf"
    refused = client.get(path, headers={"Referer": f"http://localhost/leagues/{lid}"})
    assert refused.status_code == 303
    page = client.get(refused.location).get_data(as_text=True)
    assert "has 2 deals; a sheet prints at most 1." in page
    assert renders == []


def test_a_night_with_more_deals_than_one_pdf_prints_is_refused(
    client, played_night, monkeypatch, renders
):
    lid, night = played_night
    monkeypatch.setattr(league_nights, "NIGHT_MAX_DEALS", 5)
    refused = client.get(
        f"/leagues/{lid}/nights/{night.id}/sheets.pdf",
        headers={"Referer": f"http://localhost/leagues/{lid}"},
    )
    assert refused.status_code == 303
    page = client.get(refused.location).get_data(as_text=True)
    assert "The night&#39;s games have 6 deals; one PDF prints at most 5." in page
    assert renders == []


def test_a_night_with_more_tables_than_one_pdf_prints_is_refused(
    client, played_night, monkeypatch, renders
):
    lid, night = played_night
    monkeypatch.setattr(league_nights, "NIGHT_MAX_TABLES", 2)
    for pdf in ("sheets.pdf", "pack.pdf"):
        refused = client.get(
            f"/leagues/{lid}/nights/{night.id}/{pdf}",
            headers={"Referer": f"http://localhost/leagues/{lid}"},
        )
        assert refused.status_code == 303
        page = client.get(refused.location).get_data(as_text=True)
        assert "This night has 3 tables; one PDF prints at most 2." in page
    assert renders == []


# ---------------------------------------------------------------- the render slot


def test_a_pdf_asked_for_while_the_slot_is_busy_is_a_503_that_retries(client, start):
    game = start()
    slot = budget.slots()
    assert slot.acquire(blocking=False)  # another thread is making a PDF
    try:
        page = client.get(f"/games/{game.id}/sheet.pdf")
        assert page.status_code == 503
        assert page.headers["Retry-After"] == str(budget.RETRY_AFTER_SECONDS)
        assert page.headers["Refresh"] == str(budget.RETRY_AFTER_SECONDS)
        assert "Another PDF is being made just now" in page.get_data(as_text=True)
        problem = assert_problem(client.get(f"/api/v1/games/{game.id}/sheet.pdf"), 503)
        assert problem["title"] == "Service Unavailable"
    finally:
        slot.release()
    again = client.get(f"/games/{game.id}/sheet.pdf")
    assert again.status_code == 200 and again.mimetype == "application/pdf"
