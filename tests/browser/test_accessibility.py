"""axe-core on every table page state, light and dark, on a phone: zero violations.

Each state is reached as a player reaches it (the game set up through the service layer,
the page then opened and used in real Chromium), then axe checks the whole document.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.service_layer import services
from tests.browser.axe import assert_no_violations_in, scheme_cases
from tests.browser.support import (
    STAND_IN,
    choose_game,
    cut_signal,
    opened_with_its_worker,
    restore_signal,
    save_offline,
)
from tests.printing.cases import LONG_NAMES

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cy"]
DEALS = [
    {"out": "Ann", "hands": {"Bob": 12, "Cy": 7}},
    {"out": "Bob", "hands": {"Ann": 3, "Cy": 25}},
]


def started(uow, deals: int = 0, **options) -> tuple[str, str]:
    """A thirteen game with ``deals`` deals recorded: its id and edit token."""
    game = services.start_game(uow, players=PLAYERS, variant="thirteen", options=options)
    game_id = game.game.public_id
    for entry in DEALS[:deals]:
        services.record_deal(uow, game_id, game.edit_token, entry)
    return game_id, game.edit_token


def scorer(page: Page, uow, deals: int = 0, **options) -> tuple[str, str]:
    """The scorer's phone on the game page, the edit link opened."""
    game_id, token = started(uow, deals, **options)
    page.goto(f"/games/{game_id}/edit/{token}")
    return game_id, token


def home(page: Page, uow) -> None:
    scorer(page, uow, 1)
    page.goto("/")


def new_game(page: Page, uow) -> None:
    page.goto("/games/new")


def new_game_refused(page: Page, uow) -> None:
    page.goto("/games/new")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("alert")).to_contain_text("cannot be started")


def new_game_no_signal(page: Page, uow) -> None:
    page.goto("/games/new")
    page.wait_for_load_state()
    page.fill("#players-0", LONG_NAMES[0])
    cut_signal(page)
    page.locator("form.new button.save").tap()
    expect(page.locator("#no-signal")).to_be_visible()


def game_fresh(page: Page, uow) -> None:
    scorer(page, uow)


def game_refused(page: Page, uow) -> None:
    scorer(page, uow)
    page.get_by_role("radio", name="Ann", exact=True).tap()
    page.get_by_label("Bob: In hand").fill("12")
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal 1").tap()
    expect(page.get_by_role("alert")).to_contain_text("Deal 1 was not saved.")


def game_offline(page: Page, uow) -> None:
    game_id, token = started(uow)
    opened_with_its_worker(page, game_id, token)
    cut_signal(page)
    save_offline(page, 1, "Ann", {"Bob": 12, "Cy": 7})
    expect(page.locator("#offline")).to_be_visible()


def game_press_offer(page: Page, uow) -> None:
    scorer(page, uow, 1, press=True)
    page.locator("summary", has_text="to put the Press on").tap()


def game_stale(page: Page, uow) -> None:
    game_id, token = scorer(page, uow)
    page.get_by_label("Bob: In hand").fill("9")
    services.record_deal(uow, game_id, token, DEALS[0])
    expect(page.locator("#stale")).to_be_visible()


def finished(page: Page, uow) -> None:
    game_id, token = scorer(page, uow, 2)
    services.end_game(uow, game_id, token)
    page.reload()


def view_link(page: Page, uow) -> None:
    game_id, token = started(uow, 2)
    services.end_game(uow, game_id, token)
    page.goto(f"/games/{game_id}")


def table_view(page: Page, uow) -> None:
    game_id, _ = started(uow, 2)
    page.goto(f"/games/{game_id}/table")


def share(page: Page, uow) -> None:
    game_id, _ = scorer(page, uow, 1)
    page.goto(f"/games/{game_id}/share")


def history(page: Page, uow) -> None:
    game_id, token = scorer(page, uow, 2)
    services.correct_deal(uow, game_id, token, 1, {"out": "Ann", "hands": {"Bob": 15, "Cy": 7}})
    page.goto(f"/games/{game_id}/history")


def correct_a_deal(page: Page, uow) -> None:
    game_id, _ = scorer(page, uow, 2)
    page.goto(f"/games/{game_id}/deals/1/edit")


def undo(page: Page, uow) -> None:
    game_id, _ = scorer(page, uow, 2)
    page.goto(f"/games/{game_id}/deals/2/undo")


def end_game(page: Page, uow) -> None:
    game_id, _ = scorer(page, uow, 2)
    page.goto(f"/games/{game_id}/end")


# 8 players with 40-character names: the deal grid scrolls sideways.
def long_names(uow, deals: int = 2) -> tuple[str, str]:
    game = services.start_game(uow, players=LONG_NAMES, preset="Crazy Gin (13 deals)")
    game_id = game.game.public_id
    for number in range(deals):
        out = LONG_NAMES[number]
        hands = {name: seat + 1 for seat, name in enumerate(LONG_NAMES) if name != out}
        services.record_deal(uow, game_id, game.edit_token, {"out": out, "hands": hands})
    return game_id, game.edit_token


