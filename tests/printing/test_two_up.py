"""Two pads to a page (2-up half sheets): at every table a game's pad is offered two to a
page, every box a hand writes a figure in is at least 14 mm wide, read back from the
laid-out page as tests/printing/test_writing_boxes.py reads a whole page's, and both
halves fit the sheet, each inside its half; beyond that table, two to a page is refused
with a message saying up to how many players it fits, the number the pad form lists.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.printing import PrintError
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.pad_layout import TWO_UP_PLAYERS, two_up_most, variant_of
from scorekeeper.printing.render import render_html
from scorekeeper.scoring import PRESETS, VARIANTS
from scorekeeper.web.table.presenters import page_locale
from tests.printing.cases import LONG_NAMES
from tests.printing.layouts import narrowest_tables, swept, table_sweeps
from tests.printing.support import IN_EVERY_LANGUAGE, LEAST_MM, PAPERS, box_widths_mm, laid_out

pytestmark = pytest.mark.sqlite  # no database: one stage renders them

PX_MM = 25.4 / 96  # WeasyPrint lays out in CSS pixels


def offered(game: dict[str, str], page_size: str) -> list[int]:
    """The tables the game's pad prints two to a page for, on this paper."""
    least = variant_of(game.get("variant"), game.get("preset")).min_players
    return list(range(least, two_up_most(**game, page_size=page_size) + 1))


def _bottom(box: Any) -> float:
    children = getattr(box, "children", ())
    return max([box.position_y + box.margin_height(), *map(_bottom, children)])


def halves(document: Any) -> list[tuple[float, float]]:
    """Each half sheet's room and what is printed in it, in mm from its top: a stacked
    half's is the height the stylesheet gives it; side by side, the page's."""
    found, stack = [], [page._page_box for page in document.pages]
    while stack:
        box = stack.pop()
        element = getattr(box, "element", None)
        if box.element_tag == "div" and "half" in (element.get("class") or "").split():
            top = box.content_box_y()
            printed = max(_bottom(child) for child in box.children) - top
            found.append((box.height * PX_MM, printed * PX_MM))
        stack.extend(getattr(box, "children", ()))
    return found


def assert_two_up_fits(pad) -> None:
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    document = laid_out(html)
    boxes = box_widths_mm(document, ("w", "t", "hole"))
    assert boxes, "the pad's writing boxes are found"
    assert min(boxes) >= LEAST_MM, round(min(boxes), 1)
    found = halves(document)
    for room, printed in found:
        assert printed <= room + 0.1, f"{printed:.1f} mm printed in a half of {room:.1f} mm"
    assert len(document.pages) == 1 and len(found) == 2, f"{len(document.pages)} pages"


# 500 Rum and Contract Rummy stand for the rest in the quick tier, at every table offered:
# three columns a player (side by side at 2, one above the other at 3), and a wide lead
# column with a circle in each box (side by side, up to 4 players on A4 and 3 on Letter).
# CI lays out every other preset's narrowest tables (layouts.narrowest_tables, the
# reasoning there: the same check as every table's, whose boxes are wider and heads no
# taller); the exhaustive tier the others (layouts.table_sweeps).
def half_sheet_names(players: int) -> list[str]:
    return LONG_NAMES[:players]


@pytest.mark.parametrize(
    ("preset", "page_size", "sweep"), table_sweeps(quick=["500 Rum", "Contract Rummy"])
)
def test_every_box_of_a_half_sheet_is_14_mm_at_every_table_offered(preset, page_size, sweep):
    tables = offered({"preset": preset}, page_size)
    narrowest = narrowest_tables(preset, page_size, tables, half_sheet_names, two_up=True)
    assert set(narrowest) <= set(tables) and bool(narrowest) == bool(tables)
    for players in swept(sweep, tables, narrowest):
        pad = blank_pad(
            preset=preset,
            players=players,
            names=half_sheet_names(players),
            page_size=page_size,
            two_up=True,
        )
        try:
            assert_two_up_fits(pad)
        except AssertionError as error:
            raise AssertionError(f"{players} players: {error}") from error


