"""The game sheet's view-model: a finished or running game as plain, printable data.

Pure: no Flask, no database. Every number is read from the derived game state
(deal points, running totals, boxes, finals, settlement); nothing is scored here.
What the sheet shares with the game's pages (totals, winners, the status, each
deal's figures, the money) comes from the game's summary (``scorekeeper/summary.py``);
this module lays it out on paper: columns, tags, pages, blank rows, and the blocks
the game's family declares (scoring/paper.py), each printed by a fragment of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from math import ceil
from typing import TYPE_CHECKING, Any

from scorekeeper.chart import Chart
from scorekeeper.i18n import gettext as _
from scorekeeper.printing import blocks, columns, words
from scorekeeper.printing.blocks import PrintBlock, PrintLead, PrintLimit, PrintOutMark
from scorekeeper.printing.charts import LEAST_MM as CHART_LEAST_MM
from scorekeeper.printing.charts import MOST_MM as CHART_MOST_MM
from scorekeeper.printing.charts import sheet_chart
from scorekeeper.printing.columns import Group
from scorekeeper.printing.layout import Page, page_for
from scorekeeper.printing.pad import column_heads, grid_heads, mark_heads, tags_in_legend
from scorekeeper.printing.seats import LeadHeads, Seat, narrow_labels, seat_tags, seats, text_mm
from scorekeeper.scoring import get_variant
from scorekeeper.scoring.paper import ROWS, Lead, SheetPaper
from scorekeeper.scoring.settlement import deal_winnings
from scorekeeper.summary import (
    DealSummary,
    GameSummary,
    Payment,
    Settlement,
    game_summary,
    money,
)
from scorekeeper.translate import translate

if TYPE_CHECKING:
    from scorekeeper.scoring import GameState
    from scorekeeper.service_layer.results import GameView

# Wider than this many players, the grid (two columns a player) needs landscape.
PORTRAIT_PLAYERS = 5
# The grid's fixed columns (static/print/sheet.css), in mm: deal number, dealer,
# a mark (wild, x2, a family's mark), who went out (a family may widen it).
NUMBER_MM, DEALER_MM, MARK_MM, OUT_MM = 9.0, 17.0, 11.0, 26.0
CELL_PADDING_MM = 2.0
NAME_PT, CELL_PT = 8.5, 9.0  # the players' headings and the grid's cells
# The figures' type where the players' columns are too narrow for CELL_PT: the least
# the paper prints (docs/printing.md), tried before the players are split.
SMALL_PT = 8.0
# A heading is bold: it fits a column as a regular name this much larger would.
HEADING_FIT_PT = 9.4
# An unfinished game played to a target gets this many blank rows to carry on in.
TARGET_BLANK_ROWS = 6
# Rows a page holds (one line each), measured on the shortest paper of each
# orientation (Letter) with a full header: the first page, the pages after, and
# how many rows' room the closing (totals, winner, a family's blocks, settlement) takes.
PAGE_ROWS = {"portrait": (32, 44), "landscape": (19, 28)}
ONE_PAGE_DEALS = 14  # a sheet of up to this many deals is never split
# A finished game's score chart: as wide as the page and as high as the rows counted
# leave room for, up to its most (a grid row is about ROW_MM high; the legend takes a
# row for each two players). Where they leave less than its least, render.fitted_pdf
# measures the room the last page has and charts.with_chart_in draws it as high as
# that allows, or leaves it off: it never takes a page of its own.
ROW_MM = 4.6


@dataclass(frozen=True)
class Cell:
    points: int
    total: int
    note: str = ""  # what the points include beyond the hand (a raise the game made)
    out: bool = False  # the player went out (or knocked) in the deal


@dataclass(frozen=True)
class DealRow:
    number: int
    dealer: str
    wild: str
    multiplier: str  # "x2", or "" for 1
    out: str  # who went out or knocked, or "nobody"
    note: str  # how it ended, in the family's words (rummy, void, the upcard ...)
    cells: tuple[Cell, ...]
    leads: tuple[str, ...] = ()  # its cells in the family's lead columns
    # Each player's breakdown, as a paper pad writes it above the deal's points
    # (phases, drops, melds and canastas ...); () when the variant has none.
    lines: tuple[str, ...] = ()
    stake: str = ""  # what the deal's winner received by the stakes' deal bonus ("+$1.75")


@dataclass(frozen=True)
class BlankRow:
    """A deal still to play, printed so a table can carry on by hand: who deals and
    what is wild are known before it is played."""

    number: int
    dealer: str
    wild: str
    multiplier: str
    leads: tuple[str, ...] = ()


@dataclass(frozen=True)
class Part:
    """The rows printed on one page: a long game runs over several, each page
    starting with the running totals brought forward and ending with them carried."""

    rows: tuple[DealRow, ...]
    brought_forward: tuple[int, ...] | None  # the totals before its first row
    carried_forward: tuple[int, ...] | None  # the totals after its last row, if more follow


@dataclass(frozen=True)
class GameSheet:
    game_id: str
    title: str
    date: str
    variant: str
    preset: str | None
    house_rules: tuple[str, ...]
    stakes: str | None
    players: tuple[str, ...]
    listed: tuple[str, ...]  # options printed at their default too (Phase 10's phases)
    seats: tuple[Seat, ...]
    tags_in_legend: bool  # the seat list says each player's tag: the grid prints tags
    first_dealer: str
    goal: str  # "Highest total wins" ...
    status: str
    finished: bool
    winners: tuple[str, ...]
    show_wild: bool
    show_multiplier: bool
    leads: tuple[PrintLead, ...]  # the family's columns after the multiplier's
    grid: PrintBlock  # the deals' grid: the usual rows, or the family's own
    own_grid: bool  # the family draws its grid: no column keys or chart
    grid_style: str  # a style the usual grid takes (the family's)
    closing: tuple[PrintBlock, ...]  # the family's blocks after the winner line
    rows: tuple[DealRow, ...]
    blank_rows: tuple[BlankRow, ...]  # an unfinished game's deals to come
    parts: tuple[Part, ...]
    totals: tuple[int, ...]
    margin: int | None
    pays: str | None  # what the margin pays: "Bob pays Ann $4.80", when there are stakes
    settlement: Settlement | None  # the summary's, its payments by the grid's labels
    view_url: str
    page: Page
    # A partnership game's people in seat order (the players are then the sides), each
    # with their tag (what the narrow columns print of them) and side as labelled.
    partner_seats: tuple[str, ...] = ()
    people: tuple[Seat, ...] = ()
    # The players each table of the grid holds: one table, or a few where the players'
    # figures do not fit the page's width side by side (a 20-player free pad).
    groups: tuple[columns.Group, ...] = ()
    small_figures: bool = False  # the figures in SMALL_PT, to fit the players' columns
    chart: Chart | None = None  # a finished game's running totals, drawn
    # A finished game's running totals by player, for a chart sized to the room left.
    running: tuple[tuple[str, tuple[int, ...]], ...] = ()
    out_heading: str = ""  # the who-went-out column's heading
    # The deal's and dealer's heads as printed: Golf's "Hole", Rummikub's "Plays first".
    heads: LeadHeads | None = None
    # A player's two columns in words, and as headed: initials where a word is too
    # long for the column (pl "rozdanie"); a key under the grid then says which.
    column_names: tuple[str, ...] = ("deal", "total")
    column_heads: tuple[str, ...] = ("deal", "total")
    limit: PrintLimit | None = None  # a total marked in each running total's column
    out_mark: PrintOutMark | None = None  # the mark in the deal cell of who went out
    label_mm: float | None = None  # a family's grid of a player a row: its names' column


def game_sheet(
    game: GameView, *, view_url: str, page_size: str = "A4", locale: str = "en_US"
) -> GameSheet:
    state = game.state
    setup = game.setup
    summary = game_summary(game, locale, printed=True)
    variant = get_variant(setup.variant)
    options = setup.options
    players = tuple(state.players)
    paper = variant.sheet_paper(state, options)
    own_grid = paper.grid.kind != ROWS
    plan = get_variant(setup.variant)(setup)  # a fresh game: who deals and what is wild
    show_wild = _wild_shown(state, plan)
    show_multiplier = variant.paper_times(options)
    leads = variant.paper_leads(options)
    out_mm = paper.out_mm or OUT_MM
    fixed_mm = _fixed_mm(out_mm, show_wild + show_multiplier, leads)
    page, groups, small = _paper(summary, page_size, fixed_mm, own_grid)
    # A player's heading spans their two columns, or one of each game's on a family's grid.
    widest = max(group.stop - group.start for group in groups)
    column_mm = (page.width_mm - fixed_mm) / (widest * paper.spans) - CELL_PADDING_MM
    people = tuple(setup.seats or ())
    # A player a row (a golf card): the headings fit the names' column.
    name_mm = paper.label_mm - CELL_PADDING_MM if paper.label_mm else column_mm
    placed, seated, label = _placed(players, people, name_mm)
    rows = _rows(summary, variant, plan, label, options, _stake(summary, setup.stakes, locale))
    blank_rows = () if state.finished else _blank_rows(plan, len(rows), label)
    closing_rows = _closing_rows(state, paper, () if own_grid else blank_rows)
    parts = _parts(rows, players, state, page, closing_rows=closing_rows)
    chart, series = None, ()
    if state.finished and not own_grid:
        series = summary.running
        chart = _chart(series, players, placed, parts, page, out_mm, closing_rows)
    return GameSheet(
        game_id=game.public_id,
        title=game.title or _("%(game)s game", game=summary.preset or summary.variant_name),
        date=words.day(game.created_at, locale),
        variant=summary.variant_name,
        preset=summary.preset,
        house_rules=words.house_rules(setup.variant, options, len(players), setup.seats),
        listed=words.listed_rules(setup.variant, options, len(players), setup.seats),
        stakes=None if setup.stakes is None else words.stakes_terms(setup.stakes, locale),
        players=players,
        seats=placed,
        tags_in_legend=tags_in_legend((*placed, *seated), label),
        first_dealer=setup.first_dealer,
        goal=_("Highest total wins") if summary.higher_wins else _("Lowest total wins"),
        status=summary.status,
        finished=summary.finished,
        winners=summary.winners,
        show_wild=show_wild,
        show_multiplier=show_multiplier,
        leads=blocks.leads(leads, MARK_MM),
        grid=blocks.printed(paper.grid, "sheet"),
        own_grid=own_grid,
        grid_style=paper.style,
        closing=blocks.printed_blocks(paper.closing, "sheet"),
        rows=rows,
        out_heading=_out_heading(variant, paper),
        heads=_heads(variant, paper, show_wild, leads, own_grid=own_grid),
        blank_rows=blank_rows,
        parts=parts,
        totals=summary.totals,
        margin=summary.margin,
        pays=_pays(summary),
        settlement=_labelled(summary.settlement, label),
        view_url=view_url,
        page=page,
        partner_seats=people,
        people=seated,
        groups=groups,
        small_figures=small,
        chart=chart,
        running=series,
        column_names=(_("deal"), _("total")),
        column_heads=column_heads((_("deal"), _("total")), column_mm, two_up=False),
        limit=blocks.limit(paper.limit),
        out_mark=blocks.out_mark(paper.out_mark),
        label_mm=paper.label_mm,
    )


def _placed(
    players: tuple[str, ...], people: tuple[str, ...], column_mm: float
) -> tuple[tuple[Seat, ...], tuple[Seat, ...], dict[str, str]]:
    """The players' seats (a partnership's sides), its people's, and what the narrow
    columns print of each: tags all told apart, sides' and people's alike."""
    tags = seat_tags((*players, *people))
    placed = seats(players, column_mm=column_mm, size_pt=HEADING_FIT_PT, tags=tags[: len(players)])
    if any(seat.heading != seat.name for seat in placed):  # heads all names or all tags
        placed = tuple(replace(seat, heading=seat.tag or seat.heading) for seat in placed)
    seated = seats(people, column_mm=column_mm, size_pt=NAME_PT, tags=tags[len(players) :])
    label = narrow_labels((*placed, *seated), DEALER_MM - CELL_PADDING_MM, CELL_PT)
    return placed, seated, label


def _rows(
    summary: GameSummary,
    variant: Any,
    plan: Any,
    label: Mapping[str, str],
    options: Mapping[str, Any],
    stake: str,
) -> tuple[DealRow, ...]:
    """A row per deal played, with its lead cells as the fresh game ``plan`` says them
    and ``stake``, what its winner received, where somebody went out."""
    return tuple(
        replace(
            _row(played, variant, label, options),
            leads=blocks.cells(plan.lead_cells(played.deal.number, played.deal)),
            stake=stake if played.deal.went_out is not None else "",
        )
        for played in summary.deals
    )


def _stake(summary: GameSummary, stakes: Mapping[str, Any] | None, locale: str) -> str:
    """What a deal's winner receives from the others by the stakes' deal bonus, in
    words ("+$1.75"); "" where the stakes have none."""
    cents = deal_winnings(stakes, len(summary.players))
    if not cents or summary.settlement is None:
        return ""
    return money(cents, summary.settlement.currency, locale, signed=True, printed=True)


def _wild_shown(state: GameState, plan: Any) -> bool:
    """Whether the grid has a wild rank's column: some deal had one, or the next has."""
    return any(deal.wild for deal in state.deals) or bool(
        not state.finished and plan.wild(len(state.deals) + 1)
    )


