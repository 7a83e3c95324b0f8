"""Rummikub's pad names who plays first."""

from __future__ import annotations

from scorekeeper.printing import blank_pad_pdf
from tests.printing.support import words as read


def test_the_rummikub_pad_names_who_plays_first(tmp_path):
    text = read(blank_pad_pdf(preset="Rummikub", players=4), tmp_path)
    assert "Plays first" in text
