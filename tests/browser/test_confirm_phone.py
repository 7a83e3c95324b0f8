"""Second-phone confirmation at a table, on phones: the phone that records cannot
confirm, an opponent's phone confirms with one tap, and the venue screen follows from
"unconfirmed" to confirmed, and back to "unconfirmed" after a correction."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV
from tests.league.support import NAMES, make_league, make_organizer, member_ids, play_out
from tests.league.support import started_night as start

pytestmark = pytest.mark.browser


def test_an_opponents_phone_confirms_the_result_and_the_screen_follows(new_phone, uow, shots):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    league.set_confirming(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]], held_on=date.today())
    table = night.tables[0]
    screen = new_phone(**VENUE_TV)  # the TV at the venue
    screen.goto(
        f"/leagues/{lid}/nights/{night.id}/screen/{league.open_screen(uow, lid, olga, night.id)}"
    )
    expect(screen.locator(".owed")).to_contain_text("Missing results: tables 1, 2")

    recorder = new_phone()
    recorder.goto(f"/games/{table.game_id}/edit/{table.edit_token}")
    play_out(uow, table)  # the deals this phone records
    expect(screen.locator(".owed")).to_contain_text("Unconfirmed: table 1")
    picture(screen, shots / "confirm-screen.png")
    # The recording phone's game page, told of the deals, reloads itself and shows the
    # confirm link's QR code (a reload by the test raced the page's own).
    prompt = recorder.locator("#confirm-prompt")
    expect(prompt.locator("svg.qr")).to_be_visible()
    picture(recorder, shots / "confirm-prompt.png")
    confirm = urlsplit(prompt.locator(".confirm-link").inner_text()).path
    recorder.goto(confirm)
    expect(recorder.locator("h1")).to_have_text("Another phone confirms")

    opponent = new_phone()
    opponent.goto(confirm)
    expect(opponent.locator(".result-totals")).to_contain_text(table.names[0])
    opponent.get_by_role("button", name="Yes, confirm this result").click()
    expect(opponent.locator("#confirm-state")).to_contain_text("Confirmed.")
    picture(opponent, shots / "confirm-phone.png")
    expect(screen.locator(".owed")).to_have_text("Missing results: table 2")
    expect(screen.locator(".screen-tables > li").first).to_contain_text("confirmed")

    names = list(table.names)
    entry = {"out": names[0], "hands": {n: 30 for n in names[1:]}}
    services.correct_deal(uow, table.game_id, table.edit_token, 1, entry)
    expect(screen.locator(".owed")).to_contain_text("Unconfirmed: table 1")
    recorder.goto(f"/games/{table.game_id}")
    expect(recorder.locator("#confirm-prompt svg.qr")).to_be_visible()
