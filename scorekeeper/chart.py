"""The score chart: each player's running total over the deals, as SVG polylines.

Drawn by the server for the game page (scorekeeper.web.table.presenters) and for the
finished printed sheet (scorekeeper.printing.sheet); each feeds it the totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EndLabel:
    """A player's label beside the end of their line: at (x, y), joined to the line's
    last point (line_y) when it had to move away from it to keep clear of the others."""

    text: str
    x: int
    y: int
    line_y: int


@dataclass
class Chart:
    """Running totals per player over the deals, as SVG polylines (drawn by the server)."""

    width: int
    height: int
    lines: list[tuple[str, str]]  # (player, "x,y x,y ...")
    zero: int  # the y of a total of 0
    low: int
    high: int
    ends: list[EndLabel] = field(default_factory=list)  # labels at the lines' ends
    end_x: int = 0  # where the lines end (the labels are to its right)


def running_totals_chart(
    series: Mapping[str, Sequence[int]],
    width: int,
    height: int,
    pad: int,
    *,
    labels: Mapping[str, str] | None = None,
    label_size: int = 0,
) -> Chart | None:
    """Each player's totals from 0 before the first deal, scaled to fit the box.

    With ``labels`` (a short text per player) and their ``label_size`` (the text's
    height in the chart's units), each line ends in its label, the labels spread so
    none is printed over another, and each line is moved a little up or down by its
    seat so that two players with the same totals still draw two lines."""
    deals = max((len(totals) for totals in series.values()), default=0)
    if not deals:
        return None
    values = [0, *(v for totals in series.values() for v in totals)]
    low, high = min(values), max(values)
    span = (high - low) or 1
    right = pad
    if labels:
        longest = max(len(text) for text in labels.values())
        columns = _label_columns(len(series), height, label_size)
        right = pad + columns * round(label_size * (0.8 * longest + 1))
    step = (width - pad - right) / deals
    apart = 2 if labels else 0  # units between two lines' strokes of the same totals
    middle = (len(series) - 1) / 2

    # Whole units: the box is drawn big enough for them, and the page stays light.
    def y(value: int, seat: float = middle) -> int:
        shift = (seat - middle) * apart
        return round(height - pad - (value - low) * (height - 2 * pad) / span - shift)

    lines = [
        (
            name,
            " ".join(f"{round(pad + i * step)},{y(v, seat)}" for i, v in enumerate([0, *totals])),
        )
        for seat, (name, totals) in enumerate(series.items())
    ]
    chart = Chart(width, height, lines, y(0), low, high)
    if labels:
        chart.end_x = round(pad + deals * step)
        ends = {name: int(points.rsplit(",", 1)[1]) for name, points in lines}
        chart.ends = _spread_labels(
            [(labels[name], ends[name]) for name in series],
            x=chart.end_x,
            gap=label_size,
            column_width=(right - pad) // _label_columns(len(series), height, label_size),
            height=height,
        )
    return chart


def _label_columns(count: int, height: int, size: int) -> int:
    """One column of labels where they fit the chart's height one under another, else two."""
    return 1 if count * size <= height else 2


def _spread_labels(
    ends: list[tuple[str, int]], *, x: int, gap: int, column_width: int, height: int
) -> list[EndLabel]:
    """Labels by their lines' last points, moved apart to at least ``gap`` between
    baselines in a column (two columns, alternately, when one cannot hold them)."""
    columns = _label_columns(len(ends), height, gap)
    order = sorted(range(len(ends)), key=lambda index: ends[index][1])
    placed: dict[int, EndLabel] = {}
    for column in range(columns):
        chosen = order[column::columns]
        ys = [ends[index][1] + gap // 3 for index in chosen]  # baseline: centred on the line
        top, bottom = gap, height - 1
        for at in range(1, len(ys)):  # push down what is too close below
            ys[at] = max(ys[at], ys[at - 1] + gap)
        if ys and ys[-1] > bottom:  # then up from the bottom, and keep off the top
            ys[-1] = bottom
            for at in range(len(ys) - 2, -1, -1):
                ys[at] = min(ys[at], ys[at + 1] - gap)
        ys = [max(value, top + at * gap) for at, value in enumerate(ys)]
        for index, baseline in zip(chosen, ys, strict=True):
            text, line_y = ends[index]
            # Clear of the last marker; a second column's label is not joined to its
            # line (the join would cross the first column's labels).
            at_x = x + gap * 3 // 4 + column * column_width
            placed[index] = EndLabel(text, at_x, baseline, line_y if column == 0 else baseline - 4)
    return [placed[index] for index in range(len(ends))]
