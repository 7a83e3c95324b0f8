"""Validation every variant shares: players, whole numbers, bounds, fields, game over."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import GameOverError, ScoringError, validate_entry

from .support import errors_of, game_setup, melded, out

RUMMY = game_setup("rummy")  # 4 players: hand bound 7 x 10
BOB_70 = {"hands.Bob": "must be a whole number from 0 to 70"}
NOT_BOOL = {"rummy": "must be true or false"}
NOT_PLAYER = "is not a player of this game"
FINE = {"Bob": 1, "Cy": 5, "Dee": 0}
THIRTEEN = game_setup("thirteen")  # hand bound 8 x 25
R500 = game_setup("rummy500")


def test_an_entry_is_returned_as_accepted():
    entry = out("Ann", Bob=10, Cy=5, Dee=0)
    assert validate_entry(RUMMY, [], entry) == entry


def test_player_names_are_canonicalised_to_the_seat_spelling():
    accepted = validate_entry(RUMMY, [], {"out": " ann", "hands": {"BOB": 10, "cy ": 5, "Dee": 0}})
    assert accepted == {"out": "Ann", "hands": {"Bob": 10, "Cy": 5, "Dee": 0}}


def test_the_number_member_is_dropped_and_nothing_is_added():
    accepted = validate_entry(RUMMY, [], {"number": 1, **out("Ann", Bob=1, Cy=2, Dee=3)})
    assert accepted == out("Ann", Bob=1, Cy=2, Dee=3)
    assert "rummy" not in accepted


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (out("Ann", Bob=10, Cy=5, Dee=0, Zed=4), {"hands.Zed": NOT_PLAYER}),
        (out("Zed", Bob=10, Cy=5, Dee=0), {"out": NOT_PLAYER}),
        ({"out": ["Ann"], "hands": FINE}, {"out": NOT_PLAYER}),
        (out("Ann", Bob=10, Cy=5), {"hands.Dee": "is required: Dee did not go out"}),
        (out(None, Bob=10, Cy=5, Dee=1), {"hands.Ann": "is required: Ann did not go out"}),
        (out("Ann", Ann=3, **FINE), {"hands.Ann": "must be 0 or left out: Ann went out"}),
        (out("Ann", Bob=True, Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob=10.0, Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob="10", Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob=None, Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob=-1, Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob=71, Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob=10**30, Cy=5, Dee=0), BOB_70),
        (out("Ann", Bob={"a": 1}, Cy=5, Dee=0), BOB_70),
        (
            {"out": "Ann", "hands": [10, 5, 0]},
            {"hands": "must be an object with a number for each player"},
        ),
        ({"out": "Ann", "hands": {**FINE, "bob": 2}}, {"hands.Bob": "is given twice"}),
        (
            {"out": "Ann"},
            {
                "hands.Bob": "is required: Bob did not go out",
                "hands.Cy": "is required: Cy did not go out",
                "hands.Dee": "is required: Dee did not go out",
            },
        ),
        ({"hands": FINE}, {"out": "Choose who went out, or that nobody did"}),
        ({**out("Ann", **FINE), "melds": {}}, {"melds": "is not a field of a rummy entry"}),
        ({**out("Ann", **FINE), "rummy": "yes"}, NOT_BOOL),
        ({**out("Ann", **FINE), "rummy": 1}, NOT_BOOL),
        ({**out("Ann", **FINE), "rummy": None}, NOT_BOOL),
    ],
)
def test_entries_are_checked_field_by_field(entry, errors):
    assert errors_of(validate_entry, RUMMY, [], entry) == errors


def test_an_entry_that_is_not_an_object_is_an_error():
    assert errors_of(validate_entry, RUMMY, [], ["Ann"]) == {"entry": "must be an object"}


def test_the_player_who_went_out_may_give_a_zero_hand():
    assert validate_entry(RUMMY, [], out("Ann", Ann=0, Bob=1, Cy=5, Dee=0))


def test_every_error_is_reported_at_once():
    errors = errors_of(validate_entry, RUMMY, [], {**out("Cy", Bob=-1, Cy=5), "rummy": 0})
    assert set(errors) == {"rummy", "hands.Ann", "hands.Bob", "hands.Cy", "hands.Dee"}


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (melded("Ann", {"Ann": 50, "Bob": 10, "Cy": 0}, {"Bob": 10, "Cy": 5, "Dee": 0}),
         {"melds.Dee": "is required"}),
        (melded("Ann", {"Ann": 401, "Bob": 10, "Cy": 0, "Dee": 0}, {"Bob": 10, "Cy": 5, "Dee": 0}),
         {"melds.Ann": "must be a whole number from 0 to 400"}),
        (melded("Ann", {"Ann": 40, "Bob": 10, "Cy": 0, "Dee": 0}, {"Bob": 196, "Cy": 5, "Dee": 0}),
         {"hands.Bob": "must be a whole number from 0 to 195"}),
    ],
)  # fmt: skip
def test_melds_are_required_of_everyone_and_bounded(entry, errors):
    assert errors_of(validate_entry, R500, [], entry) == errors


def test_entries_after_the_game_has_ended_are_refused_with_game_over():
    setup = game_setup("rummy", ("Ann", "Bob"), target=10)
    entries = [out("Ann", Bob=12)]
    with pytest.raises(GameOverError) as raised:
        validate_entry(setup, entries, out("Bob", Ann=3))
    assert raised.value.errors == {"deals": "the game ended with deal 1: no more deals"}
    assert isinstance(raised.value, ScoringError)


def test_stored_entries_that_break_a_rule_are_reported_by_deal():
    from scorekeeper.scoring import derive

    errors = errors_of(derive, RUMMY, [out("Ann", Bob=1, Cy=2, Dee=3), out("Ann", Bob=99)])
    assert errors["deals.2.hands.Bob"] == "deal 2: must be a whole number from 0 to 70"


def test_entries_must_be_a_list():
    from scorekeeper.scoring import derive

    assert errors_of(derive, RUMMY, "deals") == {"deals": "must be a list of entries"}


def test_an_option_gated_field_is_refused_without_its_option():
    entry = {**out("Ann", Bob=1, Cy=2, Dee=3), "up_for_two": True}
    errors = errors_of(validate_entry, THIRTEEN, [], entry)
    assert errors == {"up_for_two": "only with the up_for_two option"}


def test_an_option_gated_field_left_empty_is_harmless():
    entry = {**out("Ann", Bob=1, Cy=2, Dee=3), "up_for_two": False, "press_points": {}}
    assert validate_entry(THIRTEEN, [], entry) == entry
