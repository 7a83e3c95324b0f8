"""Every preset played to its end through the pages on a phone in real Chromium.

Each game is started from the new-game page (a low target or few deals through its
house rules where the preset allows it, else all its deals), every deal entered
through the deal form, and the finished page's totals, winners and money compared
with the scoring core's own derivation of the same entries from a setup built here,
not read back from the app: a rule or stake the page sent unasked shows as a
difference. Some tables are in German, several have 40-character accented names.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.web.presenters import enabled_fields
from tests.browser.phone import Phone
from tests.browser.support import start
from tests.catalogs import translated
from tests.tiers import sampled

pytestmark = pytest.mark.browser

LONG = [
    "Élisabeth-Françoise Núñez de Åkerlund-Øy",
    "María José Fernández-Gutiérrez de Ávilas",
    "Grzegorz Brzęczyszczykiewicz-Świętochówa",
    "Zoë Łucja Żółkiewska-Dąbrowska z Kościan",
    "François-Xavier Béranger-Dumaître du Lac",
    "Søren Kierkegård-Æbeltoft Østergaard Høj",
    "Björn Þórðarson-Ødegård Ängelholm Müller",
    "Anaïs Gaëlle Ñañez-Muñoz de São João Brá",
]
SHORT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
assert {len(name) for name in LONG} == {40}

Deal = Callable[[int, list[str]], dict[str, Any]]


def others(ps: list[str], out: str | None, start: int = 5) -> dict[str, int]:
    return {p: start + 5 * i for i, p in enumerate(ps) if p != out}


def went_out(n: int, ps: list[str], **more: Any) -> dict[str, Any]:
    """The n-th deal of an out-and-hands game: players take turns going out."""
    out = ps[n % len(ps)]
    return {"out": out, "hands": others(ps, out, 5 + n)} | more


def melded(n: int, ps: list[str]) -> dict[str, Any]:
    out = ps[n % len(ps)]
    melds = {p: 40 + 10 * i for i, p in enumerate(ps)}
    return {"out": out, "melds": melds, "hands": others(ps, out)}


def rummy(n: int, ps: list[str]) -> dict[str, Any]:
    """A stock-out in the second deal: block scores every hand, stalemate none."""
    if n == 1:
        return {"out": None, "hands": others(ps, None)}
    return went_out(n, ps)


def gin(n: int, ps: list[str]) -> dict[str, Any]:
    return {"knocker": ps[n % 2], "hands": {ps[n % 2]: 0, ps[(n + 1) % 2]: 30}}


def pool(n: int, ps: list[str]) -> dict[str, Any]:
    """The first player wins every deal; the rest count 80 (a full count)."""
    return {"out": ps[0], "hands": {p: 80 for p in ps[1:]}}


def phase10(n: int, ps: list[str]) -> dict[str, Any]:
    return {"out": ps[0], "completed": ps[:2], "hands": others(ps, ps[0])}


def sides(n: int, ps: list[str]) -> dict[str, Any]:
    """Canasta: the first side goes out with a natural canasta."""
    a, b = ps
    return {
        "out": a,
        "melded": {a: 385, b: 120},
        "hand": {a: 30, b: 60},
        "natural": {a: 1, b: 0},
        "mixed": {a: 1, b: 1},
        "red_threes": {a: 1, b: 0},
    }


def handfoot(n: int, ps: list[str]) -> dict[str, Any]:
    a, b = ps
    return {
        "out": a,
        "melded": {a: 400, b: 150},
        "hand": {a: 0, b: 85},
        "clean": {a: 1, b: 0},
        "dirty": {a: 1, b: 1},
        "red_threes": {a: 1, b: 0},
        "red_threes_held": {a: 0, b: 0},
    }


def burraco(n: int, ps: list[str]) -> dict[str, Any]:
    a, b = ps
    return {
        "out": a,
        "melded": {a: 560, b: 245},
        "hand": {a: 15, b: 85},
        "clean": {a: 1},
        "dirty": {a: 1, b: 1},
        "pozzetto": {a: True, b: False},
    }


def rummikub(n: int, ps: list[str]) -> dict[str, Any]:
    return {"out": ps[1], "racks": others(ps, ps[1])}


def scores(n: int, ps: list[str]) -> dict[str, Any]:
    """Golf and the free pad: a score each, some negative."""
    return {"scores": {p: (-1) ** (i + n) * (3 + i + n) for i, p in enumerate(ps)}}


@dataclass(frozen=True)
class Play:
    deal: Deal
    players: int = 3
    rules: dict[str, Any] = field(default_factory=dict)
    stakes: dict[str, Any] | None = None
    language: str = "en"
    long: bool = False


MONEY = {"cents_per_point": 5}
PLAYS = {
    "Gin Rummy": Play(gin, 2, {"target": 40}, MONEY, long=True),
    "Oklahoma Gin": Play(lambda n, ps: gin(n, ps) | {"upcard": "9H"}, 2, {"target": 40}),
    "Hollywood Gin": Play(gin, 2, {"target": 30}, language="de"),
    "Rummy": Play(rummy, 4, {"deals": 3}, MONEY),
    "Block Rummy": Play(rummy, 5, {"deals": 3}, long=True, language="de"),
    "Penalty Rummy": Play(rummy, 3, {"deals": 3}, MONEY),
    "500 Rum": Play(melded, 6, {"target": 150}, long=True),
    "5000 Rummy": Play(melded, 3, {"target": 150}, MONEY, language="de"),
    "2500 Rummy": Play(melded, 4, {"target": 150}),
    "Crazy Gin (13 deals)": Play(went_out, 8, long=True),
    "Crazy Gin with the Press": Play(went_out, 3, stakes=MONEY, language="de"),
    "Beanie": Play(went_out, 4),
    "Biddies": Play(went_out, 5, long=True),
    "Treize Brasses": Play(went_out, 3, language="de"),
    "Ace to Ace": Play(melded, 4),
    "Points Rummy": Play(pool, 4, {"deals": 2}, {"cents_per_point": 10}, long=True),
    "Pool Rummy 101": Play(pool, 3, stakes={"mode": "pot", "entry_cents": 500}),
    "Pool Rummy 201": Play(pool, 4, language="de", long=True),
    "Pool Rummy 61": Play(pool, 6),
    "Deals Rummy (2 deals)": Play(pool, 3, language="de"),
    "Deals Rummy (3 deals)": Play(pool, 5),
    "Five Crowns": Play(went_out, 7, long=True),
    "Phase 10": Play(phase10, 6, {"phases": ["2 sets of 3"]}, language="de"),
    "Canasta": Play(sides, 2, {"target": 500}, MONEY),
    "Hand and Foot": Play(handfoot, 2, {"rounds": 1}, long=True, language="de"),
    "Rummikub": Play(rummikub, 4, stakes=MONEY),
    "Contract Rummy": Play(
        went_out, 8, {"contracts": [{"contract": "2 groups of 3", "cards": 10}]}
    ),
    "Liverpool Rummy": Play(
        went_out, 3, {"contracts": [{"contract": "2 sets of 3", "cards": 10}]}, language="de"
    ),
    "Shanghai": Play(
        went_out, 4, {"contracts": [{"contract": "2 sets of 3", "cards": 11}]}, long=True
    ),
    "3-13": Play(went_out, 3, stakes=MONEY),
    "Kalooki": Play(pool, 4, {"pool_limit": 20}, language="de"),
    "Scala 40": Play(pool, 3, {"pool_limit": 20}, long=True),
    "Golf (9 holes)": Play(scores, 4, {"holes": 2}, MONEY),
    "Golf (18 holes)": Play(scores, 3, {"holes": 1}, language="de", long=True),
    "Burraco": Play(burraco, 2, {"target": 1000}),
    "Buraco": Play(burraco, 2, {"target": 1000}, MONEY, language="de"),
    "Free score pad": Play(scores, 8, {"rounds": 2}, long=True),
}


def test_every_preset_has_a_play():
    assert set(PLAYS) == set(scoring.PRESETS)
    assert {play.language for play in PLAYS.values()} == {"en", "de"}
    assert {play.players for play in PLAYS.values()} >= {2, 3, 4, 5, 6, 7, 8}


def players_of(play: Play) -> list[str]:
    return (LONG if play.long else SHORT)[: play.players]


def entries_to_the_end(setup: scoring.Setup, deal: Deal) -> list[dict[str, Any]]:
    """The play's deals until the core says the game is over."""
    entries: list[dict[str, Any]] = []
    for n in itertools.count():
        assert n < 20, "the play never ends the game"
        entries.append(deal(n, list(setup.players)))
        if scoring.derive(setup, entries).finished:
            return entries
    raise AssertionError  # pragma: no cover


