"""The league's house rules on a phone: the chosen game's fields as the new-game page has
them, a rule typed kept when the preset changes within the game, saved as the league's
options, and a wrong value refused beside its field; no accessibility violation. A game
chosen before the page's script runs (a slow signal) still brings its rules."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.league import services as league
from tests.browser.axe import assert_no_violations
from tests.browser.phone import Phone
from tests.browser.support import let_the_script_run, log_in, script_held_back, submit
from tests.league.support import make_organizer

pytestmark = pytest.mark.browser


def test_the_league_forms_bring_the_chosen_games_house_rules(new_phone, shots, uow):
    olga = make_organizer(uow)
    phone = Phone(new_phone(), shots)
    page = phone.page
    log_in(page)
    page.goto("/leagues/new")
    page.fill("input[name=name]", "Crazy Thursdays")
    page.select_option("select[name=preset]", label="Crazy Gin (13 deals)")
    gap = page.get_by_label("Press when trailing by")
    expect(gap).to_have_value("50")
    gap.fill("40")
    page.select_option("select[name=preset]", label="Crazy Gin with the Press")
    expect(page.locator("[name=shown]")).to_have_value("preset:Crazy Gin with the Press")
    expect(page.get_by_label("The Press", exact=True)).to_be_checked()
    expect(gap).to_have_value("40")
    assert_no_violations(page)
    phone.shot("league-new-house-rules")
    submit(page, "Create league")
    lid = page.url.rsplit("/", 1)[1]
    assert league.league_view(uow, lid, olga).rules.options == {"press_gap": 40}

    expect(gap).to_have_value("40")  # the rules form shows them as saved
    gap.fill("lots")
    submit(page, "Save rules")
    expect(page.locator("#o_thirteen_press_gap-msg")).to_be_visible()
    expect(gap).to_have_value("lots")
    expect(page.locator("input[name=name]").first).to_have_value("Crazy Thursdays")
    assert league.league_view(uow, lid, olga).rules.options == {"press_gap": 40}
    assert_no_violations(page)  # the message beside its field, the page as it was


def test_a_game_chosen_before_the_script_runs_still_brings_its_rules(new_phone, uow):
    make_organizer(uow)
    page = new_phone(service_workers="block")  # else the worker fetches past the route
    script_held_back(page, "new_game.js")
    log_in(page)
    page.goto("/leagues/new")
    page.select_option("select[name=preset]", label="Rummy")
    let_the_script_run(page)
    expect(page.locator("[name=shown]")).to_have_value("preset:Rummy")
    expect(page.get_by_label("Number of deals")).to_be_visible()
    expect(page.locator(".option-help section:visible")).to_have_count(1)  # its table sizes

    page.goto("/games/new")
    page.select_option("#game", label="Golf (set it up yourself)")
    chosen = page.locator("#game").input_value()
    let_the_script_run(page)
    expect(page.locator("[name=shown]")).to_have_value(chosen)
    expect(page.locator("#game-desc")).not_to_be_empty()
