"""Partnership games on paper (Canasta, Hand and Foot): a paper pad's rows for each deal,
and each seat named with its side on the sheet."""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from tests.printing.games import GAMES
from tests.printing.support import VIEW_URL, game_view
from tests.printing.support import words as read


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