def _out_heading(variant: Any, paper: SheetPaper) -> str:
    # A game whose entries name nobody going out (Golf, the free pad): its column
    # names each deal's winner instead.
    if paper.out_head is not None:
        return translate(paper.out_head)
    no_out = not any(f.kind == "player" for f in variant.entry_fields)
    return translate(variant.deal_words.won) if no_out else _("Out")


def _heads(
    variant: Any, paper: SheetPaper, wild: bool, leads: tuple[Lead, ...], *, own_grid: bool
) -> LeadHeads | None:
    """The grid's lead columns' heads (the deal's, the dealer's, the wild rank's, the
    family's), each shortened with a key where a word is wider than its column."""
    if own_grid and not paper.deal_heads:
        return None
    return grid_heads(variant, marks=mark_heads(wild, blocks.leads(leads, MARK_MM), MARK_MM))


def _fixed_mm(out_mm: float, marks: int, leads: tuple[Lead, ...]) -> float:
    """The grid's fixed columns' width: what the players' columns share the rest of."""
    leads_mm = sum(lead.width_mm or MARK_MM for lead in leads)
    return NUMBER_MM + DEALER_MM + out_mm + MARK_MM * marks + leads_mm


def _paper(
    summary: GameSummary, page_size: str, fixed_mm: float, own_grid: bool
) -> tuple[Page, tuple[columns.Group, ...], bool]:
    """The page, the players each table holds and whether the figures are in small
    type: portrait for a few players whose figures fit it, else landscape, the figures
    smaller where they fit so, and split into tables of a few players where even that
    is too narrow for every player's figures side by side."""
    players = len(summary.players)
    every = (Group(0, players),)
    if own_grid:  # a family's own grid (a match's games side by side): its own layout
        return page_for(page_size, landscape=False), every, False
    points = [figure.points for deal in summary.deals for figure in deal.figures]
    totals = [
        *summary.totals,
        *(figure.running for deal in summary.deals for figure in deal.figures),
    ]
    portrait = page_for(page_size, landscape=False)
    need_mm = columns.figures_mm(points, totals, CELL_PT)
    if players <= PORTRAIT_PLAYERS and columns.fits(players, portrait.width_mm - fixed_mm, need_mm):
        return portrait, every, False
    page = page_for(page_size, landscape=True)
    room_mm = page.width_mm - fixed_mm
    if columns.fits(players, room_mm, need_mm):
        return page, every, False
    small_mm = columns.figures_mm(points, totals, SMALL_PT)
    return page, columns.groups(players, room_mm, small_mm), True


