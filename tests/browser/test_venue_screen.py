"""The venue screen on a 1920x1080 TV: 12 tables of 4 (some with 40-character accented
names), nothing to scroll, and a result on the wall soon after its tap (measured and
written to the test output, not asserted: a loaded machine must not fail it)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from scorekeeper.league import services as league
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV, fits
from tests.league.support import make_league, make_organizer, member_ids, play_out
from tests.league.support import started_night as start

pytestmark = pytest.mark.browser

LONG = "Anaïs-Géraldine Wójcik-Łukasiewicz Ávila"  # 40 characters
CLUB = [f"{LONG[:37]} {n:02d}" if n % 4 == 0 else f"Spieler Nummer {n:02d}" for n in range(48)]


def test_twelve_tables_fit_the_venue_screen_and_a_result_shows_on_it(new_phone, output_dir, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=CLUB)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    assert len(night.tables) == 12
    token = league.open_screen(uow, lid, olga, night.id)
    page = new_phone(**VENUE_TV)
    page.goto(f"/leagues/{lid}/nights/{night.id}/screen/{token}")
    expect(page.locator(".screen-tables > li")).to_have_count(12)

    picture(page, output_dir / "browser" / "venue-screen.png", across_the_room=True)
    assert fits(page)

    recorded = time.monotonic()
    play_out(uow, night.tables[0])
    expect(page.locator(".glance-count")).to_contain_text("1 of 12")
    seen = time.monotonic() - recorded
    (output_dir / "browser" / "venue-screen-delay.txt").write_text(f"{seen:.2f} s\n")
    first = page.locator(".screen-tables > li").first
    expect(first).to_have_class("state-finished")
