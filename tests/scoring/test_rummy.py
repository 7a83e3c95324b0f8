"""rummy: winner-takes-all, penalty, going rummy, stock-outs, the target."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import validate_entry

from .support import errors_of, game_setup, out, play

RUMMY = game_setup("rummy")


def test_whoever_goes_out_scores_the_sum_of_the_others_hands():
    deal = play(RUMMY, out("Bob", Ann=10, Cy=7, Dee=3)).deals[0]
    assert deal.points == {"Ann": 0, "Bob": 20, "Cy": 0, "Dee": 0}
    assert deal.winner == "Bob"


@pytest.mark.parametrize(("bonus", "points"), [("double", 40), ("plus_10", 30), ("none", 20)])
def test_going_rummy_earns_the_rummy_bonus(bonus, points):
    setup = game_setup("rummy", rummy_bonus=bonus)
    state = play(setup, {**out("Bob", Ann=10, Cy=7, Dee=3), "rummy": True})
    assert state.totals["Bob"] == points


def test_going_rummy_doubles_by_default():
    state = play(RUMMY, {**out("Bob", Ann=10, Cy=7, Dee=3), "rummy": True})
    assert state.totals["Bob"] == 40


def test_going_rummy_needs_someone_out():
    entry = {**out(None, Ann=10, Bob=1, Cy=7, Dee=3), "rummy": True}
    assert errors_of(validate_entry, RUMMY, [], entry) == {"rummy": "needs the player who went out"}


def test_a_stalemate_scores_nothing_and_has_no_winner():
    deal = play(RUMMY, out(None, Ann=10, Bob=4, Cy=7, Dee=3)).deals[0]
    assert set(deal.points.values()) == {0}
    assert deal.winner is None


def test_block_example_of_the_rules():
    setup = game_setup("rummy", stock_out="block")
    deal = play(setup, out(None, Ann=6, Bob=15, Cy=7, Dee=21)).deals[0]
    assert deal.points == {"Ann": 25, "Bob": 0, "Cy": 0, "Dee": 0}
    assert deal.winner == "Ann"


def test_players_tied_for_the_lowest_block_hand_share_rounded_half_up():
    setup = game_setup("rummy", stock_out="block")
    deal = play(setup, out(None, Ann=6, Bob=6, Cy=7, Dee=10)).deals[0]
    assert deal.points == {"Ann": 3, "Bob": 3, "Cy": 0, "Dee": 0}  # 5 / 2 = 2.5 -> 3
    assert deal.winner is None


def test_a_block_in_penalty_scoring_scores_every_hand():
    setup = game_setup("rummy", stock_out="block", scoring="penalty")
    deal = play(setup, out(None, Ann=6, Bob=15, Cy=7, Dee=21)).deals[0]
    assert deal.points == {"Ann": 6, "Bob": 15, "Cy": 7, "Dee": 21}


def test_a_stalemate_in_penalty_scoring_scores_nothing():
    setup = game_setup("rummy", scoring="penalty", stock_out="stalemate")
    assert set(play(setup, out(None, Ann=6, Bob=15, Cy=7, Dee=21)).totals.values()) == {0}


def test_penalty_scoring_scores_every_hand_at_a_stock_out_by_default():
    setup = game_setup("rummy", scoring="penalty")
    assert setup.options["stock_out"] == "block"
    state = play(setup, out(None, Ann=6, Bob=15, Cy=7, Dee=21))
    assert state.totals == {"Ann": 6, "Bob": 15, "Cy": 7, "Dee": 21}


def test_winner_takes_all_keeps_the_stalemate_default():
    assert game_setup("rummy").options["stock_out"] == "stalemate"


def test_penalty_scoring_gives_each_player_their_own_hand():
    setup = game_setup("rummy", scoring="penalty")
    state = play(setup, out("Cy", Ann=6, Bob=15, Dee=21))
    assert state.totals == {"Ann": 6, "Bob": 15, "Cy": 0, "Dee": 21}
    assert state.higher_wins is False
    assert state.as_dict()["higher_wins"] is False


@pytest.mark.parametrize(
    ("bonus", "points"),
    [
        ("double", {"Ann": 12, "Bob": 30, "Cy": 0, "Dee": 42}),
        ("plus_10", {"Ann": 6, "Bob": 15, "Cy": -10, "Dee": 21}),
        ("none", {"Ann": 6, "Bob": 15, "Cy": 0, "Dee": 21}),
    ],
)
def test_going_rummy_in_penalty_scoring(bonus, points):
    setup = game_setup("rummy", scoring="penalty", rummy_bonus=bonus)
    state = play(setup, {**out("Cy", Ann=6, Bob=15, Dee=21), "rummy": True})
    assert state.totals == points


def test_the_game_ends_when_a_total_reaches_the_target_and_the_highest_wins():
    setup = game_setup("rummy", ("Ann", "Bob", "Cy"))  # target 150
    first = out("Ann", Bob=70, Cy=70)
    state = play(setup, first)
    assert not state.finished
    state = play(setup, first, out("Bob", Ann=5, Cy=5))
    assert state.finished is False
    state = play(setup, first, out("Ann", Bob=5, Cy=5))
    assert state.finished
    assert state.winners == ["Ann"]
    assert state.next_deal is None


def test_highest_totals_tied_at_the_end_share_the_win():
    setup = game_setup("rummy", ("Ann", "Bob", "Cy"), stock_out="block", target=20)
    state = play(setup, out(None, Ann=0, Bob=0, Cy=40))
    assert state.totals == {"Ann": 20, "Bob": 20, "Cy": 0}
    assert state.finished
    assert state.winners == ["Ann", "Bob"]


def test_penalty_rummy_ends_at_100_and_the_lowest_total_wins():
    setup = game_setup("rummy", ("Ann", "Bob", "Cy"), scoring="penalty")
    state = play(setup, out("Ann", Bob=70, Cy=40), out("Ann", Bob=30, Cy=40))
    assert state.finished
    assert state.winners == ["Ann"]


def test_a_fixed_number_of_deals_ends_the_game_whatever_the_totals():
    setup = game_setup("rummy", ("Ann", "Bob"), deals=2)
    state = play(setup, out("Ann", Bob=60), out("Ann", Bob=60))
    assert state.totals["Ann"] == 120  # past the target of 100, but deals rule
    assert state.finished
    state = play(setup, out("Ann", Bob=60))
    assert not state.finished


@pytest.mark.parametrize(
    ("players", "ace_high", "bound"),
    [(2, False, 100), (3, False, 70), (4, False, 70), (5, False, 60), (6, False, 60),
     (4, True, 105), (2, True, 150)],
)  # fmt: skip
def test_the_hand_bound_is_cards_in_hand_times_the_highest_card(players, ace_high, bound):
    names = [f"P{i}" for i in range(players)]
    setup = game_setup("rummy", names, ace_high=ace_high)
    over = {name: bound + 1 if name == "P1" else 0 for name in names[1:]}
    assert errors_of(validate_entry, setup, [], out("P0", **over)) == {
        "hands.P1": f"must be a whole number from 0 to {bound}"
    }
    assert validate_entry(setup, [], out("P0", **{**over, "P1": bound}))


def test_the_deal_passes_to_the_left_from_the_first_dealer():
    setup = game_setup("rummy", first_dealer="Cy")
    state = play(setup, out("Ann", Bob=1, Cy=1, Dee=1), out("Ann", Bob=1, Cy=1, Dee=1))
    assert [deal.dealer for deal in state.deals] == ["Cy", "Dee"]
    assert state.next_deal == {
        "number": 3,
        "dealer": "Ann",
        "wild": None,
        "multiplier": 1,
        "press": False,
    }
