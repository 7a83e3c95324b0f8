"""The venue screen: a long link with no login that shows tonight's tables and follows
them, which the organizer can replace or close."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.league import screen
from scorekeeper.league import services as league
from tests.printing.support import link_targets

from .support import (
    LONG_NAMES,
    NAMES,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    wrong_by_one,
)
from .support import started_night as start


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def screen_path(client, lid: str, night_id: int) -> str:
    page = client.get(f"/leagues/{lid}/nights/{night_id}").text
    (url,) = re.findall(r'<a href="([^"]+)" class="screen-link">', page)
    return url.split("localhost", 1)[-1]


def test_the_screen_shows_the_nights_tables_and_follows_a_result(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:9]])
    assert client.post(f"/leagues/{lid}/nights/{night.id}/screen").status_code == 303
    path = screen_path(client, lid, night.id)
    client.post("/account/logout")  # the TV at the venue has no login

    page = client.get(path)

    assert page.status_code == 200 and page.headers["Referrer-Policy"] == "no-referrer"
    for table in night.tables:
        assert f"Table {table.number}" in page.text
        for name in table.names:
            assert name in page.text
    board = client.get(f"{path}/board")
    assert (
        client.get(f"{path}/board", headers={"If-None-Match": board.headers["ETag"]}).status_code
        == 304
    )
    play_out(uow, night.tables[0])
    after = client.get(f"{path}/board", headers={"If-None-Match": board.headers["ETag"]})
    assert after.status_code == 200 and "1 of" in after.text and "finished" in after.text


def test_a_new_link_stops_the_old_one_and_closing_stops_every_link(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:4]])
    client.post(f"/leagues/{lid}/nights/{night.id}/screen")
    first = screen_path(client, lid, night.id)
    client.post(f"/leagues/{lid}/nights/{night.id}/screen")
    second = screen_path(client, lid, night.id)

    assert first != second
    assert client.get(first).status_code == 404
    assert client.get(second).status_code == 200
    client.post(f"/leagues/{lid}/nights/{night.id}/screen/close")
    assert client.get(second).status_code == 404
    assert client.get(f"{second}/board").status_code == 404
    assert 'class="screen-link"' not in client.get(f"/leagues/{lid}/nights/{night.id}").text
    # A link of one night never opens another.
    other = start(uow, lid, olga, [ids[name] for name in NAMES[4:8]])
    token = second.rsplit("/", 1)[1]
    assert client.get(f"/leagues/{lid}/nights/{other.id}/screen/{token}").status_code == 404


def test_the_pack_carries_the_open_screens_qr_code_and_address(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:9]])
    pack = f"/leagues/{lid}/nights/{night.id}/pack.pdf"
    closed = client.get(pack).data
    assert "Venue screen" not in PdfReader(io.BytesIO(closed)).pages[0].extract_text()

    token = league.open_screen(uow, lid, olga, night.id)
    body = client.get(pack).data
    seating = PdfReader(io.BytesIO(body)).pages[0].extract_text()
    assert "Venue screen: open it on the TV or projector" in " ".join(seating.split())
    # The address, printed to type in (it may break across lines).
    assert f"/nights/{night.id}/screen/{token}" in "".join(seating.split())
    opened = f"http://localhost/leagues/{lid}/nights/{night.id}/screen/{token}"
    assert opened in link_targets(body)

    league.close_screen(uow, lid, olga, night.id)
    assert opened not in link_targets(client.get(pack).data)


def test_a_big_nights_names_are_shortened_apart_and_the_alike_ones_keyed():
    long = "Anaïs-Géraldine Wójcik-Łukasiewicz Ávila"  # 40 characters
    names = [f"{long[:36]} {n:03d}" for n in range(100)] + ["Maria Kowalska", "Maria Kowalski"]
    alike = ["Katarzyna Nowak-Kowalczyk", "Katarzyna Nowicka-Kowalczyk"]

    short, key = screen.shortened([*names, *alike], screen.name_room(50))

    assert all(len(shown) <= 12 for shown in short.values())
    assert len(set(short.values())) == len(names) + 2  # each told apart
    assert short["Maria Kowalska"] != short["Maria Kowalski"]
    assert dict(key) == {short[name]: name for name in alike}  # the alike ones, numbered
    assert screen.shortened(names, screen.name_room(12)) == ({name: name for name in names}, ())


def test_the_side_columns_leaders_keep_a_long_name_to_a_line_and_its_end(client, uow, olga):
    """Ten leaders of 40 characters wrapped to three lines each ran the side column past a
    1080-line screen's foot: the side lists shorten names, keeping their ends apart."""
    lid = make_league(uow, olga, names=LONG_NAMES[:8])
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    for table in night.tables:
        play_out(uow, table)
    client.post(f"/leagues/{lid}/nights/{night.id}/screen")
    page = client.get(screen_path(client, lid, night.id)).text

    (leaders,) = re.findall(r'<table class="screen-leaders">(.*?)</table>', page, re.S)
    shown = re.findall(r"<tr><td>\d+</td><td>([^<]+)", leaders)
    assert shown and all(len(name) <= screen.SIDE_ROOM for name in shown)
    assert len(set(shown)) == len(shown)  # the numbers at the names' ends tell them apart
    assert all(name[-2:] in {full[-2:] for full in LONG_NAMES} for name in shown)


def test_without_the_stream_process_the_app_streams_the_screen_itself(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:4]])
    token = league.open_screen(uow, lid, olga, night.id)
    base = f"/leagues/{lid}/nights/{night.id}/screen"
    assert client.get(f"{base}/{wrong_by_one(token)}/events").status_code == 404

    answer = client.get(f"{base}/{token}/events?since=older")
    try:
        assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
        chunks = iter(answer.response)
        assert next(chunks) == b"retry: 1000\n\n"
        version = league.screen_version(uow, lid, night.id, token)
        assert next(chunks) == f"event: version\ndata: {version}\n\n".encode()  # at once
    finally:
        answer.close()
