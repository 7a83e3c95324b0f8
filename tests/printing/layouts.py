"""The layouts a printed pad or sheet takes, one case each, for tests/printing/test_fit.py.

Rendering every variant and preset at 2, 4, 6 and 8 players on two papers took 500
WeasyPrint renders, most of them of the same page with other words on it. What decides
whether a page fits is its layout: the game's columns and rows, and the widest table in
each orientation (a pad turns to landscape past a number of players, and a narrower
table in the same orientation has wider columns). So each case below is a game's widest
table in one orientation, and a game whose pad is laid out exactly as another's (a bare
variant and its preset, presets that differ only in their target) stands in ``SAME_AS``:
tests/printing/test_fit.py checks that their pads' markup is the same, so a change that
gives one of them a layout of its own fails there until it gets a case here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest
from flask_babel import force_locale

from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.pad_layout import pad_grid
from scorekeeper.printing.render import render_html
from scorekeeper.scoring import PRESETS, VARIANTS, ScoringError, get_variant, make_setup
from tests.printing.cases import LONG_NAMES, SHORT_NAMES
from tests.printing.support import PAPERS
from tests.tiers import EXHAUSTIVE, SLOW

PLAYER_COUNTS = (2, 4, 6, 8)


def game_of(name: str) -> dict[str, str]:
    return {"preset": name} if name in PRESETS else {"variant": name}


# (game, players, what the case guards): each game's widest portrait and landscape table.
LAYOUTS = [
    ("Gin Rummy", 2, "gin-box-column-2"),
    ("Oklahoma Gin", 2, "gin-box-column-and-a-house-rule-2"),
    ("Hollywood Gin", 2, "three-gin-games-side-by-side-2"),
    ("Rummy", 4, "deal-and-total-columns-4-portrait"),
    ("Rummy", 6, "deal-and-total-columns-6-landscape"),
    ("Block Rummy", 4, "a-house-rule-4-portrait"),
    ("Block Rummy", 6, "a-house-rule-6-landscape"),
    # Three 14 mm boxes a player: portrait holds 3 players, landscape 5, then two sheets.
    ("500 Rum", 2, "melds-hand-total-columns-2-portrait"),
    ("500 Rum", 8, "melds-hand-total-columns-8-landscape"),
    ("5000 Rummy", 8, "melds-columns-and-16-card-values-8-landscape"),
    ("2500 Rummy", 8, "melds-columns-card-values-and-a-house-rule-8-landscape"),
    ("Crazy Gin (13 deals)", 4, "wild-card-rows-4-portrait"),
    ("Crazy Gin (13 deals)", 8, "wild-card-rows-8-landscape"),
    ("Crazy Gin with the Press", 4, "wild-and-press-4-portrait"),
    ("Crazy Gin with the Press", 8, "wild-and-press-8-landscape"),
    ("Beanie", 4, "wild-cards-and-a-house-rule-4-portrait"),
    ("Beanie", 8, "wild-cards-and-a-house-rule-8-landscape"),
    ("Biddies", 4, "wild-cards-and-two-house-rules-4-portrait"),
    ("Biddies", 8, "wild-cards-and-two-house-rules-8-landscape"),
    ("Ace to Ace", 2, "melds-columns-and-wild-cards-2-portrait"),
    ("Ace to Ace", 4, "melds-columns-and-wild-cards-4-landscape"),
    ("Points Rummy", 4, "15-card-values-4-portrait"),
    ("Points Rummy", 6, "15-card-values-6-landscape"),
    ("Pool Rummy 201", 4, "pool-two-house-rules-4-portrait"),
    ("Pool Rummy 201", 6, "pool-two-house-rules-6-landscape"),
    ("Deals Rummy (2 deals)", 4, "two-deal-rows-4-portrait"),
    ("Deals Rummy (2 deals)", 6, "two-deal-rows-6-landscape"),
    ("Deals Rummy (3 deals)", 4, "three-deal-rows-4-portrait"),
    ("Deals Rummy (3 deals)", 6, "three-deal-rows-6-landscape"),
    ("Five Crowns", 4, "eleven-rounds-4-portrait"),
    ("Five Crowns", 6, "eleven-rounds-6-landscape"),
    ("Phase 10", 2, "no-card-values-2-portrait"),
    ("Phase 10", 6, "no-card-values-6-landscape"),
    ("Canasta", 2, "partnership-side-rows-2"),
    # Its labels ("Hand and foot (minus)") are wider than Canasta's: so is its label column.
    ("Hand and Foot", 2, "partnership-wide-labels-2"),
    ("indian", 4, "indian-rummy-4-portrait"),
    ("indian", 6, "indian-rummy-6-landscape"),
    ("Rummikub", 4, "who-plays-first-4-portrait"),
    ("Rummikub", 6, "who-plays-first-6-landscape"),
    ("Contract Rummy", 4, "a-contract-a-deal-4-portrait"),
    ("Contract Rummy", 8, "a-contract-a-deal-8-landscape"),
    ("Liverpool Rummy", 4, "contracts-and-a-house-rule-4-portrait"),
    ("Liverpool Rummy", 8, "contracts-and-a-house-rule-8-landscape"),
    ("Shanghai", 4, "ten-contracts-and-four-house-rules-4-portrait"),
    ("Shanghai", 8, "ten-contracts-and-four-house-rules-8-landscape"),
    ("3-13", 4, "eleven-wild-ranks-4-portrait"),
    ("3-13", 8, "eleven-wild-ranks-8-landscape"),
    # A golf card is portrait at any table (the holes across, a player a row).
    ("Golf (9 holes)", 8, "nine-holes-8-card"),
    ("Golf (18 holes)", 8, "eighteen-holes-8-card"),
    ("Kalooki", 4, "pool-limit-and-rejoins-4-portrait"),
    ("Kalooki", 6, "pool-limit-and-rejoins-6-landscape"),
    ("Scala 40", 4, "pool-and-four-house-rules-4-portrait"),
    ("Scala 40", 6, "pool-and-four-house-rules-6-landscape"),
    ("Burraco", 2, "burracos-and-pozzetto-per-side-2"),
    ("Buraco", 2, "burracos-pozzetto-and-house-rules-2"),
    ("Free score pad", 4, "scores-only-4-portrait"),
    ("Free score pad", 8, "scores-only-8-landscape"),
]

# A game laid out exactly as another (the pads' markup is the same but for the words).
SAME_AS = {
    "gin": "Gin Rummy",
    "rummy": "Rummy",
    "Penalty Rummy": "Block Rummy",
    "rummy500": "500 Rum",
    "rummy5000": "5000 Rummy",
    "thirteen": "Crazy Gin (13 deals)",
    "Treize Brasses": "Beanie",
    "acetoace": "Ace to Ace",
    "Pool Rummy 61": "Pool Rummy 201",
    "Pool Rummy 101": "Pool Rummy 201",
    "five_crowns": "Five Crowns",
    "phase10": "Phase 10",
    "canasta": "Canasta",
    "handfoot": "Hand and Foot",
    "rummikub": "Rummikub",
    "contract": "Contract Rummy",
    "threethirteen": "3-13",
    "golf": "Golf (9 holes)",
    "kalooki": "Kalooki",
    "burraco": "Burraco",
    "free": "Free score pad",
}

ALL_GAMES = [*PRESETS, *VARIANTS]


# The layouts that stand for the rest in the quick tier (tests/tiers.py), one of each
# kind: a plain portrait grid, two players' boxes, partnerships' rows, a pot, the widest
# landscape grid, the most words, and the golf card (18 holes of 8 players).
QUICK_LAYOUTS = {
    "deal-and-total-columns-4-portrait",
    "gin-box-column-2",
    "partnership-side-rows-2",
    "indian-rummy-6-landscape",
    "melds-columns-and-16-card-values-8-landscape",
    "ten-contracts-and-four-house-rules-8-landscape",
    "eighteen-holes-8-card",
}


def layout_params() -> list:
    assert {guards for *_, guards in LAYOUTS} >= QUICK_LAYOUTS
    return [
        pytest.param(
            game_of(name), players, id=guards, marks=() if guards in QUICK_LAYOUTS else SLOW
        )
        for name, players, guards in LAYOUTS
    ]


def seated(game: dict[str, str], players: int) -> bool:
    try:
        make_setup(players=SHORT_NAMES[:players], **game)
    except ScoringError:
        return False
    return True


def narrowest_tables(
    preset: str,
    page_size: str,
    tables: Iterable[int],
    names: Callable[[int], list[str]],
    two_up: bool = False,
) -> list[int]:
    """Of ``tables``, those whose boxes are the narrowest of the preset's pad on this
    paper: one for each page (orientation, one or two halves) and grid (its fixed
    columns and a player's columns), the table of the most players on one sheet. The pad
    model says so with no layout (blank_pad). Why no other table needs laying out: the
    grid is a fixed table layout 100 % of the page's (or half's) width
    (static/print/sheet.css), its fixed columns as wide as the stylesheet says whatever
    the players; each sheet's players share the rest evenly, a running total taking a
    set width where a share would be narrower, the others what it leaves
    (pad._total_mm). So on one paper, page and grid, the narrowest box hangs only on how
    many players the fullest sheet holds, and narrows as they grow (a golf card, holes
    across and a player a row, keeps its boxes at any table). The same table is a half
    sheet's tallest: its rows are the game's whatever the players, and its head holds
    the most names in the narrowest columns, so wrapped to the most lines. Measured over
    every preset, paper and table when written: no table's boxes were narrower than
    those of the one chosen for its page and grid."""
    widest: dict[tuple, tuple[int, int]] = {}
    for players in tables:
        seated_names = names(players)
        pad = blank_pad(
            preset=preset, players=players, names=seated_names, page_size=page_size, two_up=two_up
        )
        setup = make_setup(preset=preset, players=seated_names)
        grid = pad_grid(get_variant(setup.variant), setup.options)
        page = (pad.page.orientation, pad.page.halves, repr(grid))
        most = max(group.stop - group.start for group in pad.groups)
        widest[page] = max(widest.get(page, (0, 0)), (most, players))
    return sorted(players for _, players in widest.values())


def table_sweeps(quick: Iterable[str]) -> list:
    """(preset, paper, sweep) for a check of every table a preset's pad is offered at:
    the ``quick`` presets at every table ("every") in every run; each other preset at its
    narrowest tables ("narrowest", ``narrowest_tables``) in the slow tier, as CI runs it,
    and at the rest ("others") in the exhaustive tier, which would catch a layout not
    following the reasoning there (a column sized by its words, say)."""
    quick = set(quick)
    return [
        pytest.param(
            preset,
            page_size,
            sweep,
            id=f"{preset}-{page_size}" if preset in quick else f"{preset}-{page_size}-{sweep}",
            marks=() if preset in quick else SLOW if sweep == "narrowest" else EXHAUSTIVE,
        )
        for preset in PRESETS
        for page_size in PAPERS
        for sweep in (["every"] if preset in quick else ["narrowest", "others"])
    ]


def swept(sweep: str, tables: list[int], narrowest: list[int]) -> list[int]:
    """The tables a ``table_sweeps`` case lays out."""
    if sweep == "every":
        return tables
    if sweep == "narrowest":
        return narrowest
    return [players for players in tables if players not in narrowest]


def pad_markup(game: dict[str, str], players: int, size: str = "A4") -> str:
    """The pad's HTML without its words: what lays the page out."""
    with force_locale("en_US"):
        pad = blank_pad(players=players, names=LONG_NAMES[:players], page_size=size, **game)
        html = render_html("pad.html", pads=[pad], pack=None, about=None)
    html = re.sub(r"<title>.*?</title>", "", html, flags=re.S)
    html = re.sub(r'(aria-label|title|alt)="[^"]*"', "", html)
    return re.sub(r">[^<]*<", "><", html)


