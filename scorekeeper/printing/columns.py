"""How many players' columns a sheet's grid holds side by side.

A player's two columns (the deal's points, the running total) must hold the widest
figure printed in them: a 20-player free pad's "-114" and "1452" ran into each other
("11411452") when twenty players shared a landscape page. The figures' widths are
measured from the game's own numbers; a table too wide for the page turns landscape,
and one too wide for landscape is split into tables of a few players each, one after
the other, each with every deal and a caption saying which players it holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import ceil

from scorekeeper.i18n import gettext as _
from scorekeeper.printing.seats import PT_MM

# DejaVu Sans's digits are 0.636 em wide (Bold's 0.696: the running totals are bold).
# Rounded up, and a minus counted as a digit: a figure measured to fit does, with
# room for the columns' heads ("total", bold) over a narrow figure.
DIGIT_EM, BOLD_DIGIT_EM = 0.64, 0.70
CELL_SIDES_MM = 2.3  # a cell's padding (1 mm a side) and its borders


@dataclass(frozen=True)
class Group:
    """The players one table of the grid holds: seats ``start`` to ``stop`` (0-based,
    ``stop`` excluded), with a caption saying so where the players are split."""

    start: int
    stop: int
    caption: str = ""


def figures_mm(points: Iterable[int], totals: Iterable[int], size_pt: float) -> float:
    """The width a player's two columns need: the widest deal figure and running total."""
    deal = max((len(str(value)) for value in points), default=3)
    total = max((len(str(value)) for value in totals), default=3)
    return (deal * DIGIT_EM + total * BOLD_DIGIT_EM) * size_pt * PT_MM + 2 * CELL_SIDES_MM


def fits(players: int, room_mm: float, player_mm: float) -> bool:
    return players * player_mm <= room_mm


def groups(players: int, room_mm: float, player_mm: float) -> tuple[Group, ...]:
    """The players split into as few tables as fit ``room_mm``, as even as can be."""
    most = max(1, int(room_mm // player_mm))
    count = ceil(players / most)
    if count == 1:
        return (Group(0, players),)
    size = ceil(players / count)
    starts = range(0, players, size)
    return tuple(
        Group(
            start,
            min(start + size, players),
            # Each table starts a page: it is a sheet of its own, and says which.
            _(
                "Players %(first)s to %(last)s of %(players)s, sheet %(sheet)s of "
                "%(sheets)s. Too many players for one page's width: each sheet has "
                "every deal.",
                first=start + 1,
                last=min(start + size, players),
                players=players,
                sheet=sheet,
                sheets=len(starts),
            ),
        )
        for sheet, start in enumerate(starts, 1)
    )
