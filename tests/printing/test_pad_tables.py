"""A pad of more players than the page's width holds boxes a hand writes in: the pad
turns landscape where that is enough, else the players are split over sheets of a
few each, as few as keep every box 14 mm wide, each sheet a table with every deal and
a caption saying which players and which sheet it is (the free pad at its 20 players,
500 Rum's three columns a player at 8)."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from tests.printing.cases import LONG_NAMES
from tests.printing.cases import TWENTY_NAMES as NAMES
from tests.printing.support import LEAST_MM, box_widths_mm, pages, words

pytestmark = pytest.mark.sqlite  # no database: the SQLite stage's renders suffice


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
@pytest.mark.parametrize(("players", "sheets"), [(9, 2), (12, 2), (20, 3)])
def test_every_writing_box_of_a_wide_free_pad_takes_a_hand(players, sheets, page_size):
    pad = blank_pad(variant="free", players=players, names=NAMES[:players], page_size=page_size)
    assert len(pad.groups) == sheets
    assert [seat for group in pad.groups for seat in range(group.start, group.stop)] == list(
        range(players)
    )
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    boxes = box_widths_mm(html, ("w", "t"))
    assert len(boxes) == 2 * players * len(pad.rows)
    assert min(boxes) >= LEAST_MM, f"{min(boxes):.1f} mm"


def test_a_twenty_player_pad_says_on_each_sheet_which_players_it_holds(tmp_path):
    pdf = blank_pad_pdf(variant="free", players=20, names=NAMES)
    texts = [" ".join(page.split()) for page in pages(pdf, tmp_path)]
    assert len(texts) == 3
    for sheet, (first, last) in enumerate([(1, 7), (8, 14), (15, 20)], 1):
        assert f"Players {first} to {last} of 20, sheet {sheet} of 3." in texts[sheet - 1]
        assert "Totals / Final" in texts[sheet - 1]  # every sheet its totals line
        assert "12" in texts[sheet - 1].split()  # ... and every deal's row


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_three_columns_a_player_at_eight_players_split_over_two_landscape_sheets(page_size):
    pad = blank_pad(preset="500 Rum", players=8, names=LONG_NAMES[:8], page_size=page_size)
    assert pad.page.orientation == "landscape"
    assert [(group.start, group.stop) for group in pad.groups] == [(0, 4), (4, 8)]
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    assert min(box_widths_mm(html, ("w", "t"))) >= LEAST_MM


def test_a_table_that_fits_landscape_turns_landscape_rather_than_split():
    # Four players' melds, hand and total are too wide for portrait's 184 mm.
    pad = blank_pad(preset="500 Rum", players=4, names=LONG_NAMES[:4])
    assert pad.page.orientation == "landscape" and len(pad.groups) == 1


def test_a_table_too_wide_for_landscape_is_split_over_landscape_sheets():
    # 13 deals of 8 players and a wild rank's column: 13.9 mm boxes on one A4 sheet.
    pad = blank_pad(preset="Crazy Gin (13 deals)", players=8, names=LONG_NAMES[:8])
    assert pad.page.orientation == "landscape" and len(pad.groups) == 2


def test_a_pad_that_fits_is_one_table():
    assert len(blank_pad(variant="free", players=8, names=NAMES[:8]).groups) == 1
    assert len(blank_pad(preset="Shanghai", players=8, names=NAMES[:8]).groups) == 1


def test_a_split_pad_prints_every_seat_once_in_the_seat_list(tmp_path):
    pdf = blank_pad_pdf(preset="Phase 10", players=6, names=LONG_NAMES[:6], page_size="Letter")
    text = " ".join(words(pdf, tmp_path).split())
    assert text.count("(deals first)") == 1
    assert "sheet 2 of 2." in text
