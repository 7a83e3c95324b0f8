"""Where a blank pad's grid goes on the paper, measured so that every box a hand writes
a figure in is at least BOX_MM wide: a whole page (portrait, else landscape, else the
players split over sheets), or half a sheet, two pads to a page (2-up), where the game
and the table fit one.

A half sheet is either half of a landscape sheet (the halves side by side, each a
portrait pad: the taller, for more rows) or half of a portrait sheet (one above the
other, each a landscape pad: the wider, for more players' boxes). The first that keeps
every box BOX_MM wide and every deal's row is taken; where neither does, two to a page
is not offered at that table, and ``two_up_most`` says up to how many players it is.
Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.printing.columns import Group, groups
from scorekeeper.printing.layout import Page, check_size, page_for
from scorekeeper.scoring import ScoringError, Setup, get_preset, get_variant, make_setup
from scorekeeper.scoring.paper import Lead, PadPaper

# Rows for a game played to a target: enough for a long game on one page.
TARGET_ROWS = {"portrait": 18, "landscape": 12}
# Two pads to a page (2-up half sheets): short games of few players. A half's rows by
# its shape: a portrait half (of a landscape sheet) holds 14 under its heads and above
# its sign-off and card values; a landscape half, half a portrait sheet high, 6 (on
# Letter, the shorter, with a line of house rules and Contract Rummy's two-line
# contracts in French: tests/printing/test_two_up.py reads each half's foot back).
TWO_UP_PLAYERS = 4
TWO_UP_ROWS = {"portrait": 14, "landscape": 6}
MAX_HALF_ROWS = max(TWO_UP_ROWS.values())
# Wider than this many players, the pad (two columns a player) needs landscape.
PORTRAIT_PLAYERS = 5
# The pad grid's fixed columns (static/print/sheet.css), in mm: deal number,
# dealer, a mark (the wild rank, a family's mark to tick); a family's lead columns
# say their own width. Each is that wide inside its padding and its line.
NUMBER_MM, DEALER_MM, MARK_MM = 9.0, 17.0, 13.0
CELL_PADDING_MM = 2.0
LINE_MM = 0.25  # a cell's rule (static/print/sheet.css: .grid th, .grid td)
# Every box a hand writes a figure in takes five handwritten digits (about 2.5 mm
# each, and room either side): a running total, a deal's points, melds, a phase.
TOTAL_MM = 14.2  # 14 mm between the lines (each 0.25 mm)
BOX_MM = TOTAL_MM
# What a player's columns hold, by what the variant's entries ask for (unless its
# family declares them): a meld game writes melds and hand apart.
MELD_COLUMNS = ("melds", "hand", "total")
DEAL_COLUMNS = ("deal", "total")


@dataclass(frozen=True)
class Grid:
    """What a pad's grid lays out across the page: its fixed columns and the least a
    player's columns take (each a box a hand writes in)."""

    paper: PadPaper
    wild: bool
    leads: tuple[Lead, ...]
    columns: tuple[str, ...]  # each player's columns: ("deal", "total") ...
    least_mm: float  # a player's columns at BOX_MM each (a family's own grid: one box)


def pad_grid(variant: Any, options: Mapping[str, Any]) -> Grid:
    """The grid the variant's pad has under these options."""
    paper = variant.pad_paper(options)
    leads = tuple(lead for lead in variant.paper_leads(options) if lead.on_pad)
    columns = player_columns(variant, paper.columns)
    return Grid(paper, variant.pad_wild, leads, columns, max(len(columns), 1) * BOX_MM)


def player_columns(variant: Any, declared: tuple[str, ...] | None) -> tuple[str, ...]:
    if declared is not None:
        return declared
    entries = {entry.name for entry in variant.entry_fields}
    return variant.pad_columns or (MELD_COLUMNS if "melds" in entries else DEAL_COLUMNS)


def arrange(
    grid: Grid, page_size: str, orientation: str | None, n: int, two_up: bool
) -> tuple[Page, tuple[Group, ...], float]:
    """The pad's page, the players each of its sheets holds, and a player's width in
    the widest: measured, every player's boxes at least BOX_MM wide. Portrait where the
    table fits it (up to PORTRAIT_PLAYERS), else landscape; a table too wide for that
    too is split over as few sheets as keep the boxes that wide, each sheet a table
    with every deal. Two to a page: the half sheet ``half_sheet`` finds (blank_pad has
    refused a table none fits)."""
    if two_up:  # a half sheet's few players, asked for: no sheets to split over
        page = half_sheet(grid, page_size, orientation, n) or pad_page(
            page_size, orientation or "landscape", halves=2
        )
        return page, (Group(0, n),), player_mm(page, n, grid)
    if orientation is None:
        portrait = pad_page(page_size, "portrait")
        fits = player_mm(portrait, n, grid) >= grid.least_mm or not grid.paper.running
        narrow = n <= PORTRAIT_PLAYERS and fits
        orientation = "portrait" if grid.paper.portrait or narrow else "landscape"
    page = pad_page(page_size, orientation)
    room_mm = player_mm(page, n, grid) * n
    if not grid.paper.running or room_mm >= n * grid.least_mm:
        return page, (Group(0, n),), room_mm / n
    split = groups(n, room_mm, grid.least_mm)
    return page, split, room_mm / max(group.stop - group.start for group in split)


