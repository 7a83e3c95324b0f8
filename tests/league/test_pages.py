"""The league pages through HTTP: forms, refusals, escaping, PDFs and CSV."""

from __future__ import annotations

import csv
import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.league import services as league
from scorekeeper.service_layer import services

from .support import NAMES, login, make_league, make_organizer, member_ids, play_out, seat_night
from .support import started_night as start


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def no_inline_script_or_style(html: str) -> None:
    assert "<style" not in html
    assert " style=" not in html
    assert re.search(r"<script(?![^>]*\bsrc=)", html) is None
    assert re.search(r"<[^>]+\son[a-z]+=", html) is None


def test_a_league_is_set_up_through_the_forms(client, uow, olga):
    response = client.post(
        "/leagues/new",
        data={
            "name": "Thursday Club",
            "preset": "Crazy Gin (13 deals)",
            "options": "press = true\npress_gap = 40",
            "table_size": "4",
            "cents_per_point": "1",
            "round_to": "5",
            "mode": "pairs",
            "currency": "eur",
        },
    )
    assert response.status_code == 303
    lid = response.headers["Location"].rsplit("/", 1)[1]
    client.post(f"/leagues/{lid}/members", data={"names": "\n".join(NAMES)})
    view = league.league_view(uow, lid, olga)
    assert view.rules.variant == "thirteen"
    assert view.rules.options == {"press": True, "press_gap": 40}
    assert view.rules.stakes["currency"] == "EUR"
    assert len(view.members) == 10
    page = client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert "Crazy Gin (13 deals)" in page and "Jo" in page
    no_inline_script_or_style(page)


@pytest.mark.parametrize(
    "form",
    [
        {"name": "", "preset": "Rummy", "table_size": "4"},
        {"name": "X", "preset": "No such game", "table_size": "4"},
        {"name": "X", "preset": "Rummy", "table_size": "lots"},
        {"name": "X", "preset": "Rummy", "table_size": "4", "options": "target"},
        {"name": "X", "preset": "Rummy", "table_size": "4", "options": "target = -3"},
        {"name": "X", "variant": "rummy", "table_size": "4", "cents_per_point": "a lot"},
    ],
)
def test_bad_house_rules_are_refused_with_the_reason(client, uow, olga, form):
    response = client.post(
        "/leagues/new", data=form, headers={"Referer": "http://localhost/leagues/new"}
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/leagues/new"
    assert league.leagues_of(uow, olga) == []
    assert client.get("/leagues/new").status_code == 200


def test_a_night_is_seated_swapped_and_started_through_the_forms(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    response = client.post(
        f"/leagues/{lid}/nights",
        data={
            "held_on": "2026-03-05",
            "method": "rotating",
            "present": [str(ids[n]) for n in NAMES[:9]],
        },
    )
    assert response.status_code == 303
    night_path = response.headers["Location"]
    night_id = int(night_path.rsplit("/", 1)[1])
    _, night = league.night_view(uow, lid, olga, night_id)
    a, b = night.tables[0].seats[0], night.tables[2].seats[1]
    client.post(f"{night_path}/swap", data={"first": a.member_id, "second": b.member_id})
    _, night = league.night_view(uow, lid, olga, night_id)
    assert night.tables[0].seats[0].member_id == b.member_id
    assert client.post(f"{night_path}/start").status_code == 303
    page = client.get(night_path).get_data(as_text=True)
    _, night = league.night_view(uow, lid, olga, night_id)
    for table in night.tables:
        assert f"/games/{table.game_id}/edit/{table.edit_token}" in page
    no_inline_script_or_style(page)


@pytest.mark.parametrize(
    "form",
    [
        {"held_on": "yesterday", "method": "random"},
        {"held_on": "2026-03-05", "method": "alphabetical"},
        {"held_on": "2026-03-05", "method": "random", "present": ["999999"]},
        {"held_on": "2026-03-05", "method": "random", "present": ["x", "-1"]},
    ],
)
def test_a_bad_night_is_refused_without_an_error_page(client, uow, olga, form):
    lid = make_league(uow, olga)
    response = client.post(f"/leagues/{lid}/nights", data=form)
    assert response.status_code == 303
    assert league.league_view(uow, lid, olga).nights == ()


def test_paper_totals_and_closing_a_table_through_the_forms(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:6]])
    first, second = night.tables
    base = f"/leagues/{lid}/nights/{night.id}/tables"
    totals = {f"total.{name}": str(10 * i) for i, name in enumerate(first.names)}
    assert client.post(f"{base}/1/totals", data=totals).status_code == 303
    bad = client.post(f"{base}/1/totals", data={f"total.{first.names[0]}": "ten"})
    assert bad.status_code == 303
    one = {"out": second.names[0], "hands": {second.names[1]: 3, second.names[2]: 4}}
    services.record_deal(uow, second.game_id, second.edit_token, one)
    client.post(f"{base}/2/close", data={"closed": "1"})
    page = client.get(f"{base}/1").get_data(as_text=True)
    assert "from paper (totals only)" in page
    _, table = league.league_standings(uow, lid, olga, None)
    by_name = {line.name: line for line in table.lines}
    assert by_name[first.names[2]].wins == 1 and by_name[first.names[2]].points == 20
    assert by_name[second.names[0]].wins == 1


