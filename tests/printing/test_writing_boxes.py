"""Every box a hand writes a deal's figure in is at least 14 mm wide at any table size
the game allows (a running total's five digits and room either side): gin's and
Hollywood's hands, on a full page and on a half sheet, and the partnership pads' rows
per side at their most sides."""

from __future__ import annotations

import pytest

from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.scoring import PRESETS, VARIANTS
from tests.printing.cases import LONG_NAMES
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
    boxes = box_widths_mm(html, "w") + box_widths_mm(html, "t")
    assert boxes, "the pad's writing boxes are found"
    assert min(boxes) >= LEAST_MM, (preset, how, min(boxes))
