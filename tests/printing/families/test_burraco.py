"""Burraco's pad and finished sheet: melds, burracos, the closing and the pozzetto, and the
hand, each deal."""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from tests.printing.cases import played
from tests.printing.sheet_reading import NAMES, NUMBER, SIDES
from tests.printing.support import MM, VIEW_URL, overprinted, printed_in, word_boxes
from tests.printing.support import pages as pages_of
from tests.printing.support import words as read


def read_pages(pdf: bytes, tmp_path) -> list[str]:
    """Each page's words on one line, in reading order."""
    return [" ".join(page.split()) for page in pages_of(pdf, tmp_path, mode="-raw")]


def test_a_burraco_pad_has_burracos_closing_and_pozzetto_rows_for_each_deal(tmp_path):
    text = read(blank_pad_pdf(preset="Burraco", players=2), tmp_path)
    assert len(re.findall(r"Melds Burracos Closing, pozzetto \(minus\) Hand \(minus\)", text)) == 4


def scored(deals: int):
    """A Burraco game of ``deals`` deals between two long-named sides: the sides close
    in turn, and the second takes no pozzetto in every sixth deal from the third."""
    a, b = SIDES

    def deal(game, n):
        return {"out": a if n % 2 else b, "melded": {a: 120 + 5 * n, b: 90}, "hand": {a: 10, b: 25},
                "clean": {a: 1}, "dirty": {b: 1}, "pozzetto": {a: True, b: n % 6 != 3}}  # fmt: skip

    return played(deals, preset="Burraco", players=SIDES, seats=NAMES[:4], deal=deal,
                  options={"target": 99995})  # fmt: skip


def test_a_burraco_sheet_fills_in_the_pads_rows_for_each_deal_eight_deals_a_page(tmp_path):
    view = scored(21)
    pages = read_pages(game_sheet_pdf(view, view_url=VIEW_URL), tmp_path)
    assert [page.count(" Melds ") for page in pages] == [5, 8, 8]
    # Deal 3: a closed with its pozzetto, b took none: 135 + 200 + 100 - 10 and 90 + 100 - 100 - 25.
    assert (
        "Melds 135 90 Burracos 200 100 Closing, pozzetto (minus) 100 -100 "
        "Hand (minus) -10 -25 Deal 425 65"
    ) in pages[0]


@pytest.mark.parametrize("language", ["fr", "de", "pl"])
@pytest.mark.sqlite  # the app only for its catalogs
def test_a_burraco_sheets_row_labels_stay_in_their_column(app, language, tmp_path):
    view = scored(3)

    def pdf(locale: str) -> bytes:
        return game_sheet_pdf(view, view_url=VIEW_URL, locale=locale)

    (page, *_) = word_boxes(printed_in(app, language, pdf), tmp_path)
    (first,) = [w for w in page.words if w.text == "1" and w.right <= 22 * MM]
    # The grid's figures: the first deal's number stands mid-way down its rows.
    figures = [
        w
        for w in page.words
        if NUMBER.fullmatch(w.text) and w.left > 60 * MM and w.top > first.top - 40
    ]
    first_side, top = min(w.left for w in figures), min(w.top for w in figures)
    # The words between the dealer column and the first side's figures, in the grid.
    labels = [w for w in page.words if 39 * MM < w.left < first_side and w.top > top - 1]
    assert labels and all(w.right < first_side - 2 for w in labels), [w.text for w in labels]
    assert not overprinted(page)