def test_player_names_are_escaped_everywhere(client, uow, olga):
    names = ["<script>alert(1)</script>", "Bob", "Cy"]
    lid = make_league(uow, olga, names=names)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    play_out(uow, night.tables[0])
    paths = [
        f"/leagues/{lid}",
        f"/leagues/{lid}/nights/{night.id}",
        f"/leagues/{lid}/nights/{night.id}/tables/1",
        f"/leagues/{lid}/standings",
        f"/leagues/{lid}/players/{ids[names[0]]}",
    ]
    for path in paths:
        page = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path


def test_the_standings_page_pdf_and_csv_agree(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    for table in night.tables:
        play_out(uow, table)
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    no_inline_script_or_style(page)
    pdf = client.get(f"/leagues/{lid}/standings.pdf")
    assert pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    rows = list(csv.reader(io.StringIO(client.get(f"/leagues/{lid}/standings.csv").text)))
    assert rows[0][:4] == ["place", "player", "games", "wins"]
    assert len(rows) == 10
    for row in rows[1:]:
        assert row[1] in page and row[1] in text
    winners = {t.names[0] for t in night.tables}
    assert {row[1] for row in rows[1:4]} == winners


def test_the_print_pack_has_a_seating_list_and_a_page_per_table(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    response = client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf")
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert len(reader.pages) >= 1 + 1 + 3 + 1  # seating, name index, 3 pads, result slips
    text = pdf_text(response.data)
    for table in night.tables:
        assert f"Table {table.number}" in text
        assert all(name in text for name in table.names)


def test_the_nights_played_sheets_print_as_one_pdf_on_the_paper_asked(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    path = f"/leagues/{lid}/nights/{night.id}/sheets.pdf"
    nothing = client.get(path)
    assert nothing.status_code == 303  # no deal yet: sent back with the reason
    for table in night.tables:
        play_out(uow, table)
    response = client.get(path, query_string={"page_size": "letter"})
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert len(reader.pages) >= 3
    assert {round(float(page.mediabox.width)) for page in reader.pages} == {612}  # Letter
    text = pdf_text(response.data)
    assert all(name in text for table in night.tables for name in table.names)
    assert client.get(path, query_string={"page_size": "A0"}).status_code == 400


def test_the_pack_waits_until_play_has_started(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[n] for n in NAMES[:3]])
    response = client.get(f"/leagues/{lid}/nights/{night_id}/pack.pdf")
    assert response.status_code == 303


def test_an_unknown_league_night_or_table_is_not_found(client, uow, olga):
    lid = make_league(uow, olga)
    assert client.get("/leagues/nope").status_code == 404
    assert client.get(f"/leagues/{lid}/nights/999").status_code == 404
    assert client.get(f"/leagues/{lid}/players/999").status_code == 404
    assert client.get("/leagues/games/nope.json").status_code == 404
