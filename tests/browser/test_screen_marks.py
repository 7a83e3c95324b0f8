"""The venue screen at TV size marks an adjusted leader and notes why, as the standings
pages do (issue 29), and still fits a 1920x1080 screen on a night of twelve tables."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.league import adjustments
from scorekeeper.league import services as league
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV, fits
from tests.league.support import make_league, make_organizer, member_ids, play_out
from tests.league.support import started_night as start

pytestmark = pytest.mark.browser


def test_adjustment_marks_and_notes_fit_the_venue_screen(new_phone, output_dir, uow):
    club = [f"Spieler Nummer {n:02d}" for n in range(48)]
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=club)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    for table in night.tables:
        play_out(uow, table)
    winners = [table.names[0] for table in night.tables[:3]]
    for number, name in enumerate(winners, 1):
        adjustments.record_adjustment(
            uow,
            lid,
            olga,
            kind="penalty",
            night_id=night.id,
            member_id=ids[name],
            points=5,
            reason=f"Looked at the discard pile twice before drawing, warned once ({number})",
        )
    token = league.open_screen(uow, lid, olga, night.id)
    page = new_phone(**VENUE_TV)
    page.goto(f"/leagues/{lid}/nights/{night.id}/screen/{token}")
    marks = page.locator(".screen-leaders sup.mark")
    expect(marks.first).to_be_visible()
    # A note for each adjusted leader (those the penalty kept in the top ten).
    expect(page.locator(".screen-notes li")).to_have_count(marks.count())
    expect(page.locator(".screen-notes li").first).to_contain_text("Penalty points")
    picture(page, output_dir / "browser" / "venue-screen-adjustments.png")
    assert fits(page)
