"""3-13 through the JSON API (RULES.md section 18): the first deal and each deal's wild."""

from __future__ import annotations

from tests.api.families.support import THREE, record_all


def test_three_thirteen_the_first_deal_and_the_wild_of_each_deal(start):
    game = start(preset="3-13", players=THREE)
    assert (
        game.started["game"]["next_deal"]["cards"],
        game.started["game"]["next_deal"]["wild"],
    ) == (
        3,
        "3",
    )
    state = record_all(game, [{"out": "A", "hands": {"B": 20, "C": 21}}])
    assert state["deals"][0]["points"] == {"A": 0, "B": 20, "C": 21}
    assert (state["next_deal"]["cards"], state["next_deal"]["wild"]) == (4, "4")