def view_link_wide(page: Page, uow) -> None:
    game_id, _ = long_names(uow)
    page.goto(f"/games/{game_id}")


def table_view_wide(page: Page, uow) -> None:
    game_id, _ = long_names(uow)
    page.goto(f"/games/{game_id}/table")


def game_offline_wide(page: Page, uow) -> None:
    game_id, token = long_names(uow)
    opened_with_its_worker(page, game_id, token)
    cut_signal(page)
    page.locator("label.tap", has=page.locator("input[name=out][value='2']")).tap()
    page.locator(".send button.save").tap()
    expect(page.locator("#deals tr.waiting")).to_have_count(1)


def game_offline_refused_wide(page: Page, uow) -> None:
    game_offline_wide(page, uow)  # no hands typed: the server refuses it
    restore_signal(page)
    expect(page.locator("#unsent")).to_be_visible()


def game_said(page: Page, uow) -> None:
    """The say-the-deal panel after the words came back: the form filled, what was heard."""
    page.context.add_init_script(STAND_IN)
    scorer(page, uow)
    page.evaluate("words => { window.nextWords = words; }", "Ann went out, Bob 12 and Cy 7")
    with page.expect_navigation():
        page.get_by_role("button", name="Speak").tap()
    expect(page.locator("#said")).to_have_value("Ann went out, Bob 12 and Cy 7")
    expect(page.locator(".heard").first).to_be_visible()


# The newer families' deal forms, each with its own kinds of field: seats, steppers,
# marks, a pool out, an upcard, signed scores.
FORMS = {
    "Rummikub": ["Ann", "Bob", "Cy", "Dee"],
    "Burraco": ["NS", "EW"],
    "Canasta": ["NS", "EW"],
    "Pool Rummy 101": LONG_NAMES[:4],
    "Phase 10": PLAYERS,
    "Oklahoma Gin": LONG_NAMES[:2],
    "Kalooki": PLAYERS,
    "Free score pad": PLAYERS,
}


def form_of(preset: str):
    def state(page: Page, uow) -> None:
        seats = ["Nadia", "Émile", "Søren", "Wanjiru"] if FORMS[preset] == ["NS", "EW"] else None
        game = services.start_game(uow, players=FORMS[preset], preset=preset, seats=seats)
        page.goto(f"/games/{game.game.public_id}/edit/{game.edit_token}")
        expect(page.locator("#deal-form")).to_be_visible()

    state.__name__ = f"form_{preset.split()[0].lower()}"
    return state


def golf_grid_helper(page: Page, uow) -> None:
    game = services.start_game(uow, players=["A", "B"], preset="Golf (9 holes)")
    page.goto(f"/games/{game.game.public_id}/edit/{game.edit_token}")
    page.locator("button.grid-open[data-player=A]").tap()
    dialog = page.locator("#grid")
    expect(dialog).to_be_visible()
    for rank in ["K", "5", "7", "K"]:
        dialog.locator(f"button[data-rank='{rank}']").tap()
    expect(dialog.locator(".slot.paired")).to_have_count(2)


def rules_of(preset: str):
    """The new-game page with the game's house rules and the money section open."""

    def state(page: Page, uow) -> None:
        page.goto("/games/new")
        page.wait_for_load_state()
        choose_game(page, preset)
        page.locator("summary", has_text="House rules").tap()
        page.locator("summary", has_text="Play for money").tap()
        expect(page.locator("fieldset[data-variant]")).to_be_visible()

    state.__name__ = f"new_game_rules_{preset.split()[0].lower()}"
    return state


STATES = [
    game_said,
    golf_grid_helper,
    *(form_of(preset) for preset in FORMS),
    *(rules_of(preset) for preset in ["Rummikub", "Golf (9 holes)", "Burraco", "Contract Rummy"]),
    home,
    new_game,
    new_game_refused,
    new_game_no_signal,
    game_fresh,
    game_refused,
    game_offline,
    game_press_offer,
    game_stale,
    finished,
    view_link,
    table_view,
    share,
    history,
    correct_a_deal,
    undo,
    end_game,
    view_link_wide,
    table_view_wide,
    game_offline_wide,
    game_offline_refused_wide,
]


# The quick tier (tests/tiers.py) checks one state of each kind of page in the light
# scheme, and the two with the most colours (the refused form, the finished board) in the
# dark one too; CI checks every state in both schemes.
QUICK = {
    "light": {
        "home",
        "new_game_refused",
        "new_game_rules_rummikub",
        "game_said",
        "game_refused",
        "game_offline",
        "game_stale",
        "finished",
        "view_link",
        "table_view_wide",
        "history",
        "correct_a_deal",
    },
    "dark": {"game_refused", "finished"},
}
CASES = scheme_cases(STATES, QUICK)


@pytest.mark.parametrize(("state", "schemes"), CASES)
def test_a_table_page_has_no_accessibility_violations(state, schemes, new_phone, shots, uow):
    page = new_phone(color_scheme=schemes[0])
    state(page, uow)
    assert_no_violations_in(page, schemes, shots, state.__name__)
