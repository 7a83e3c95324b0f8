"""The view link hears of a new deal at once: server-sent events, the poll resting."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from scorekeeper.web import push
from tests.browser.test_entry import SCREENS
from tests.browser.test_small_screens import LANGUAGES, SMALL
from tests.printing.cases import LONG_NAMES

pytestmark = pytest.mark.browser

HANDS = {name: seat for seat, name in enumerate(LONG_NAMES) if seat}


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


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_watcher_refused_a_stream_asks_again_and_listens_once_one_is_free(
    app, new_phone, shots, uow, language
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=LONG_NAMES)
    game_id, token = started.game.public_id, started.edit_token
    viewer = new_phone(**SMALL, locale=LANGUAGES[language])
    app.config["PUSH_STREAMS"] = 0  # every stream slot still held (recently closed tabs)
    refused = lambda r: r.url.endswith("/events") and r.status == 204  # noqa: E731
    with viewer.expect_response(refused):
        viewer.goto(f"/games/{game_id}")
    # Asked again while still busy (5 seconds on), then again once a slot is free.
    with viewer.expect_response(refused, timeout=10_000):
        pass
    app.config["PUSH_STREAMS"] = 2
    opened = lambda r: r.url.endswith("/events") and r.status == 200  # noqa: E731
    with viewer.expect_response(opened, timeout=15_000):
        pass
    assert push.streams(app).open == 1
    services.record_deal(uow, game_id, token, {"out": LONG_NAMES[0], "hands": HANDS})
    expect(viewer.locator("#deals tbody tr")).to_have_count(1)
    viewer.screenshot(path=shots / f"push-retried-{language}.png", full_page=True)
