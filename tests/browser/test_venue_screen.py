"""The venue screen on a 1920x1080 TV: 12 tables of 4 (some with 40-character accented
names), nothing to scroll, and a result on the wall soon after its tap (measured and
written to the test output, not asserted: a loaded machine must not fail it)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from bench.bench_streams import start_streams
from scorekeeper.league import services as league
from scorekeeper.web.league import screen as league_screen
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV, fits
from tests.conftest import SECRET_KEY
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


@pytest.fixture
def streams(database_url, tmp_path):
    """The event stream process (make serve's) on the test database, the app's key."""
    env = {
        "SCOREKEEPER_DATABASE_URL": database_url,
        "SCOREKEEPER_SECRET_KEY": SECRET_KEY,
        "SCOREKEEPER_TESTING": "true",
    }
    server = start_streams(tmp_path / "streams", tmp_path / "streams.log", env)
    yield server
    server.kill()


def test_fifty_tables_fit_or_turn_and_a_result_is_pushed_to_the_screen(
    new_phone, output_dir, app, uow, streams, monkeypatch
):
    # The poll rests for ten minutes: what reaches the screen came by its stream.
    monkeypatch.setattr(league_screen, "SCREEN_POLL_MS", 600_000)
    monkeypatch.setattr(league_screen, "SCREEN_TURN_MS", 300)
    app.config["PUSH_PORT"] = streams.port
    olga = make_organizer(uow)
    club = [f"{LONG[:36]} {n:03d}" if n % 4 == 0 else f"Spieler Nummer {n:03d}" for n in range(200)]
    lid = make_league(uow, olga, names=club)
    night = start(uow, lid, olga, list(member_ids(uow, lid, olga).values()))
    assert len(night.tables) == 50
    token = league.open_screen(uow, lid, olga, night.id)
    page = new_phone(**VENUE_TV)
    page.goto(f"/leagues/{lid}/nights/{night.id}/screen/{token}")
    tables = page.locator(".screen-tables > li")
    expect(tables).to_have_count(50)
    board = page.locator("#board")
    expect(board).to_have_attribute("data-pages", re.compile(r"\d+"))
    if board.get_attribute("data-pages") == "1":
        assert fits(page)
    else:  # too many even so: the pages turn by themselves
        expect(board).to_have_attribute("data-page", "2")
    picture(page, output_dir / "browser" / "venue-screen-50.png", across_the_room=True)

    recorded = time.monotonic()
    play_out(uow, night.tables[0])
    expect(page.locator(".glance-count")).to_contain_text("1 of 50")
    seen = time.monotonic() - recorded
    (output_dir / "browser" / "venue-screen-50-delay.txt").write_text(f"{seen:.2f} s pushed\n")
    first = tables.first
    expect(first).to_have_class("state-finished")
    expect(first.locator(".total").first).to_have_text(re.compile(r"-?\d+"))

    # A smaller screen: the tables no longer fit, and the pages turn by themselves.
    page.set_viewport_size({"width": 1280, "height": 720})
    expect(board).not_to_have_attribute("data-pages", "1")
    expect(board).to_have_attribute("data-page", "2")
    expect(page.locator(".page-turn")).to_have_text(re.compile(r"2/\d+"))
