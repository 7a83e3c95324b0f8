"""What a family prints: its sheet's and its pad's blocks, declared beside its scoring.

A family names the blocks its finished sheet and its blank pad are made of (the grid of
deals, gin's boxes, a partnership's rows per side ...), the columns its grid has before
the players' own (Thirteen's Press, Contract Rummy's contract) and its figures as plain
data with Message words. The printing layer renders each block by its ``kind`` with a
template fragment of the same name (``templates/print/blocks/``), so it never asks which
game it prints, nor any option (docs/printing.md, "A family's paper").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .messages import Message

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Deal

# The block kinds every family has unless it declares its own: a row per deal with the
# players' columns, on the sheet and on the pad.
ROWS = "rows"


@dataclass(frozen=True)
class Block:
    """One part of a printed page: ``kind`` names its template fragment; ``data`` is
    what the fragment prints (numbers, names, Message words translated on printing)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Lead:
    """A column the grid has after the deal, its dealer and its wild rank, before the
    players' columns: its head, and how it is drawn. A deal's cell in it comes from the
    game's ``lead_cells``."""

    head: Message | str
    style: str = "mark"  # the column's look: "mark" a narrow box, "terms" a deal's terms
    width_mm: float | None = None  # None: a mark's width on the surface that prints it
    on_pad: bool = True  # False: the sheet's alone (each deal's multiplier, once played)


@dataclass(frozen=True)
class Limit:
    """A total the grid marks in each player's running total column, under the heads:
    reaching it eliminates (Scala 40's 101, as an Italian sheet prints it)."""

    words: Message  # the line's label, in the lead columns
    total: int


@dataclass(frozen=True)
class OutMark:
    """Who went out in a deal, as a mark and not a colour: the sheet prints ``sign`` in
    that player's deal cell and the pad ``box``, a circle to tick, in every player's
    writing box; ``words`` is the key's ("✓ went out")."""

    sign: str
    box: str
    words: Message


@dataclass(frozen=True)
class SheetPaper:
    """A family's finished (or running) sheet: the grid of deals and what follows the
    winner line."""

    grid: Block = Block(ROWS)  # ROWS: the usual grid; another kind draws the family's own
    closing: tuple[Block, ...] = ()  # after the winner line (gin's breakdown ...)
    out_head: Message | None = None  # the out column's head where the family words it
    out_mm: float | None = None  # the out column's width where its notes are long
    closing_rows: int = 0  # grid rows' height the closing blocks take on the page
    spans: int = 1  # a family's own grid: the columns each player heads (one a game)
    style: str = ""  # a style the grid takes (a wider out column for long notes)
    # A family's own grid with the usual deal and dealer columns: their heads, and a
    # key where a head is shortened (a partnership's rows per side).
    deal_heads: bool = False
    limit: Limit | None = None  # a total the grid marks: its totals at or past it stand out
    out_mark: OutMark | None = None  # a mark in the deal cell of the player who went out
    # A family's own grid whose players are rows, named in a first column this wide (a
    # golf card, as its pad): the players' headings fit that column.
    label_mm: float | None = None


@dataclass(frozen=True)
class PadPaper:
    """A family's blank pad: its grid block and how the grid is laid out."""

    grid: Block = Block(ROWS)
    # Each player's columns (None: as the entries ask: melds and hand, or the deal's).
    columns: tuple[str, ...] | None = None
    rows: Mapping[str, int] | None = None  # rows by orientation (None: the game's deals)
    two_up_rows: int | None = None  # the most rows on a half sheet, where fewer
    label_mm: float | None = None  # a first column of row labels this wide (no lead columns)
    spans: int = 1  # games side by side: a player's columns are printed this many times
    keys: tuple[Message, ...] = ()  # sentences the pad's foot adds to its key rules
    # Rows per deal, each labelled, a column a player (a partnership's rows per side).
    row_labels: tuple[Message, ...] = ()
    whole_page: Message | None = None  # why the pad cannot print two to a page, if not
    running: bool = True  # each row has running totals: many players split into tables
    portrait: bool = False  # portrait at any table size (columns are few)
    # The deals run across and each player is a row, named in the ``label_mm`` column
    # (a golf card): the players' headings fit that column.
    across: bool = False
    limit: Limit | None = None  # a total the grid marks under each player's total head
    out_mark: OutMark | None = None  # a circle in each writing box, to tick who went out


class Paper:
    """A family's paper declarations; every variant class inherits these defaults."""

    @classmethod
    def paper_leads(cls, options: Mapping[str, Any]) -> tuple[Lead, ...]:
        """The grid's columns before the players' own, under these options."""
        return ()

    @classmethod
    def paper_times(cls, options: Mapping[str, Any]) -> bool:
        """Whether a sheet shows each deal's multiplier in a column of its own."""
        return False

    def lead_cells(self, number: int, deal: Deal | None) -> tuple[Message | str, ...]:
        """Deal ``number``'s cells in the ``paper_leads`` columns: as played (``deal``)
        or, None, as the rules foresee it (a pad's rows, a sheet's deals to come)."""
        return ()

    @classmethod
    def cell_notes(cls, figures: Any) -> tuple[Message, ...]:
        """What a player's points in a deal include beyond their hand, as a sheet's cell
        notes it, from their ``figures`` in the deal (summary.Figures)."""
        return ()

    @classmethod
    def sheet_paper(cls, state: GameState, options: Mapping[str, Any]) -> SheetPaper:
        """The blocks a sheet of ``state`` has."""
        return SheetPaper()

    @classmethod
    def pad_paper(cls, options: Mapping[str, Any]) -> PadPaper:
        """The blocks a blank pad has."""
        return PadPaper()
