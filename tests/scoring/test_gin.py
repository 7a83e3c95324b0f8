"""gin: knocks, gin, undercuts, Oklahoma, the game's end, boxes, Hollywood."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import validate_entry

from .support import errors_of, game_setup, play

PAIR = ("Kay", "Dan")
GIN = game_setup("gin", PAIR)
OKLAHOMA = game_setup("gin", PAIR, knock_card=True)


def knock(k: int, d: int, knocker: str = "Kay", **extra) -> dict:
    defender = PAIR[1 - PAIR.index(knocker)]
    return {"knocker": knocker, "hands": {knocker: k, defender: d}, **extra}


def scored(setup, entry) -> dict[str, int]:
    return play(setup, entry).deals[0].points


def test_the_undercut_example_of_the_rules():
    deal = play(GIN, knock(9, 8)).deals[0]
    assert deal.points == {"Kay": 0, "Dan": 11}
    assert deal.winner == "Dan"


def test_a_knock_scores_the_difference_in_deadwood():
    assert scored(GIN, knock(4, 30)) == {"Kay": 26, "Dan": 0}


def test_gin_scores_the_gin_bonus_plus_the_defenders_deadwood():
    assert scored(GIN, knock(0, 30)) == {"Kay": 55, "Dan": 0}


def test_gin_cannot_be_undercut():
    assert scored(GIN, knock(0, 0)) == {"Kay": 25, "Dan": 0}


def test_big_gin_scores_the_big_gin_bonus():
    assert scored(GIN, knock(0, 30, big_gin=True)) == {"Kay": 61, "Dan": 0}


def test_big_gin_needs_no_deadwood():
    assert errors_of(validate_entry, GIN, [], knock(3, 30, big_gin=True)) == {
        "big_gin": "needs the knocker's deadwood to be 0"
    }


def test_equal_deadwood_is_an_undercut_by_default():
    assert scored(GIN, knock(7, 7)) == {"Kay": 0, "Dan": 10}


def test_without_undercut_on_equal_the_knocker_wins_equal_deadwood_for_nothing():
    setup = game_setup("gin", PAIR, undercut_on_equal=False)
    state = play(setup, knock(7, 7))
    assert state.deals[0].points == {"Kay": 0, "Dan": 0}
    assert state.deals[0].winner == "Kay"
    assert state.boxes == {"Kay": 1, "Dan": 0}


@pytest.mark.parametrize(
    ("options", "bonuses"),
    [
        ({"gin_bonus": 20}, {"gin": 20}),
        ({"big_gin_bonus": 50}, {"big": 50}),
        ({"undercut_bonus": 25}, {"undercut": 25}),
    ],
)
def test_the_bonuses_are_options(options, bonuses):
    setup = game_setup("gin", PAIR, **options)
    expected = {"gin": 25, "big": 31, "undercut": 10, **bonuses}
    assert scored(setup, knock(0, 0))["Kay"] == expected["gin"]
    assert scored(setup, knock(0, 0, big_gin=True))["Kay"] == expected["big"]
    assert scored(setup, knock(5, 5))["Dan"] == expected["undercut"]


def test_the_knocker_may_hold_at_most_the_knock_limit():
    assert errors_of(validate_entry, GIN, [], knock(11, 30)) == {
        "hands.Kay": "must be at most 10, the knock limit"
    }
    setup = game_setup("gin", PAIR, knock_limit=5)
    assert errors_of(validate_entry, setup, [], knock(6, 30)) == {
        "hands.Kay": "must be at most 5, the knock limit"
    }


def test_deadwood_is_bounded_by_the_hand_bound():
    assert errors_of(validate_entry, GIN, [], knock(3, 101)) == {
        "hands.Dan": "must be a whole number from 0 to 100"
    }


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        ({"hands": {"Kay": 1, "Dan": 5}},
         {"knocker": "Choose who knocked, or void when nobody did"}),
        ({"knocker": "Kay", "hands": {"Kay": 1}}, {"hands.Dan": "Enter Dan's deadwood"}),
        ({"knocker": "Kay"},
         {"hands.Kay": "Enter Kay's deadwood", "hands.Dan": "Enter Dan's deadwood"}),
        ({"knocker": "Zed", "hands": {"Kay": 1, "Dan": 5}},
         {"knocker": "is not a player of this game"}),
        ({**knock(1, 5), "void": "no"}, {"void": "must be true or false"}),
        ({**knock(1, 5), "upcard": "7S"}, {"upcard": "only with the knock_card option"}),
        ({**knock(1, 5), "out": "Kay"}, {"out": "is not a field of a gin entry"}),
        ({"void": True, "knocker": "Kay"}, {"knocker": "must be left out on a void deal"}),
    ],
)  # fmt: skip
def test_gin_entries_are_checked(entry, errors):
    assert errors_of(validate_entry, GIN, [], entry) == errors


def test_a_knockers_name_in_any_case_is_canonicalised():
    accepted = validate_entry(GIN, [], {"knocker": "kay", "hands": {"KAY": 3, "dan": 9}})
    assert accepted == knock(3, 9)


def test_a_void_deal_scores_nothing_and_wins_no_box():
    state = play(GIN, {"void": True})
    assert state.deals[0].points == {"Kay": 0, "Dan": 0}
    assert state.deals[0].winner is None
    assert state.boxes == {"Kay": 0, "Dan": 0}
    assert state.next_deal["number"] == 2
    assert state.next_deal["dealer"] == "Dan"


def test_the_game_ends_at_the_target_with_game_and_box_bonuses():
    state = play(GIN, knock(0, 30), knock(5, 20, "Dan"), knock(3, 50))
    assert state.totals == {"Kay": 102, "Dan": 15}
    assert state.boxes == {"Kay": 2, "Dan": 1}
    assert state.finished
    assert state.winners == ["Kay"]
    assert state.final == {"Kay": 102 + 100 + 50, "Dan": 15 + 25}
    assert state.margin == 212
    game = state.as_dict()
    assert (game["final"], game["margin"], game["boxes"]) == (state.final, 212, state.boxes)
    assert "games" not in game


def test_a_shutout_doubles_the_winners_final_score():
    state = play(GIN, knock(0, 80))
    assert state.final == {"Kay": (105 + 100 + 25) * 2, "Dan": 0}
    assert state.margin == 460


def test_without_shutout_double_a_shutout_is_not_doubled():
    setup = game_setup("gin", PAIR, shutout_double=False)
    assert play(setup, knock(0, 80)).final == {"Kay": 230, "Dan": 0}


def test_the_state_adds_final_and_margin_only_once_the_game_ends():
    state = play(GIN, knock(0, 30))
    game = state.as_dict()
    assert "final" not in game and "margin" not in game
    assert state.final is None and state.margin is None
    assert game["boxes"] == {"Kay": 1, "Dan": 0}
    # Gin twice: (25 + 30) + (25 + 60) = 140, + 100 game + 2 x 25 boxes, doubled (shutout).
    over = play(GIN, knock(0, 30), knock(0, 60)).as_dict()
    assert over["final"] == {"Kay": 580, "Dan": 0} and over["margin"] == 580


def test_no_deal_after_the_game_has_ended():
    from scorekeeper.scoring import GameOverError

    with pytest.raises(GameOverError):
        validate_entry(GIN, [knock(0, 80)], knock(1, 5))


# ---------------------------------------------------------------- Oklahoma


@pytest.mark.parametrize(
    ("upcard", "limit"), [("7S", 7), ("7h", 7), ("10D", 10), ("JC", 10), ("KH", 10), ("2C", 2)]
)
def test_the_upcard_sets_the_knock_limit(upcard, limit):
    assert validate_entry(OKLAHOMA, [], knock(limit, 30, upcard=upcard))
    assert errors_of(validate_entry, OKLAHOMA, [], knock(limit + 1, 30, upcard=upcard)) == {
        "hands.Kay": f"must be at most {limit}, the knock limit"
    }


def test_an_upcard_is_canonicalised():
    assert validate_entry(OKLAHOMA, [], knock(3, 30, upcard="7h"))["upcard"] == "7H"


def test_an_ace_upcard_means_only_gin_may_end_the_deal():
    assert errors_of(validate_entry, OKLAHOMA, [], knock(1, 30, upcard="AH")) == {
        "hands.Kay": "must be 0: with an Ace upcard only gin may end the deal"
    }
    assert validate_entry(OKLAHOMA, [], knock(0, 30, upcard="AH"))


def test_without_ace_requires_gin_an_ace_upcard_allows_one():
    setup = game_setup("gin", PAIR, knock_card=True, ace_requires_gin=False)
    assert validate_entry(setup, [], knock(1, 30, upcard="AH"))


def test_the_upcard_is_required_with_knock_card():
    assert errors_of(validate_entry, OKLAHOMA, [], knock(1, 30)) == {
        "upcard": "Choose the upcard: it sets the knock limit"
    }


@pytest.mark.parametrize("upcard", ["Joker", "wild", "1S", "7X", 7, "S7"])
def test_an_upcard_must_be_a_card(upcard):
    assert errors_of(validate_entry, OKLAHOMA, [], knock(1, 30, upcard=upcard)) == {
        "upcard": "must be a card such as 7S, 10H or QS"
    }


def test_a_spade_upcard_doubles_the_deal():
    deal = play(OKLAHOMA, knock(3, 30, upcard="9S")).deals[0]
    assert deal.points == {"Kay": 54, "Dan": 0}
    assert deal.multiplier == 2


def test_without_spade_doubles_a_spade_upcard_counts_once():
    setup = game_setup("gin", PAIR, knock_card=True, spade_doubles=False)
    deal = play(setup, knock(3, 30, upcard="9S")).deals[0]
    assert (deal.points["Kay"], deal.multiplier) == (27, 1)


def test_a_void_deal_needs_no_upcard():
    assert play(OKLAHOMA, {"void": True}).deals[0].winner is None


# ---------------------------------------------------------------- Hollywood

HOLLYWOOD = game_setup("gin", PAIR, hollywood=True, target=30)


def test_hollywood_scores_a_players_nth_win_in_the_first_n_games():
    state = play(HOLLYWOOD, knock(5, 10), knock(6, 10), knock(2, 5, "Dan"), knock(7, 10))
    games = state.games
    assert [g["totals"]["Kay"] for g in games] == [5 + 4 + 3, 4 + 3, 3]
    assert [g["totals"]["Dan"] for g in games] == [3, 0, 0]
    assert [g["boxes"]["Kay"] for g in games] == [3, 2, 1]
    assert state.totals == {"Kay": 12 + 7 + 3, "Dan": 3}
    assert [deal.points["Kay"] for deal in state.deals] == [5, 8, 0, 9]


def test_a_hollywood_game_that_has_ended_takes_no_more_points():
    # Kay's gin ends game 1 at once; Dan's first win would score in game 1 only.
    state = play(HOLLYWOOD, knock(0, 10), knock(2, 12, "Dan"))
    game1 = state.games[0]
    assert game1["finished"] and game1["winner"] == "Kay"
    assert game1["totals"] == {"Kay": 35, "Dan": 0}
    assert game1["final"] == {"Kay": (35 + 100 + 25) * 2, "Dan": 0}
    assert game1["margin"] == 320
    assert state.deals[1].points == {"Kay": 0, "Dan": 0}
    assert state.deals[1].winner == "Dan"
    assert not state.finished


def test_the_hollywood_match_ends_when_all_three_games_have():
    entries = [knock(0, 10), knock(0, 10), knock(0, 10)]
    state = play(HOLLYWOOD, *entries)
    assert [g["finished"] for g in state.games] == [True, True, True]
    assert state.finished
    assert state.winners == ["Kay"]
    assert state.margin == 3 * 320
    assert state.final == {"Kay": 960, "Dan": 0}
    game = state.as_dict()
    assert len(game["games"]) == 3
    assert set(game["games"][0]) == {"totals", "boxes", "finished", "winner", "final", "margin"}


def test_the_hollywood_match_winner_is_ahead_on_the_sum_of_the_games_margins():
    state = play(
        HOLLYWOOD,
        knock(5, 36, "Dan"),  # Dan's first win: game 1 over, a shutout worth 312
        knock(5, 36),  # Kay's first win would score in game 1 only: nothing
        knock(5, 36),  # her second: game 2 (game 1 is over), a shutout worth 312
        knock(5, 36),  # her third: game 3, another 312
    )
    games = state.games
    assert [g["winner"] for g in games] == ["Dan", "Kay", "Kay"]
    assert [g["margin"] for g in games] == [312, 312, 312]
    assert state.deals[1].points == {"Kay": 0, "Dan": 0}
    assert state.finished
    assert state.winners == ["Kay"]
    assert state.margin == 312 + 312 - 312
    assert state.final == {"Kay": 624, "Dan": 312}


@pytest.mark.parametrize(
    ("options", "final"),
    [
        ({}, {"Kay": 102 + 100 + 50, "Dan": 15 + 25}),
        ({"game_bonus": 50}, {"Kay": 102 + 50 + 50, "Dan": 15 + 25}),
        ({"box_bonus": 20}, {"Kay": 102 + 100 + 40, "Dan": 15 + 20}),
        ({"box_bonus": 0, "game_bonus": 0}, {"Kay": 102, "Dan": 15}),
    ],
)
def test_the_game_and_box_bonuses_are_options(options, final):
    setup = game_setup("gin", PAIR, **options)
    state = play(setup, knock(0, 30), knock(5, 20, "Dan"), knock(3, 50))
    assert state.final == final
    assert state.margin == final["Kay"] - final["Dan"]


def test_the_target_is_an_option():
    setup = game_setup("gin", PAIR, target=50)
    assert play(setup, knock(0, 30)).finished
    assert not play(GIN, knock(0, 30)).finished


def test_gin_ends_by_its_own_rule_yet_shows_the_total_it_plays_to():
    from scorekeeper.scoring import get_variant

    setup = game_setup("gin", PAIR, target=250)
    game = get_variant("gin")(setup)
    assert (game.target, game.goal()) == (None, 250)
    rummy = get_variant("rummy")(game_setup("rummy", target=300))
    assert rummy.goal() == rummy.target == 300
