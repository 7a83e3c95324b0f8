"""A blank pad says its house rules in words: Shanghai's, a Rummikub league's, Golf's,
Buraco's and the free pad's."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from tests.printing.support import words as read


def test_the_house_rules_of_shanghai_and_a_rummikub_league_are_in_words(tmp_path):
    text = read(blank_pad_pdf(preset="Shanghai", players=4), tmp_path)
    assert "2 to 10 count 5 each" in text
    assert "Going out in one turn without a joker scores \u221250" in text
    league = {"loser_cap": 25, "winner_bonus": 50, "rank_by": "wins"}
    text = read(blank_pad_pdf(preset="Rummikub", players=4, options=league), tmp_path)
    assert "A loser loses at most 25 a deal" in text
    assert "The deal's winner adds 50" in text
    assert "The most deals won wins, then the highest total" in text


@pytest.mark.parametrize(
    ("preset", "options", "words"),
    [
        ("Golf (9 holes)", {"jokers": True, "four_of_a_kind": -10},
         "Two Jokers a pack, \u22122 each. Two columns paired in one rank score \u221210 together"),
        ("Buraco", {}, "Game to 3000. Only a side with a clean burraco may close. "
         "A Joker counts 20. A 2 (pinella) counts 10"),
        ("Free score pad", {"higher_wins": False, "zero_sum": True},
         "Lowest total wins. Every deal's scores add up to 0"),
    ],
)  # fmt: skip
def test_house_rules_are_printed_in_words(preset, options, words, tmp_path):
    text = read(blank_pad_pdf(preset=preset, players=3, options=options), tmp_path)
    assert f"House rules: {words}." in " ".join(text.split())
