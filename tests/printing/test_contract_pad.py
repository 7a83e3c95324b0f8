"""A Contract Rummy pad (Liverpool, Shanghai) is a Shanghai score sheet: each deal's
contract on its row, one wide box a player a deal for the points left in hand, the
player who went out ringed, the totals at the foot; at its 8 players every box is
wider than the 14 mm a hand writes in, on A4 and Letter."""

from __future__ import annotations

import pytest

from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from tests.printing.cases import LONG_NAMES
from tests.printing.support import box_widths_mm


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
@pytest.mark.parametrize("preset", ["Shanghai", "Liverpool Rummy"])
def test_one_wide_box_a_player_a_deal_beside_the_deals_contract(preset, page_size):
    pad = blank_pad(preset=preset, players=8, names=LONG_NAMES[:8], page_size=page_size)
    assert pad.columns == ("deal",)
    assert [lead.head for lead in pad.leads] == ["Contract"]
    assert all(row.leads[0] for row in pad.rows)  # each deal's contract, printed
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    boxes = box_widths_mm(html, "w")
    assert len(boxes) == 8 * len(pad.rows)
    assert min(boxes) >= 20
    assert any("circle the box of the player who went out" in rule for rule in pad.key_rules)
