"""A finished sheet's score chart, sized to the room its last page has.

The sheet's view-model (sheet.py) draws it at the most height when its row count
says there is room. Where the count says there is too little (a landscape page of
6 players and 11 deals, whose settlement runs shorter than counted), the sheet is
laid out without it, the room left at the foot of its last page is measured
(render.fitted_pdf) and the chart is drawn as high as that room allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from scorekeeper.chart import Chart, running_totals_chart
from scorekeeper.printing.layout import Page
from scorekeeper.printing.seats import Seat, text_mm

if TYPE_CHECKING:
    from scorekeeper.printing.sheet import GameSheet

# In mm; the chart is drawn in quarter millimetres. Least and most height of the
# plot (most where the rows counted size it: their count is rough; where the room is
# measured, up to MEASURED_MOST_MM); the labels at the lines' ends are 8.5 pt (12
# units), nothing prints smaller.
MOST_MM, MEASURED_MOST_MM, LEAST_MM, UNITS_PER_MM, PAD, LABEL_UNITS = 28, 45, 14, 4, 12, 12
LEGEND_PT, LEGEND_LINE_MM, KEY_MM = 8, 4.3, 14.0  # the legend: its type, line, a key's swatch
FIGURE_MM = 4.0  # the figure's margin and rule, and what a rounding may cost


def sheet_chart(
    series: Mapping[str, Sequence[int]], seats: Sequence[Seat], page: Page, height_mm: float
) -> Chart | None:
    """Each player's running total over the deals, as wide as the page, each line
    ending in the player's tag (as the grid's narrow columns print it)."""
    return running_totals_chart(
        series,
        width=round(page.width_mm * UNITS_PER_MM),
        height=round(height_mm * UNITS_PER_MM),
        pad=PAD,
        labels={seat.name: seat.tag or seat.name for seat in seats},
        label_size=LABEL_UNITS,
    )


def legend_mm(sheet: GameSheet, caption: str) -> float:
    """About how high the chart's legend prints: a key and a name for each player,
    never broken inside one, after the caption; a line more for where they break."""
    keys = [KEY_MM + text_mm(name, LEGEND_PT) for name in sheet.players]
    width = sheet.page.width_mm
    lines, used = 1, text_mm(caption, LEGEND_PT)
    for key in keys:
        if used + key > width:
            lines, used = lines + 1, 0.0
        used += key
    return (lines + 1) * LEGEND_LINE_MM


def with_chart_in(sheet: GameSheet, room_mm: float, caption: str) -> GameSheet | None:
    """``sheet`` with its chart as high as ``room_mm`` (measured at the foot of its
    last page) allows, or None when the room is too little or there is no chart to draw."""
    if sheet.chart is not None or not sheet.running:
        return None
    height = min(MEASURED_MOST_MM, room_mm - legend_mm(sheet, caption) - FIGURE_MM)
    if height < LEAST_MM:
        return None
    series = {name: totals for name, totals in sheet.running}
    return replace(sheet, chart=sheet_chart(series, sheet.seats, sheet.page, height))
