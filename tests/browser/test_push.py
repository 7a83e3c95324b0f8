"""The view link hears of a new deal at once: server-sent events, the poll resting."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from scorekeeper.web import push
from tests.browser.test_entry import SCREENS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("screen", SCREENS)
def test_the_view_link_shows_each_new_deal_within_a_second(app, new_phone, shots, uow, screen):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    viewer = new_phone(**SCREENS[screen])
    viewer.goto(f"/games/{game_id}")
    until = time.monotonic() + 5
    while push.streams(app).open < 1 and time.monotonic() < until:
        time.sleep(0.05)
    assert push.streams(app).open == 1  # the page listens instead of polling
    waited = []
    for number, cy in enumerate((7, 19, 31), 1):
        posted = time.monotonic()
        services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 1, "Cy": cy}})
        # Watched every frame: expect()'s own backoff (up to 1 s between looks) would be
        # counted as the push's delay.
        viewer.wait_for_function(
            "n => document.querySelectorAll('.grid tbody tr').length >= n",
            arg=number,
            polling="raf",
            timeout=3000,
        )
        waited.append(time.monotonic() - posted)
    viewer.screenshot(path=shots / f"push-viewer-{screen.replace(' ', '-')}.png", full_page=True)
    assert max(waited) < 1.0, waited
    expect(viewer.locator("#say")).to_contain_text("Cy 57")