def pad_page(page_size: str, orientation: str, *, halves: int = 1) -> Page:
    page = page_for(page_size, landscape=orientation == "landscape")
    return Page(page.size, page.orientation, halves=halves)


def half_sheet(grid: Grid, page_size: str, orientation: str | None, n: int) -> Page | None:
    """The 2-up page whose halves give ``n`` players every box BOX_MM wide: side by side
    on a landscape sheet (more rows), else one above the other on a portrait sheet
    (wider); ``orientation`` the sheet's, where asked. None: neither does."""
    for sheet in ("landscape", "portrait") if orientation is None else (orientation,):
        page = pad_page(page_size, sheet, halves=2)
        if player_mm(page, n, grid) >= grid.least_mm:
            return page
    return None


def player_mm(page: Page, n: int, grid: Grid) -> float:
    """A player's share of the page's width, once the grid's fixed columns are set."""
    paper = grid.paper
    if paper.label_mm:  # a column of row labels, then each game's players side by side
        return (page.width_mm - paper.label_mm) / (n * paper.spans)
    widths = [NUMBER_MM, DEALER_MM, *([MARK_MM] * grid.wild)]
    widths += [lead.width_mm or MARK_MM for lead in grid.leads]
    # Each fixed column takes its width, its padding and its line.
    fixed_mm = sum(widths) + len(widths) * (CELL_PADDING_MM + LINE_MM)
    return (page.width_mm - fixed_mm) / n


def half_rows(paper: PadPaper, page: Page) -> int:
    """The most rows a half sheet of this shape holds (a family's own, where fewer)."""
    return min(TWO_UP_ROWS[page.half_orientation], paper.two_up_rows or MAX_HALF_ROWS)


def row_count(game: Any, paper: PadPaper, page: Page) -> int:
    """The rows a pad has when not asked for a number: the game's fixed deals, or as
    many as its family gives a page (a match's hands, a side's deals), or enough for
    a game played to a target; on a half sheet, no more than it holds unless the game
    has that many deals (then two_up_fit refuses it)."""
    count = game.fixed_deals or (paper.rows or TARGET_ROWS)[page.half_orientation]
    if page.halves > 1 and not game.fixed_deals:
        count = min(count, half_rows(paper, page))
    return count


def two_up_fit(
    setup: Setup, page_size: str, orientation: str | None = None, rows: int | None = None
) -> Page | None:
    """The 2-up page of the setup's pad: its players' boxes BOX_MM wide and every row
    (``rows``, or the game's) on the half. None: two to a page does not fit it."""
    variant = get_variant(setup.variant)
    n = len(setup.players)
    grid = pad_grid(variant, setup.options)
    if n > TWO_UP_PLAYERS or grid.paper.whole_page is not None:
        return None
    page = half_sheet(grid, page_size, orientation, n)
    if page is None:
        return None
    count = rows or row_count(variant(setup), grid.paper, page)
    if not rows:
        count += variant.pad_tiebreaks(setup.options)
    return page if count <= half_rows(grid.paper, page) else None


def two_up_most(
    *,
    variant: str | None = None,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    page_size: str = "A4",
    orientation: str | None = None,
) -> int:
    """Up to how many players the game's pad prints two to a page on this paper, as
    measured by two_up_fit at each table it seats; 0: none (a whole page only)."""
    cls = variant_of(variant, preset)
    if cls is None:
        return 0
    most = 0
    for n in range(max(cls.min_players, 1), min(cls.max_players, TWO_UP_PLAYERS) + 1):
        players = [f"Seat {seat}" for seat in range(1, n + 1)]
        try:
            setup = make_setup(variant=variant, preset=preset, players=players, options=options)
        except ScoringError:
            continue
        if two_up_fit(setup, check_size(page_size), orientation) is None:
            break
        most = n
    return most


def variant_of(variant: Any, preset: Any) -> Any:
    """The variant class a pad is asked for by (either), or None if neither is known."""
    try:
        return (
            get_variant(variant) if variant is not None else get_variant(get_preset(preset).variant)
        )
    except ScoringError:
        return None
