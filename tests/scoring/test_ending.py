"""Ending a game early (RULES.md section 15): the leaders win, settlement made final."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import (
    GameOverError,
    ScoringError,
    derive,
    end_early,
    remove_last_entry,
    replace_entry,
    validate_entry,
)

from .support import errors_of, game_setup, melded, out

ENDED = {"split": False}
THREE = ("Ann", "Bob", "Cy")
PAIR = ("Kay", "Dan")


def knock(k: int, d: int, knocker: str = "Kay") -> dict:
    defender = PAIR[1 - PAIR.index(knocker)]
    return {"knocker": knocker, "hands": {knocker: k, defender: d}}


# (variant setup, entries, the winners once the table ends it here)
LEADERS = [
    pytest.param(game_setup("rummy", THREE), [out("Ann", Bob=10, Cy=5)], ["Ann"], id="rummy"),
    pytest.param(
        game_setup("rummy", THREE, scoring="penalty"),
        [out("Ann", Bob=10, Cy=5)],
        ["Ann"],
        id="penalty rummy: lowest",
    ),
    pytest.param(
        game_setup("rummy", THREE),
        [out("Ann", Bob=10, Cy=5), out("Bob", Ann=15, Cy=0)],
        ["Ann", "Bob"],
        id="rummy: tied leaders share",
    ),
    pytest.param(
        game_setup("thirteen", THREE),
        [out("Bob", Ann=30, Cy=12)],
        ["Bob"],
        id="thirteen: lowest",
    ),
    pytest.param(
        game_setup("rummy500", THREE),
        [melded("Cy", {"Ann": 40, "Bob": 10, "Cy": 60}, {"Ann": 5, "Bob": 30})],
        ["Cy"],
        id="rummy500",
    ),
    pytest.param(
        game_setup("rummy5000", THREE),
        [melded("Ann", {"Ann": 300, "Bob": 500, "Cy": 0}, {"Bob": 50, "Cy": 100})],
        ["Bob"],
        id="rummy5000: collect, not who went out",
    ),
    pytest.param(
        game_setup("acetoace", THREE),
        [melded("Bob", {"Ann": 40, "Bob": 10, "Cy": 60}, {"Ann": 5, "Cy": 25})],
        ["Ann", "Cy"],
        id="acetoace",
    ),
    pytest.param(game_setup("gin", PAIR), [knock(4, 30), knock(2, 9, "Dan")], ["Kay"], id="gin"),
]


@pytest.mark.parametrize(("setup", "entries", "winners"), LEADERS)
def test_a_game_ended_early_is_won_by_its_leaders_in_the_variants_sense(setup, entries, winners):
    assert not derive(setup, entries).finished
    state = derive(setup, entries, end_early(setup, entries))
    assert (state.finished, state.ended_early, state.winners) == (True, True, winners)
    assert state.next_deal is None


@pytest.mark.parametrize(("setup", "entries", "winners"), LEADERS)
def test_a_game_ended_early_takes_no_new_deal_until_reopened(setup, entries, winners):
    errors = errors_of(validate_entry, setup, entries, entries[0], ENDED)
    assert errors == {"deals": "the game was ended early: reopen it to record another deal"}
    with pytest.raises(GameOverError):
        validate_entry(setup, entries, entries[0], ENDED)
    # Reopened: the stored ending is gone and the same entry is taken.
    assert validate_entry(setup, entries, entries[0]) == entries[0]


def test_the_state_always_says_whether_the_game_ended_early():
    setup = game_setup("rummy", THREE)
    assert derive(setup, []).as_dict()["ended_early"] is False
    assert derive(setup, [], ENDED).as_dict()["ended_early"] is True
    assert "split" not in derive(setup, [], ENDED).as_dict()


def test_a_game_with_no_deal_may_be_ended_and_everyone_shares_it():
    setup = game_setup("rummy", THREE)
    assert derive(setup, [], end_early(setup, [])).winners == list(THREE)


def test_a_game_finished_by_its_end_rule_cannot_be_ended_early():
    setup = game_setup("rummy", THREE, deals=1)
    entries = [out("Ann", Bob=10, Cy=5)]
    errors = errors_of(end_early, setup, entries)
    assert errors == {"end": "the game already ended with deal 1"}
    with pytest.raises(GameOverError):
        end_early(setup, entries)


def test_a_split_is_refused_outside_pool_rummy():
    setup = game_setup("rummy", THREE)
    assert errors_of(end_early, setup, [], split=True) == {
        "split": "only a pool rummy game can be split"
    }
    assert not isinstance(_raised(end_early, setup, [], split=True), GameOverError)


def test_the_split_flag_must_be_true_or_false():
    setup = game_setup("rummy", THREE)
    assert errors_of(end_early, setup, [], split="yes") == {"split": "must be true or false"}


def _raised(call, *args, **kwargs) -> ScoringError:
    try:
        call(*args, **kwargs)
    except ScoringError as error:
        return error
    raise AssertionError("accepted")


def test_a_correction_re_derives_the_leaders_of_a_game_ended_early():
    setup = game_setup("rummy", THREE)
    entries = [out("Ann", Bob=10, Cy=5), out("Bob", Ann=1, Cy=1)]
    assert derive(setup, entries, ENDED).winners == ["Ann"]
    corrected = replace_entry(setup, entries, 2, out("Bob", Ann=30, Cy=1), ENDED)
    state = derive(setup, corrected, ENDED)
    assert (state.winners, state.ended_early) == (["Bob"], True)


def test_a_correction_that_reaches_the_end_rule_drops_the_early_end():
    setup = game_setup("rummy", THREE, target=100)
    entries = [out("Ann", Bob=10, Cy=5)]
    corrected = replace_entry(setup, entries, 1, out("Cy", Ann=70, Bob=70), ENDED)
    state = derive(setup, corrected, ENDED)
    assert (state.finished, state.ended_early, state.winners) == (True, False, ["Cy"])


def test_the_last_deal_of_a_game_ended_early_may_be_removed():
    setup = game_setup("rummy", THREE)
    entries = [out("Ann", Bob=10, Cy=5), out("Bob", Ann=30, Cy=1)]
    state = derive(setup, remove_last_entry(setup, entries), ENDED)
    assert (state.winners, state.ended_early) == (["Ann"], True)


def test_gin_ended_early_adds_no_game_box_or_shutout_bonus():
    setup = game_setup("gin", PAIR)
    entries = [knock(4, 30), knock(0, 10)]  # Kay 26 + 35, two boxes, Dan none
    state = derive(setup, entries, ENDED).as_dict()
    assert state["winners"] == ["Kay"]
    assert state["final"] == {"Kay": 61, "Dan": 0}
    assert state["margin"] == 61


def test_gin_ended_early_settles_the_difference_in_points():
    setup = game_setup("gin", PAIR, stakes={"cents_per_point": 10, "round_to": 1})
    entries = [knock(4, 30), knock(2, 9, "Dan")]  # Kay 26, Dan 7
    settlement = derive(setup, entries, ENDED).settlement
    assert settlement["balances"] == {"Kay": 190, "Dan": -190}


def test_hollywood_gin_ended_early_is_won_by_the_matchs_leader():
    setup = game_setup("gin", PAIR, hollywood=True, target=50)
    # Kay's two gins of 25: game 1 reaches 50 and ends, game 2 has 25, game 3 nothing.
    entries = [knock(0, 0), knock(0, 0)]
    state = derive(setup, entries, ENDED).as_dict()
    games = state["games"]
    assert [game["finished"] for game in games] == [True, False, False]
    # Game 1 final: 50 + 100 + 2 boxes x 25, doubled (shutout) = 400; game 2 only its 25.
    assert state["final"] == {"Kay": 425, "Dan": 0}
    assert (state["winners"], state["margin"]) == (["Kay"], 425)


def test_the_settlement_of_a_game_ended_early_is_final_with_the_leaders_paid():
    setup = game_setup(
        "thirteen", ("A", "B", "C", "D"), stakes={"mode": "winner", "cents_per_point": 10}
    )
    entries = [out("B", A=18, C=25, D=24)]
    state = derive(setup, entries, ENDED)
    assert state.winners == ["B"]
    assert state.settlement["balances"] == {"A": -180, "B": 670, "C": -250, "D": -240}
    # The same money as the running settlement shows, now final.
    assert derive(setup, entries).settlement == state.settlement


def test_an_entry_for_a_finished_game_is_still_refused_as_over_whatever_the_ending():
    setup = game_setup("rummy", THREE, deals=1)
    entries = [out("Ann", Bob=10, Cy=5)]
    errors = errors_of(validate_entry, setup, entries, out("Bob", Ann=1, Cy=1), ENDED)
    assert errors == {"deals": "the game ended with deal 1: no more deals"}
    assert derive(setup, entries, ENDED).ended_early is False


def test_a_stored_ending_without_split_true_is_an_ordinary_early_end():
    setup = game_setup("rummy", THREE)
    for ending in ({}, {"split": "yes"}, {"split": 1}):
        state = derive(setup, [], ending)
        assert (state.ended_early, state.split) == (True, False)
