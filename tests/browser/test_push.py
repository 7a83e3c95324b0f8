"""The view link hears of a new deal at once: server-sent events, the poll resting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from scorekeeper.web.common import push
from tests.browser.phone import picture
from tests.browser.support import (
    IN_LANGUAGES,
    LANGUAGES,
    ON_SCREENS,
    SCREENS,
    SMALL,
    cut_signal,
    restore_signal,
)
from tests.printing.cases import LONG_NAMES
from tests.waiting import wait_until

# PostgreSQL changes what this page meets (NOTIFY, concurrent writes): both runs.
pytestmark = [pytest.mark.browser, pytest.mark.both_databases]

START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
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

# Counts the streams the page asks for and those the server refused (a 204 closes the
# stream: the page's own error listener, which sets the next try, runs in the same dispatch).
STREAM_REFUSED = STREAM_OPEN.replace(
    "super(...given);",
    """super(...given);
    window.streamsAsked = (window.streamsAsked || 0) + 1;
    this.addEventListener("error", () => {
      if (this.readyState !== EventSource.CLOSED) return;
      window.streamRefusals = (window.streamRefusals || 0) + 1;
    });""",
)

# A stream that opens and then hears nothing: as one that lost what it was told while
# the phone had no signal (Chromium's offline emulation drops what arrives meanwhile).
STREAM_DEAF = """
window.EventSource = class extends EventTarget {
  static CLOSED = 2;
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 1;
    setTimeout(() => { this.dispatchEvent(new Event("open")); window.streamOpen = true; });
  }
  close() { this.readyState = 2; }
};
"""


@pytest.mark.parametrize("screen", ON_SCREENS)
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
    picture(viewer, shots / f"push-viewer-{screen.replace(' ', '-')}.png", full_page=True)
    expect(viewer.locator("#say")).to_contain_text("Cy 57")


@pytest.mark.parametrize("language", IN_LANGUAGES)
def test_a_watcher_refused_a_stream_asks_again_and_listens_once_one_is_free(
    app, new_phone, shots, uow, language
):
    """Refused, the page asks again 5 seconds on, then 10 seconds after that. The page's own
    clock is Playwright's (its timers run when the test moves it on), so the schedule is
    checked to the millisecond without the test waiting it out."""
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=LONG_NAMES)
    game_id, token = started.game.public_id, started.edit_token
    viewer = new_phone(**SMALL, locale=LANGUAGES[language])
    # Installed an hour early: its clock runs on till pause_at, which may only go forward
    # (installed at START, a loaded machine's first milliseconds made START the past).
    viewer.clock.install(time=START - timedelta(hours=1))
    viewer.clock.pause_at(START)  # time stands still but for run_for
    viewer.add_init_script(STREAM_REFUSED)
    app.config["PUSH_STREAMS"] = 0  # every stream slot still held (recently closed tabs)
    viewer.goto(f"/games/{game_id}")
    viewer.wait_for_function("() => window.streamRefusals === 1")
    # A timer due fires inside run_for, and its EventSource is made at once: counted then.
    asked = lambda: viewer.evaluate("window.streamsAsked")  # noqa: E731
    # Asked again while still busy, 5 seconds on and not a moment before...
    viewer.clock.run_for(4_999)
    assert asked() == 1
    viewer.clock.run_for(1)
    assert asked() == 2
    viewer.wait_for_function("() => window.streamRefusals === 2")
    # ...then 10 seconds after that, when a slot is free.
    app.config["PUSH_STREAMS"] = 2
    viewer.clock.run_for(9_999)
    assert asked() == 2
    viewer.clock.run_for(1)
    assert asked() == 3
    viewer.wait_for_function("() => window.streamOpen")
    assert push.streams(app).open == 1
    services.record_deal(uow, game_id, token, {"out": LONG_NAMES[0], "hands": HANDS})
    expect(viewer.locator("#deals tbody tr")).to_have_count(1)
    picture(viewer, shots / f"push-retried-{language}.png", full_page=True)


def test_back_online_the_page_asks_at_once_though_its_stream_looks_open(new_phone, uow):
    """While the stream looks open the poll rests, so the signal coming back is the page's
    cue to ask: whatever the stream lost meanwhile is shown then, not never."""
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    viewer = new_phone()
    looks: list[str] = []
    viewer.on("request", lambda asked: asked.url.endswith("/scoreboard") and looks.append(asked))
    viewer.add_init_script(STREAM_DEAF)
    viewer.goto(f"/games/{game_id}")
    viewer.wait_for_function("() => window.streamOpen")
    cut_signal(viewer)
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 1, "Cy": 7}})
    assert looks == []  # the poll rests: the stream looks open
    restore_signal(viewer)
    expect(viewer.locator(".grid tbody tr")).to_have_count(1)
    assert len(looks) == 1