def _chart(
    series: tuple,
    players: tuple[str, ...],
    placed: tuple[Seat, ...],
    parts: tuple,
    page: Page,
    out_mm: float,
    closing_rows: int,
) -> Chart | None:
    """The running totals' chart, where the last page has room left under the grid."""
    holds = PAGE_ROWS[page.orientation][len(parts) > 1]
    lines = _wrapped_lines(parts[-1].rows, out_mm, players, page) + closing_rows
    room_mm = (holds - lines - (len(players) + 1) // 2) * ROW_MM
    if room_mm < CHART_LEAST_MM:
        return None
    return sheet_chart(dict(series), placed, page, min(room_mm, CHART_MOST_MM))


def _blank_rows(game: Any, played: int, label: Mapping[str, str]) -> tuple[BlankRow, ...]:
    """The deals still to play: up to the end of a game of so many deals, else a few."""
    if game.fixed_deals:
        last = game.fixed_deals
    elif played <= ONE_PAGE_DEALS:  # a short game's sheet stays on one page
        last = min(played + TARGET_BLANK_ROWS, ONE_PAGE_DEALS)
    else:
        last = played + TARGET_BLANK_ROWS
    rows = []
    for number in range(played + 1, last + 1):
        wild = game.wild(number)
        rows.append(
            BlankRow(
                number,
                label.get(game.dealer(number), game.dealer(number)),  # a seat, with partners
                wild or "",
                words.times(game.multiplier(number, wild)),
                blocks.cells(game.lead_cells(number, None)),
            )
        )
    return tuple(rows)


def _wrapped_lines(
    rows: tuple[DealRow, ...], out_mm: float, players: tuple[str, ...], page: Page
) -> int:
    """The last page's rows in lines: a row whose outcome and note wrap in the out
    column ("frapper avec 5 ; carte retournée 10♥") is two lines high or more, and
    the settlement's balances and payments run over lines by the names' length."""
    width_mm = out_mm - CELL_PADDING_MM
    lines = sum(ceil(text_mm(f"{row.out} {row.note}", CELL_PT) / width_mm) for row in rows)
    named = sum(text_mm(f"{name} -$000.00; ", CELL_PT) for name in players)
    # _closing_rows counts a line for each two players' balances and payments (the
    # payments name tags); the balances' full names may take more.
    return lines + max(0, ceil(named / page.width_mm) - len(players) // 2)


def _closing_rows(state: GameState, paper: SheetPaper, blank_rows: tuple) -> int:
    """About how many grid rows' height the lines after the grid take, with the usual
    grid's ``blank_rows`` (a family's own grid prints the deals to come its own way, as
    a card's blank holes)."""
    rows = 3 + paper.closing_rows + len(blank_rows)  # totals, winner line, family's blocks
    if state.settlement is not None:
        rows += 7 + len(state.players) // 2
    return rows


def _parts(
    rows: tuple[DealRow, ...],
    players: tuple[str, ...],
    state: GameState,
    page: Page,
    closing_rows: int,
) -> tuple[Part, ...]:
    """The rows page by page. Up to ONE_PAGE_DEALS rows stay on one page; beyond,
    each page takes what it holds, and the last keeps room for the closing lines
    (so no page holds only a winner line or a settlement)."""
    first, later = PAGE_ROWS[page.orientation]
    if len(rows) <= max(ONE_PAGE_DEALS, first - closing_rows):
        return (Part(rows, None, None),)
    chunks: list[tuple[DealRow, ...]] = []
    start, room = 0, first
    while start < len(rows):
        left = len(rows) - start
        if left + closing_rows <= room:
            take = left
        elif left <= room:  # all of them fit, but not the closing: leave some for a last page
            take = max(1, left - max(1, closing_rows - (later - room)))
            take = min(take, left - 1)
        else:
            take = room
        chunks.append(rows[start : start + take])
        start += take
        room = later
    totals = state.running_totals

    def at(deal_number: int) -> tuple[int, ...]:
        return tuple(totals[deal_number - 1][name] for name in players)

    return tuple(
        Part(
            chunk,
            brought_forward=None if index == 0 else at(chunk[0].number - 1),
            carried_forward=None if index == len(chunks) - 1 else at(chunk[-1].number),
        )
        for index, chunk in enumerate(chunks)
    )


def _row(
    played: DealSummary, variant: Any, label: Mapping[str, str], options: Mapping[str, Any]
) -> DealRow:
    deal = played.deal
    cells = []
    for figures in played.figures:
        notes = variant.cell_notes(figures)
        note = "; ".join(map(translate, notes))
        cells.append(Cell(figures.points, figures.running, note, figures.out))
    out, notes = variant.deal_outcome(deal, options, label)
    marked = played.lined or any(figures.marks for figures in played.figures)
    return DealRow(
        number=deal.number,
        dealer=label.get(deal.dealer, deal.dealer),  # a seat, with partners
        wild=deal.wild or "",
        multiplier=words.times(deal.multiplier),
        out=translate(out),
        note="".join(map(translate, notes)),
        cells=tuple(cells),
        # A player's marks (eliminated, bought back in ...) with the breakdown: the line
        # over their two columns has room for a note that a deal's cell has not.
        lines=tuple("; ".join((*f.lines, *f.marks)) for f in played.figures) if marked else (),
    )


def _pays(summary: GameSummary) -> str | None:
    """What the margin pays, from the settlement (a family's block may print it)."""
    settled = summary.settlement
    if settled is None or not summary.finished:
        return None
    if not settled.transfers:
        return _("nothing changes hands")
    return "; ".join(
        _("%(payer)s pays %(payee)s %(amount)s", payer=t.payer, payee=t.payee, amount=t.amount.text)
        for t in settled.transfers
    )


def _labelled(settled: Settlement | None, label: Mapping[str, str]) -> Settlement | None:
    """Balances by full name; payments by the grid's labels (tags where names are
    long), so each "payer → payee amount" stays whole on one line."""
    if settled is None:
        return None

    def labelled(payments: tuple[Payment, ...]) -> tuple[Payment, ...]:
        return tuple(replace(p, payer=label[p.payer], payee=label[p.payee]) for p in payments)

    return replace(
        settled, payments=labelled(settled.payments), transfers=labelled(settled.transfers)
    )
