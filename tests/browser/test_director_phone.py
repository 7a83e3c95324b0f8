"""The director on a phone, in German: penalty points recorded with their reason through
the form, shown with a mark in the standings beside the handicap standing, the season
closed with a certificate to print; no accessibility violation, every page fits."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from scorekeeper.league import director
from scorekeeper.league import services as league
from tests.browser.axe import assert_no_violations
from tests.browser.phone import Phone
from tests.browser.support import submit
from tests.league.support import (
    NAMES,
    PASSWORD,
    make_league,
    make_organizer,
    member_ids,
    play_out,
)
from tests.league.support import started_night as start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): tests/league/test_director_pages.py through the test client
# stands for it.
@SLOW
def test_an_adjustment_and_a_closed_season_on_a_phone(new_phone, shots, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    director.set_handicap(uow, lid, olga, enabled=True, nights=6)
    ids = member_ids(uow, lid, olga)
    for n, day in enumerate((date(2026, 3, 5), date(2026, 3, 12))):
        night = start(uow, lid, olga, [ids[x] for x in NAMES[:8]], held_on=day)
        for table in night.tables:
            play_out(uow, table, n)
    phone = Phone(new_phone(locale="de-DE"), shots)
    page = phone.page
    page.goto("/account/login")
    page.fill("input[name=email]", "org@example.org")
    page.fill("input[name=password]", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/leagues/")
    page.goto(f"/leagues/{lid}/director")

    page.get_by_label("Art").select_option(label="Strafpunkte")
    page.locator("select[name=member]").select_option(label="Ann")
    page.locator("input[name=points]").fill("15")
    page.locator("input[name=reason]").fill("Langsames Spiel nach zwei Verwarnungen")
    submit(page, "Korrektur eintragen")
    expect(page.locator("ul.adjustments")).to_contain_text("Langsames Spiel")
    expect(page.locator("ul.adjustments")).to_contain_text("von Olga")
    assert_no_violations(page)
    phone.shot("director-de")

    page.goto(f"/leagues/{lid}/standings")
    ann = page.locator("table.standings tbody tr", has_text="Ann").first
    expect(ann.locator("sup.mark")).to_have_text("†1")
    expect(page.locator("#adjustment-1")).to_contain_text("15 Strafpunkte")
    expect(page.locator("section.handicap")).to_contain_text("Tabelle mit Handicap")
    assert_no_violations(page)
    phone.shot("standings-handicap-de")

    page.goto(f"/leagues/{lid}/director")
    page.locator("input[name=next_season]").fill("2027")
    submit(page, "Saison abschließen")
    expect(page.get_by_role("link", name="Urkunde (PDF)").first).to_be_visible()
    assert_no_violations(page)
    phone.shot("seasons-de")
    view = league.league_view(uow, lid, olga)
    assert view.current_season == "2027"
