"""A deal is kept on the phone before it is sent: a page closed (or a phone locked)
between Save and the server's answer still has the deal when it opens again, and sends
it once (issue 22, item 17). 8 players with 40-character accented names, on a 375 px
phone, in English and Polish."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route, expect

from scorekeeper.service_layer import services
from tests.browser.test_offline import opened_with_its_worker, stored
from tests.browser.test_small_screens import LANGUAGES, SMALL
from tests.printing.cases import LONG_NAMES

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_saved_as_the_page_closes_is_sent_once_when_it_opens_again(
    new_phone, shots, language, uow
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=LONG_NAMES)
    game_id, token = started.game.public_id, started.edit_token
    page = new_phone(**SMALL, locale=LANGUAGES[language])
    opened_with_its_worker(page, game_id, token)
    context = page.context
    # The save reaches a server that never answers: the page closes while it waits.
    hung: list[Route] = []
    deals = f"**/games/{game_id}/deals"
    context.route(deals, lambda route: hung.append(route))
    page.locator("label.tap", has=page.locator("input[name=out][value='0']")).tap()
    for seat in range(1, 8):
        page.fill(f"#hands_{seat}", str(seat * 3))
    with page.expect_request(lambda request: request.method == "POST"):
        page.locator(".send button.save").tap()
    page.close()
    # (Whether the request, left hanging, still reaches the server as the page goes is
    # Chromium's affair: either way the phone must not have lost the deal.)
    context.unroute(deals)
    # Opened again without a signal: the deal waits on the phone, as typed.
    context.set_offline(True)
    page = context.new_page()
    page.goto(f"/games/{game_id}")
    row = page.locator("#deals tr.waiting")
    expect(row).to_have_count(1)
    expect(row.get_by_role("rowheader")).to_have_text("1")
    expect(row).to_contain_text(f"{LONG_NAMES[0]}")
    page.screenshot(path=shots / f"closed-mid-save-reopened-{language}.png", full_page=True)
    # The signal back: it is sent, once.
    context.set_offline(False)
    entries = stored(uow, game_id, 1)
    assert entries == [{"out": LONG_NAMES[0], "hands": {LONG_NAMES[s]: s * 3 for s in range(1, 8)}}]
    expect(page.locator("#deals tr.waiting")).to_have_count(0)
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    assert len(services.load_game(uow, game_id).entries) == 1
