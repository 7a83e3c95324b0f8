"""Presets played to their end through the pages on a phone in real Chromium: one for
each way the deal form is filled (tests/plays.py holds every preset's play).

Each game is started from the new-game page, every deal tapped and typed into the deal
form, and the finished page's totals, winners and money compared with the scoring
core's own derivation of the same entries. Every preset is played to its end through
the same forms by Flask's test client (tests/web/test_every_preset_forms.py): that
checks each preset's form takes its deals, this that a phone's taps fill the form.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.web.table.presenters import enabled_fields
from tests.browser.phone import Phone
from tests.browser.support import start
from tests.catalogs import translated
from tests.plays import Play, played, typed_rules, typed_stakes
from tests.tiers import sampled

pytestmark = pytest.mark.browser


def new_game_fields(name: str, play: Play) -> dict[str, Any]:
    """What to fill on the new-game page, by field id, for ``start``."""
    fill: dict[str, Any] = {"open": []}
    if play.rules:
        fill["open"].append(translated(play.language, "House rules"))
        fill |= typed_rules(name, play)
    if play.stakes:
        fill["open"].append(translated(play.language, "Play for money"))
        if scoring.get_preset(name).stakes is None:  # a preset's own stakes come ticked
            fill["stakes_on"] = "y"
        fill |= typed_stakes(play)
    return fill


def enter(phone: Phone, setup: scoring.Setup, entry: dict[str, Any]) -> None:
    """Tap and type one entry into the deal form, as its fields ask, and save it."""
    page = phone.page
    seat = {name: i for i, name in enumerate(setup.players)}.get
    for f in enabled_fields(setup):
        value = entry.get(f.name)
        if f.kind == "player":
            if f.name in entry or "void" in entry:
                target = (
                    "label.tap.nobody" if value is None else f"label.tap:has(#out-{seat(value)})"
                )
                phone.tap(page.locator(target))
        elif f.kind in ("per_player", "signed_per_player"):
            for name, number in (value or {}).items():
                page.fill(f"#{f.name}_{seat(name)}", str(abs(number)))
                if number < 0:
                    phone.tap(page.locator(f"button[data-sign={f.name}_{seat(name)}]"))
        elif f.kind == "players":
            for name in value or ():
                if not (f.includes_out and name == entry.get("out")):
                    phone.tap(page.locator(f"label.mark:has(input[name={f.name}_{seat(name)}])"))
        elif f.kind == "bool_per_player":  # every side starts ticked
            for name, ticked in (value or {}).items():
                if not ticked:
                    phone.tap(page.locator(f"label.mark:has(input[name={f.name}_{seat(name)}])"))
        elif f.kind == "bool" and value:
            phone.tap(page.locator(f"label.check:has(input[name={f.name}])"))
        elif f.kind == "card" and value:
            page.select_option("#upcard_rank", value[:-1])
            phone.tap(page.locator(f"label.tap:has(input[name=upcard_suit][value={value[-1]}])"))
    # The page's own scripts are deferred: they have run once its DOM is loaded.
    with page.expect_navigation(wait_until="domcontentloaded"):
        phone.tap(page.locator("#deal-form .send button.save"))
    expect(page.locator(".msg")).to_have_count(0)


def shown_totals(page) -> dict[str, int]:
    items = page.locator(".totals li")
    return {
        items.nth(i).locator(".name").inner_text(): int(
            items.nth(i).locator(".total").inner_text().replace("\u2212", "-")
        )
        for i in range(items.count())
    }


def shown_balances(page) -> dict[str, int]:
    items = page.locator(".money .balances li")
    return {
        items.nth(i).locator("span").inner_text(): int(
            items.nth(i).locator("b").get_attribute("data-cents")
        )
        for i in range(items.count())
    }


# One preset for each way a phone fills the deal form: a partnership's sides (Canasta), a
# pot with 40-character names (Pool Rummy 201), the phases done (Phase 10); a stock-out
# with nobody out (Rummy), the upcard (Oklahoma Gin), a pozzetto untaken (Burraco),
# scores made negative by the sign button with eight players (the free pad). All in the
# slow tier (tests/tiers.py): the quick tier taps pool rummy, Phase 10 and Canasta games
# through in families/ (test_indian.py, test_phase10.py, test_canasta.py), and plays
# every preset through its forms.
BY_THE_PHONE = [
    "Canasta",
    "Pool Rummy 201",
    "Phase 10",
    "Rummy",
    "Oklahoma Gin",
    "Burraco",
    "Free score pad",
]


@pytest.mark.parametrize("name", sampled(BY_THE_PHONE, quick=[]))
def test_the_preset_is_played_to_its_end_through_the_pages(name, new_phone, shots, uow):
    game = played(name)  # the core's own play: the page must arrive at the same
    play, setup, entries, derived = game.play, game.setup, game.entries, game.derived
    players = list(setup.players)

    locale = {"en": "en-US", "de": "de-DE"}[play.language]
    phone = Phone(new_phone(locale=locale), shots)
    page = phone.page
    shown_name = translated(play.language, name)
    game_id = start(phone, shown_name, players, f"preset-{name}", **new_game_fields(name, play))
    expect(page.locator("html")).to_have_attribute("lang", play.language)
    for entry in entries:
        enter(phone, setup, entry)
    expect(page.locator(".result h2")).to_have_text(translated(play.language, "Game over"))
    phone.shot(f"preset-{name}-over")

    view = services.load_game(uow, game_id)
    assert list(view.entries) == entries
    assert view.state.as_dict() == derived.as_dict()
    assert shown_totals(page) == derived.totals
    expect(page.locator(".winners strong")).to_have_text(
        translated(play.language, " and ").join(derived.winners)
    )
    if derived.settlement is None:
        expect(page.locator(".money")).to_have_count(0)
    else:
        assert shown_balances(page) == derived.settlement["balances"]
