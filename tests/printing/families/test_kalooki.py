"""Kalooki's and Scala 40's paper: the pool limit marked over every running total, as an
Italian Scala 40 sheet marks its 101."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from tests.printing.sheet_reading import finished_sheet
from tests.printing.support import VIEW_URL, WordPage, word_boxes


def marked(page: WordPage, limit: int) -> int:
    """The most times ``limit`` stands on one line of the page (its limit line's)."""
    lines: dict[int, int] = {}
    for word in page.words:
        if word.text == str(limit):
            lines[round(word.top)] = lines.get(round(word.top), 0) + 1
    return max(lines.values(), default=0)


@pytest.mark.parametrize(("preset", "limit"), [("Scala 40", 101), ("Kalooki", 150)])
def test_a_pad_marks_the_limit_under_each_players_total(preset, limit, tmp_path):
    (page,) = word_boxes(blank_pad_pdf(preset=preset, players=6), tmp_path)
    assert f"A total of {limit} elim" in page.text
    assert marked(page, limit) >= 6


def test_a_scala_40_sheet_marks_101_over_every_running_total(tmp_path):
    view = finished_sheet("Scala 40")
    (page, *_) = word_boxes(game_sheet_pdf(view, view_url=VIEW_URL), tmp_path)
    assert "A total of 101 eliminates" in page.text
    assert marked(page, 101) >= len(view.state.players)
