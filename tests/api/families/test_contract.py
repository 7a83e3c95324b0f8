"""Contract Rummy and Shanghai through the JSON API (RULES.md section 17): the seven deals
of the rules, going out blind without a joker."""

from __future__ import annotations

from tests.api.families.support import THREE, record_all


def test_contract_rummy_the_seven_deals_of_the_rules(start):
    game = start(preset="Contract Rummy", players=THREE)
    first = game.started["game"]["next_deal"]
    assert (first["contract"], first["cards"]) == ("2 groups of 3", 10)
    hands = [("A", 47, 16), ("B", 22, 35), ("C", 15, 9), ("A", 60, 12), ("B", 40, 51),
             ("C", 18, 33), ("A", 25, 70)]  # fmt: skip
    entries = []
    for went_out, first_hand, second_hand in hands:
        others = [p for p in THREE if p != went_out]
        entries.append(
            {"out": went_out, "hands": dict(zip(others, (first_hand, second_hand), strict=True))}
        )
    state = record_all(game, entries[:4])
    assert (state["next_deal"]["contract"], state["next_deal"]["cards"]) == (
        "2 groups of 3 + 1 sequence of 4",
        12,
    )
    state = record_all(game, entries[4:])
    assert state["totals"] == {"A": 95, "B": 174, "C": 184}
    assert (state["finished"], state["winners"]) == (True, ["A"])


def test_shanghai_going_out_blind_without_a_joker(start):
    game = start(preset="Shanghai", players=THREE)
    assert game.started["game"]["next_deal"]["cards"] == 11
    blind = {"out": "C", "hands": {"A": 50, "B": 20}, "one_turn": True, "no_joker": True}
    state = record_all(game, [blind])
    assert state["deals"][0]["points"] == {"A": 50, "B": 20, "C": -50}
    assert state["next_deal"]["contract"] == "1 set of 3 + 1 run of 4"
