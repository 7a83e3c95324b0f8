"""Every figure on a finished sheet reads back as the game's state, in its own cell.

Each preset at its largest table (the free pad's 20 players, a partnership's two
sides with every seat filled, a free pad of 10 sides of two) with 40-character
accented names, played for up to 14 deals, printed on A4 and Letter: each deal row's
points and running totals and the totals row are read back from the PDF's word boxes
(poppler's ``pdftotext -bbox``) and must equal the derived state, player by player,
and no word may be printed over another or outside the page's margins. A 20-player
free pad printed "11411452" where -114 and 1452 ran into each other, headed its
columns 1 to 20 and named its dealers by seat number.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import game_sheet_pdf
from scorekeeper.printing.seats import seat_tags
from scorekeeper.scoring import PRESETS
from tests.printing.sheet_reading import (
    FREE_SIDES,
    finished_sheet,
    grid_rows,
    read_back,
)
from tests.printing.support import MM, PAPERS, VIEW_URL, word_boxes
from tests.tiers import sampled

pytestmark = pytest.mark.sqlite  # no database: the SQLite stage's renders suffice

CASES = [*PRESETS, FREE_SIDES]
QUICK = ["Free score pad", FREE_SIDES, "Burraco", "Crazy Gin with the Press", "Hollywood Gin"]


@pytest.mark.parametrize("name", sampled(CASES, quick=QUICK))
def test_every_figure_on_a_sheet_reads_back_as_the_games_state_in_a_cell_of_its_own(name, tmp_path):
    view = finished_sheet(name)
    problems = []
    for size in PAPERS:
        pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
        problems += [f"{size}: {problem}" for problem in read_back(word_boxes(pdf, tmp_path), view)]
    assert not problems, "\n".join(problems[:20])


def test_a_twenty_player_sheet_heads_and_deals_by_initials_with_the_seats_as_key(tmp_path):
    view = finished_sheet("Free score pad")
    pages = word_boxes(game_sheet_pdf(view, view_url=VIEW_URL), tmp_path)
    tags = seat_tags(view.state.players)
    assert len(set(tags)) == 20 and not any(tag.isdigit() for tag in tags)
    # A name broken after its hyphen at a line's end reads back as "Grünewald- Weiß".
    text = " ".join(" ".join(page.text for page in pages).split()).replace("- ", "-")
    for seat, (name, tag) in enumerate(zip(view.state.players, tags, strict=True), 1):
        assert f"{seat}. {name} ({tag})" in text
    for deal in view.state.deals:  # the dealer column names each dealer by their tag
        rows = [grid_rows(page).get(deal.number, []) for page in pages]
        assert all(tags[view.state.players.index(deal.dealer)] in [w.text for w in row]
                   for row in rows if row)  # fmt: skip
    assert re.search(r"Players 1 to \d+ of 20, sheet 1 of [23]\.", text)


def test_a_sides_sheet_names_each_seat_by_its_tag_in_the_dealer_column(tmp_path):
    view = finished_sheet("Burraco")
    pdf = game_sheet_pdf(view, view_url=VIEW_URL)
    (page,) = word_boxes(pdf, tmp_path)
    (head,) = [w for w in page.words if w.text == "Dealer"]
    (totals,) = [w for w in page.words if w.text == "Totals"]
    dealer_column = [
        w for w in page.words if 22 * MM < w.left < 39 * MM and head.bottom < w.top < totals.top
    ]
    tags = seat_tags([*view.setup.players, *view.setup.seats])[2:]
    assert {w.text for w in dealer_column} & set(tags)
    for word in dealer_column:  # no name wrapped over lines: each word a tag or a side's
        assert word.text in {*tags, *seat_tags(view.setup.players), "Totals"}, word.text
