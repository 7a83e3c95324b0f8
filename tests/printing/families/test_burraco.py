"""Burraco's pad: melds, burracos, the closing and the pozzetto, and the hand, each deal."""

from __future__ import annotations

import re

from scorekeeper.printing import blank_pad_pdf
from tests.printing.support import words as read


def test_a_burraco_pad_has_burracos_closing_and_pozzetto_rows_for_each_deal(tmp_path):
    text = read(blank_pad_pdf(preset="Burraco", players=2), tmp_path)
    assert len(re.findall(r"Melds Burracos Closing, pozzetto \(minus\) Hand \(minus\)", text)) == 4
