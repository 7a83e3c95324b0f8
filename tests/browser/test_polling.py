"""The editing phone's polling never gets in the way of a form being sent."""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

import pytest
from flask import request
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.waiting import PATIENCE

# PostgreSQL changes what this page meets (NOTIFY, concurrent writes): both runs.
pytestmark = [pytest.mark.browser, pytest.mark.both_databases]


def test_a_slow_page_after_taking_the_press_is_not_cut_off_by_the_polling(app, new_phone, uow):
    started = services.start_game(
        uow, preset="Crazy Gin with the Press", players=["Ann", "Bob", "Cy"]
    )
    game_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 10, "Cy": 45}})
    slow = {"next_page": False}
    slow_answer: list[float] = []  # when the slow page began and ended, seconds since the epoch
    polled: list[float] = []  # when the server was asked for the scoreboard
    answered = threading.Event()
    ticked = threading.Event()  # a poll tick came due while the slow page was on its way

    @app.before_request
    def slow_page_after_the_tap() -> None:
        # The Press is taken and the game's version has grown; while the page that
        # follows is on its way, the old page's poll timer (every 3 s) comes due.
        if request.path == f"/games/{game_id}/scoreboard":
            polled.append(time.time())
        if slow["next_page"] and request.method == "GET" and request.path == f"/games/{game_id}":
            slow["next_page"] = False
            slow_answer.append(time.time())
            # Held until the old page's poll timer has come due (the test's console
            # listener says so), however long a loaded machine takes to get there.
            ticked.wait(PATIENCE)
            slow_answer.append(time.time())
            answered.set()

    # No service worker: taking the page as it installed, it once sent the slow page's GET
    # a second time (two GETs in the server's log, the first one failed). This test is
    # about the poll, and Playwright's docs advise blocking workers where requests matter.
    page = new_phone(service_workers="block")
    # Each tick of the poll timer is logged, so the test knows it came due during
    # the slow answer (where a poll would reload the page and cut the answer off).
    page.add_init_script(
        """
        const setIntervalFirst = window.setInterval;
        window.setInterval = (tick, ms, ...rest) => setIntervalFirst(
          () => { console.log("poll tick " + Date.now()); tick(); }, ms, ...rest);
        """
    )
    ticks: list[float] = []

    def tick(message) -> None:
        if message.text.startswith("poll tick "):
            ticks.append(int(message.text.split()[-1]) / 1000)
            if slow_answer and ticks[-1] > slow_answer[0]:
                ticked.set()

    page.on("console", tick)
    page.goto(f"/games/{game_id}/edit/{token}")
    page.locator(".offer summary").tap()
    take = page.get_by_role("button", name="Yes, Cy takes 15")
    expect(take).to_be_visible()
    cut_off: list[str] = []
    # (The page's event stream ends as any page is left: that is no request cut off.)
    page.on(
        "requestfailed",
        lambda failed: (
            None if urlsplit(failed.url).path.endswith("/events") else cut_off.append(failed.url)
        ),
    )

    slow["next_page"] = True
    with page.expect_navigation():
        take.tap()

    assert answered.wait(PATIENCE)
    began, ended = slow_answer
    assert any(began < tick < ended for tick in ticks), (began, ended, ticks)
    assert not [at for at in polled if began < at < ended]
    assert cut_off == []
    expect(page.locator(".next .press")).to_have_text("The Press is on: card points \u00d72")
    assert services.load_game(uow, game_id).entries[0]["press_points"] == {"Cy": 15}
