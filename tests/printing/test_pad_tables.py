"""A pad of more players than the page's width holds boxes a hand writes in: the players
split into tables of a few each, one after the other, each with every deal and a caption
saying which players it holds (the free pad at its 20 players)."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from scorekeeper.printing.pad import TOTAL_MM, blank_pad
from scorekeeper.printing.render import render_html
from tests.printing.cases import TWENTY_NAMES as NAMES
from tests.printing.support import box_widths_mm, words

pytestmark = pytest.mark.sqlite  # no database: the SQLite stage's renders suffice


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
@pytest.mark.parametrize("players", [12, 20])
def test_every_writing_box_of_a_wide_free_pad_takes_a_hand(players, page_size):
    pad = blank_pad(variant="free", players=players, names=NAMES[:players], page_size=page_size)
    assert len(pad.groups) == 2
    assert [seat for group in pad.groups for seat in range(group.start, group.stop)] == list(
        range(players)
    )
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    totals = box_widths_mm(html, "t")
    assert len(totals) == players * len(pad.rows)
    assert min(totals) >= 14 - 0.05 and pad.total_mm in (None, TOTAL_MM)


def test_a_twenty_player_pad_says_it_is_split_and_keeps_every_deal(tmp_path):
    pdf = blank_pad_pdf(variant="free", players=20, names=NAMES)
    text = " ".join(words(pdf, tmp_path).split())
    assert "Players 1 to 10 of 20." in text and "Players 11 to 20 of 20." in text
    assert text.count("Totals / Final") == 2


def test_a_pad_that_fits_is_one_table():
    assert len(blank_pad(variant="free", players=8, names=NAMES[:8]).groups) == 1
    assert len(blank_pad(preset="Shanghai", players=8, names=NAMES[:8]).groups) == 1