# The tallest halves one above the other on Letter: a line of house rules, three
# columns a player and their key (2500 Rummy), a phase column (Phase 10), four players.
STACKED = [("2500 Rummy", 3), ("Phase 10", 3), ("Kalooki", 4)]


@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
def test_the_tallest_stacked_halves_fit_in_every_language(app, language):
    for preset, players in STACKED:
        with app.test_request_context("/", headers={"Accept-Language": language}):
            pad = blank_pad(
                preset=preset,
                players=players,
                names=LONG_NAMES[:players],
                page_size="Letter",
                two_up=True,
                locale=page_locale(),
            )
            assert pad.page.stacked, preset
            try:
                assert_two_up_fits(pad)
            except AssertionError as error:
                raise AssertionError(f"{preset}: {error}") from error


def _games() -> list[dict[str, str]]:
    return [{"preset": name} for name in PRESETS] + [{"variant": name} for name in VARIANTS]


@pytest.mark.parametrize("page_size", PAPERS)
@pytest.mark.parametrize("game", _games(), ids=lambda game: next(iter(game.values())))
def test_two_up_is_refused_just_past_the_most_players_it_is_offered_for(game, page_size):
    most = two_up_most(**game, page_size=page_size)
    variant = variant_of(game.get("variant"), game.get("preset"))
    if most:
        assert blank_pad(**game, players=most, page_size=page_size, two_up=True).page.halves == 2
    beyond = max(most + 1, variant.min_players)
    if beyond > variant.max_players:
        return
    with pytest.raises(PrintError) as refused:
        blank_pad(**game, players=beyond, page_size=page_size, two_up=True)
    message = refused.value.errors["two_up"]
    if most:
        assert f"for up to {most} players on {page_size} paper" in message, message
    assert most <= TWO_UP_PLAYERS


def test_a_game_of_more_deals_than_a_landscape_half_holds_is_not_stacked():
    # Shanghai's ten deals: four players' boxes need a landscape half on Letter, which
    # holds six rows; on A4 a portrait half gives the four players 14 mm.
    assert blank_pad(preset="Shanghai", players=4, page_size="A4", two_up=True).page.halves == 2
    with pytest.raises(PrintError) as refused:
        blank_pad(preset="Shanghai", players=4, page_size="Letter", two_up=True)
    assert refused.value.errors == {
        "two_up": "two pads to a page fit Shanghai for up to 3 players on Letter paper "
        "(every box 14 mm wide), not 4"
    }


def test_rows_asked_for_beyond_what_the_half_holds_are_refused_as_rows():
    pad = blank_pad(preset="Rummy", players=4, rows=6, two_up=True)
    assert pad.page.stacked and len(pad.rows) == 6
    with pytest.raises(PrintError) as refused:
        blank_pad(preset="Rummy", players=4, rows=9, two_up=True)
    assert refused.value.errors == {
        "two_up": "two pads to a page fit up to 6 rows at this table, not 9"
    }


def test_a_sheet_orientation_asked_for_is_the_one_measured():
    # Three 500 Rum players fit a landscape half (a portrait sheet), not a portrait one.
    assert blank_pad(preset="500 Rum", players=3, two_up=True, orientation="portrait").page.stacked
    with pytest.raises(PrintError) as refused:
        blank_pad(preset="500 Rum", players=3, two_up=True, orientation="landscape")
    assert "for up to 2 players on A4 paper" in refused.value.errors["two_up"]


def test_a_game_whose_pad_takes_a_whole_page_says_why():
    with pytest.raises(PrintError) as refused:
        blank_pad(preset="Ace to Ace", players=2, two_up=True)
    assert refused.value.errors == {
        "two_up": "two pads to a page do not fit Ace to Ace on A4 paper: a half sheet would "
        "leave its boxes under 14 mm wide or its deals without a row"
    }
