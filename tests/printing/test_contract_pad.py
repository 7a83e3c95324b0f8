"""A Contract Rummy pad (Liverpool, Shanghai) is a Shanghai score sheet: each deal's
contract on its row, one wide box a player a deal for the points left in hand, a circle
in each box to tick for the player who went out, the totals at the foot; at its 8
players every box is wider than the 14 mm a hand writes in, on A4 and Letter. The
finished sheet ticks the deal cell of the player who went out (a mark, not a colour),
with its key under the grid; both read back from the PDF.

The quick tier prints each preset's pad and sheet on one paper, A4 and Letter by turns
(``support.papers_by_turns``); the slow tier on the other too."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.printing.seats import seat_tags
from tests.printing.cases import LONG_NAMES
from tests.printing.sheet_reading import finished_sheet, grid_rows
from tests.printing.support import (
    VIEW_URL,
    box_widths_mm,
    overprinted,
    papers_by_turns,
    word_boxes,
)


@pytest.mark.parametrize(
    ("preset", "page_size"), papers_by_turns([("Shanghai",), ("Liverpool Rummy",)])
)
def test_one_wide_box_a_player_a_deal_beside_the_deals_contract(preset, page_size):
    pad = blank_pad(preset=preset, players=8, names=LONG_NAMES[:8], page_size=page_size)
    assert pad.columns == ("deal",)
    assert [lead.head for lead in pad.leads] == ["Contract"]
    assert all(row.leads[0] for row in pad.rows)  # each deal's contract, printed
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    boxes = box_widths_mm(html, "w")
    assert len(boxes) == 8 * len(pad.rows)
    assert min(boxes) >= 20
    assert any("tick the \u25cb in the box of the player who went out" in rule
               for rule in pad.key_rules)  # fmt: skip


def _tags_centres(page, tags):
    """Each player's column centre, from their heading (a tag) over the grid: the
    tag's topmost word (the dealer and out columns print it too, lower down)."""
    heads = {}
    for word in sorted(page.words, key=lambda w: -w.top):
        if word.text in tags:
            heads[word.text] = (word.left + word.right) / 2
    return [heads[tag] for tag in tags]


@pytest.mark.parametrize(
    ("preset", "page_size"),
    papers_by_turns([("Shanghai",), ("Liverpool Rummy",), ("Contract Rummy",)]),
)
def test_the_sheet_ticks_the_deal_cell_of_the_player_who_went_out(preset, page_size, tmp_path):
    view = finished_sheet(preset)  # 8 players, 40-character accented names
    state = view.state
    (page,) = word_boxes(game_sheet_pdf(view, view_url=VIEW_URL, page_size=page_size), tmp_path)
    tags = seat_tags(state.players)
    centres = _tags_centres(page, tags)
    half = (centres[1] - centres[0]) / 2  # a player's two columns either side of the centre
    rows = grid_rows(page)
    for deal in state.deals:
        ticks = [w for w in rows[deal.number] if w.text == "\u2713"]
        assert len(ticks) == 1, f"deal {deal.number}: {len(ticks)} ticks"
        (tick,) = ticks
        seat = state.players.index(deal.entry["out"])
        # In the out player's deal column: the left of their two, beside their points.
        assert centres[seat] - half <= tick.left < tick.right <= centres[seat] + 1
        beside = min((w for w in rows[deal.number] if w.left > tick.right), key=lambda w: w.left)
        assert int(beside.text.replace("\u2212", "-")) == deal.points[deal.entry["out"]]
    assert "\u2713 went out." in page.text  # the key, under the grid


@pytest.mark.parametrize("preset", ["Shanghai", "Liverpool Rummy"])
def test_the_pad_has_a_circle_to_tick_in_every_box_and_says_so(preset, tmp_path):
    pdf = blank_pad_pdf(preset=preset, players=8, names=LONG_NAMES[:8])
    (page,) = word_boxes(pdf, tmp_path)
    pad = blank_pad(preset=preset, players=8, names=LONG_NAMES[:8])
    circles = [w for w in page.words if w.text == "\u25cb"]
    assert len(circles) == 8 * len(pad.rows) + 1  # and the one in the key
    text = " ".join(page.text.split())
    assert "tick the \u25cb in the box of the player who went out." in text
    assert overprinted(page) == []
