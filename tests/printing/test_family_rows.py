"""Every family's sheet and pad carry its own rows, from what its variant declares:
Phase 10's phases, Five Crowns' wild, Indian rummy's drops, wrong shows, full counts,
eliminations and rejoins, Canasta's and Hand and Foot's melds, canastas, books and red
threes, deals rummy's tie-break rows; and the board shows them as the paper does."""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from tests.printing.games import GAMES
from tests.printing.support import VIEW_URL, game_view, picture
from tests.printing.support import words as read


def sheet_text(name: str, tmp_path, output_dir) -> str:
    setup, entries = GAMES[name]
    pdf = game_sheet_pdf(game_view(entries, **setup), view_url=VIEW_URL)
    picture(pdf, output_dir, f"sheet-rows-{name}")
    return read(pdf, tmp_path)


def test_a_phase_10_sheet_says_each_players_phase_and_lists_the_phases(tmp_path, output_dir):
    text = sheet_text("phase10", tmp_path, output_dir)
    # Ann and Bob laid down phase 1; Cy did not.
    assert "phase 1 done phase 1 done phase 1 1 Ann" in text
    assert "Phases: 1. 2 sets of 3; 2. 1 set of 3 + 1 run of 4;" in text


def test_an_indian_rummy_sheet_marks_drops_wrong_shows_full_counts_and_rejoins(
    tmp_path, output_dir
):
    text = sheet_text("indian-pool", tmp_path, output_dir)
    assert "first drop wrong show" in text  # deal 1: C dropped first, D showed wrongly
    assert "middle drop full count 80; eliminated" in text  # deal 2: B dropped, D held 95
    assert "rejoined" in text  # deal 3: D back in


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("canasta", "melded: 385; in hand: 30; natural canastas: 1; mixed canastas: 2; red 3s: 1"),
        ("handfoot", "melded: 610; in hand: 185; dirty books: 1; red 3s held: 1"),
    ],
)
def test_a_partnership_sheet_prints_melds_hands_canastas_books_and_red_threes(
    name, lines, tmp_path, output_dir
):
    assert lines in sheet_text(name, tmp_path, output_dir)


def test_a_partnership_sheet_says_a_concealed_going_out(tmp_path):
    setup, entries = GAMES["canasta"]
    game = game_view([{**entries[0], "concealed": True}], **setup)
    assert "went out concealed" in read(game_sheet_pdf(game, view_url=VIEW_URL), tmp_path)


def test_a_five_crowns_pad_prints_each_deals_wild(tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="Five Crowns", players=4)
    picture(pdf, output_dir, "pad-rows-five-crowns")
    text = read(pdf, tmp_path)
    assert "Wild" in text
    for number, rank in ((1, "3"), (9, "J"), (11, "K")):
        assert re.search(rf"\b{number} {rank}\b", text), (number, rank)


def test_a_phase_10_pad_has_a_phase_column_and_lists_the_phases(tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="Phase 10", players=4)
    picture(pdf, output_dir, "pad-rows-phase-10")
    text = read(pdf, tmp_path)
    assert "phase deal total" in text
    assert "Phases: 1. 2 sets of 3;" in text


def test_a_deals_rummy_pad_keeps_rows_for_tie_break_deals(tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="Deals Rummy (2 deals)", players=3)
    picture(pdf, output_dir, "pad-rows-deals-rummy")
    text = read(pdf, tmp_path)
    assert "3 tie-break" in text and "4 tie-break" in text
    assert "After 2 deals the most chips win" in text


def test_a_pool_rummy_pad_says_its_drops_full_count_and_pool_limit(tmp_path):
    text = read(blank_pad_pdf(preset="Pool Rummy 101", players=4), tmp_path)
    assert "a first drop 20, a middle drop 40, a wrong show 80" in text
    assert "Pool 101: a total of 101 or more is eliminated" in text
