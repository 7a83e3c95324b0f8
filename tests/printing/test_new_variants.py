"""Sheets and blank pads for the variants of RULES.md sections 10-13, and a game the
table ended early (section 15), rendered and read back."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from scorekeeper.scoring import derive
from tests.printing.games import GAMES
from tests.printing.support import VIEW_URL, game_view, numbers, picture, row_texts
from tests.printing.support import words as read

NEW_PRESETS = {
    # preset -> players at the pad
    "Points Rummy": 6,
    "Pool Rummy 101": 4,
    "Pool Rummy 201": 4,
    "Pool Rummy 61": 4,
    "Deals Rummy (2 deals)": 3,
    "Deals Rummy (3 deals)": 3,
    "Five Crowns": 7,
    "Phase 10": 6,
    "Canasta": 2,
    "Hand and Foot": 3,
}


@pytest.mark.parametrize(("preset", "players"), NEW_PRESETS.items())
def test_every_new_preset_prints_a_blank_pad_with_its_card_values(
    preset, players, tmp_path, output_dir
):
    pdf = blank_pad_pdf(preset=preset, players=players)
    name = preset.lower().replace(" ", "-").replace("(", "").replace(")", "")
    picture(pdf, output_dir, f"pad-{name}")
    text = read(pdf, tmp_path)
    assert f"{preset} score pad" in text
    assert "Counts" in text  # the card values line


@pytest.mark.parametrize("name", GAMES)
def test_every_new_variant_prints_a_game_sheet_with_the_derived_figures(name, tmp_path, output_dir):
    setup, entries = GAMES[name]
    game = game_view(entries, **setup)
    pdf = game_sheet_pdf(game, view_url=VIEW_URL)
    picture(pdf, output_dir, f"sheet-{name}")
    rows = row_texts(pdf, tmp_path)
    played = [deal.number for deal in game.state.deals]
    # The deals played, then (the game goes on) blank rows for the deals to come.
    assert sorted(rows)[: len(played)] == played
    assert sorted(rows) == list(range(1, len(rows) + 1))
    last = game.state.running_totals[-1]
    # Each row ends with the players' deal points and running totals, seat by seat.
    printed = numbers(rows[len(entries)])[-2 * len(game.state.players) :]
    assert printed[1::2] == [last[player] for player in game.state.players]


def test_a_game_ended_early_says_so_on_its_sheet(tmp_path, output_dir):
    setup, entries = GAMES["five-crowns"]
    game = game_view(entries, **setup)
    ending = {"split": False}
    game = replace(game, state=derive(game.setup, entries, ending), ending=ending)
    pdf = game_sheet_pdf(game, view_url=VIEW_URL)
    picture(pdf, output_dir, "sheet-ended-early")
    text = read(pdf, tmp_path)
    # Lowest total wins: Ann 9, Bob 70, Cy 51.
    assert "Ended early by the table after deal 2, the leaders win: Bob wins" not in text
    assert "Ended early by the table after deal 2, the leaders win: Ann wins" in text


def test_a_pool_game_split_says_so_on_its_sheet(tmp_path):
    setup, entries = GAMES["indian-pool"]
    game = game_view(entries, **setup, stakes={"mode": "pot", "entry_cents": 500})
    ending = {"split": True}
    game = replace(game, state=derive(game.setup, entries, ending), ending=ending)
    text = read(game_sheet_pdf(game, view_url=VIEW_URL), tmp_path)
    assert "Ended early by the table after deal 3, the pot split: joint winners A, B, and C" in text


@pytest.mark.parametrize(("preset", "rows"), [("Canasta", "Canastas"), ("Hand and Foot", "Books")])
def test_a_partnership_pad_has_a_paper_pads_rows_for_each_deal(preset, rows, tmp_path):
    pdf = blank_pad_pdf(preset=preset, players=3 if preset == "Hand and Foot" else 2)
    text = read(pdf, tmp_path)
    assert len(re.findall(rf"Melds {rows} Red 3s Going out", text)) == 4
    assert "House rules" not in text  # the usual decks for three sides is no house rule


def test_a_partnership_sheet_names_each_seat_with_its_side(tmp_path):
    setup, entries = GAMES["canasta"]
    text = read(game_sheet_pdf(game_view(entries, **setup), view_url=VIEW_URL), tmp_path)
    assert "1. Nadia (NS) (dealt first), 2. Émile (EW), 3. Søren (NS), 4. Wanjiru (EW)" in text
