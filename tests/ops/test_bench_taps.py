"""bench/bench_taps.py: the least a deal's form allows, read from the variant's fields."""

from __future__ import annotations

import pytest

from bench.bench_taps import GAMES, minimum
from scorekeeper import scoring

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("variant", "players", "entry", "least"),
    [
        # Who went out, the digits of each hand, Save.
        ("rummikub", PLAYERS, {"out": "Ann", "racks": {"Bob": 5, "Cy": 16, "Dee": 3}}, (2, 4)),
        # Nobody went out is a tap too.
        ("rummikub", PLAYERS, {"out": None, "racks": {p: 10 for p in PLAYERS}}, (2, 8)),
        # A flag that is true is a tap.
        ("contract", PLAYERS, {"out": "Bob", "hands": {"Ann": 35}, "one_turn": True}, (3, 2)),
        # Whoever went out is ticked by the form; each other player ticked is a tap.
        ("phase10", PLAYERS, {"out": "Ann", "completed": ["Ann", "Cy"], "hands": {}}, (3, 0)),
        ("kalooki", PLAYERS, {"out": "Ann", "hands": {"Bob": 30}, "not_opened": ["Bob"]}, (3, 2)),
        # Nothing to tap first: a tap puts the focus on the first score; ± per negative one.
        ("free", PLAYERS[:3], {"scores": {"Ann": 12, "Bob": -3, "Cy": 0}}, (3, 4)),
        (
            "golf",
            PLAYERS[:2],
            {"scores": {"Ann": 4, "Bob": 5}, "grids": {"Ann": ["K"] * 6}},
            (2, 2),
        ),
        # A count is a tap on + per one; a side that did not take its pozzetto is a tap.
        (
            "burraco",
            ["NS", "EW"],
            {
                "out": "NS",
                "melded": {"NS": 560, "EW": 245},
                "hand": {"NS": 15, "EW": 85},
                "clean": {"NS": 2},
                "dirty": {"EW": 1},
                "pozzetto": {"NS": True, "EW": False},
            },
            (6, 10),
        ),
    ],
)
def test_the_minimum_is_read_from_the_declared_fields(variant, players, entry, least):
    assert minimum(scoring.get_variant(variant), players, entry) == least


@pytest.mark.parametrize("game", GAMES, ids=[game[0] for game in GAMES])
def test_every_deal_the_benchmark_enters_is_one_its_game_accepts(game):
    _label, how, players, entries = game
    setup = scoring.make_setup(players=players, **how)
    state = scoring.derive(setup, entries)
    assert len(state.deals) == len(entries)
