"""kalooki: Kalooki and Scala 40, pool elimination, rejoins, the pot (RULES.md sections 20, 23)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, end_early, hand_value, make_setup, validate_entry

from .support import errors_of, game_setup, out, play

THREE = ("A", "B", "C")
FOUR = ("A", "B", "C", "D")
POT = {"entry_cents": 200}
KALOOKI = game_setup("kalooki", THREE, stakes=POT)
RULES_GAME = [
    out("A", B=45, C=60),
    out("B", A=38, C=52) | {"one_turn": True},
    out("A", B=70, C=41),
    out("B", A=90, C=20) | {"rejoin": ["C"]},
    out("C", A=25, B=40),
]


@pytest.mark.parametrize(
    ("deals", "totals", "eliminated"),
    [
        (1, {"A": 0, "B": 45, "C": 60}, []),
        (2, {"A": 38, "B": 45, "C": 112}, []),
        (3, {"A": 38, "B": 115, "C": 153}, ["C"]),
        (4, {"A": 128, "B": 115, "C": 135}, []),
        (5, {"A": 153, "B": 155, "C": 135}, ["A", "B"]),
    ],
)
def test_the_rules_game_deal_by_deal(deals, totals, eliminated):
    state = derive(KALOOKI, RULES_GAME[:deals]).as_dict()
    assert state["totals"] == totals
    assert state["eliminated"] == eliminated


def test_going_kalooki_doubles_nothing_by_default():
    state = play(KALOOKI, *RULES_GAME[:2])
    assert state.deals[1].points == {"A": 38, "B": 0, "C": 52}


def test_an_eliminated_player_is_not_in_the_next_deal_and_the_dealer_skips_them():
    state = derive(KALOOKI, RULES_GAME[:3]).as_dict()
    assert state["next_deal"]["players"] == ["A", "B"]
    assert state["next_deal"]["dealer"] == "A"


def test_a_rejoiner_comes_back_at_the_highest_total_still_in_and_pays_again():
    state = derive(KALOOKI, RULES_GAME[:4]).as_dict()
    deal = state["deals"][3]
    assert deal["rejoin_change"] == {"C": -38}
    assert deal["points"] == {"A": 90, "B": 0, "C": -18}
    assert deal["dealer"] == "A"
    assert state["rejoins"] == {"A": 0, "B": 0, "C": 1}
    assert state["pot_cents"] == 800


def test_the_last_player_left_wins_the_pot():
    state = derive(KALOOKI, RULES_GAME).as_dict()
    assert (state["finished"], state["winners"]) == (True, ["C"])
    assert state["settlement"]["balances"] == {"A": -200, "B": -200, "C": 400}


def test_scala_40_closing_in_one_go_doubles_and_not_opened_scores_100_doubled():
    scala = make_setup(preset="Scala 40", players=list(FOUR))
    entry = {"out": "A", "one_turn": True, "hands": {"B": 30, "D": 12}, "not_opened": ["C"]}
    state = derive(scala, [entry]).as_dict()
    assert state["totals"] == {"A": 0, "B": 60, "C": 200, "D": 24}
    assert state["eliminated"] == ["C"]


def test_scala_40_counts_the_jolly_25_and_the_ace_11():
    scala = make_setup(preset="Scala 40", players=list(FOUR))
    assert hand_value(scala, ["Joker", "AS", "KH", "7D"]) == 53
    assert hand_value(KALOOKI, ["Joker", "AS", "KH", "7D"]) == 43


def test_without_its_penalty_not_opened_is_only_recorded_and_the_hand_counts():
    state = play(KALOOKI, out("A", B=10, C=12) | {"not_opened": ["B"]})
    assert state.deals[0].points == {"A": 0, "B": 10, "C": 12}


def test_a_player_reaching_the_pool_limit_exactly_is_eliminated():
    setup = game_setup("kalooki", THREE, pool_limit=101)
    assert derive(setup, [out("A", B=101, C=100)]).as_dict()["eliminated"] == ["B"]


def test_ending_early_the_lowest_total_still_in_wins_the_pot():
    entries = RULES_GAME[:3]
    state = derive(KALOOKI, entries, end_early(KALOOKI, entries)).as_dict()
    assert state["winners"] == ["A"]
    assert state["settlement"]["balances"] == {"A": 400, "B": -200, "C": -200}


def test_joint_leaders_ending_early_share_the_pot_the_odd_cent_first():
    setup = game_setup("kalooki", THREE, stakes={"entry_cents": 101})
    entries = [out("A", B=10, C=20), out("B", A=10, C=5)]
    state = derive(setup, entries, end_early(setup, entries)).as_dict()
    assert state["winners"] == ["A", "B"]
    assert state["settlement"]["balances"] == {"A": 51, "B": 50, "C": -101}


@pytest.mark.parametrize(
    ("stakes", "errors"),
    [
        ({"mode": "pairs"}, {"stakes.mode": "Kalooki is played for a pot: "
                                                "the mode must be pot"}),
        ({"mode": "pot"}, {"stakes.entry_cents": "is required with the pot: the cents each "
                           "player pays in, more than 0"}),
    ],
)  # fmt: skip
def test_stakes_are_a_pot_only(stakes, errors):
    assert errors_of(make_setup, variant="kalooki", players=list(THREE), stakes=stakes) == errors


@pytest.mark.parametrize(
    ("earlier", "entry", "errors"),
    [
        (0, out("A", B=1), {"hands.C": "Enter what C held: C did not go out"}),
        (0, out(None, A=1, B=1, C=1), {"out": "Choose who went out"}),
        (0, out("A", A=5, B=1, C=1), {"hands.A": "must be 0 or left out: A went out"}),
        (0, out("A", B=211, C=1), {"hands.B": "must be a whole number from 0 to 210"}),
        (0, out("A", B=1, C=1) | {"not_opened": ["A"]},
         {"not_opened.A": "A went out: going out means having laid down"}),
        (0, out("A", B=1, C=1) | {"rejoin": ["B"]},
         {"rejoin.B": "B is still in the game: only an eliminated player rejoins"}),
        (3, out("A", B=1, C=1),
         {"hands.C": "C is out of the pool and takes no part in this deal (rejoin first)"}),
        (3, out("C", A=1, B=1),
         {"out": "C is out of the pool and takes no part in this deal (rejoin first)"}),
        (3, out("A", B=1) | {"not_opened": ["C"]},
         {"not_opened.C": "C is out of the pool and takes no part in this deal (rejoin first)"}),
    ],
)  # fmt: skip
def test_entries_that_break_the_rules_are_refused_naming_the_field(earlier, entry, errors):
    assert errors_of(validate_entry, KALOOKI, RULES_GAME[:earlier], entry) == errors


def test_with_its_penalty_a_not_opened_player_has_no_hand_value():
    scala = make_setup(preset="Scala 40", players=list(THREE))
    entry = out("A", B=1, C=4) | {"not_opened": ["C"]}
    assert errors_of(validate_entry, scala, [], entry) == {
        "hands.C": "must be left out: C had not laid down and scores 100"
    }


def test_rejoining_without_the_rejoin_option_is_an_error():
    setup = game_setup("kalooki", THREE, rejoin=False)
    earlier = [out("A", B=1, C=150)]
    entry = out("A", B=1) | {"rejoin": ["C"]}
    assert errors_of(validate_entry, setup, earlier, entry) == {
        "rejoin": "only with the rejoin option"
    }
