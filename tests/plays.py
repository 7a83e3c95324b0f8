"""Every preset's play to its end: the players, house rules, stakes and deals each
preset is played with, shared by the browser's play-through of a few presets
(tests/browser/test_every_preset_play.py) and the forms' play-through of all of them
through Flask's test client (tests/web/test_every_preset_forms.py).

Each game gets a low target or few deals through its house rules where the preset allows
it, else all its deals. Some tables are in German, several have 40-character accented
names; together they seat 2 to 8 players.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper import scoring

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


def typed_rules(name: str, play: Play) -> dict[str, str]:
    """The play's house rules as typed on the new-game page, by field id."""
    variant = scoring.get_preset(name).variant
    return {f"o_{variant}_{key}": rule_text(value) for key, value in play.rules.items()}


def typed_stakes(play: Play) -> dict[str, str]:
    """The play's stakes as typed on the new-game page, by field id (the mode left as the
    page chose it for the game)."""
    return {key: str(value) for key, value in (play.stakes or {}).items() if key != "mode"}


def rule_text(value: Any) -> str:
    if isinstance(value, list):
        return "\n".join(
            f"{item['cards']}: {item['contract']}" if isinstance(item, dict) else str(item)
            for item in value
        )
    return str(value)


@dataclass(frozen=True)
class Played:
    """A preset's play as the scoring core plays it, from a setup made here (not read
    back from the app): a rule or stake a page sent unasked shows as a difference."""

    play: Play
    setup: scoring.Setup
    entries: list[dict[str, Any]]
    derived: scoring.GameState


def played(name: str) -> Played:
    play = PLAYS[name]
    setup = scoring.make_setup(
        preset=name, players=players_of(play), options=play.rules, stakes=play.stakes
    )
    entries = entries_to_the_end(setup, play.deal)
    return Played(play, setup, entries, scoring.derive(setup, entries))
