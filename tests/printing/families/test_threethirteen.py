"""3-13's pad: eleven rows, each with its wild rank."""

from __future__ import annotations

from scorekeeper.printing import blank_pad_pdf
from tests.printing.support import (
    row_texts,
)


def test_the_three_thirteen_pad_has_eleven_rows_with_the_wild_rank(tmp_path):
    pdf = blank_pad_pdf(preset="3-13", players=4)
    rows = row_texts(pdf, tmp_path)
    assert sorted(rows) == list(range(1, 12))
    assert rows[1].split()[:1] == ["1"] and " 3 " in f" {rows[1]} "
    assert " K " in f" {rows[11]} "
