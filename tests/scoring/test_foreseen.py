"""A deal as the rules foresee it before any deal is played (``Variant.foreseen``): what a
phone saving deals without a signal shows for the deal now due. It must be what the game
says of that deal once the deals before it are played."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, get_variant

from .support import game_setup, out

# Games whose deals differ by number: cards, contract, wild rank, and the dealer in all.
GAMES = ["contract", "threethirteen", "five_crowns", "thirteen", "rummy"]


@pytest.mark.parametrize("variant", GAMES)
def test_every_deal_foreseen_is_the_next_deal_once_the_deals_before_it_are_played(variant):
    setup = game_setup(variant, ["A", "B", "C"], first_dealer="B")
    fresh = get_variant(variant)(setup)
    entries = []
    state = derive(setup, entries)
    while state.next_deal is not None and len(entries) < 16:
        number = state.next_deal["number"]
        shown = {key: state.next_deal.get(key) for key in fresh.foreseen(number)}
        assert fresh.foreseen(number) == shown, number
        entries.append(out("A", B=5, C=1))
        state = derive(setup, entries)


def test_contract_rummy_foresees_each_deals_contract_and_cards():
    fresh = get_variant("contract")(game_setup("contract", ["A", "B", "C"]))
    assert [
        (fresh.foreseen(n)["cards"], str(fresh.foreseen(n)["contract"])) for n in (1, 5, 7)
    ] == [
        (10, "2 groups of 3"),
        (12, "2 groups of 3 + 1 sequence of 4"),
        (12, "3 sequences of 4"),
    ]
    assert "cards" not in fresh.foreseen(8)


def test_3_13_foresees_deal_k_with_k_plus_2_cards_and_that_rank_wild():
    fresh = get_variant("threethirteen")(game_setup("threethirteen", ["A", "B", "C"]))
    assert [(fresh.foreseen(n)["cards"], fresh.foreseen(n)["wild"]) for n in (1, 5, 11)] == [
        (3, "3"),
        (7, "7"),
        (13, "K"),
    ]
