"""League print packs as plain, printable data: a night's seating list, its index of
players and one named pad per table (printing/pad.py), with a result slip for each
table scored on paper. Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from scorekeeper.i18n import gettext as _
from scorekeeper.printing import words
from scorekeeper.printing.collation import sort_key
from scorekeeper.printing.errors import PrintError
from scorekeeper.printing.layout import Page, page_for
from scorekeeper.printing.pad import Pad, blank_pad


@dataclass(frozen=True)
class PackTable:
    """One table of a league night: plain data, as a league's own records give it."""

    label: str  # "Table 3"
    players: Sequence[str]  # names in seat order
    variant: str | None = None
    preset: str | None = None
    options: Mapping[str, Any] | None = None
    first_dealer: str | None = None  # default: the first player
    edit_url: str | None = None  # printed as a QR code on the table's pad
    stakes: Mapping[str, Any] | None = None  # the league's, on the pad and its result slip
    paper: bool = True  # its result comes on paper: a result slip is printed for it
    # Where the league asks a second phone to confirm each result: that phone's link,
    # printed as a QR code on the table's slip (so a slip even for a table on phones).
    confirm_url: str | None = None


@dataclass(frozen=True)
class SeatingLine:
    label: str
    game: str
    players: tuple[str, ...]
    first_dealer: str


@dataclass(frozen=True)
class IndexEntry:
    """A line of the seating chart's index: a player finds their table by name."""

    name: str
    table: str
    seat: int


@dataclass(frozen=True)
class Slip:
    """A table's slip, cut from a page of them: its result, for a table scored on
    paper, and the second phone's confirm link, in a league that asks for one."""

    pad: Pad
    paper: bool
    confirm_url: str | None = None


@dataclass(frozen=True)
class Pack:
    title: str
    date: str
    seating: tuple[SeatingLine, ...]
    index: tuple[IndexEntry, ...]  # every player, alphabetically
    pads: tuple[Pad, ...]
    page: Page
    public_url: str | None = None
    screen_url: str | None = None  # the night's venue screen, while its link is open
    slips: tuple[Slip, ...] = ()  # for each table scored on paper or confirmed by a phone
    byes: tuple[str, ...] = ()  # those sitting out tonight, in the list and the index


def print_pack(
    tables: Sequence[PackTable],
    *,
    title: str,
    day: date,
    page_size: str = "A4",
    locale: str = "en_US",
    public_url: str | None = None,
    screen_url: str | None = None,
    byes: Sequence[str] = (),
) -> Pack:
    """A seating list and one named pad per table, for one PDF document."""
    errors: dict[str, str] = {}
    pads = []
    slips = []
    seating = []
    if not tables:
        errors["tables"] = _("must list at least one table")
    for index, table in enumerate(tables):
        try:
            pad = blank_pad(
                variant=table.variant,
                preset=table.preset,
                players=len(table.players),
                names=table.players,
                options=table.options,
                first_dealer=table.first_dealer or (table.players[0] if table.players else None),
                page_size=page_size,
                title=title,
                label=table.label,
                qr_url=table.edit_url,
                stakes=table.stakes,
                day=words.day(day, locale),
                locale=locale,
            )
        except PrintError as error:
            errors.update({f"tables.{index}.{path}": m for path, m in error.errors.items()})
            continue
        # The night's title and the game, in the reader's language.
        pad = replace(pad, title=f"{title}, {pad.preset or pad.variant}")
        if not all(pad.players):
            errors[f"tables.{index}.players"] = _("must all be named")
            continue
        pads.append(pad)
        if table.paper or table.confirm_url:
            slips.append(Slip(pad, table.paper, table.confirm_url))
        seating.append(
            SeatingLine(
                label=table.label,
                game=pad.preset or pad.variant,
                players=pad.players,
                first_dealer=pad.first_dealer or pad.players[0],
            )
        )
    if errors:
        raise PrintError(errors, _("The print pack cannot be printed as asked."))
    return Pack(
        title=title,
        date=words.day(day, locale),
        seating=tuple(seating),
        index=name_index(seating, byes, locale),
        pads=tuple(pads),
        page=page_for(page_size, landscape=False),
        public_url=public_url,
        screen_url=screen_url,
        slips=tuple(slips),
        byes=tuple(byes),
    )


def name_index(
    seating: Sequence[SeatingLine], byes: Sequence[str], locale: str = "en"
) -> tuple[IndexEntry, ...]:
    """Every player present, A to Z as ``locale`` orders letters (Polish Ł after L, Ż
    after Z; French É with E), with their table and seat; seat 0 is sitting out, so the
    index says where everyone present is."""
    seated = (
        IndexEntry(name, line.label, seat)
        for line in seating
        for seat, name in enumerate(line.players, 1)
    )
    out = (IndexEntry(name, _("sitting out"), 0) for name in byes)
    return tuple(
        sorted([*seated, *out], key=lambda entry: (sort_key(entry.name, locale), entry.table))
    )
