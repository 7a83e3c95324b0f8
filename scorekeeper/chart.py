"""The score chart: each player's running total over the deals, as SVG polylines.

Drawn by the server for the game page (scorekeeper.web.presenters) and for the
finished printed sheet (scorekeeper.printing.sheet); each feeds it the totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass
class Chart:
    """Running totals per player over the deals, as SVG polylines (drawn by the server)."""

    width: int
    height: int
    lines: list[tuple[str, str]]  # (player, "x,y x,y ...")
    zero: int  # the y of a total of 0
    low: int
    high: int


def running_totals_chart(
    series: Mapping[str, Sequence[int]], width: int, height: int, pad: int
) -> Chart | None:
    """Each player's totals from 0 before the first deal, scaled to fit the box."""
    deals = max((len(totals) for totals in series.values()), default=0)
    if not deals:
        return None
    values = [0, *(v for totals in series.values() for v in totals)]
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (width - 2 * pad) / deals

    # Whole units: the box is drawn big enough for them, and the page stays light.
    def y(value: int) -> int:
        return round(height - pad - (value - low) * (height - 2 * pad) / span)

    lines = [
        (name, " ".join(f"{round(pad + i * step)},{y(v)}" for i, v in enumerate([0, *totals])))
        for name, totals in series.items()
    ]
    return Chart(width, height, lines, y(0), low, high)
