"""Partnerships (RULES.md section 13): sides as players, seats, canasta and handfoot."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import (
    Setup,
    derive,
    get_variant,
    hand_value,
    make_setup,
    validate_entry,
)
from scorekeeper.scoring.canasta import minimum_meld

from .support import errors_of, play

SIDES = ["NS", "EW"]
SEATS = ["North", "East", "South", "West"]


def canasta(**options) -> Setup:
    return make_setup(variant="canasta", players=SIDES, options=options)


def handfoot(sides=("Us", "Them"), seats=None, **options) -> Setup:
    return make_setup(variant="handfoot", players=list(sides), seats=seats, options=options)


def deal(out, melded, hand, **counts) -> dict:
    return {"out": out, "melded": melded, "hand": hand, **counts}


CANASTA_EXAMPLE = deal(
    "NS", {"NS": 385, "EW": 0}, {"NS": 30, "EW": 120},
    natural={"NS": 1}, mixed={"NS": 2}, red_threes={"NS": 1, "EW": 1},
)  # fmt: skip
HANDFOOT_EXAMPLE = deal(
    "Us", {"Us": 1235, "Them": 610}, {"Us": 45, "Them": 185},
    clean={"Us": 2}, dirty={"Us": 3, "Them": 1}, red_threes={"Us": 1},
    red_threes_held={"Them": 1},
)  # fmt: skip


# ---------------------------------------------------------------- sides and seats


def test_partnership_variants_say_so_in_the_catalogue():
    assert get_variant("canasta").describe()["partnership"] is True
    assert get_variant("handfoot").partnership is True
    assert get_variant("rummy").describe()["partnership"] is False


def test_the_deal_passes_seat_by_seat_when_the_game_has_seats():
    setup = make_setup(variant="canasta", players=SIDES, seats=SEATS, first_dealer="south")
    assert (setup.seats, setup.first_dealer) == (tuple(SEATS), "South")
    state = play(setup, CANASTA_EXAMPLE, CANASTA_EXAMPLE)
    assert [d.dealer for d in state.deals] == ["South", "West"]
    assert state.next_deal["dealer"] == "North"
    assert state.as_dict()["seats"] == SEATS


def test_without_seats_the_deal_passes_side_by_side_and_the_state_has_no_seats():
    state = play(canasta(), CANASTA_EXAMPLE)
    assert (state.deals[0].dealer, state.next_deal["dealer"]) == ("NS", "EW")
    assert "seats" not in state.as_dict()


def test_the_first_dealer_defaults_to_the_first_seat():
    setup = make_setup(variant="canasta", players=SIDES, seats=SEATS)
    assert setup.first_dealer == "North"


def test_seats_round_trip_through_plain_json():
    setup = make_setup(variant="handfoot", players=["A", "B", "C"], seats=list("uvwxyz"))
    assert Setup.from_dict(setup.to_dict()) == setup
    assert setup.to_dict()["seats"] == list("uvwxyz")
    assert canasta().to_dict()["seats"] is None


@pytest.mark.parametrize(
    ("variant", "sides", "seats", "errors"),
    [
        ("rummy", ["A", "B"], ["x", "y"], {
            "seats": "only a partnership game has seats; rummy is played by players"}),
        ("canasta", SIDES, ["N", "E", "S"], {
            "seats": "must be 4 names: exactly 2 for each side, partners alternating, not 3"}),
        ("canasta", SIDES, list("abcdef"), {
            "seats": "must be 4 names: exactly 2 for each side, partners alternating, not 6"}),
        ("handfoot", ["A", "B"], list("abcde"), {
            "seats": "must be 4 to 8 names: 2 to 4 for each side, partners alternating, not 5"}),
        ("handfoot", ["A", "B", "C"], list("abcdefghi"), {
            "seats": "must be 6 names: exactly 2 for each side, partners alternating, not 9"}),
        ("handfoot", ["A", "B"], ["N", "n", "S", "W"], {
            "seats.1": "n is already seat 1: names must differ"}),
        ("handfoot", ["A", "B"], ["N", "", "S", "W"], {
            "seats.1": "must be a name of 1 to 40 characters"}),
        ("handfoot", ["A", "B"], "NESW", {
            "seats": "must be a list of 4 to 8 names: 2 to 4 for each side, partners alternating"}),
        ("canasta", ["A", "B", "C"], None, {"players": "Canasta is for exactly 2 sides, not 3"}),
        ("handfoot", ["A"], None, {"players": "Hand and Foot is for 2 to 3 sides, not 1"}),
    ],
)  # fmt: skip
def test_seats_are_checked(variant, sides, seats, errors):
    assert errors_of(make_setup, variant=variant, players=sides, seats=seats) == errors


def test_with_seats_the_first_dealer_must_be_seated():
    errors = errors_of(make_setup, variant="canasta", players=SIDES, seats=SEATS, first_dealer="NS")
    assert errors == {"first_dealer": "must be one of the seated players"}


def test_winners_and_settlement_are_by_side():
    setup = make_setup(
        variant="canasta", players=SIDES, stakes={"cents_per_point": 1, "round_to": 5}
    )
    state = play(setup, CANASTA_EXAMPLE)
    assert state.settlement["balances"] == {"NS": 1875, "EW": -1875}
    assert derive(setup, [CANASTA_EXAMPLE], {"split": False}).winners == ["NS"]


# ---------------------------------------------------------------- canasta


def test_the_canasta_example_of_the_rules():
    state = play(canasta(), CANASTA_EXAMPLE)
    assert state.deals[0].points == {"NS": 1655, "EW": -220}
    assert state.next_deal["minimum"] == {"NS": 90, "EW": 15}


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120)],
)
def test_the_minimum_first_meld_follows_the_sides_total(total, minimum):
    assert minimum_meld(total) == minimum


def test_the_first_deal_needs_50_from_each_side():
    assert derive(canasta(), []).next_deal["minimum"] == {"NS": 50, "EW": 50}


@pytest.mark.parametrize(
    ("extra", "bonus"),
    [
        ({"natural": {"NS": 2}}, 1000),
        ({"mixed": {"NS": 3}}, 900),
        ({"red_threes": {"NS": 3}}, 300),
        ({"red_threes": {"NS": 4}}, 800),
    ],
)
def test_canastas_and_red_threes_score_their_bonuses(extra, bonus):
    entry = deal(None, {"NS": 100, "EW": 50}, {"NS": 10, "EW": 20}, **extra)
    if "natural" not in extra and "mixed" not in extra:
        entry["mixed"] = {"EW": 0}
    assert play(canasta(), entry).deals[0].points == {"NS": 90 + bonus, "EW": 30}


def test_all_four_red_threes_count_800_against_a_side_that_melded_nothing():
    entry = deal(None, {"NS": 0, "EW": 50}, {"NS": 10, "EW": 20}, red_threes={"NS": 4})
    assert play(canasta(), entry).deals[0].points == {"NS": -810, "EW": 30}


def test_going_out_concealed_scores_the_concealed_bonus_instead():
    entry = {**CANASTA_EXAMPLE, "concealed": True}
    assert play(canasta(), entry).deals[0].points["NS"] == 1655 - 100 + 200


def test_the_bonuses_are_options():
    setup = canasta(out_bonus=50, concealed_bonus=500)
    assert play(setup, CANASTA_EXAMPLE).deals[0].points["NS"] == 1605
    assert play(setup, {**CANASTA_EXAMPLE, "concealed": True}).deals[0].points["NS"] == 2055


def test_the_game_ends_when_a_side_reaches_the_target_and_the_highest_wins():
    state = play(canasta(target=3000), CANASTA_EXAMPLE, CANASTA_EXAMPLE)
    assert (state.finished, state.winners, state.totals) == (True, ["NS"], {"NS": 3310, "EW": -440})


def test_tied_sides_at_the_end_share_the_win():
    entry = deal(None, {"NS": 500, "EW": 500}, {"NS": 0, "EW": 0})
    state = play(canasta(target=1000), entry, entry)
    assert state.winners == ["NS", "EW"]


def test_a_stock_out_scores_melds_and_hands_with_no_out_bonus():
    entry = deal(None, {"NS": 300, "EW": 200}, {"NS": 0, "EW": 25}, mixed={"NS": 1})
    assert play(canasta(), entry).deals[0].points == {"NS": 600, "EW": 175}


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        ({"melded": {"NS": 5, "EW": 5}, "hand": {"NS": 0, "EW": 0}}, {
            "out": "Choose the side that went out, or null when the stock ran out"}),
        (deal(None, {"NS": 5}, {"NS": 0, "EW": 0}), {
            "melded.EW": "Enter the card points EW melded"}),
        (deal(None, {"NS": 5, "EW": 5}, {"EW": 0}), {
            "hand.NS": "Enter the card points NS left in hand"}),
        (deal(None, {"NS": 7, "EW": 5}, {"NS": 0, "EW": 0}), {
            "melded.NS": "must be a multiple of 5 from 0 to 1180"}),
        (deal(None, {"NS": 1185, "EW": 5}, {"NS": 0, "EW": 0}), {
            "melded.NS": "must be a multiple of 5 from 0 to 1180"}),
        (deal(None, {"NS": 1000, "EW": 100}, {"NS": 50, "EW": 35}), {
            "hand": "melded and hand points of all sides come to 1185: "
                    "the cards in play count at most 1180"}),
        (deal(None, {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}, red_threes={"NS": 3, "EW": 2}), {
            "red_threes": "5 red threes in all: there can be at most 4"}),
        (deal(None, {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}, red_threes={"NS": 5}), {
            "red_threes.NS": "must be a whole number from 0 to 4"}),
        (deal(None, {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}, natural={"NS": 6},
              mixed={"NS": 6}), {
            "mixed.NS": "NS has 12 canastas: a side melds each rank once, so at most 11"}),
        (deal(None, {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}, natural={"NS": 8, "EW": 7}), {
            "natural": "15 canastas in all: there can be at most 14"}),
        (deal(None, {"NS": 0, "EW": 5}, {"NS": 0, "EW": 0}, mixed={"NS": 1}), {
            "melded.NS": "cannot be 0: NS has a canasta"}),
        (deal("NS", {"NS": 0, "EW": 5}, {"NS": 0, "EW": 0}), {
            "melded.NS": "cannot be 0: NS went out",
            "natural.NS": "NS went out with 0 canastas: going out needs 1"}),
        (deal("NS", {"NS": 100, "EW": 5}, {"NS": 0, "EW": 0}), {
            "natural.NS": "NS went out with 0 canastas: going out needs 1"}),
        ({**deal(None, {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}), "concealed": True}, {
            "concealed": "needs the side that went out"}),
        (deal("North", {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}), {
            "out": "is not a player of this game"}),
        (deal(None, {"NS": 5, "EW": 5}, {"NS": 0, "EW": 0}, books={"NS": 1}), {
            "books": "is not a field of a canasta entry"}),
    ],
)  # fmt: skip
def test_canasta_entries_are_checked(entry, errors):
    assert errors_of(validate_entry, canasta(), [], entry) == errors


def test_two_canastas_to_go_out_is_an_option():
    entry = {**CANASTA_EXAMPLE, "natural": {"NS": 1}, "mixed": {"NS": 0}}
    assert errors_of(validate_entry, canasta(canastas_to_go_out=2), [], entry) == {
        "natural.NS": "NS went out with 1 canastas: going out needs 2"
    }


def test_side_names_in_any_case_are_accepted_in_their_spelling():
    accepted = validate_entry(canasta(), [], deal("ns", {"ns": 5, "ew": 5}, {"NS": 0, "EW": 0},
                                                  mixed={"ns": 1}))  # fmt: skip
    assert accepted["out"] == "NS" and accepted["melded"] == {"NS": 5, "EW": 5}


def test_card_points_in_the_card_counter():
    setup = canasta()
    assert hand_value(setup, ["Joker", "2S", "AH", "KD", "8C", "7S", "4H", "3S"]) == 125
    assert hand_value(setup, ["3H", "3D"]) == 0  # red threes only score as bonuses


# ---------------------------------------------------------------- handfoot


def test_the_hand_and_foot_example_of_the_rules():
    state = play(handfoot(), HANDFOOT_EXAMPLE)
    assert state.deals[0].points == {"Us": 3290, "Them": 625}
    assert state.next_deal["minimum"] == {"Us": 90, "Them": 90}


def test_each_round_has_its_minimum_and_the_game_ends_after_the_rounds():
    setup = handfoot()
    assert derive(setup, []).next_deal["minimum"] == {"Us": 50, "Them": 50}
    minimums = [derive(setup, [HANDFOOT_EXAMPLE] * k).next_deal["minimum"]["Us"] for k in (1, 2, 3)]
    assert minimums == [90, 120, 150]
    state = play(setup, *[HANDFOOT_EXAMPLE] * 4)
    assert (state.finished, state.winners, state.next_deal) == (True, ["Us"], None)


def test_rounds_and_their_minimums_are_options():
    setup = handfoot(rounds=2, minimums=[50, 120])
    assert derive(setup, [HANDFOOT_EXAMPLE]).next_deal["minimum"]["Them"] == 120
    assert play(setup, HANDFOOT_EXAMPLE, HANDFOOT_EXAMPLE).finished


@pytest.mark.parametrize(
    ("rounds", "minimums"),
    [(1, [50]), (3, [50, 90, 120]), (4, [50, 90, 120, 150]), (6, [50, 90, 120, 150, 150, 150])],
)
def test_rounds_without_minimums_take_the_usual_ones_the_last_repeated(rounds, minimums):
    assert handfoot(rounds=rounds).options["minimums"] == minimums


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"rounds": 5, "minimums": [50, 90, 120, 150]},
            "must have exactly 5 entries, one for each of the 5 rounds, not 4",
        ),
        (
            {"minimums": [50, 90]},
            "must have exactly 4 entries, one for each of the 4 rounds, not 2",
        ),
        ({"minimums": [50, 90, 120, 151]}, "item 4 must be a multiple of 5 from 0 to 1000"),
    ],
)
def test_minimums_are_checked(options, message):
    errors = errors_of(make_setup, variant="handfoot", players=["Us", "Them"], options=options)
    assert errors == {"options.minimums": message}


@pytest.mark.parametrize(
    ("sides", "seats", "decks"),
    [(("Us", "Them"), None, 5), (("A", "B", "C"), None, 7), (("Us", "Them"), list("abcdef"), 7)],
)
def test_decks_default_to_one_more_than_the_people_at_the_table(sides, seats, decks):
    assert handfoot(sides, seats).options["decks"] == decks


@pytest.mark.parametrize(
    ("options", "extra", "bonus"),
    [
        ({}, {"clean": {"Us": 1}}, 500),
        ({}, {"dirty": {"Us": 1}}, 300),
        ({}, {"red_threes": {"Us": 2}}, 200),
        ({}, {"red_threes_held": {"Us": 2}}, -200),
        ({"red_three_held": 500}, {"red_threes_held": {"Us": 1}}, -500),
        ({"red_three": 50}, {"red_threes": {"Us": 1}}, 50),
        ({"wild_book": 1500}, {"wild": {"Us": 1}}, 1500),
        ({"sevens_book": 1000}, {"sevens": {"Us": 1}, "clean": {"Us": 1}}, 1500),
    ],
)
def test_books_and_red_threes_score_their_bonuses(options, extra, bonus):
    entry = deal(None, {"Us": 100, "Them": 50}, {"Us": 10, "Them": 20}, **extra)
    assert play(handfoot(**options), entry).deals[0].points == {"Us": 90 + bonus, "Them": 30}


def test_the_out_bonus_goes_to_the_side_that_went_out():
    entry = deal("Them", {"Us": 100, "Them": 50}, {"Us": 10, "Them": 20})
    assert play(handfoot(out_bonus=300), entry).deals[0].points == {"Us": 90, "Them": 330}


@pytest.mark.parametrize(("field", "option"), [("wild", "wild_book"), ("sevens", "sevens_book")])
def test_wild_and_sevens_books_need_their_options(field, option):
    entry = deal(None, {"Us": 100, "Them": 50}, {"Us": 10, "Them": 20}, **{field: {"Us": 1}})
    assert errors_of(validate_entry, handfoot(), [], entry) == {
        field: f"only with the {option} option"
    }


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (deal(None, {"Us": 2950, "Them": 5}, {"Us": 0, "Them": 0}), {
            "hand": "melded and hand points of all sides come to 2955: "
                    "the cards in play count at most 2950"}),
        (deal(None, {"Us": 2955, "Them": 5}, {"Us": 0, "Them": 0}), {
            "melded.Us": "must be a multiple of 5 from 0 to 2950"}),
        (deal(None, {"Us": 5, "Them": 5}, {"Us": 0, "Them": 0}, red_threes={"Us": 6},
              red_threes_held={"Them": 5}), {
            "red_threes": "11 red threes laid and held in all: there can be at most 10 "
                          "with 5 packs"}),
        (deal(None, {"Us": 5, "Them": 5}, {"Us": 0, "Them": 0}, clean={"Us": 20},
              dirty={"Them": 16}), {
            "clean": "36 books in all: there can be at most 35 with 5 packs"}),
        (deal(None, {"Us": 5, "Them": 5}, {"Us": 0, "Them": 0}, clean={"Us": 36}), {
            "clean.Us": "must be a whole number from 0 to 35"}),
    ],
)  # fmt: skip
def test_handfoot_entries_are_checked(entry, errors):
    assert errors_of(validate_entry, handfoot(), [], entry) == errors


def test_three_sides_play_hand_and_foot():
    setup = handfoot(("A", "B", "C"))
    entry = deal("C", {"A": 100, "B": 50, "C": 200}, {"A": 10, "B": 20, "C": 0}, clean={"C": 1})
    assert play(setup, entry).deals[0].points == {"A": 90, "B": 30, "C": 800}


def test_seats_for_sides_that_are_all_misnamed_give_the_sides_errors_only():
    errors = errors_of(make_setup, variant="handfoot", players=["", " "], seats=SEATS)
    assert errors == {
        "players.0": "must be a name of 1 to 40 characters",
        "players.1": "must be a name of 1 to 40 characters",
    }


def test_the_catalogue_shows_how_many_seats_a_side_may_have():
    assert get_variant("canasta").describe()["seats_per_side"] == [2, 2]
    assert get_variant("handfoot").describe()["seats_per_side"] == [2, 4]
    assert "seats_per_side" not in get_variant("rummy").describe()


def test_three_sides_with_long_accented_names_seated_at_a_full_table():
    sides = ["Équipe " + "é" * 33, "Ærøskøbing " + "ø" * 29, "Ñandú " + "ñ" * 34]
    seats = [f"Joueuse n°{i} " + "à" * 28 for i in range(6)]
    assert {len(name) for name in sides + seats} == {40}
    setup = handfoot(sides, seats, rounds=4)
    entry = deal(
        sides[0].upper(),
        {side: 400 for side in sides},
        {side: 50 for side in sides},
        clean={sides[0]: 2},
        dirty={sides[1]: 1},
    )
    state = play(setup, *[entry] * 4)
    assert [d.dealer for d in state.deals] == seats[:4]
    assert state.totals == {sides[0]: 5800, sides[1]: 2600, sides[2]: 1400}
    assert (state.finished, state.winners) == (True, [sides[0]])
    assert state.deals[0].entry["out"] == sides[0]
