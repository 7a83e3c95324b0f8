"""The view link hears of a new deal at once: server-sent events, the poll resting."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from scorekeeper.web import push
from tests.browser.support import LANGUAGES, SCREENS, SMALL
from tests.printing.cases import LONG_NAMES
from tests.waiting import wait_until

# PostgreSQL changes what this page meets (NOTIFY, concurrent writes): both runs.
pytestmark = [pytest.mark.browser, pytest.mark.both_databases]

HANDS = {name: seat for seat, name in enumerate(LONG_NAMES) if seat}

# Says in the page when its event stream is open; the page's own open listener (which
# rests the poll) runs in the same dispatch.
STREAM_OPEN = """
const EventSourceFirst = window.EventSource;
window.EventSource = class extends EventSourceFirst {
  constructor(...given) {
    super(...given);
    this.addEventListener("open", () => { window.streamOpen = true; });
  }
};
"""


@pytest.mark.parametrize("screen", SCREENS)
def test_the_view_link_is_told_of_each_new_deal_and_asks_once(app, new_phone, shots, uow, screen):
    """Pushed, not polled: while the stream is open the poll timer rests, so each look at
    the scoreboard is the page answering an event (no wall clock: a loaded machine only
    makes the answer later)."""
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    viewer = new_phone(**SCREENS[screen])
    looks: list[str] = []
    viewer.on("request", lambda asked: asked.url.endswith("/scoreboard") and looks.append(asked))
    viewer.add_init_script(STREAM_OPEN)
    viewer.goto(f"/games/{game_id}")
    wait_until(lambda: push.streams(app).open == 1, "the view link's event stream opened")
    viewer.wait_for_function("() => window.streamOpen")  # the page's poll rests from now on
    looks.clear()
    for number, cy in enumerate((7, 19, 31), 1):
        services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 1, "Cy": cy}})
        expect(viewer.locator(".grid tbody tr")).to_have_count(number)
        assert len(looks) == number, f"{len(looks)} looks at the scoreboard for {number} deals"
    viewer.screenshot(path=shots / f"push-viewer-{screen.replace(' ', '-')}.png", full_page=True)
    expect(viewer.locator("#say")).to_contain_text("Cy 57")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_watcher_refused_a_stream_asks_again_and_listens_once_one_is_free(
    app, new_phone, shots, uow, language
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=LONG_NAMES)
    game_id, token = started.game.public_id, started.edit_token
    viewer = new_phone(**SMALL, locale=LANGUAGES[language])
    app.config["PUSH_STREAMS"] = 0  # every stream slot still held (recently closed tabs)
    refused = lambda r: urlsplit(r.url).path.endswith("/events") and r.status == 204  # noqa: E731
    with viewer.expect_response(refused):
        viewer.goto(f"/games/{game_id}")
    # Asked again while still busy (5 seconds on), then again once a slot is free.
    with viewer.expect_response(refused, timeout=10_000):
        pass
    app.config["PUSH_STREAMS"] = 2
    opened = lambda r: urlsplit(r.url).path.endswith("/events") and r.status == 200  # noqa: E731
    with viewer.expect_response(opened, timeout=15_000):
        pass
    assert push.streams(app).open == 1
    services.record_deal(uow, game_id, token, {"out": LONG_NAMES[0], "hands": HANDS})
    expect(viewer.locator("#deals tbody tr")).to_have_count(1)
    viewer.screenshot(path=shots / f"push-retried-{language}.png", full_page=True)
