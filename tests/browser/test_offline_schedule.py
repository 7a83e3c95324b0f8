"""Deals saved without a signal, in games whose deals differ (Contract Rummy's contracts
and cards, 3-13's cards and wild rank): the next-deal panel names the deal now due as
the rules foresee it, the deals left count the waiting ones, and the totals say they
leave them out until the server has them (real Chromium, the network cut)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from tests.browser.phone import picture
from tests.browser.support import (
    ON_SCREENS,
    SCREENS,
    cut_signal,
    opened_with_its_worker,
    restore_signal,
    save_offline,
    stored,
    totals_on,
)

pytestmark = [pytest.mark.browser, pytest.mark.both_databases]

PLAYERS = ["Ann", "Bob", "Cy"]
# Deal 1, stored before the phone loses its signal; deals 2 to 4 saved without one.
FIRST = {"out": "Ann", "hands": {"Bob": 12, "Cy": 7}}
OFFLINE = [
    ("Bob", {"Ann": 5, "Cy": 25}),
    ("Cy", {"Ann": 30, "Bob": 9}),
    ("Ann", {"Bob": 8, "Cy": 6}),
]
# Deal 5 as each game has it (the deal passes Ann, Bob, Cy, Ann, Bob).
DEAL_5 = {
    "Contract Rummy": {
        "of": "Deal 5 of 7",
        "who": "Bob deals 12 cards each, Cy plays first",
        "contract": "Contract 2 groups of 3 + 1 sequence of 4",
        "left": "3 deals left; lowest total wins.",
    },
    "3-13": {
        "of": "Deal 5 of 11",
        "who": "Bob deals 7 cards each, Cy plays first",
        "wild": "7",
        "left": "7 deals left; lowest total wins.",
    },
}


@pytest.fixture(params=ON_SCREENS)
def screen(request) -> str:
    return request.param


@pytest.mark.parametrize("preset", list(DEAL_5))
def test_three_deals_saved_offline_move_the_panel_to_the_deal_now_due(
    new_phone, shots, screen, uow, preset
):
    started = services.start_game(uow, preset=preset, players=PLAYERS)
    game_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, game_id, token, FIRST)
    server_totals = services.load_game(uow, game_id).state.totals
    page = new_phone(**SCREENS[screen])
    opened_with_its_worker(page, game_id, token)
    cut_signal(page)
    for number, (out, hands) in enumerate(OFFLINE, 2):
        save_offline(page, number, out, hands)

    due = DEAL_5[preset]
    who = due["who"]
    panel = page.locator(".next")
    expect(panel.locator(".deal-no")).to_have_text(due["of"])
    expect(panel).to_contain_text(who)
    if "contract" in due:
        expect(panel.locator(".contract")).to_have_text(due["contract"])
    if "wild" in due:
        expect(panel.locator(".wild strong")).to_have_text(due["wild"])
        # The card counter counts that deal's wild rank, not the server's next deal's.
        page.locator("button.count:visible").first.tap()
        cards = page.locator("#counter .cards button")
        expect(cards.filter(has_text=f"{due['wild']} wild")).to_have_count(1)
        expect(cards.filter(has_text="4 wild")).to_have_count(0)
        page.locator("#counter [data-act=close]").tap()
    expect(page.locator(".progress")).to_have_text(due["left"])
    # The totals are the server's, after deal 1, and say the three waiting are not in them.
    assert totals_on(page) == server_totals
    expect(page.locator("#uncounted")).to_have_text(
        "3 deals waiting on this phone are not counted in these totals yet."
    )
    picture(
        page, shots / f"offline-{preset[:8].lower()}-{screen.replace(' ', '-')}.png", full_page=True
    )

    # Opened again without a signal: the same deal is due.
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(f"/games/{game_id}")
    expect(page.locator("#deals tr.waiting")).to_have_count(3)
    expect(page.locator(".next")).to_contain_text(who)
    expect(page.locator("#uncounted")).to_be_visible()

    # The signal back: the four deals stored, the page the server's, nothing uncounted.
    restore_signal(context)
    entries = stored(uow, game_id, 4)
    expect(page.locator("#deals tr.waiting")).to_have_count(0)
    view = services.load_game(uow, game_id)
    expect(page.locator("#board")).to_have_attribute("data-version", str(view.version))
    expect(page.locator(".next")).to_contain_text(who)
    expect(page.locator("#uncounted")).to_have_count(0)
    assert totals_on(page) == scoring.derive(view.setup, entries, view.ending).totals
