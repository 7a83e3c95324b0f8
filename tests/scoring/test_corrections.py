"""Corrections: replace_entry re-derives and re-checks later deals; remove_last_entry."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import (
    ScoringError,
    derive,
    remove_last_entry,
    replace_entry,
    validate_entry,
)

from .support import errors_of, game_setup, out

PAIR = ("Ann", "Bob")
RUMMY = game_setup("rummy", PAIR)  # target 100
PRESS = game_setup("thirteen", press=True)
CHOICE = game_setup("thirteen", wild_sequence="dealer_choice")


def test_replacing_a_deal_re_derives_everything_after_it():
    entries = [out("Ann", Bob=30), out("Bob", Ann=20), out("Ann", Bob=10)]
    new = replace_entry(RUMMY, entries, 1, out("bob", ANN=5))
    assert new == [out("Bob", Ann=5), out("Bob", Ann=20), out("Ann", Bob=10)]
    assert derive(RUMMY, new).totals == {"Ann": 10, "Bob": 25}


def test_a_replacement_is_checked_with_its_own_field_paths():
    entries = [out("Ann", Bob=30), out("Bob", Ann=20)]
    assert errors_of(replace_entry, RUMMY, entries, 2, out("Bob", Ann=101)) == {
        "hands.Ann": "must be a whole number from 0 to 100"
    }


def test_a_correction_may_finish_the_game_early_but_not_with_deals_after_the_end():
    entries = [out("Ann", Bob=30), out("Bob", Ann=20), out("Ann", Bob=10)]
    errors = errors_of(replace_entry, RUMMY, entries, 2, out("Ann", Bob=80))
    assert errors == {"deals.3": "deal 3: the game would be over after deal 2"}
    assert replace_entry(RUMMY, entries[:2], 2, out("Ann", Bob=80))[1] == out("Ann", Bob=80)


def test_a_correction_may_un_finish_a_finished_game():
    entries = [out("Ann", Bob=60), out("Ann", Bob=50)]
    assert derive(RUMMY, entries).finished
    new = replace_entry(RUMMY, entries, 2, out("Ann", Bob=10))
    assert not derive(RUMMY, new).finished
    assert validate_entry(RUMMY, new, out("Bob", Ann=3))


def test_a_correction_that_leaves_later_press_points_without_effect_is_refused():
    entries = [
        out("Ann", Bob=10, Cy=30, Dee=20),
        {**out("Ann", Bob=0, Cy=31, Dee=0), "press_points": {"Cy": 9}},  # Cy 61 + 9 vs Dee 20
    ]
    assert derive(PRESS, entries).next_deal["press"] is True
    errors = errors_of(replace_entry, PRESS, entries, 1, out("Ann", Bob=10, Cy=20, Dee=20))
    assert errors == {"deals.2.press_points.Cy": "deal 2: would not put the Press on: Cy needs 19"}


def test_a_correction_that_repeats_a_later_called_rank_is_refused():
    entries = [{**out("Ann", Bob=0, Cy=0, Dee=0), "wild": rank} for rank in ("Q", "3")]
    errors = errors_of(replace_entry, CHOICE, entries, 1, {**entries[0], "wild": "3"})
    assert errors == {"deals.2.wild": "deal 2: 3 was already wild in deal 1"}


def test_the_error_for_a_later_deal_says_which_deal():
    entries = [out("Ann", Bob=30), out("Bob", Ann=20), out("Ann", Bob=10)]
    with pytest.raises(ScoringError) as raised:
        replace_entry(RUMMY, entries, 1, out("Ann", Bob=100))
    assert raised.value.detail == "Deal 2 would come after the end of the game."


@pytest.mark.parametrize("number", [0, 3, -1, "1", 1.0, True, None])
def test_only_a_recorded_deal_can_be_replaced(number):
    entries = [out("Ann", Bob=30), out("Bob", Ann=20)]
    assert errors_of(replace_entry, RUMMY, entries, number, out("Ann", Bob=1)) == {
        "number": "must be the number of a recorded deal (1 to 2)"
    }


def test_removing_the_last_deal_leaves_the_others():
    entries = [out("Ann", Bob=30), out("Bob", Ann=20)]
    assert remove_last_entry(RUMMY, entries) == [out("Ann", Bob=30)]
    assert entries == [out("Ann", Bob=30), out("Bob", Ann=20)]


def test_there_is_no_last_deal_to_remove_from_an_empty_game():
    assert errors_of(remove_last_entry, RUMMY, []) == {"deals": "there is no deal to remove"}
