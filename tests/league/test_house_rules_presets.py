"""A league's house rules accept each preset, at a table size it is played at."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league


@pytest.mark.parametrize(
    ("preset", "table_size"),
    [
        ("Pool Rummy 101", 4),
        ("Points Rummy", 6),
        ("Deals Rummy (2 deals)", 3),
        ("Five Crowns", 7),
        ("Phase 10", 4),
        ("Canasta", 4),
        ("Hand and Foot", 6),
        ("Rummikub", 4),
        ("Contract Rummy", 8),
        ("Liverpool Rummy", 5),
        ("Shanghai", 4),
        ("3-13", 6),
        ("Kalooki", 5),
        ("Scala 40", 4),
        ("Golf (9 holes)", 4),
        ("Golf (18 holes)", 8),
        ("Burraco", 4),
        ("Buraco", 4),
        ("Free score pad", 5),
    ],
)
def test_house_rules_accept_the_preset(preset, table_size):
    rules = league.check_rules(
        preset=preset, variant=None, options={}, stakes=None, table_size=table_size
    )
    assert rules.preset == preset
