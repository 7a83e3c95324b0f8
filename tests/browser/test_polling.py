"""The editing phone's polling never gets in the way of a form being sent."""

from __future__ import annotations

import time

import pytest
from flask import request
from playwright.sync_api import expect

from scorekeeper.service_layer import services

pytestmark = pytest.mark.browser


def test_a_slow_page_after_taking_the_press_is_not_cut_off_by_the_polling(app, new_phone, uow):
    started = services.start_game(
        uow, preset="Crazy Gin with the Press", players=["Ann", "Bob", "Cy"]
    )
    game_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 10, "Cy": 45}})
    slow = {"next_page": False}

    @app.before_request
    def slow_page_after_the_tap() -> None:
        # The Press is taken and the game's version has grown; while the page that
        # follows is on its way, the old page polls (every 3 s) and sees the change.
        if slow["next_page"] and request.method == "GET" and request.path == f"/games/{game_id}":
            slow["next_page"] = False
            time.sleep(4)

    page = new_phone()
    page.goto(f"/games/{game_id}/edit/{token}")
    page.locator(".offer summary").tap()
    take = page.get_by_role("button", name="Yes, Cy takes 15")
    expect(take).to_be_visible()
    cut_off: list[str] = []
    # (The page's event stream ends as any page is left: that is no request cut off.)
    page.on(
        "requestfailed",
        lambda failed: None if failed.url.endswith("/events") else cut_off.append(failed.url),
    )

    slow["next_page"] = True
    with page.expect_navigation():
        take.tap()

    assert cut_off == []
    expect(page.locator(".next .press")).to_have_text("The Press is on: card points \u00d72")
    assert services.load_game(uow, game_id).entries[0]["press_points"] == {"Cy": 15}
