"""The entry field kinds of sections 10-13: a list of players, a choice per player."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import EntryField
from scorekeeper.scoring.entries import EntryReader, Seats

COMPLETED = EntryField("completed", "players", "Who laid down their phase.")
DROPS = EntryField("drops", "choice_per_player", "Who dropped.", choices=("first", "middle"))
READER = EntryReader("test", (COMPLETED, DROPS), Seats(("Ann", "Bob", "Cy")), {}, {})


def read(entry):
    values, accepted, errors = READER.read(entry)
    return values, accepted, errors


def test_a_list_of_players_is_read_as_seats_in_seat_order_and_accepted_in_seat_spelling():
    values, accepted, errors = read({"completed": ["cy", " ann "]})
    assert (values["completed"], accepted, errors) == ([0, 2], {"completed": ["Cy", "Ann"]}, {})


def test_an_empty_or_null_list_of_players_names_nobody():
    assert read({"completed": []})[0]["completed"] == []
    assert read({"completed": None})[0]["completed"] == []


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        ("Ann", {"completed": "must be a list of players"}),
        ({"Ann": True}, {"completed": "must be a list of players"}),
        (["Ann", "Zed"], {"completed": "Zed is not a player of this game"}),
        ([3], {"completed": "3 is not a player of this game"}),
        (["Ann", "ANN"], {"completed.Ann": "names Ann twice"}),
    ],
)
def test_a_list_of_players_names_only_players_each_once(raw, errors):
    assert read({"completed": raw})[2] == errors


def test_a_choice_per_player_is_read_by_seat_and_accepted_in_seat_spelling():
    values, accepted, errors = read({"drops": {"bob": "first", "Cy": "middle"}})
    assert values["drops"] == [None, "first", "middle"]
    assert accepted == {"drops": {"Bob": "first", "Cy": "middle"}}
    assert errors == {}


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        (["Bob"], {"drops": "must be an object with a choice for each player named"}),
        ({"Zed": "first"}, {"drops.Zed": "is not a player of this game"}),
        ({"Bob": "last"}, {"drops.Bob": "must be first or middle"}),
        ({"Bob": 1}, {"drops.Bob": "must be first or middle"}),
        ({"Bob": ["first"]}, {"drops.Bob": "must be first or middle"}),
        ({"Bob": "first", "bob": "middle"}, {"drops.Bob": "is given twice"}),
    ],
)
def test_a_choice_per_player_must_be_one_of_its_choices_for_a_player(raw, errors):
    assert read({"drops": raw})[2] == errors


def test_choices_go_with_the_choice_per_player_kind_only():
    with pytest.raises(ValueError, match="choices"):
        EntryField("drops", "choice_per_player", "Who dropped.")
    with pytest.raises(ValueError, match="choices"):
        EntryField("completed", "players", "Who.", choices=("a",))


def test_the_catalogue_shows_each_fields_choices():
    assert DROPS.describe()["choices"] == ["first", "middle"]
    assert COMPLETED.describe()["choices"] is None


@pytest.mark.parametrize("role", ["voids_deal", "empties_hand"])
def test_a_deal_flags_role_goes_with_a_flag_only(role):
    EntryField("nobody", "bool", "Nobody knocked.", **{role: True})
    with pytest.raises(ValueError, match="bool only"):
        EntryField("hands", "per_player", "Deadwood.", **{role: True})


def test_the_flag_that_voids_a_deal_is_asked_of_the_variant_not_named():
    from scorekeeper.scoring import VARIANTS

    voiding = {vid: cls.void_field() for vid, cls in VARIANTS.items() if cls.void_field()}
    assert voiding == {"gin": "void"}
    assert VARIANTS["gin"].voided({"void": True})
    assert not VARIANTS["gin"].voided({"knocker": "Ann"})
    assert not VARIANTS["rummy"].voided({"void": True})
