"""A phone with no signal at the table: deals saved offline wait on the phone and reach
the server once each, in order, when the signal returns (real Chromium, its service
worker and IndexedDB, the network cut with support.cut_signal)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.service_layer import services
from tests.browser.phone import picture
from tests.browser.support import (
    ON_SCREENS,
    SCREENS,
    cut_signal,
    opened_with_its_worker,
    restore_signal,
    save_offline,
    showing_the_current_version,
    stored,
    wait_in_page,
)

# PostgreSQL changes what this page meets (NOTIFY, concurrent writes): both runs.
pytestmark = [pytest.mark.browser, pytest.mark.both_databases]

PLAYERS = ["Ann", "Bob", "Cy"]
# Three deals as typed: who went out, then the others' hands in seat order.
DEALS = [
    ("Ann", {"Bob": 12, "Cy": 7}),
    ("Bob", {"Ann": 3, "Cy": 25}),
    ("Cy", {"Ann": 40, "Bob": 9}),
]


@pytest.fixture(params=ON_SCREENS)
def screen(request) -> str:
    return request.param


def nothing_left_to_send(context: BrowserContext) -> None:
    """Wait until the phone's outbox (IndexedDB) is empty: with nothing left in it, nothing
    can be sent again later, which no wait of a moment could show. Read from a page of its
    own: the game page reloads itself once its deals are sent."""
    page = context.new_page()
    page.goto("/")
    wait_in_page(
        page,
        """() => new Promise((resolve, reject) => {
          const request = indexedDB.open("scorekeeper", 1);
          request.onerror = () => reject(request.error);
          // No outbox on this phone at all: say so rather than make an empty one.
          request.onupgradeneeded = () => request.transaction.abort();
          request.onsuccess = () => {
            const db = request.result;
            const count = db.transaction("outbox").objectStore("outbox").count();
            count.onerror = () => reject(count.error);
            count.onsuccess = () => { db.close(); resolve(count.result === 0); };
          };
        })""",
        "the outbox empty",
    )
    page.close()


def expected(deals) -> list[dict]:
    return [{"out": out, "hands": hands} for out, hands in deals]


def play_three_offline_and_reopen(new_phone, shots, screen, uow, game_id, token) -> Page:
    page = new_phone(**SCREENS[screen])
    opened_with_its_worker(page, game_id, token)
    cut_signal(page)
    for number, (out, hands) in enumerate(DEALS, 1):
        save_offline(page, number, out, hands)
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator(".next .deal-no")).to_have_text("Deal 4 of 13")
    picture(page, shots / f"offline-three-waiting-{screen.replace(' ', '-')}.png", full_page=True)
    # The page is closed and opened again, still without a signal: the deals are still there.
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(f"/games/{game_id}")
    expect(page.locator("#deals tr.waiting")).to_have_count(3)
    expect(page.get_by_role("button", name="Save deal 4")).to_be_visible()
    picture(page, shots / f"offline-reopened-{screen.replace(' ', '-')}.png", full_page=True)
    return page


def test_three_deals_saved_offline_reach_the_server_in_order_once_the_signal_returns(
    new_phone, shots, screen, uow
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=PLAYERS)
    game_id, token = started.game.public_id, started.edit_token
    page = play_three_offline_and_reopen(new_phone, shots, screen, uow, game_id, token)
    assert not services.load_game(uow, game_id).entries
    restore_signal(page)
    assert stored(uow, game_id, 3) == expected(DEALS)
    showing_the_current_version(page, uow, game_id)  # not closed as it reloads itself
    expect(page.locator("#deals tr.waiting")).to_have_count(0)
    expect(page.get_by_role("button", name="Save deal 4")).to_be_visible()
    nothing_left_to_send(page.context)
    assert list(services.load_game(uow, game_id).entries) == expected(DEALS)


def test_a_deal_another_phone_recorded_meanwhile_is_stored_once(new_phone, shots, screen, uow):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=PLAYERS)
    game_id, token = started.game.public_id, started.edit_token
    page = play_three_offline_and_reopen(new_phone, shots, screen, uow, game_id, token)
    # The second phone, online, records deal 1 just as this one had it.
    other = new_phone(**SCREENS[screen])
    other.goto(f"/games/{game_id}/edit/{token}")
    save = other.get_by_role("button", name="Save deal 1")
    other.get_by_role("radio", name="Ann", exact=True).tap()
    other.get_by_label("Bob: In hand").fill("12")
    other.get_by_label("Cy: In hand").fill("7")
    with other.expect_navigation():
        save.tap()
    assert len(services.load_game(uow, game_id).entries) == 1
    restore_signal(page)
    assert stored(uow, game_id, 3) == expected(DEALS)
    # Its deals sent, the page reloads itself: a close as it does once hung in Chromium.
    showing_the_current_version(page, uow, game_id)
    nothing_left_to_send(page.context)
    assert list(services.load_game(uow, game_id).entries) == expected(DEALS)


def test_a_different_deal_from_another_phone_stops_the_queue_and_asks(
    new_phone, shots, screen, uow
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=PLAYERS)
    game_id, token = started.game.public_id, started.edit_token
    page = play_three_offline_and_reopen(new_phone, shots, screen, uow, game_id, token)
    services.record_deal(uow, game_id, token, {"out": "Cy", "hands": {"Ann": 1, "Bob": 2}})
    restore_signal(page)
    problem = page.locator("tr.waiting.problem")
    expect(problem).to_contain_text("Deal 1 has already been recorded")
    expect(page.locator("#deals tr.waiting")).to_have_count(3)  # nothing after it went either
    expect(problem.get_by_role("button", name="Put it in the form")).to_be_visible()
    picture(page, shots / f"offline-conflict-{screen.replace(' ', '-')}.png", full_page=True)
    assert len(services.load_game(uow, game_id).entries) == 1
    # Discarded, the next ones go (numbered as typed, so deal 2 then 3).
    problem.get_by_role("button", name="Discard it").tap()
    entries = stored(uow, game_id, 3)
    assert entries[1:] == expected(DEALS[1:])
    # The page, its deals sent, opens again with them as recorded.
    showing_the_current_version(page, uow, game_id)
    expect(page.locator("#deals tr.waiting")).to_have_count(0)
