"""Stakes and settlement: amounts, pairs, winner, per_deal, deal winner cents, transfers."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive

from .support import game_setup, melded, out, play

ABCD = ("A", "B", "C", "D")
# Final totals A 184, B 137, C 250, D 241, as in RULES.md section 8.
EXAMPLE = [
    out(None, A=184, B=137, C=200, D=200),
    out(None, A=0, B=0, C=50, D=41),
    *[out("A", B=0, C=0, D=0)] * 11,
]


def settled(mode, entries=EXAMPLE, players=ABCD, variant="thirteen", **stakes):
    setup = game_setup(variant, players, stakes={"mode": mode, **stakes})
    return derive(setup, entries).settlement


def moves(listed):
    return [(m["from"], m["to"], m["cents"]) for m in listed]


def test_the_worked_example_in_pairs():
    settlement = settled("pairs")
    assert settlement["balances"] == {"A": 75, "B": 265, "C": -190, "D": -150}
    assert moves(settlement["payments"]) == [
        ("A", "B", 45),
        ("C", "A", 65),
        ("D", "A", 55),
        ("C", "B", 115),
        ("D", "B", 105),
        ("C", "D", 10),
    ]
    assert settlement["currency"] == "USD"


def test_the_worked_example_with_the_winner_paid():
    state = derive(game_setup("thirteen", ABCD, stakes={"mode": "winner"}), EXAMPLE)
    assert state.finished and state.winners == ["B"]
    settlement = state.settlement
    assert settlement["balances"] == {"A": -45, "B": 265, "C": -115, "D": -105}
    assert moves(settlement["payments"]) == [("A", "B", 45), ("C", "B", 115), ("D", "B", 105)]


def test_transfers_let_the_largest_debtor_pay_the_largest_creditor():
    settlement = settled("pairs")
    assert moves(settlement["transfers"]) == [("C", "B", 190), ("D", "A", 75), ("D", "B", 75)]


def test_the_settlement_is_in_the_game_state():
    setup = game_setup("thirteen", ABCD, stakes={"currency": "EUR"})
    game = derive(setup, EXAMPLE).as_dict()
    assert game["settlement"]["currency"] == "EUR"
    assert set(game["settlement"]) == {"currency", "balances", "payments", "transfers"}


def test_there_is_no_settlement_without_stakes():
    state = derive(game_setup("thirteen", ABCD), EXAMPLE)
    assert state.settlement is None
    assert state.as_dict()["settlement"] is None


@pytest.mark.parametrize(
    ("cents_per_point", "round_to", "cents"),
    [(1, 5, 45), (1, 1, 47), (1, 10, 50), (1, 25, 50), (2, 5, 95), (3, 25, 150), (0, 5, 0)],
)
def test_an_amount_is_the_difference_times_the_rate_rounded_half_up(
    cents_per_point, round_to, cents
):
    entries = [out("A", B=47), *[out("A", B=0)] * 12]  # B 47 behind A
    settlement = settled(
        "pairs", entries, ("A", "B"), cents_per_point=cents_per_point, round_to=round_to
    )
    assert settlement["balances"] == {"A": cents, "B": -cents}


def test_exactly_half_rounds_up():
    entries = [out("A", B=5), *[out("A", B=0)] * 12]
    assert settled("pairs", entries, ("A", "B"), round_to=10)["balances"]["A"] == 10


def test_joint_winners_split_each_payment_the_odd_cent_to_the_first_in_seat_order():
    entries = [out(None, A=10, B=10, C=31), *[out("A", B=0, C=0)] * 12]
    settlement = settled("winner", entries, ("A", "B", "C"), round_to=1)
    assert moves(settlement["payments"]) == [("C", "A", 11), ("C", "B", 10)]
    assert settlement["balances"] == {"A": 11, "B": 10, "C": -21}


def test_before_the_end_the_settlement_pays_the_current_leaders():
    state = play(
        game_setup("thirteen", ("A", "B", "C"), stakes={"mode": "winner", "round_to": 1}),
        out("A", B=10, C=20),
    )
    assert not state.finished and state.winners == []
    assert state.leaders == ["A"]
    assert state.settlement["balances"] == {"A": 30, "B": -10, "C": -20}


def test_deal_winner_cents_are_paid_to_whoever_went_out_exactly():
    entries = [out("A", B=0, C=0), out(None, A=0, B=0, C=0)]
    settlement = settled("pairs", entries, ("A", "B", "C"), cents_per_point=0, deal_winner_cents=3)
    assert settlement["balances"] == {"A": 6, "B": -3, "C": -3}


def test_deal_winner_cents_add_to_the_pairs_payments():
    entries = [out("A", B=10, C=0)]
    settlement = settled("pairs", entries, ("A", "B", "C"), round_to=1, deal_winner_cents=2)
    assert moves(settlement["payments"]) == [("B", "A", 12), ("C", "A", 2), ("B", "C", 10)]


def test_per_deal_sums_each_pairs_hand_values_and_rounds_once():
    entries = [out("Ann", Bob=12, Cy=7), out("Bob", Ann=9, Cy=3)]
    settlement = settled("per_deal", entries, ("Ann", "Bob", "Cy"), variant="rummy")
    assert moves(settlement["payments"]) == [("Bob", "Ann", 5), ("Cy", "Ann", 5), ("Cy", "Bob", 5)]
    assert settlement["balances"] == {"Ann": 10, "Bob": 0, "Cy": -10}


def test_per_deal_with_a_block_pays_the_difference_from_the_lowest_hand():
    setup = game_setup(
        "rummy", ("Ann", "Bob", "Cy"), stock_out="block",
        stakes={"mode": "per_deal", "round_to": 1},
    )  # fmt: skip
    state = play(setup, out(None, Ann=6, Bob=9, Cy=11))
    assert state.settlement["balances"] == {"Ann": 8, "Bob": -3, "Cy": -5}
    state = play(setup, out(None, Ann=6, Bob=6, Cy=11))  # 5 shared: 2.5 each, rounded once
    assert moves(state.settlement["payments"]) == [("Cy", "Ann", 3), ("Cy", "Bob", 3)]


def test_per_deal_ignores_stalemates():
    setup = game_setup("rummy", ("Ann", "Bob"), stakes={"mode": "per_deal"})
    assert play(setup, out(None, Ann=6, Bob=9)).settlement["balances"] == {"Ann": 0, "Bob": 0}


def test_gin_settles_the_margin_once_the_game_ends():
    setup = game_setup("gin", ("Kay", "Dan"), stakes={"round_to": 1})
    game = [
        {"knocker": "Kay", "hands": {"Kay": 0, "Dan": 30}},
        {"knocker": "Dan", "hands": {"Dan": 5, "Kay": 20}},
    ]
    assert play(setup, *game).settlement["balances"] == {"Kay": 40, "Dan": -40}
    state = play(setup, *game, {"knocker": "Kay", "hands": {"Kay": 3, "Dan": 50}})
    assert state.margin == 212
    assert state.settlement["balances"] == {"Kay": 212, "Dan": -212}


def test_hollywood_settles_the_match_margin():
    setup = game_setup("gin", ("Kay", "Dan"), hollywood=True, target=30, stakes={"round_to": 1})
    knock = {"knocker": "Kay", "hands": {"Kay": 0, "Dan": 10}}
    state = play(setup, knock, knock, knock)
    assert state.margin == 960
    assert state.settlement["balances"] == {"Kay": 960, "Dan": -960}


def test_a_winner_behind_another_player_is_paid_nothing_by_them():
    setup = game_setup(
        "rummy5000", ("Ann", "Bob", "Cy"), target=500, went_out_wins=True,
        stakes={"mode": "winner", "round_to": 1},
    )  # fmt: skip
    zero = {"Ann": 0, "Bob": 0, "Cy": 0}
    state = play(setup, melded("Ann", {**zero, "Ann": 500, "Bob": 900}, {"Bob": 0, "Cy": 0}))
    assert state.winners == ["Ann"]
    assert state.settlement["balances"] == {"Ann": 500, "Bob": 0, "Cy": -500}
