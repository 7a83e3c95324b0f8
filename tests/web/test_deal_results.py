"""The deal grid says in a word how a deal ended, as the scoring core says it did: a
stock-out is a block only where the table plays block."""

from __future__ import annotations

import re

import pytest

from scorekeeper import scoring
from tests.web.support import deal_data, start, text

PLAYERS = ["Ann", "Bob", "Cy"]


def the_word_for_deal_1(client, game_id: str) -> str | None:
    page = text(client.get(f"/games/{game_id}"))
    match = re.search(r'<span class="what">([^<]*)</span>', page)
    return match.group(1) if match else None


@pytest.mark.parametrize(
    ("game", "fields", "word"),
    [
        ("preset:Rummy", {"hands_0": "10", "hands_1": "5", "hands_2": "7"}, "stalemate"),
        ("preset:Block Rummy", {"hands_0": "10", "hands_1": "5", "hands_2": "7"}, "block"),
        ("preset:Penalty Rummy", {"hands_0": "10", "hands_1": "5", "hands_2": "7"}, "block"),
        (
            "preset:500 Rum",
            {f"{field}_{i}": "5" for field in ("melds", "hands") for i in range(3)},
            "stock ran out",
        ),
    ],
)
def test_a_stock_out_is_named_by_what_the_table_plays(client, game, fields, word):
    game_id = start(client, PLAYERS, game=game)
    # "Nobody: the stock ran out", a choice of "Who went out?".
    response = client.post(
        f"/games/{game_id}/deals", data=deal_data(client, game_id, out="none", **fields)
    )
    assert response.status_code == 303, text(response)
    assert the_word_for_deal_1(client, game_id).startswith(word)


def test_the_core_says_how_each_deal_ended():
    rummy = scoring.make_setup(preset="Rummy", players=PLAYERS)
    state = scoring.derive(rummy, [{"out": None, "hands": {"Ann": 3, "Bob": 9, "Cy": 4}}])
    assert state.deals[0].result == "stalemate"
    assert state.deals[0].points == {"Ann": 0, "Bob": 0, "Cy": 0}
    won = scoring.derive(rummy, [{"out": "Ann", "hands": {"Bob": 9, "Cy": 4}}])
    assert won.deals[0].result is None
    gin = scoring.make_setup(preset="Gin Rummy", players=["Ann", "Bob"])
    undercut = scoring.derive(gin, [{"knocker": "Ann", "hands": {"Ann": 8, "Bob": 5}}])
    assert undercut.deals[0].result == "undercut"
