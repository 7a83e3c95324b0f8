"""A golf game's sheet is its pad's card filled in, as a club's scorecard is kept: the
holes across in nines, each player's strokes a hole, each nine's subtotal (Out, In) and
the total, who won each hole and, where the stakes pay a hole's winner, what it paid;
every figure read back from the PDF equal to the game's state, so a table that kept
the card on paper can check the app against it line by line. 8 players with
40-character accented names, 18 holes, on one page in every language, A4 and Letter."""

from __future__ import annotations

import pytest

from scorekeeper.printing import game_sheet_pdf
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.printing.sheet import game_sheet
from tests.printing.cases import LONG_NAMES, played
from tests.printing.sheet_reading import card_lines, golf_scores, read_back, read_card
from tests.printing.support import (
    IN_EVERY_LANGUAGE,
    VIEW_URL,
    box_widths_mm,
    outside_margins,
    overprinted,
    pages,
    printed_in,
    word_boxes,
)

pytestmark = pytest.mark.sqlite  # the app for its catalogs only: no database

# A quarter a hole from each other player to its winner, and a cent a stroke.
STAKES = {"cents_per_point": 1, "deal_winner_cents": 25}


def golf(holes: int, played_holes: int | None = None, names=LONG_NAMES, stakes=STAKES):
    return played(
        played_holes or holes,
        players=list(names),
        stakes=stakes,
        preset=f"Golf ({holes} holes)",
        deal=lambda game, n: golf_scores(n - 1, list(game.players)),
    )


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_every_figure_on_the_card_reads_back_as_the_games_state(page_size, tmp_path):
    view = golf(18)
    assert view.state.finished and len(view.state.deals) == 18
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=page_size)
    read = word_boxes(pdf, tmp_path)
    assert len(read) == 1  # 8 players' 18 holes and the settlement: one page
    assert read_back(read, view) == []
    # Each hole won paid its winner a quarter from each of the 7 others.
    won = sum(deal.winner is not None for deal in view.state.deals)
    assert won and read[0].text.count("+$1.75") == won


def test_a_card_is_two_nines_with_out_in_and_the_total_and_its_winners_underlined(tmp_path):
    view = golf(18, names=["Ann", "Bob", "Cy"], stakes=None)
    pdf = game_sheet_pdf(view, view_url=VIEW_URL)
    (text,) = pages(pdf, tmp_path, "-raw")
    assert "Hole 1 2 3 4 5 6 7 8 9 Out" in text
    assert "Hole 10 11 12 13 14 15 16 17 18 In Total" in text
    assert "Dealer Ann Bob Cy Ann Bob Cy Ann Bob Cy" in text
    lines = card_lines(view)
    ann_out, ann_in = lines[0], lines[3]
    assert f"Ann {' '.join(map(str, ann_out))}" in text
    assert f"Ann {' '.join(map(str, ann_in))}" in text
    assert ann_in[-1] == view.state.totals["Ann"] and ann_out[-1] + ann_in[-2] == ann_in[-1]
    html = render_html("game_sheet.html", sheet=game_sheet(view, view_url=VIEW_URL), about=None)
    for winner in view.state.winners:
        assert f'<td class="t winner">{view.state.totals[winner]}</td>' in html


def test_an_unfinished_card_leaves_the_holes_to_come_blank_with_their_dealers(tmp_path):
    view = golf(9, played_holes=5, names=["Ann", "Bob", "Cy"])
    assert not view.state.finished
    (text,) = pages(game_sheet_pdf(view, view_url=VIEW_URL), tmp_path, "-raw")
    assert "Dealer Ann Bob Cy Ann Bob Cy Ann Bob Cy" in text  # holes 6 to 9 too
    strokes = " ".join(str(deal.points["Ann"]) for deal in view.state.deals)
    assert f"Ann {strokes} {view.state.totals['Ann']}\n" in text  # the total so far
    assert read_back(word_boxes(game_sheet_pdf(view, view_url=VIEW_URL), tmp_path), view) == []


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_the_sheets_card_is_the_pads_every_hole_box_as_wide(page_size):
    view = golf(18)
    sheet = game_sheet(view, view_url=VIEW_URL, page_size=page_size)
    pad = blank_pad(preset="Golf (18 holes)", players=8, names=LONG_NAMES, page_size=page_size)
    assert sheet.grid.kind == pad.grid.kind == "card"
    assert sheet.grid.data["nines"] == pad.grid.data["nines"]
    sheet_html = render_html("game_sheet.html", sheet=sheet, about=None)
    pad_html = render_html("pad.html", pads=[pad], pack=None, about=None)
    on_sheet, on_pad = box_widths_mm(sheet_html, "hole"), box_widths_mm(pad_html, "hole")
    assert len(on_sheet) == len(on_pad) == 8 * 18
    assert min(on_sheet) >= 14 - 0.05
    assert abs(min(on_sheet) - min(on_pad)) < 0.1 and abs(max(on_sheet) - max(on_pad)) < 0.1


@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_an_eight_player_card_is_one_page_in_every_language(app, language, page_size, tmp_path):
    view = golf(18)
    models = {}

    def make(locale):
        models["sheet"] = game_sheet(view, view_url=VIEW_URL, page_size=page_size, locale=locale)
        return game_sheet_pdf(view, view_url=VIEW_URL, page_size=page_size, locale=locale)

    pdf = printed_in(app, language, make)
    (page,) = word_boxes(pdf, tmp_path)
    assert overprinted(page) == [] and outside_margins(page) == []
    sheet = models["sheet"]
    headings = [seat.heading for seat in sheet.seats]
    hole = sheet.heads.deal.split()[0]
    lines, _won = read_card([page], headings, sheet.label_mm, 2, hole)
    assert lines == card_lines(view)
