"""A game played in French (the browser's language) and in Hindi (the switcher) on a
phone: the words come from the catalogs (looked up here, not written twice), and
screenshots are saved for people to look at. The same game in every language, and every
sheet and pad in every language, go through the test client:
tests/web/test_language_pages.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.catalogs import translated
from tests.tiers import sampled

pytestmark = pytest.mark.browser

# Long accented names, as a real table has them.
PLAYERS = ["Élisabeth-Françoise Núñez de Åkerlund", "अनीता शर्मा-वर्मा"]


def tap_save(phone: Phone) -> None:
    with phone.page.expect_navigation():
        phone.tap(phone.page.locator("#deal-form .send button.save"))


def record(phone: Phone, knocker_seat: int, hands: tuple[int, int]) -> None:
    page = phone.page
    phone.tap(page.locator(f"label.tap:has(#out-{knocker_seat})"))
    for seat, value in enumerate(hands):
        page.fill(f"#hands_{seat}", str(value))
    tap_save(phone)


def start_gin(phone: Phone, language: str | None = None) -> str:
    """A gin game of PLAYERS from the new-game form (in ``language``, if given); its id."""
    page = phone.page
    page.goto("/games/new")
    page.select_option("#game", value="preset:Gin Rummy")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#players-{seat}", name)
    if language:
        page.select_option("#language", language)
    phone.shot(f"lang-{page.locator('html').get_attribute('lang')}-new-game")
    with page.expect_navigation():
        phone.tap(page.locator("button.save[value=start]"))
    return page.url.rsplit("/", 1)[1]


def pages_of_a_game_in(phone: Phone, language: str, how: str) -> None:
    page = phone.page
    shot = lambda name: phone.shot(f"lang-{language}-{name}")  # noqa: E731
    page.goto("/")
    if how == "switcher":
        with page.expect_navigation():
            phone.tap(page.locator(f"nav.langs a[lang={language}]"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    shot("home")
    game_id = start_gin(phone)
    expect(page.locator("#deal-form .send button.save")).to_have_text(
        translated(language, "Save deal %(number)s", number=1)
    )
    shot("game")
    record(phone, 0, (5, 30))
    expect(page.locator(".done b")).to_have_text(
        translated(language, "Deal %(number)s saved.", number=1)
    )
    shot("saved")
    # A refused deal: nobody chosen, numbers typed: the message in the page's words.
    page.fill("#hands_0", "7")
    tap_save(phone)
    expect(page.locator("#problems")).to_be_visible()
    shot("refused")
    for path, name in [
        (f"/games/{game_id}/deals/1/edit", "correct"),
        (f"/games/{game_id}/deals/1/undo", "undo"),
        (f"/games/{game_id}/end", "end"),
        (f"/games/{game_id}/history", "history"),
        (f"/games/{game_id}/share", "share"),
        (f"/games/{game_id}/table", "table-view"),
    ]:
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", language)
        shot(name)
    page.goto(f"/games/{game_id}")
    record(phone, 1, (90, 0))  # gin past 100: the game is over
    expect(page.locator("html")).to_have_attribute("lang", language)
    shot("finished")


# French by the browser's Accept-Language (a Québec phone), Hindi by the switcher on an
# English phone.
CHOSEN = {"fr": ("fr-CA", "accept-language"), "hi": ("en-US", "switcher")}


# Hindi through the switcher in the quick tier (tests/tiers.py); French, the browser's own
# language, in the slow tier: the test client reads every page in every language.
@pytest.mark.parametrize("language", sampled(sorted(CHOSEN), quick=["hi"]))
def test_a_gin_game_is_played_in_the_tables_language(new_phone, shots, language):
    locale, how = CHOSEN[language]
    phone = Phone(new_phone(locale=locale), shots)
    pages_of_a_game_in(phone, language, how)
