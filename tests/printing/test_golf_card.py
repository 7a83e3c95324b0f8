"""A golf pad is a golf card, as the clubs' and the card tables' public cards are: the
holes across in nines with each nine's subtotal (Out, In) and the total, a player a row
and a row for who won each hole; 18 holes of 8 players on one page, every box a hand
writes a hole's score in at least 14 mm wide, in every language on A4 and Letter."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from scorekeeper.printing.errors import PrintError
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.scoring.golf import nines
from tests.printing.cases import LONG_NAMES
from tests.printing.support import (
    IN_EVERY_LANGUAGE,
    box_widths_mm,
    outside_margins,
    overprinted,
    pages,
    printed_in,
    word_boxes,
)


def test_eighteen_holes_are_two_nines_with_out_and_in_and_the_total_after_the_last():
    front, back = nines(18)
    assert front["holes"] == tuple(range(1, 10)) and back["holes"] == tuple(range(10, 19))
    assert (front["subtotal"], back["subtotal"]) == ("Out", "In")
    assert (front["total"], back["total"]) == (False, True)
    (single,) = nines(9)
    assert single["subtotal"] is None and single["total"]
    assert [part["subtotal"] for part in nines(27)] == [
        f"Holes {first}\u2013{last}" for first, last in ((1, 9), (10, 18), (19, 27))
    ]


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
@pytest.mark.parametrize("holes", [9, 18])
def test_every_hole_box_takes_a_hand(holes, page_size):
    pad = blank_pad(
        variant="golf", players=8, names=LONG_NAMES[:8], options={"holes": holes},
        page_size=page_size,
    )  # fmt: skip
    html = render_html("pad.html", pads=[pad], pack=None, about=None)
    widths = box_widths_mm(html, "hole")
    assert len(widths) == 8 * holes
    assert min(widths) >= 14 - 0.05


@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_an_eight_player_eighteen_hole_card_is_one_page(app, language, page_size, tmp_path):
    pdf = printed_in(
        app,
        language,
        lambda locale: blank_pad_pdf(
            preset="Golf (18 holes)", players=8, names=LONG_NAMES[:8], page_size=page_size,
            stakes={"cents_per_point": 25}, locale=locale,
        ),
    )  # fmt: skip
    (page,) = word_boxes(pdf, tmp_path)
    assert overprinted(page) == [] and outside_margins(page) == []
    read = [word.text for word in page.words]
    assert all(str(hole) in read for hole in range(1, 19))


def test_the_card_names_each_player_in_a_row_and_who_deals_each_hole(tmp_path):
    pdf = blank_pad_pdf(preset="Golf (9 holes)", players=3, names=["Ann", "Bob", "Cy"])
    (text,) = pages(pdf, tmp_path, "-raw")
    assert "Hole 1 2 3 4 5 6 7 8 9 Total" in text
    assert "Dealer Ann Bob Cy Ann Bob Cy Ann Bob Cy\nAnn\nBob\nCy\nWon the hole\n" in text
    assert " Out" not in text and " In " not in text  # a single nine: its total alone


def test_a_golf_card_is_not_printed_two_to_a_page():
    # Half a landscape page leaves a hole's box under 14 mm.
    with pytest.raises(PrintError) as refused:
        blank_pad_pdf(preset="Golf (9 holes)", players=4, two_up=True)
    assert refused.value.errors == {
        "two_up": "a golf card takes a whole page: its boxes are 14 mm wide"
    }
