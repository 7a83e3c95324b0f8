"""A night's print pack is kept by what it shows (the night's tables, names, links, the
reader's language and paper), not by its HTML: asked again it is found without its HTML
being made in the web, and whatever changes what it shows makes a new one."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.league import services as league
from tests.tiers import SLOW

from .support import LONG_NAMES, login, make_league, make_organizer, member_ids
from .support import started_night as start


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def text_of(body: bytes) -> str:
    pages = PdfReader(io.BytesIO(body)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def a_started_night(uow, olga):
    lid = make_league(uow, olga, names=LONG_NAMES)
    ids = member_ids(uow, lid, olga)
    return lid, start(uow, lid, olga, [ids[name] for name in LONG_NAMES])


def test_a_pack_asked_again_is_found_without_its_html_being_made(client, uow, olga, made):
    lid, night = a_started_night(uow, olga)
    path = f"/leagues/{lid}/nights/{night.id}/pack.pdf"
    first = client.get(path)
    assert first.status_code == 200 and "pad.html" in made
    made.clear()
    again = client.get(path)
    assert again.status_code == 200 and again.data == first.data
    assert "pad.html" not in made
    # Another paper size is another PDF, made once.
    letter = client.get(f"{path}?page_size=Letter")
    assert letter.status_code == 200 and letter.data != first.data
    assert made.count("pad.html") == 1


# Slow tier (tests/tiers.py): the pack asked again (above) and tests/printing/test_pack.py
# stand for it.
@SLOW
def test_what_changes_on_a_started_night_shows_in_its_next_pack(client, uow, olga):
    lid, night = a_started_night(uow, olga)
    path = f"/leagues/{lid}/nights/{night.id}/pack.pdf"
    before = text_of(client.get(path).data)
    assert "Result slip" not in before and "Standings and results" not in before
    league.set_source(uow, lid, olga, night.id, 2, "paper_deals")
    slip = text_of(client.get(path).data)
    assert "Result slip: Table 2" in slip and "Result slip: Table 1" not in slip
    league.set_published(uow, lid, olga, True)
    published = text_of(client.get(path).data)
    assert "Standings and results" in published and "Result slip: Table 2" in published
