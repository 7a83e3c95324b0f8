"""What it cannot read plainly it leaves empty, and says why; it never guesses a number."""

from __future__ import annotations

from scorekeeper.scoring import make_setup
from scorekeeper.understand import understand


def said(variant, players, text, language="en"):
    return understand(make_setup(variant=variant, players=players), text, language)


def test_a_number_beyond_the_fields_bound_is_left_empty_with_the_reason():
    understood = said("rummy", ["Ann", "Bob"], "Ann out, Bob two hundred")
    assert understood.entry == {"out": "Ann"}
    assert "more than this field takes" in understood.reasons["hands.Bob"]


def test_two_numbers_for_one_player_are_left_empty():
    understood = said("rummy", ["Ann", "Bob", "Cy"], "Ann out, Bob 12, Cy 3, Bob 15")
    assert understood.entry == {"out": "Ann", "hands": {"Cy": 3}}
    assert "two different values" in understood.reasons["hands.Bob"]


def test_a_lone_number_in_a_meld_game_is_not_guessed_as_melds_or_hand():
    understood = said("rummy500", ["Ann", "Bob"], "Ann out, Bob 12")
    assert understood.entry == {"out": "Ann"}
    assert understood.unclear == ["12"]
    assert "melds.Bob" in understood.reasons


def test_a_first_name_two_players_share_names_neither():
    understood = said("rummy", ["Ann Smith", "Ann Jones", "Bob"], "Ann out, Bob 3")
    assert understood.entry == {"hands": {"Bob": 3}}
    assert understood.unclear == ["Ann"]


def test_the_full_name_tells_them_apart():
    understood = said("rummy", ["Ann Smith", "Ann Jones", "Bob"], "Ann Jones out, Bob 3")
    assert understood.entry == {"out": "Ann Jones", "hands": {"Bob": 3}}


def test_a_mishearing_close_to_two_names_is_not_placed():
    understood = said("rummy", ["Kim", "Tim", "Bob"], "Jim out, Bob 3")
    assert understood.entry == {"hands": {"Bob": 3}}
    assert understood.unclear == ["Jim"]


def test_words_it_does_not_know_are_listed_as_unclear():
    understood = said("rummy", ["Ann", "Bob"], "Ann out, Bob twelve, pass the crisps")
    assert understood.entry == {"out": "Ann", "hands": {"Bob": 12}}
    assert understood.unclear == ["pass", "crisps"]


def test_a_seated_player_of_a_partnership_names_their_side():
    setup = make_setup(variant="canasta", players=["Us", "Them"], seats=["Ann", "Bob", "Cy", "Dee"])
    understood = understand(setup, "Bob went out", "en")
    assert understood.entry == {"out": "Them"}


def test_counts_come_before_their_word_and_values_after_theirs():
    understood = said(
        "canasta", ["Us", "Them"], "Us out melded 900 hand 0, two naturals, 1 red three"
    )
    assert understood.entry == {
        "out": "Us",
        "melded": {"Us": 900},
        "hand": {"Us": 0},
        "natural": {"Us": 2},
        "red_threes": {"Us": 1},
    }


def test_the_games_language_comes_first_and_another_is_understood_too():
    understood = said("rummy", ["Ann", "Bob"], "Ann est sortie, Bob twelve", "fr")
    assert understood.entry == {"out": "Ann", "hands": {"Bob": 12}}
