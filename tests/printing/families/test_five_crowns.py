"""A Five Crowns game the table ended early says so on its sheet (RULES.md section 15)."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.printing import game_sheet_pdf
from scorekeeper.scoring import derive
from tests.printing.games import GAMES
from tests.printing.support import VIEW_URL, game_view, picture
from tests.printing.support import words as read


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
