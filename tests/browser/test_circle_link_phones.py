"""One link for the table (real Chromium, phone viewport): a phone that opened only the
circle's edit link taps a game in the circle page's Games and records in it, offline
too, and corrects; a phone given the game's view link reads it and finds no way to the
circle's money."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import circles
from tests.api.conftest import FAMILY
from tests.browser.phone import Phone
from tests.browser.support import (
    OUTBOX_KEPT,
    WORKER_TAKES_PAGE,
    cut_signal,
    restore_signal,
    save_offline,
    showing_the_current_version,
    stored,
    wait_in_page,
)

pytestmark = pytest.mark.browser

PLAYERS = FAMILY[:3]


def test_the_circles_link_records_in_its_games_and_a_games_view_link_stays_out(
    new_phone, shots, uow
):
    started = circles.create_circle(uow, name="Famille Ñúñez", members=FAMILY, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    game = circles.start_game(
        uow,
        circle_id,
        token,
        {"variant": "rummy", "players": PLAYERS, "stakes": {"cents_per_point": 1}},
    )
    game_id = game.game.public_id

    # A phone with the circle's edit link alone: the game opens ready to record.
    phone = Phone(new_phone(), shots)
    page = phone.page
    page.goto(f"/circles/{circle_id}/edit/{token}")
    # The worker takes this page before the tap: a worker that becomes active while the
    # game page's request is on its way claims the pages open then, not the game page,
    # which it then never controls (a CI run in the headless shell waited 30 s for it).
    page.wait_for_function(WORKER_TAKES_PAGE)
    phone.tap(page.locator("#games").get_by_role("link").first)
    expect(page).to_have_url(re.compile(f"/games/{game_id}$"))
    expect(page.get_by_text("view only")).to_have_count(0)
    expect(page.get_by_role("link", name="Famille Ñúñez")).to_be_visible()
    page.wait_for_function(WORKER_TAKES_PAGE)
    wait_in_page(page, OUTBOX_KEPT, "the outbox's script kept by the service worker")
    cut_signal(page)
    save_offline(page, 1, PLAYERS[0], {PLAYERS[1]: 12, PLAYERS[2]: 7})
    phone.shot("circle-link-game-offline")
    restore_signal(page)
    assert stored(uow, game_id, 1) == [
        {"out": PLAYERS[0], "hands": {PLAYERS[1]: 12, PLAYERS[2]: 7}}
    ]
    # The page reloads itself once its waiting deal is sent: wait for that, never reload
    # across it (a reload racing the page's own was aborted: net::ERR_ABORTED).
    showing_the_current_version(page, uow, game_id)
    expect(page.get_by_role("link", name="Correct deal 1")).to_be_visible()

    # A spectator given the game's view link: the score, and nothing of the circle.
    spectator = Phone(new_phone(), shots)
    view = spectator.page
    view.goto(f"/games/{game_id}")
    expect(view.get_by_text("view only")).to_be_visible()
    expect(view.locator("a[href*='/circles/']")).to_have_count(0)
    assert circle_id not in view.content()
    spectator.shot("circle-link-spectator")
