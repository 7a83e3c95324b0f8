"""What the director adds, wherever the league is read (issue 29): the handicap standing
in the standings CSV and on each player's page, adjustment marks on the venue screen,
each table's confirm link on its slip in the printed pack."""

from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.league import adjustments, director
from scorekeeper.league import services as league
from tests.printing.support import assert_no_overlapping_text, flat, link_targets, pages, words

from .support import (
    NAMES,
    login,
    make_league,
    make_organizer,
    member_ids,
    published_night_of_eight,
)
from .support import started_night as start


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


@pytest.fixture
def played(uow, olga):
    return published_night_of_eight(uow, olga)


def csv_rows(client, lid) -> list[dict[str, str]]:
    body = client.get(f"/leagues/{lid}/standings.csv").data.decode()
    return list(csv.DictReader(io.StringIO(body)))


def test_the_standings_csv_carries_the_handicap_standing(client, uow, olga, played):
    lid, _, night = played
    assert "handicapped" not in csv_rows(client, lid)[0]  # none kept: no empty columns
    director.set_handicap(uow, lid, olga, enabled=True, nights=6)
    _, table = league.league_standings(uow, lid, olga, None)
    by_name = {line.name: line for line in table.handicap}
    rows = csv_rows(client, lid)
    assert rows and all(row["player"] in by_name for row in rows)
    for row in rows:
        line = by_name[row["player"]]
        assert row["handicap_place"] == str(line.place)
        assert row["handicap_nights"] == "1"
        assert float(row["handicap_average"]) == pytest.approx(line.average, abs=0.01)
        assert float(row["handicapped"]) == pytest.approx(line.handicapped, abs=0.01)
        assert float(row["handicap"]) == pytest.approx(line.handicap, abs=0.01)
    winner = night.tables[0].names[0]  # beat everyone at the table: 100 %
    assert float(next(row for row in rows if row["player"] == winner)["handicap_average"]) == 100


def test_a_players_page_shows_their_handicap(client, uow, olga, played):
    lid, ids, night = played
    winner = night.tables[0].names[0]
    page = client.get(f"/leagues/{lid}/players/{ids[winner]}").get_data(as_text=True)
    assert "Handicap standing" not in page
    director.set_handicap(uow, lid, olga, enabled=True, nights=6)
    page = client.get(f"/leagues/{lid}/players/{ids[winner]}").get_data(as_text=True)
    assert "Handicap standing" in page
    assert "<dt>With handicap</dt><dd>100.0</dd>" in page
    assert "<dt>Handicap now</dt><dd>-50.0</dd>" in page  # 50 less 100 %
    client.post("/account/logout")  # a published league's player page, read by anyone
    public = client.get(f"/leagues/{lid}/players/{ids[winner]}").get_data(as_text=True)
    assert "<dt>Handicap now</dt><dd>-50.0</dd>" in public


def test_the_venue_screen_marks_an_adjusted_leader_and_notes_why(client, uow, olga, played):
    lid, ids, night = played
    token = league.open_screen(uow, lid, olga, night.id)
    path = f"/leagues/{lid}/nights/{night.id}/screen/{token}"
    board = client.get(f"{path}/board")
    assert "†" not in board.text
    adjustments.record_adjustment(
        uow,
        lid,
        olga,
        kind="penalty",
        night_id=night.id,
        member_id=ids["Ann"],
        points=10,
        reason="Looked at the discard pile",
    )
    # The screen polls with its version: an adjustment is news to it.
    after = client.get(f"{path}/board", headers={"If-None-Match": board.headers["ETag"]})
    assert after.status_code == 200
    page = client.get(path).text
    for shown in (after.text, page):
        assert 'Ann<sup class="mark">†1</sup>' in shown
        assert "†1 Ann: Penalty points · Looked at the discard pile" in shown


def test_the_pack_prints_each_tables_confirm_link_on_its_slip(client, uow, olga, tmp_path):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]])
    pack = f"/leagues/{lid}/nights/{night.id}/pack.pdf"
    assert "Second phone" not in words(client.get(pack).data, tmp_path)  # not confirming
    league.set_confirming(uow, lid, olga, True)

    body = client.get(pack).data

    slips = flat(pages(body, tmp_path, "-raw")[-1])  # the tables' slips, on one page
    for table in night.tables:
        token = league.confirm_link(uow, lid, olga, night.id, table.number)
        address = f"/leagues/{lid}/nights/{night.id}/tables/{table.number}/confirm/{token}"
        assert f"http://localhost{address}" in link_targets(body)  # the QR code's
        assert address in slips.replace(" ", "")  # printed to type in (it may wrap)
        assert f"Result slip: Table {table.number}" in slips
    assert slips.count("Second phone, not the one scoring: scan to confirm the result") == 2
    assert "Final total" not in slips  # scored on phones: nothing to write on them
    assert_no_overlapping_text(body, tmp_path)