def orientation(game: dict[str, str], players: int) -> str:
    with force_locale("en_US"):
        pad = blank_pad(players=players, names=LONG_NAMES[:players], **game)
    return pad.page.orientation


def widest_tables(game: dict[str, str]) -> set[int]:
    """The largest player count the game seats in each orientation."""
    widest: dict[str, int] = {}
    for players in PLAYER_COUNTS:
        if seated(game, players):
            widest[orientation(game, players)] = players
    return set(widest.values())


def stakes_for(game: dict[str, str], players: int) -> dict:
    """A cent a point, and an entry fee where the game plays for a pot (pool and deals
    rummy), whose stakes need one."""
    stakes = {"cents_per_point": 1}
    try:
        make_setup(players=SHORT_NAMES[:players], stakes=stakes, **game)
    except ScoringError:
        stakes = {**stakes, "entry_cents": 500}
    return stakes


def runs_on(game: dict[str, str], players: int) -> bool:
    """A game of more fixed deals than a landscape page's 12 rows, on landscape paper."""
    setup = make_setup(players=SHORT_NAMES[:players], **game)
    deals = setup.options.get("holes") or 0
    return players > 5 and deals > 12


# A game none of the cases above names (a family added since): its largest table stands
# for it, so a new game needs no line here; give it its own cases when its pad shows a
# layout of its own worth guarding.
LISTED = {name for name, *_ in LAYOUTS} | set(SAME_AS)
DERIVED = [
    (name, max(counts), f"{name}-{max(counts)}")
    for name in VARIANTS
    if name not in LISTED and (counts := [n for n in PLAYER_COUNTS if seated(game_of(name), n)])
]
LAYOUTS += DERIVED


