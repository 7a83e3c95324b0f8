"""A family's paper is its own: the sheet and the pad print the blocks a family
declares (scoring/paper.py), each by the template fragment of its kind, and never ask
which game they print nor any of its options."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.sheet import game_sheet
from scorekeeper.scoring import PRESETS, VARIANTS, derive, make_setup
from scorekeeper.scoring.paper import Block, PadPaper, SheetPaper
from tests.printing import games
from tests.printing.support import VIEW_URL, game_view

PACKAGE = Path(scorekeeper.__file__).parent
SURFACES = ("printing/sheet.py", "printing/pad.py")
FRAGMENTS = PACKAGE / "templates" / "print" / "blocks"
# Words that name a family's paper (its games, its marks, its terms), in code or prose.
FAMILY_WORDS = frozenset({"gin", "hollywood", "press", "contract", "contracts", "canasta"})
OPTIONS = frozenset(spec.name for variant in VARIANTS.values() for spec in variant.options)
# Option names that are also the core's own words: a pad's rows are its deals, every
# game says whether the highest total wins, a value table has its joker's value, and
# the core is the package ``scoring``.
LAYOUT_WORDS = frozenset({"deals", "higher_wins", "joker", "scoring"})


def _words(text: str) -> set[str]:
    """Every word of ``text``, identifiers split at underscores and capitals."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return {word.lower() for word in re.split(r"[^A-Za-z]+", spaced) if word}


def _names_and_strings(source: str) -> set[str]:
    """The names ``source``'s code uses and the words of its strings (its docstrings,
    prose, left out): what a branch on a game or an option would have to name."""
    tree = ast.parse(source)
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.arg | ast.keyword) and node.arg:
            found.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in prose:
                continue
            found.update(re.findall(r"[A-Za-z0-9_]+", node.value))
    return found


@pytest.mark.parametrize("path", SURFACES)
def test_the_surfaces_name_no_game_and_no_option(path):
    source = (PACKAGE / path).read_text(encoding="utf-8")
    assert sorted(_words(source) & FAMILY_WORDS) == []
    named = _names_and_strings(source)
    assert sorted(named & set(VARIANTS)) == []
    assert sorted(named & (OPTIONS - LAYOUT_WORDS)) == []


def test_the_scan_finds_a_family_named():
    assert _words("show_press = GinGame(options['box_bonus'])") >= {"press", "gin"}
    assert "gin" not in _words("the margin pays; begin")
    assert _names_and_strings("x = options['box_bonus'] + hollywood") >= {"box_bonus", "hollywood"}


def _setups():
    """Every preset's and every variant's setup at its least table."""
    for preset in PRESETS.values():
        players = [f"P{seat}" for seat in range(VARIANTS[preset.variant].min_players)]
        yield make_setup(preset=preset.name, players=players)
    for variant in VARIANTS.values():
        players = [f"P{seat}" for seat in range(variant.min_players)]
        yield make_setup(variant=variant.id, players=players)


def test_every_block_a_family_declares_has_its_fragment():
    declared = set()
    for setup in _setups():
        variant = VARIANTS[setup.variant]
        state = derive(setup, [])
        sheet = variant.sheet_paper(state, setup.options)
        declared |= {("sheet", block.kind) for block in (sheet.grid, *sheet.closing)}
        declared.add(("pad", variant.pad_paper(setup.options).grid.kind))
    for surface, kind in declared:
        assert (FRAGMENTS / surface / f"{kind}.html").is_file(), (surface, kind)
    # ... and no fragment is left that no family prints (a Hollywood match's grid and
    # closing are declared once its games are under way: games.hollywood below).
    shipped = {
        (path.parent.name, path.stem)
        for path in FRAGMENTS.glob("*/*.html")
        if not path.stem.startswith("_")
    }
    hollywood = games.hollywood()
    paper = VARIANTS[hollywood.setup.variant].sheet_paper(hollywood.state, hollywood.setup.options)
    declared |= {("sheet", block.kind) for block in (paper.grid, *paper.closing)}
    assert shipped == declared


def test_the_defaults_are_the_usual_grid():
    assert SheetPaper().grid == Block("rows") and PadPaper().grid == Block("rows")


def test_a_familys_blocks_reach_the_sheet_and_the_pad_by_kind():
    sheet = game_sheet(games.hollywood(), view_url=VIEW_URL)
    assert sheet.own_grid and sheet.grid.fragment == "blocks/sheet/hollywood.html"
    assert [block.kind for block in sheet.closing] == ["match_margin", "margin_pays"]
    # The block's words are translated on printing: each game's label is a str.
    assert [game["label"] for game in sheet.grid.data["games"]] == ["Game 1", "Game 2", "Game 3"]
    pad = blank_pad(variant="canasta", players=2)
    assert pad.grid.fragment == "blocks/pad/sides.html" and pad.side_rows
    plain = game_sheet(game_view(variant="rummy", players=["A", "B"]), view_url=VIEW_URL)
    assert not plain.own_grid and plain.grid.kind == "rows" and plain.closing == ()


def test_a_lead_column_is_the_familys_cells_as_played():
    sheet = game_sheet(games.thirteen_with_the_press(), view_url=VIEW_URL)
    pressed = {deal.number for deal in games.thirteen_with_the_press().state.deals if deal.press}
    assert pressed
    assert {row.number for row in sheet.rows if row.leads == ("P",)} == pressed
    shanghai = blank_pad(preset="Shanghai", players=8)
    assert [lead.head for lead in shanghai.leads] == ["Contract"]
    assert shanghai.rows[0].leads == ("2 sets of 3 (11 cards)",)
