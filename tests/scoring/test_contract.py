"""contract: Contract Rummy, Liverpool and Shanghai (RULES.md sections 17 and 23)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, hand_value, make_setup, validate_entry

from .support import errors_of, game_setup, out, play

THREE = ("A", "B", "C")
CONTRACT = game_setup("contract", THREE)
SHANGHAI = make_setup(preset="Shanghai", players=list(THREE))
BICYCLE = [
    (10, "2 groups of 3"),
    (10, "1 group of 3 + 1 sequence of 4"),
    (10, "2 sequences of 4"),
    (10, "3 groups of 3"),
    (12, "2 groups of 3 + 1 sequence of 4"),
    (12, "1 group of 3 + 2 sequences of 4"),
    (12, "3 sequences of 4"),
]
SHANGHAI_CONTRACTS = [
    "2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3",
    "1 set of 3 + 1 run of 7", "2 sets of 3 + 1 run of 5", "3 runs of 4",
    "1 set of 3 + 1 run of 10", "3 sets of 3 + 1 run of 5", "3 runs of 5",
]  # fmt: skip
RULES_GAME = [
    out("A", B=47, C=16),
    out("B", A=22, C=35),
    out("C", A=15, B=9),
    out("A", B=60, C=12),
    out("B", A=40, C=51),
    out("C", A=18, B=33),
    out("A", B=25, C=70),
]


def test_the_first_deal_of_the_rules_scores_each_hand_and_nothing_for_going_out():
    state = play(CONTRACT, RULES_GAME[0])
    assert state.deals[0].points == {"A": 0, "B": 47, "C": 16}


def test_the_cards_of_the_rules_example_count_47_and_16():
    assert hand_value(CONTRACT, ["AS", "Joker", "KH", "7D"]) == 47
    assert hand_value(CONTRACT, ["3S", "4H", "9C"]) == 16


def test_after_the_seventh_contract_the_game_ends_and_the_lowest_total_wins():
    state = play(CONTRACT, *RULES_GAME)
    assert state.totals == {"A": 95, "B": 174, "C": 184}
    assert (state.finished, state.winners, state.next_deal) == (True, ["A"], None)


def test_each_deal_shows_its_bicycle_contract_and_cards():
    for number, (cards, contract) in enumerate(BICYCLE, 1):
        upcoming = derive(CONTRACT, RULES_GAME[: number - 1]).next_deal
        assert upcoming["number"] == number
        assert (upcoming["cards"], upcoming["contract"]) == (cards, contract)


def test_shanghai_has_ten_deals_of_eleven_cards_with_its_own_contracts():
    entries = [out("A", B=5, C=5)] * 10
    for number, contract in enumerate(SHANGHAI_CONTRACTS, 1):
        upcoming = derive(SHANGHAI, entries[: number - 1]).next_deal
        assert (upcoming["cards"], upcoming["contract"]) == (11, contract)
    assert derive(SHANGHAI, entries).finished


def test_in_shanghai_number_cards_count_5_and_going_out_blind_without_a_joker_scores_minus_50():
    assert hand_value(SHANGHAI, ["AS", "Joker", "KH", "7D", "3C"]) == 50
    blind = {"out": "C", "hands": {"A": 50, "B": 20}, "one_turn": True, "no_joker": True}
    assert play(SHANGHAI, blind).deals[0].points == {"A": 50, "B": 20, "C": -50}
    blind["no_joker"] = False
    assert play(SHANGHAI, blind).deals[0].points == {"A": 50, "B": 20, "C": -25}


def test_liverpool_counts_jokers_25_and_bounds_hands_at_750():
    liverpool = make_setup(preset="Liverpool Rummy", players=list(THREE))
    assert hand_value(liverpool, ["Joker", "AS"]) == 40
    assert errors_of(validate_entry, liverpool, [], out("A", B=751, C=0)) == {
        "hands.B": "must be a whole number from 0 to 750"
    }


@pytest.mark.parametrize(
    ("options", "extra", "went_out"),
    [
        ({}, {"one_turn": True, "no_joker": True}, 0),
        ({"out_bonus": 10}, {}, -10),
        ({"out_bonus": 10}, {"one_turn": True}, -10),
        ({"out_bonus": 10, "one_turn_bonus": 25}, {"one_turn": True}, -25),
        ({"one_turn_bonus": 25, "no_joker_bonus": 50}, {"one_turn": True, "no_joker": True}, -50),
        ({"no_joker_bonus": 50}, {"one_turn": True, "no_joker": True}, -50),
        ({"one_turn_bonus": 25}, {"one_turn": True, "no_joker": True}, -25),
    ],
)
def test_going_out_scores_minus_the_bonus_that_applies(options, extra, went_out):
    setup = game_setup("contract", THREE, **options)
    state = play(setup, out("A", B=5, C=6) | extra)
    assert state.deals[0].points == {"A": went_out, "B": 5, "C": 6}


@pytest.mark.parametrize(
    ("options", "cards", "value"),
    [
        ({}, ["2S", "10H", "JD"], 22),
        ({"low_cards": 5}, ["2S", "10H", "JD"], 20),
        ({"low_cards": 1}, ["9S", "QH"], 11),
        ({"ace": 20, "joker": 25}, ["AS", "Joker"], 45),
    ],
)
def test_card_values_follow_the_options(options, cards, value):
    assert hand_value(game_setup("contract", THREE, **options), cards) == value


def test_a_house_list_of_contracts_gives_one_deal_each():
    setup = game_setup(
        "contract",
        THREE,
        contracts=[{"contract": " 2 sets ", "cards": 6}, {"contract": "a run", "cards": 7}],
    )
    assert setup.options["contracts"] == [
        {"contract": "2 sets", "cards": 6},
        {"contract": "a run", "cards": 7},
    ]
    assert derive(setup, [out("A", B=1, C=1)]).next_deal["contract"] == "a run"
    assert play(setup, out("A", B=1, C=1), out("B", A=1, C=1)).finished


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (out("A", B=5), {"hands.C": "Enter what C held: C did not go out"}),
        (out(None, A=1, B=5, C=1), {"out": "Choose who went out"}),
        (out("A", A=3, B=5, C=1), {"hands.A": "must be 0 or left out: A went out"}),
        (out("A", B=5, C=1) | {"no_joker": True},
         {"no_joker": "only with one_turn: going out without a joker counts when going out in "
          "one turn"}),
        (out("A", B=451, C=1), {"hands.B": "must be a whole number from 0 to 450"}),
        (out("A", B=5, C=1) | {"one_turn": "yes"}, {"one_turn": "must be true or false"}),
    ],
)  # fmt: skip
def test_entries_that_break_the_rules_are_refused_naming_the_field(entry, errors):
    assert errors_of(validate_entry, CONTRACT, [], entry) == errors


def test_one_turn_and_no_joker_are_only_recorded_without_their_options():
    entry = out("B", A=4, C=0) | {"one_turn": True, "no_joker": True}
    state = play(CONTRACT, entry)
    assert state.deals[0].points == {"A": 4, "B": 0, "C": 0}
    assert state.deals[0].entry["one_turn"] is True