def rule_text(value: Any) -> str:
    if isinstance(value, list):
        return "\n".join(
            f"{item['cards']}: {item['contract']}" if isinstance(item, dict) else str(item)
            for item in value
        )
    return str(value)


def new_game_fields(name: str, play: Play) -> dict[str, Any]:
    """What to fill on the new-game page, by field id, for ``start``."""
    variant = scoring.get_preset(name).variant
    fill: dict[str, Any] = {"open": []}
    if play.rules:
        fill["open"].append(translated(play.language, "House rules"))
        fill |= {f"o_{variant}_{key}": rule_text(v) for key, v in play.rules.items()}
    if play.stakes:
        fill["open"].append(translated(play.language, "Play for money"))
        if scoring.get_preset(name).stakes is None:  # a preset's own stakes come ticked
            fill["stakes_on"] = "y"
        fill |= {key: str(v) for key, v in play.stakes.items() if key != "mode"}
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


# Three presets stand for the rest in the quick tier (tests/tiers.py): partnerships, a
# pot, phases; the other browser play-throughs cover gin, the Press and 5000 Rummy.
@pytest.mark.parametrize(
    "name", sampled(sorted(PLAYS), quick=["Canasta", "Pool Rummy 201", "Phase 10"])
)
def test_the_preset_is_played_to_its_end_through_the_pages(name, new_phone, shots, uow):
    play = PLAYS[name]
    players = players_of(play)
    # The core's own setup and entries, made here: the page must arrive at the same.
    setup = scoring.make_setup(preset=name, players=players, options=play.rules, stakes=play.stakes)
    entries = entries_to_the_end(setup, play.deal)
    derived = scoring.derive(setup, entries)

    locale = {"en": "en-US", "de": "de-DE"}[play.language]
    phone = Phone(new_phone(locale=locale), shots)
    page = phone.page
    game = translated(play.language, name)
    game_id = start(phone, game, players, f"preset-{name}", **new_game_fields(name, play))
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