# CI prints each layout's pad on one paper and its sheet on the other, and the exhaustive
# tier each on the other paper too: a game's two layouts (portrait, landscape) take the
# papers in turn, the next game the other way round, so each kind on each orientation
# meets both papers (tests/printing/test_fit.py checks it). Which paper a layout fits is
# its width and height against the page's: A4 is narrower and taller than Letter, so a
# kind meeting both papers meets each of the two limits.
def paper_turn(guards: str) -> int:
    """0 or 1: the layout's place in the turns (its game's, then its own in the game)."""
    games = list(dict.fromkeys(name for name, *_ in LAYOUTS))
    seen: dict[str, int] = {}
    for name, _, case in LAYOUTS:
        seen[name] = seen.get(name, -1) + 1
        if case == guards:
            return (games.index(name) + seen[name]) % 2
    raise KeyError(guards)


def ci_paper(guards: str, kind: str) -> str:
    """The paper CI prints the layout's ``kind`` ("pad" or "sheet") on."""
    turn = paper_turn(guards)
    return PAPERS[turn if kind == "pad" else 1 - turn]


def quick_paper(guards: str, kind: str) -> str:
    """The paper the quick tier prints a quick layout's ``kind`` on: its pad on A4 and
    its sheet on Letter or the other way round, by turns down the quick layouts, so that
    each shape (portrait, landscape) of each kind meets both papers there too
    (tests/printing/test_fit.py checks it). CI prints the quick layouts on both papers."""
    quick = [case for *_, case in LAYOUTS if case in QUICK_LAYOUTS]
    turn = quick.index(guards) % 2
    return PAPERS[turn if kind == "pad" else 1 - turn]


def layout_paper_params(kind: str) -> list:
    """(game, players, paper) for every layout on both papers: a quick layout on
    ``quick_paper`` in every run and on the other in the slow tier; any other on
    ``ci_paper`` in the slow tier and on the other exhaustive."""
    assert {guards for *_, guards in LAYOUTS} >= QUICK_LAYOUTS

    def marks(guards: str, size: str):
        if guards in QUICK_LAYOUTS:
            return () if size == quick_paper(guards, kind) else SLOW
        return SLOW if size == ci_paper(guards, kind) else EXHAUSTIVE

    return [
        pytest.param(game_of(name), players, size, id=f"{guards}-{size}", marks=marks(guards, size))
        for name, players, guards in LAYOUTS
        for size in PAPERS
    ]
