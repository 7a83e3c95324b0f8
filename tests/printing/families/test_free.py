"""The free score pad on paper: one player, and as many as on screen (20)."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from scorekeeper.printing.errors import PrintError


def test_a_free_pad_takes_one_player_and_as_many_on_paper_as_on_screen():
    assert blank_pad_pdf(preset="Free score pad", players=1)
    assert blank_pad_pdf(preset="Free score pad", players=20)
    with pytest.raises(PrintError) as refused:
        blank_pad_pdf(preset="Free score pad", players=21)
    assert refused.value.errors == {"players": "Free score pad is for 1 to 20 players, not 21"}
    with pytest.raises(PrintError):
        blank_pad_pdf(preset="Golf (9 holes)", players=1)
