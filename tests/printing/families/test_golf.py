"""Golf's pad: a row for each hole, 9 or 18."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from scorekeeper.printing.pad import blank_pad
from tests.printing.support import words as read


@pytest.mark.parametrize(("preset", "holes"), [("Golf (9 holes)", 9), ("Golf (18 holes)", 18)])
def test_a_golf_pad_has_a_row_for_each_hole(preset, holes, tmp_path):
    pad = blank_pad(preset=preset, players=4)
    assert [row.number for row in pad.rows] == list(range(1, holes + 1))
    text = read(blank_pad_pdf(preset=preset, players=4), tmp_path)
    assert f"Lowest total after hole {holes} wins; ties share." in text
