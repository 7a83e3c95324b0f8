"""A pool rummy game whose pot was split says so on its sheet."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.printing import game_sheet_pdf
from scorekeeper.scoring import derive
from tests.printing.games import GAMES
from tests.printing.support import VIEW_URL, game_view
from tests.printing.support import words as read


def test_a_pool_game_split_says_so_on_its_sheet(tmp_path):
    setup, entries = GAMES["indian-pool"]
    game = game_view(entries, **setup, stakes={"mode": "pot", "entry_cents": 500})
    ending = {"split": True}
    game = replace(game, state=derive(game.setup, entries, ending), ending=ending)
    text = read(game_sheet_pdf(game, view_url=VIEW_URL), tmp_path)
    assert "Ended early by the table after deal 3, the pot split: joint winners A, B, and C" in text
