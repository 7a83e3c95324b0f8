"""Golf's grid helper given fewer than six cards: Use keeps it open with the cards picked
and says why, in the page's language; the sixth card then scores the grid."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.support import IN_LANGUAGES, LANGUAGES, SMALL
from tests.catalogs import translated

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("language", IN_LANGUAGES)
def test_use_with_fewer_than_six_cards_keeps_them_and_says_why(new_phone, uow, language):
    started = services.start_game(uow, preset="Golf (9 holes)", players=["Ann", "Jörg"])
    page = new_phone(**SMALL, locale=LANGUAGES[language])
    page.goto(f"/games/{started.game.public_id}/edit/{started.edit_token}")
    page.locator("button.grid-open[data-player=Ann]").tap()
    dialog = page.locator("#grid")
    for rank in ("K", "5", "7"):
        dialog.locator(f"button[data-rank='{rank}']").tap()
    dialog.locator("button[data-act=use]").tap()
    expect(dialog).to_be_visible()
    said = "A grid is six cards: %(count)s picked so far. Pick the rest, or Cancel."
    expect(dialog.get_by_role("alert")).to_have_text(translated(language, said, count=3))
    expect(dialog.locator(".slot")).to_have_text(["K", "5", "7", "", "", ""])
    for rank in ("K", "3", "9"):
        dialog.locator(f"button[data-rank='{rank}']").tap()
    expect(dialog.get_by_role("alert")).to_be_hidden()
    dialog.locator("button[data-act=use]").tap()
    expect(dialog).to_be_hidden()
    expect(page.locator("#scores_0")).to_have_value("24")
