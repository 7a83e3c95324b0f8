"""Blank score pads as plain, printable data (league print packs: printing/pack.py).

Pure: no Flask, no database. The rows' dealers, wild ranks and multipliers come
from the scoring core's own game object for the setup, so a pad agrees with the
screen about who deals and what is wild.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.printing import blocks, words
from scorekeeper.printing.blocks import PrintBlock, PrintLead, PrintLimit, PrintOutMark
from scorekeeper.printing.columns import Group
from scorekeeper.printing.errors import PrintError
from scorekeeper.printing.layout import Page, check_orientation, check_size
from scorekeeper.printing.pad_layout import (
    BOX_MM,
    CELL_PADDING_MM,
    DEALER_MM,
    MARK_MM,
    NUMBER_MM,
    TOTAL_MM,
    arrange,
    half_rows,
    pad_grid,
    row_count,
    two_up_fit,
    two_up_most,
    variant_of,
)
from scorekeeper.printing.seats import (
    LeadHeads,
    Seat,
    head_mm,
    lead_heads,
    narrow_labels,
    seats,
    text_mm,
)
from scorekeeper.scoring import ScoringError, Setup, get_variant, make_setup
from scorekeeper.scoring.cards import RANKS
from scorekeeper.scoring.messages import Message
from scorekeeper.translate import preset_name, translate

NAME_LENGTH = 40
MAX_ROWS = 60  # more than a page holds: a pad of many rows runs on with its header
# A pad of this many rows or fewer (a fixed number of deals) gets taller rows.
FEW_ROWS = 14
# The most players a paper pad has columns for (the free pad's 20: in tables of ten).
PAD_PLAYERS = 20
# A partnership pad's row labels: at least this wide, at most (three sides keep 40 mm).
SIDE_LABEL_MM, SIDE_LABEL_MOST_MM = 40.0, 60.0
NAME_PT, CELL_PT = 8.5, 9.0


@dataclass(frozen=True)
class PadRow:
    number: int
    dealer: str  # "" when the names are left to be written in
    wild: str  # "" when the dealer calls it
    multiplier: str  # "x2" for a deal that counts double whatever happens
    leads: tuple[str, ...] = ()  # its cells in the family's lead columns (a deal's terms)
    tiebreak: bool = False  # a row kept for a tie-break deal after the last (deals rummy)


@dataclass(frozen=True)
class CardValue:
    card: str
    value: int


# The columns' heads as printed.
COLUMN_WORDS = {
    "melds": _l("melds"),
    "hand": _l("hand"),
    "total": _l("total"),
    "deal": _l("deal"),
    "box": _l("box"),
    "phase": _l("phase"),
}


@dataclass(frozen=True)
class Pad:
    title: str
    variant: str
    preset: str | None
    label: str | None  # the table, in a print pack
    players: tuple[str, ...]  # "" for a name to write in
    seats: tuple[Seat, ...]
    tags_in_legend: bool  # the seat list says each player's tag: the grid prints tags
    first_dealer: str | None
    grid: PrintBlock  # the family's grid: a row per deal, rows per side, boxes ...
    spans: int  # games side by side: a player's columns printed this many times
    columns: tuple[str, ...]  # each player's columns: ("deal", "total"), ("melds", "hand", "total")
    column_names: tuple[str, ...]  # the columns in words, in the pad's language
    column_heads: tuple[str, ...]  # as printed: the names, or their initials on a half sheet
    rows: tuple[PadRow, ...]
    row_space: str  # "tall", "roomy" or "normal": how much room to write in a row
    show_dealer: bool
    show_wild: bool
    leads: tuple[PrintLead, ...]  # the family's columns after the wild rank's
    house_rules: tuple[str, ...]
    key_rules: tuple[str, ...]
    card_values: tuple[CardValue, ...]
    stakes: str | None  # the stakes in words, for the settlement box; None: written in
    day: str | None  # the night's date, in a league pack
    qr_url: str | None
    page: Page
    # A partnership pad's rows per deal, per side: the rows a paper pad of the game has.
    side_rows: tuple[str, ...] = ()
    label_width_mm: float | None = None  # a first column of row labels (a family's box rows)
    has_cards: bool = True  # False: no card values line (the free pad)
    total_mm: float | None = None  # the running total's width, where it needs more than a share
    piece_word: str = ""  # the value table's head: "Card", Rummikub's "Tile" (the variant's)
    # The deal's and dealer's heads as printed: Golf's "Hole", Rummikub's "Plays first".
    heads: LeadHeads | None = None
    # The players each table of the grid holds: one table, or a few one after the other
    # where the players' boxes would be narrower than a hand writes in (a 20-player pad).
    groups: tuple[Group, ...] = ()
    limit: PrintLimit | None = None  # a total marked under each player's total head
    out_mark: PrintOutMark | None = None  # a circle in each writing box, to tick who went out

    @property
    def label_mm(self) -> float:
        """A partnership pad's label column: as wide as its longest label on one line
        (fr "Fermeture, pozzetto (moins)" ran into the first side's box at 40 mm)."""
        widths = (text_mm(label, CELL_PT) + CELL_PADDING_MM for label in self.side_rows)
        return round(min(max(SIDE_LABEL_MM, *widths), SIDE_LABEL_MOST_MM), 1)


def blank_pad(
    *,
    variant: str | None = None,
    preset: str | None = None,
    players: int = 4,
    names: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    first_dealer: str | None = None,
    page_size: str = "A4",
    orientation: str | None = None,
    title: str | None = None,
    label: str | None = None,
    qr_url: str | None = None,
    stakes: Mapping[str, Any] | None = None,
    rows: int | None = None,
    day: str | None = None,
    locale: str = "en_US",
    two_up: bool = False,
) -> Pad:
    """A pad for ``players`` seats (2-8); ``names`` fills the first seats ("" leaves one
    blank); with names, each row says who deals.

    ``orientation`` None picks landscape for a wide table. ``stakes`` (as a game's)
    prints in the settlement box; ``rows`` overrides the number of rows (1 to
    MAX_ROWS); ``day`` is printed as the date (a league night's); ``two_up`` prints
    two copies to a page, to cut in half, where a half sheet keeps every box BOX_MM
    wide (pad_layout.two_up_fit; ``orientation`` is then the sheet's). Raises
    PrintError, whose ``errors`` name the bad arguments.
    """
    errors: dict[str, str] = {}
    if rows is not None and (
        isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= MAX_ROWS
    ):
        errors["rows"] = _("must be a whole number of rows from 1 to %(most)s", most=MAX_ROWS)
    written = _names(players, names, errors, _counts(variant, preset))
    count = players if isinstance(players, int) and not isinstance(players, bool) else 0
    placeholders = [f"Seat {seat}" for seat in range(1, count + 1)]
    dealer_seat = _dealer_seat(first_dealer, written, errors)
    try:
        orientation = check_orientation(orientation)
    except PrintError as error:
        errors.update(error.errors)
    try:
        page_size = check_size(page_size)
    except PrintError as error:
        errors.update(error.errors)
    setup = None
    try:
        setup = make_setup(
            variant=variant,
            preset=preset,
            players=placeholders,
            options=options,
            first_dealer=placeholders[dealer_seat] if placeholders else None,
            stakes=stakes,
        )
    except ScoringError as error:
        errors.update(error.errors)
    # Measured on a setup, a paper and rows that are right (a name's error aside).
    if two_up and setup is not None and not {"rows", "page_size", "orientation"} & set(errors):
        _check_two_up(setup, page_size, orientation, rows, errors)
    if errors:
        raise PrintError(errors, _("The pad cannot be printed as asked."))
    named = any(written)
    return _pad(
        setup,
        players=tuple(written) + ("",) * (count - len(written)),
        first_dealer=(written[dealer_seat] or None) if named else None,
        show_dealer=named,
        page_size=page_size,
        orientation=orientation,
        title=title,
        label=label,
        qr_url=qr_url,
        rows=rows,
        day=day,
        locale=locale,
        two_up=two_up,
    )


def _check_two_up(
    setup: Setup, page_size: str, orientation: str | None, rows: int | None, errors: dict
) -> None:
    """Two pads to a page where a half sheet keeps every box BOX_MM wide and every row;
    else the error says up to how many players of this game it does, as measured."""
    variant = get_variant(setup.variant)
    whole_page = variant.pad_paper(setup.options).whole_page
    if whole_page is not None:
        errors["two_up"] = translate(whole_page)
        return
    if two_up_fit(setup, page_size, orientation, rows) is not None:
        return
    if rows and (page := two_up_fit(setup, page_size, orientation)) is not None:
        errors["two_up"] = _(
            "two pads to a page fit up to %(most)s rows at this table, not %(rows)s",
            most=half_rows(variant.pad_paper(setup.options), page),
            rows=rows,
        )
        return
    game = preset_name(setup.preset) or translate(variant.name)
    most = two_up_most(
        variant=setup.variant, options=setup.options, page_size=page_size, orientation=orientation
    )
    if most:
        errors["two_up"] = _(
            "two pads to a page fit %(game)s for up to %(most)s players on %(paper)s paper "
            "(every box 14 mm wide), not %(players)s",
            game=game,
            most=most,
            paper=page_size,
            players=len(setup.players),
        )
    else:
        errors["two_up"] = _(
            "two pads to a page do not fit %(game)s on %(paper)s paper: a half sheet would "
            "leave its boxes under 14 mm wide or its deals without a row",
            game=game,
            paper=page_size,
        )


def _counts(variant: Any, preset: Any) -> tuple[int, int]:
    """The seats a pad may have: 2 to 8 as ever (the variant's own count is make_setup's
    to check), down to 1 and up to PAD_PLAYERS where the variant takes them (the free pad)."""
    cls = variant_of(variant, preset)
    if cls is None:
        return 2, 8  # make_setup names what is wrong
    return min(2, cls.min_players), max(8, min(cls.max_players, PAD_PLAYERS))


def _names(
    players: Any, names: Sequence[str], errors: dict[str, str], counts: tuple[int, int]
) -> list[str]:
    low, high = counts
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        errors["players"] = _(
            "must be a whole number of players from %(least)s to %(most)s", least=low, most=high
        )
        return []
    if len(names) > players:
        errors["names"] = _(
            "gives %(names)s names for %(players)s players", names=len(names), players=players
        )
        return []
    written: list[str] = []
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        name = name.strip() if isinstance(name, str) else ""
        if len(name) > NAME_LENGTH:
            errors[f"names.{seat}"] = _("must be at most %(most)s characters", most=NAME_LENGTH)
        elif name and name.casefold() in seen:
            errors[f"names.{seat}"] = _(
                "is the same name as %(field)s", field=f"names.{seen[name.casefold()]}"
            )
        elif name:
            seen[name.casefold()] = seat
        written.append(name)
    return written


def _dealer_seat(first_dealer: str | None, names: Sequence[str], errors: dict[str, str]) -> int:
    if first_dealer is None:
        return 0
    folded = first_dealer.strip().casefold() if isinstance(first_dealer, str) else None
    for seat, name in enumerate(names):
        if name and name.casefold() == folded:
            return seat
    errors["first_dealer"] = _("must be one of the names")
    return 0


def _pad(
    setup: Setup,
    *,
    players: tuple[str, ...],
    first_dealer: str | None,
    show_dealer: bool,
    page_size: str,
    orientation: str | None,
    title: str | None,
    label: str | None,
    qr_url: str | None,
    rows: int | None = None,
    day: str | None = None,
    locale: str = "en_US",
    two_up: bool = False,
) -> Pad:
    variant = get_variant(setup.variant)
    options, n = setup.options, len(players)
    grid = pad_grid(variant, options)
    paper, leads, columns = grid.paper, grid.leads, grid.columns
    game = variant(setup)
    side_rows = tuple(map(translate, paper.row_labels))
    show_wild = variant.pad_wild
    page, groups, column_mm = arrange(grid, page_size, orientation, n, two_up)
    orientation = page.half_orientation  # a half sheet's shape, 2-up
    name_mm = paper.label_mm if paper.across and paper.label_mm else column_mm
    placed = seats(players, column_mm=name_mm - CELL_PADDING_MM, size_pt=NAME_PT)
    narrow = narrow_labels(placed, DEALER_MM - CELL_PADDING_MM, CELL_PT)
    count = rows or row_count(game, paper, page)
    pad_rows = _pad_rows(game, count, players, setup.players, narrow if show_dealer else None)
    if not rows and (tiebreaks := variant.pad_tiebreaks(options)):  # beyond the fixed deals
        pad_rows += [PadRow(count + k, "", "", "", tiebreak=True) for k in range(1, tiebreaks + 1)]
    total_mm = _total_mm(columns, column_mm)
    printed_leads = blocks.leads(leads, MARK_MM)
    names = tuple(str(COLUMN_WORDS[column]) for column in columns)
    return Pad(
        title=title or _pad_title(variant, setup.preset),
        variant=translate(variant.name),
        preset=preset_name(setup.preset),
        label=label,
        players=players,
        seats=placed,
        tags_in_legend=tags_in_legend(placed, narrow if show_dealer else None),
        first_dealer=first_dealer,
        grid=blocks.printed(paper.grid, "pad"),
        spans=paper.spans,
        columns=columns,
        column_names=names,
        column_heads=column_heads(names, column_mm, two_up=two_up, total_mm=total_mm),
        rows=tuple(pad_rows),
        row_space=_row_space(len(pad_rows), orientation),
        show_dealer=show_dealer,
        show_wild=show_wild,
        leads=printed_leads,
        house_rules=words.house_rules(setup.variant, options, n),
        key_rules=words.key_rules(setup.variant, options)
        + words.listed_rules(setup.variant, options, n)
        + tuple(map(translate, paper.keys)),
        card_values=card_values(setup),
        stakes=None if setup.stakes is None else words.stakes_terms(setup.stakes, locale),
        day=day,
        qr_url=qr_url,
        page=page,
        side_rows=side_rows,
        label_width_mm=paper.label_mm,
        has_cards=variant.has_cards,
        piece_word=translate(variant.piece_word),
        heads=None
        if paper.label_mm and not paper.across
        else grid_heads(
            variant, dealer=not side_rows, marks=mark_heads(show_wild, printed_leads, MARK_MM)
        ),
        groups=groups,
        total_mm=total_mm,
        limit=None if two_up else blocks.limit(paper.limit),  # a half sheet has no row to spare
        out_mark=blocks.out_mark(paper.out_mark),
    )


def _pad_rows(
    game: Any,
    count: int,
    players: Sequence[str],
    seated: Sequence[str],
    narrow: Mapping[str, str] | None,
) -> list[PadRow]:
    """A row per deal, as the scoring core deals it (to the setup's ``seated`` names).
    The dealer is printed by the seat's narrow label; ``narrow`` None: written in."""
    pad_rows = []
    for number in range(1, count + 1):
        wild = game.wild(number)
        dealer = narrow[players[seated.index(game.dealer(number))]] if narrow is not None else ""
        pad_rows.append(
            PadRow(
                number=number,
                dealer=dealer,
                wild=wild or "",
                multiplier=words.times(game.multiplier(number, wild)),
                leads=blocks.cells(game.lead_cells(number, None)),
            )
        )
    return pad_rows


def tags_in_legend(placed: Sequence[Seat], narrow: Mapping[str, str] | None) -> bool:
    """Whether the seat list says each player's tag: some column heads (or dealer
    labels, ``narrow``, when printed) show a tag other than the name or seat number."""
    return any(
        seat.tag != seat.name and not seat.tag.isdigit()
        for seat in placed
        if (narrow is not None and narrow[seat.name] != seat.name) or seat.heading != seat.name
    )


HEAD_PT = 8.0  # a column's head (static/print/sheet.css: .grid thead th)


def grid_heads(
    variant: Any, *, dealer: bool = True, marks: Sequence[tuple[str, float]] = ()
) -> LeadHeads:
    """The deal number's and dealer's heads in their columns' widths, as the variant
    words them (Golf's "Hole", Rummikub's "Plays first"), and the narrow columns'
    after them (``marks``: each head and its column's width), shortened with a key
    where a word is wider than its column (pl "Rozdanie" over 9 mm, es "Comodín" over
    13 mm); ``dealer`` False: a grid without the dealer's head (a partnership pad's)."""
    who = _("Plays first") if variant.dealer_plays_first else _("Dealer")
    return lead_heads(
        translate(variant.deal_words.head) or str(_("Deal")),
        str(who) if dealer else "",
        deal_mm=NUMBER_MM - CELL_PADDING_MM,
        dealer_mm=DEALER_MM - CELL_PADDING_MM,
        size_pt=HEAD_PT,
        marks=marks,
    )


def mark_heads(wild: bool, leads: Sequence[PrintLead], mark_mm: float) -> list[tuple[str, float]]:
    """The wild rank's head (if shown, ``mark_mm`` wide) and each lead column's, with
    their widths: the ``marks`` of grid_heads."""
    heads = [(str(_("Wild")), mark_mm)] if wild else []
    return heads + [(lead.head, lead.width_mm) for lead in leads]


def _total_mm(columns: tuple[str, ...], player_mm: float) -> float | None:
    """The running total's width where an even share of the player's columns is less
    than TOTAL_MM and the others keep BOX_MM; None: an even share."""
    # An even share is a little less than its sum: the grid's lines take their part.
    if "total" not in columns or player_mm / len(columns) >= TOTAL_MM + 0.5:
        return None
    others = (player_mm - TOTAL_MM) / (len(columns) - 1)
    return TOTAL_MM if others >= BOX_MM else None


def column_heads(
    names: tuple[str, ...], player_mm: float, *, two_up: bool, total_mm: float | None = None
) -> tuple[str, ...]:
    """A player's column heads as printed: their names, or their initials (the closing
    line says which is which) where a name will not fit its column: three columns a
    player on half a page, or a language's long word ("combinaisons", "Auslagen")."""
    share = player_mm / max(len(names), 1)
    if total_mm:  # the other columns share what the total leaves
        share = (player_mm - total_mm) / max(len(names) - 1, 1)
    width_mm = share - CELL_PADDING_MM
    if (two_up and len(names) > 2) or any(
        head_mm(word, HEAD_PT) > width_mm for name in names for word in name.split()
    ):
        return tuple(name[0].upper() for name in names)
    return names


def _row_space(rows: int, orientation: str) -> str:
    if rows > FEW_ROWS:
        return "normal"
    return "tall" if orientation == "portrait" else "roomy"


def _pad_title(variant: Any, preset: str | None) -> str:
    """A blank pad's title from its game's name, as the variant words it ("Rummy 500
    score pad"; the free pad's name is already a pad's)."""
    game = preset_name(preset) or translate(variant.name)
    return translate(Message(variant.pad_title.msgid, {"game": game}))


def card_values(setup: Setup) -> tuple[CardValue, ...]:
    """What each card counts in hand under the setup's options, A to K then the wild cards."""
    variant = get_variant(setup.variant)
    if not variant.has_cards:
        return ()
    table = variant.value_table(setup.options)
    # Not every pack has every rank (Five Crowns has no Aces or 2s).
    values = [CardValue(rank, table.ranks[rank]) for rank in RANKS if rank in table.ranks]
    # A pack of its own (Phase 10's 1 to 12, Skip and Wild), as its cards are printed.
    values.extend(CardValue(name, value) for name, value in (table.named or {}).items())
    if table.wild is not None:
        values.append(CardValue(_("wild"), table.wild))
    if table.wild_ace is not None and table.wild_ace != table.wild:
        values.append(CardValue(_("wild A"), table.wild_ace))
    if table.joker is not None:
        values.append(CardValue(_("Joker"), table.joker))
    values.extend(
        CardValue(words.card(name), value) for name, value in (table.special or {}).items()
    )
    return tuple(values)
