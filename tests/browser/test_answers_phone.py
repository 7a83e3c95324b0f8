"""A member says they are coming from their own link on a phone, in Polish, with a
long accented name: one tap per night, the answer shown pressed, no accessibility
violation, and the page fits the screen."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from scorekeeper.league import services as league
from tests.browser.axe import assert_no_violations
from tests.browser.phone import Phone
from tests.league.support import make_league, make_organizer

pytestmark = pytest.mark.browser

NAME = "Brzęczyszczykiewicz-Łukasiewicz Żaneta"


def test_a_member_answers_for_two_nights_with_a_tap_each(new_phone, shots, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=[NAME, "Ann", "Bob"])
    soon = date.today() + timedelta(days=2)
    plan = league.read_plan(
        [],
        first=soon.isoformat(),
        weeks="2",
        starts_at="19:30",
        time_zone="Europe/Warsaw",
        capacity="2",
    )
    league.plan_nights(uow, lid, olga, plan, "Przynieś długopis", "Kawiarnia Pod Koroną")
    links = {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}
    first, second = (p.id for p in league.schedule_of(uow, lid, olga))
    for name in ("Ann", "Bob"):  # the first night's two seats are taken
        league.give_answer(uow, links[name], first, "yes")
    phone = Phone(new_phone(locale="pl-PL"), shots)
    page = phone.page
    page.goto(f"/leagues/answers/{links[NAME]}")

    with page.expect_navigation():
        phone.tap(page.locator(f"#night-{first}").get_by_role("button", name="Przyjdę"))
    with page.expect_navigation():
        phone.tap(page.locator(f"#night-{second}").get_by_role("button", name="Może"))

    assert phone.count() == (2, 0)
    night = page.locator(f"#night-{first}")
    expect(night.get_by_role("button", name="Przyjdę")).to_have_attribute("aria-pressed", "true")
    expect(night).to_contain_text("jesteś 1. na liście oczekujących")
    expect(page.locator(f"#night-{second}").get_by_role("button", name="Może")).to_have_attribute(
        "aria-pressed", "true"
    )
    phone.shot("answers-pl")
    assert_no_violations(page)
    counted = league.turnout(uow, lid, olga)
    assert counted[first].waiting == (NAME,) and counted[second].maybe == (NAME,)
