"""The director's page through HTTP, and what it adds to the standings pages and PDFs:
adjustment marks and reasons, the handicap standing, a closed season's certificates."""

from __future__ import annotations

import io
from datetime import date

import pytest
from pypdf import PdfReader

from scorekeeper.league import adjustments, director, seasons
from scorekeeper.league import services as league
from tests.printing.support import assert_no_overlapping_text

from .support import (
    LONG_NAMES,
    NAMES,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    published_night_of_eight,
)
from .support import started_night as start


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def played(uow, olga):
    return published_night_of_eight(uow, olga)


def test_an_adjustment_shows_with_its_mark_and_reason_everywhere(client, played):
    lid, ids, night = played
    assert client.get(f"/leagues/{lid}/director").status_code == 200
    refused = client.post(
        f"/leagues/{lid}/adjustments",
        data={"kind": "penalty", "night": night.id, "member": ids["Ann"], "points": "10"},
    )
    assert refused.status_code == 422
    assert "say why, in 1 to 200 characters on one line" in refused.get_data(as_text=True)
    response = client.post(
        f"/leagues/{lid}/adjustments",
        data={
            "kind": "penalty",
            "night": night.id,
            "member": ids["Ann"],
            "points": "10",
            "reason": "Looked at the discard pile <twice>",
        },
    )
    assert response.status_code == 303
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert "Looked at the discard pile &lt;twice&gt;" in page and "†1" in page
    public = client.get(f"/leagues/{lid}/public").get_data(as_text=True)
    assert "Looked at the discard pile &lt;twice&gt;" in public
    text = pdf_text(client.get(f"/leagues/{lid}/standings.pdf").data)
    assert "Looked at the discard pile <twice>" in text and "10 penalty points" in text
    director = client.get(f"/leagues/{lid}/director").get_data(as_text=True)
    assert "by Olga" in director


def test_the_handicap_standing_is_on_the_page_and_in_print(client, played):
    lid, _, _ = played
    response = client.post(
        f"/leagues/{lid}/handicap", data={"handicap": "1", "handicap_nights": "6"}
    )
    assert response.status_code == 303
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert "Handicap standing" in page and "With handicap" in page
    assert "Handicap standing" in client.get(f"/leagues/{lid}/public").get_data(as_text=True)
    assert "Handicap standing" in pdf_text(client.get(f"/leagues/{lid}/standings.pdf").data)
    refused = client.post(
        f"/leagues/{lid}/handicap", data={"handicap": "1", "handicap_nights": "0"}
    )
    assert refused.status_code == 422


def test_a_closed_season_prints_a_certificate_per_winner(client, played, uow, olga):
    lid, _, _ = played
    response = client.post(
        f"/leagues/{lid}/seasons/close", data={"season": "2026", "next_season": "2027"}
    )
    assert response.status_code == 303
    director = client.get(f"/leagues/{lid}/director").get_data(as_text=True)
    assert "Certificate (PDF)" in director
    standings = client.get(f"/leagues/{lid}/standings?season=2026").get_data(as_text=True)
    assert "Season closed on" in standings
    page = seasons.seasons_page(uow, lid, olga)
    (closed,) = page.closed
    award = next(a for a in closed.awards if a.kind == "most_wins")
    member_id, name = award.winners[0]
    pdf = client.get(f"/leagues/{lid}/seasons/2026/certificates/most_wins/{member_id}.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    assert "Certificate" in text and "Most wins" in text and name in text
    assert "Thursday Club, season 2026" in text and "1 game won" in text
    reader = PdfReader(io.BytesIO(pdf.data))
    assert reader.trailer["/Root"]["/Lang"] == "en"
    assert figures_alt(reader) == ["A trophy"]
    assert (
        client.get(f"/leagues/{lid}/seasons/2026/certificates/most_wins/999.pdf").status_code == 404
    )


def figures_alt(reader) -> list[str]:
    found, stack = [], [reader.trailer["/Root"]["/StructTreeRoot"].get_object()]
    while stack:
        node = stack.pop()
        if node.get("/S") == "/Figure":
            found.append(str(node.get("/Alt", "")))
        kids = node.get("/K", [])
        for kid in kids if isinstance(kids, list) else [kids]:
            kid = kid.get_object() if hasattr(kid, "get_object") else kid
            if hasattr(kid, "get"):
                stack.append(kid)
    return found


def test_only_the_leagues_organizers_may_direct(client, played, uow):
    lid, ids, night = played
    make_organizer(uow, email="other@example.org", name="Otto")
    client.post("/account/logout")
    assert client.get(f"/leagues/{lid}/director").status_code == 302
    login(client, "other@example.org")
    assert client.get(f"/leagues/{lid}/director").status_code == 403
    response = client.post(
        f"/leagues/{lid}/adjustments",
        data={"kind": "forfeit", "night": night.id, "member": ids["Ann"], "reason": "No"},
    )
    assert response.status_code == 403
    assert (
        client.post(
            f"/leagues/{lid}/seasons/close", data={"season": "2026", "next_season": "x"}
        ).status_code
        == 403
    )


def test_a_season_named_with_a_slash_has_its_certificates(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = league.create_night(
        uow,
        lid,
        olga,
        held_on=date(2026, 9, 3),
        season="2026/27",
        present=[ids[n] for n in NAMES[:4]],
        method="random",
    )
    league.start_night(uow, lid, olga, night_id)
    _, night = league.night_view(uow, lid, olga, night_id)
    play_out(uow, night.tables[0], 2)
    given = seasons.close_season(uow, lid, olga, season="2026/27", next_season="2027/28")
    member_id, name = given[0].winners[0]
    director = client.get(f"/leagues/{lid}/director").get_data(as_text=True)
    url = f"/leagues/{lid}/seasons/2026/27/certificates/{given[0].kind}/{member_id}.pdf"
    assert url in director
    assert name in pdf_text(client.get(url).data)


def test_a_certificate_is_read_as_the_standings_are(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:4]], held_on=date(2026, 3, 5))
    play_out(uow, night.tables[0], 0)
    (award, *_) = seasons.close_season(uow, lid, olga, season="2026", next_season="2027")
    url = f"/leagues/{lid}/seasons/2026/certificates/{award.kind}/{award.winners[0][0]}.pdf"
    assert client.get(url).status_code == 200
    client.post("/account/logout")
    assert client.get(url).status_code == 404
    make_organizer(uow, email="other@example.org", name="Otto")
    login(client, "other@example.org")
    assert client.get(url).status_code == 404
    league.set_published(uow, lid, olga, True)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("language", ["de", "hi", "pl"])
def test_the_printed_handicap_standing_and_notes_print_over_nothing(
    client, uow, olga, tmp_path, language
):
    lid = make_league(uow, olga, names=LONG_NAMES[:8])
    league_ids = list(member_ids(uow, lid, olga).values())
    director.set_handicap(uow, lid, olga, enabled=True, nights=6)
    for n, day in enumerate((date(2026, 3, 5), date(2026, 3, 12))):
        night = start(uow, lid, olga, league_ids, held_on=day)
        for table in night.tables:
            play_out(uow, table, n)
    for member in league_ids[:3]:
        adjustments.record_adjustment(
            uow,
            lid,
            olga,
            kind="penalty",
            night_id=night.id,
            member_id=member,
            points=20,
            reason="Langsames Spiel nach zwei Verwarnungen " * 4,
        )
    for size in ("A4", "Letter"):
        pdf = client.get(
            f"/leagues/{lid}/standings.pdf?page_size={size}",
            headers={"Accept-Language": language},
        ).data
        assert_no_overlapping_text(pdf, tmp_path)
