"""Start without a signal: the new-game form stays as typed and says a new game needs
the signal, instead of the browser's error page (issue 22, item 15). 8 players with
40-character accented names, on a 375 px phone, in English and Polish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phone import picture
from tests.browser.support import (
    IN_LANGUAGES,
    LANGUAGES,
    SMALL,
    WORKER_TAKES_PAGE,
    cut_signal,
    restore_signal,
)
from tests.catalogs import translated
from tests.printing.cases import LONG_NAMES

pytestmark = pytest.mark.browser

NO_SIGNAL = "No signal: a new game needs one to start. What you typed stays here."


@pytest.mark.parametrize("language", IN_LANGUAGES)
def test_start_without_a_signal_keeps_the_form_and_says_why(new_phone, shots, language):
    page = new_phone(**SMALL, locale=LANGUAGES[language])
    page.goto("/games/new")
    page.wait_for_load_state()
    page.select_option("#game", "preset:Crazy Gin (13 deals)")
    for seat, name in enumerate(LONG_NAMES):
        if seat >= page.locator("#players li").count():
            page.locator("#add-player").tap()
        page.fill(f"#players-{seat}", name)
    page.fill("#title", "Sobota u Zoë")
    cut_signal(page)
    start = page.locator("form.new button.save")
    start.tap()
    note = page.locator("#no-signal")
    expect(note).to_be_visible()
    expect(note).to_have_text(translated(language, NO_SIGNAL))
    assert page.url.endswith("/games/new")
    for seat, name in enumerate(LONG_NAMES):
        expect(page.locator(f"#players-{seat}")).to_have_value(name)
    expect(page.locator("#title")).to_have_value("Sobota u Zoë")
    picture(page, shots / f"new-game-no-signal-{language}.png", full_page=True)
    # The signal back: the same tap starts the game.
    restore_signal(page)
    with page.expect_navigation():
        start.tap()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    expect(page.locator(".totals li")).to_have_count(8)


@pytest.mark.parametrize("language", IN_LANGUAGES)
def test_the_home_page_opens_offline_after_the_first_visit(new_phone, shots, language):
    page = new_phone(**SMALL, locale=LANGUAGES[language])
    page.goto("/")
    page.wait_for_function(WORKER_TAKES_PAGE)
    # No second visit: the worker kept the home page as it installed.
    cut_signal(page)
    page.reload()
    expect(page.locator("h1")).to_have_text(translated(language, "Score pad for rummy"))
    expect(page.locator("a.button.save")).to_have_text(translated(language, "New game"))
    picture(page, shots / f"home-offline-first-visit-{language}.png", full_page=True)
