"""Every box a hand writes a deal's figure in is at least 14 mm wide at any table size
the game allows (a running total's five digits and room either side): gin's and
Hollywood's hands, on a full page and on a half sheet, the partnership pads' rows
per side at their most sides, and every preset's pad at every table it seats (a
table too wide turns landscape, then splits over sheets: tests/printing/
test_pad_tables.py). CI lays out, of each preset's tables, the ones whose boxes are the
narrowest (``narrowest_tables``, which says why that is the same check); only the
exhaustive tier lays out the rest."""

from __future__ import annotations

import pytest

from scorekeeper.printing.pad import PAD_PLAYERS, blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.scoring import PRESETS, VARIANTS
from tests.printing.cases import LONG_NAMES, TWENTY_NAMES
from tests.printing.layouts import narrowest_tables, seated, swept, table_sweeps
from tests.printing.support import LEAST_MM, box_widths_mm


def _most(preset: str) -> int:
    variant = VARIANTS[PRESETS[preset].variant]
    return min(variant.max_players, 8)


CASES = [
    *[(preset, {}) for preset in ("Gin Rummy", "Oklahoma Gin", "Hollywood Gin")],
    ("Gin Rummy", {"two_up": True, "orientation": "landscape"}),
    *[(preset, {}) for preset in ("Canasta", "Buraco", "Hand and Foot")],
]


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
@pytest.mark.parametrize(("preset", "how"), CASES)
def test_every_writing_box_is_at_least_14_mm(preset, how, page_size):
    players = _most(preset)
    pad = blank_pad(
        preset=preset, players=players, names=LONG_NAMES[:players], page_size=page_size, **how
    )
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    boxes = box_widths_mm(html, ("w", "t"))  # both kinds read from one layout
    assert boxes, "the pad's writing boxes are found"
    assert min(boxes) >= LEAST_MM, (preset, how, min(boxes))


def _tables(preset: str) -> list[int]:
    """Every table the preset's pad is printed for: its seats, up to the free pad's 20."""
    variant = VARIANTS[PRESETS[preset].variant]
    most = min(variant.max_players, PAD_PLAYERS)
    return [count for count in range(2, most + 1) if seated({"preset": preset}, count)]


def _names(players: int) -> list[str]:
    return (LONG_NAMES if players <= len(LONG_NAMES) else TWENTY_NAMES)[:players]


def assert_every_box_14_mm(preset: str, page_size: str, tables: list[int]) -> None:
    for players in tables:
        pad = blank_pad(preset=preset, players=players, names=_names(players), page_size=page_size)
        html = render_html("pad.html", pads=[pad], pack=None, about=None)
        boxes = box_widths_mm(html, ("w", "t", "hole"))
        assert not boxes or min(boxes) >= LEAST_MM, (players, round(min(boxes), 1))


# 500 Rum stands for the rest in the quick tier, at every table it seats: three columns a
# player, portrait at 2 and 3 players, landscape at 4 and 5, two sheets from 6. CI lays
# out every other preset's narrowest tables (narrowest_tables, the reasoning there): the
# same check as every table's, without the tables whose boxes are wider than those; the
# exhaustive tier the other tables too (layouts.table_sweeps).
@pytest.mark.parametrize(("preset", "page_size", "sweep"), table_sweeps(quick=["500 Rum"]))
def test_every_writing_box_is_at_least_14_mm_at_every_table_the_game_seats(
    preset, page_size, sweep
):
    tables = _tables(preset)
    narrowest = narrowest_tables(preset, page_size, tables, _names)
    assert narrowest and set(narrowest) <= set(tables)
    assert_every_box_14_mm(preset, page_size, swept(sweep, tables, narrowest))
