"""Deals kept on the phone, with 8 players of 40-character accented names on a 375 px
phone, in English and Polish: a deal is kept before it is sent, so a page closed (or a
phone locked) between Save and the answer still has it when opened again and sends it
once (issue 22, item 17); a waiting deal the server refuses is said beside the form and
its row's words and buttons are on the screen, not beyond the grid's right edge (item 7)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route, expect

from scorekeeper.service_layer import services
from tests.browser.phone import picture
from tests.browser.support import (
    IN_LANGUAGES,
    LANGUAGES,
    SMALL,
    cut_signal,
    opened_with_its_worker,
    restore_signal,
    showing_the_current_version,
    stored,
)
from tests.catalogs import translated
from tests.printing.cases import LONG_NAMES

# PostgreSQL changes what this page meets (NOTIFY, concurrent writes): both runs.
pytestmark = [pytest.mark.browser, pytest.mark.both_databases]


@pytest.mark.parametrize("language", IN_LANGUAGES)
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
    cut_signal(context)
    page = context.new_page()
    page.goto(f"/games/{game_id}")
    row = page.locator("#deals tr.waiting")
    expect(row).to_have_count(1)
    expect(row.get_by_role("rowheader")).to_have_text("1")
    expect(row).to_contain_text(f"{LONG_NAMES[0]}")
    picture(page, shots / f"closed-mid-save-reopened-{language}.png", full_page=True)
    # The signal back: it is sent, once.
    restore_signal(context)
    entries = stored(uow, game_id, 1)
    assert entries == [{"out": LONG_NAMES[0], "hands": {LONG_NAMES[s]: s * 3 for s in range(1, 8)}}]
    # The page, its deal sent, opens again with it as recorded (not ended mid-reload).
    showing_the_current_version(page, uow, game_id)
    expect(page.locator("#deals tr.waiting")).to_have_count(0)
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    assert len(services.load_game(uow, game_id).entries) == 1


def on_screen(page, locator) -> bool:
    """Wholly inside the screen's width (not cut off by the grid's scrolling box)."""
    box = locator.bounding_box()
    return (
        box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL["viewport"]["width"]
    )


@pytest.mark.parametrize("language", IN_LANGUAGES)
def test_a_refused_waiting_deal_is_said_by_the_form_and_its_row_fits_the_screen(
    new_phone, shots, language, uow
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=LONG_NAMES)
    game_id, token = started.game.public_id, started.edit_token
    page = new_phone(**SMALL, locale=LANGUAGES[language])
    opened_with_its_worker(page, game_id, token)
    cut_signal(page)
    page.locator("label.tap", has=page.locator("input[name=out][value='0']")).tap()
    for seat in range(1, 8):
        page.fill(f"#hands_{seat}", str(seat))
    page.locator(".send button.save").tap()
    expect(page.locator("#deals tr.waiting")).to_have_count(1)
    # Another phone records a different deal 1 meanwhile: this one is refused.
    other = {"out": LONG_NAMES[1], "hands": {n: 2 for n in LONG_NAMES if n != LONG_NAMES[1]}}
    services.record_deal(uow, game_id, token, other)
    restore_signal(page)
    # The page reloads once it hears of the other phone's deal: wait for that page.
    showing_the_current_version(page, uow, game_id)
    row = page.locator("#deals tr.waiting.problem")
    expect(row).to_be_visible()
    note = page.locator("#deal-form #unsent")
    expect(note).to_have_text(
        translated(language, "Deal %(number)s was not sent: see why below.", number=1)
    )
    assert on_screen(page, note)
    for button in ("Put it in the form", "Discard it"):
        assert on_screen(page, row.get_by_role("button", name=translated(language, button)))
    assert on_screen(page, row.locator("strong"))
    for part in ("#unsent", "#deal-grid"):
        name = f"outbox-refused-{part[1:]}-{language}.png"
        picture(page.locator(part), shots / name, timeout=30_000)
    note.get_by_role("link").click()
    expect(row.get_by_role("button", name=translated(language, "Discard it"))).to_be_in_viewport()
