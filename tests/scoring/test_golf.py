"""Six-card Golf (docs/rules.md, Golf): holes, column pairs, bounds, the hole's winner."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, get_variant, hand_value, make_setup, validate_entry

from .support import errors_of, game_setup, play

ABC = ("A", "B", "C")


def grid(text: str) -> list[str]:
    """ "K 5 7 / K 3 9" -> the six ranks, top row then bottom row."""
    return text.replace("/", " ").split()


def hole(setup, **grids_and_scores) -> dict:
    """The points of one hole where a str is a grid and an int a score."""
    grids = {p: grid(v) for p, v in grids_and_scores.items() if isinstance(v, str)}
    scores = {p: v for p, v in grids_and_scores.items() if isinstance(v, int)}
    entry = {**({"grids": grids} if grids else {}), **({"scores": scores} if scores else {})}
    return play(setup, entry).deals[0].points


def test_the_example_of_the_rules_scores_two_grids_and_a_score_and_c_wins_the_hole():
    setup = game_setup("golf", ABC)
    entry = {"grids": {"A": grid("K 5 7 / K 3 9"), "B": grid("2 J A / 2 Q 4")}, "scores": {"C": 7}}
    deal = play(setup, entry).as_dict()["deals"][0]
    assert (deal["points"], deal["winner"]) == ({"A": 24, "B": 25, "C": 7}, "C")


@pytest.mark.parametrize(
    ("options", "cards", "score"),
    [
        ({}, "K 5 7 / K 3 9", 24),
        ({}, "2 J A / 2 Q 4", 25),
        ({"pair_of_twos": -4}, "2 J A / 2 Q 4", 21),
        ({}, "Q Q 3 / Q Q 2", 1),
        ({"four_of_a_kind": -10}, "Q Q 3 / Q Q 2", -9),
        ({"jokers": True}, "Joker 2 K / 6 Joker K", 0),
        ({}, "J Q J / Q J Q", 60),
        ({}, "2 2 2 / K K K", -6),
        ({"jokers": True}, "Joker Joker 5 / Joker Joker 5", 0),
        ({"four_of_a_kind": -10}, "Q Q Q / Q Q Q", -10),
        ({"four_of_a_kind": -10, "pair_of_twos": -4}, "2 2 5 / 2 2 6", -10 + 11),
        ({}, "a 10 j / A 10 q", 20),
    ],
    ids=[
        "a grid scores each unpaired column's two cards and a king pair nothing",
        "a pair of twos scores 0 as any pair by default",
        "a pair of twos scores pair_of_twos when the house says -4",
        "column pairs of queens cancel",
        "four of a kind scores four_of_a_kind instead of the two pairs",
        "with jokers a joker counts -2 and a king pair cancels",
        "three columns of jack and queen score the highest hole of 60",
        "three columns of a 2 over a king score the lowest hole of -6",
        "two jokers in a column are a pair and cancel",
        "four of a kind counts once in a grid and the third pair scores 0",
        "four twos score four_of_a_kind instead of their pair_of_twos",
        "ranks are read in any case",
    ],
)
def test_a_grid_is_scored_column_by_column(options, cards, score):
    setup = game_setup("golf", ABC, **options)
    assert hole(setup, A=cards, B=0, C=0)["A"] == score


@pytest.mark.parametrize(
    ("options", "lowest"),
    [
        ({}, -6),
        ({"jokers": True}, -12),
        ({"pair_of_twos": -4}, -12),
        ({"four_of_a_kind": -10}, -12),
        ({"jokers": True, "four_of_a_kind": -10}, -14),
    ],
    ids=["by default", "with jokers", "with pair_of_twos -4", "with four_of_a_kind -10",
         "with jokers and four_of_a_kind -10"],
)  # fmt: skip
def test_a_hole_score_lies_between_the_lowest_the_options_allow_and_60(options, lowest):
    setup = game_setup("golf", ABC, **options)
    assert hole(setup, A=lowest, B=60, C=0) == {"A": lowest, "B": 60, "C": 0}
    errors = errors_of(validate_entry, setup, [], {"scores": {"A": lowest - 1, "B": 0, "C": 0}})
    assert errors == {"scores.A": f"must be a whole number from {lowest} to 60"}
    errors = errors_of(validate_entry, setup, [], {"scores": {"A": 61, "B": 0, "C": 0}})
    assert list(errors) == ["scores.A"]


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        ({"scores": {"A": 3, "B": 4}}, {"scores.C": "Enter C's score, or their grid"}),
        ({}, {"scores.A": "Enter A's score, or their grid",
              "scores.B": "Enter B's score, or their grid",
              "scores.C": "Enter C's score, or their grid"}),
        ({"scores": {"A": 3, "B": 4, "C": 1.5}},
         {"scores.C": "must be a whole number from -6 to 60"}),
        ({"scores": {"A": 3, "B": 4, "C": 5, "Zed": 1}},
         {"scores.Zed": "is not a player of this game"}),
        ({"scores": [3, 4, 5]}, {"scores": "must be an object with a number for each player"}),
        ({"scores": {"A": 3, "B": 4}, "grids": {"C": ["K", "5", "7"]}},
         {"grids.C": "must be a list of 6 ranks: A, 2 to 10, J, Q, K or Joker"}),
        ({"scores": {"A": 3, "B": 4}, "grids": {"C": grid("K 5 7 / K 3 X")}},
         {"grids.C": "must be a list of 6 ranks: A, 2 to 10, J, Q, K or Joker"}),
        ({"scores": {"A": 3, "B": 4}, "grids": {"C": grid("Joker 5 7 / K 3 9")}},
         {"grids.C": "holds a Joker: Jokers are only in play with the jokers option"}),
        ({"scores": {"A": 3, "B": 4, "C": 20}, "grids": {"C": grid("K 5 7 / K 3 9")}},
         {"grids.C": "scores 24, but the score entered for C is 20"}),
        ({"scores": {"A": 3, "B": 4, "C": 5}, "out": "A"},
         {"out": "is not a field of a golf entry"}),
    ],
    ids=[
        "a player with neither a score nor a grid is an error naming scores",
        "an empty entry names every player's missing score",
        "a score is a whole number",
        "a score is for a player of the game",
        "scores are an object by player",
        "a grid that is not six ranks is an error naming grids",
        "a grid holds ranks only",
        "a joker in a grid needs the jokers option",
        "a player with a score and a grid must have the grid's score",
        "golf has no one going out",
    ],
)  # fmt: skip
def test_golf_entries_are_checked(entry, errors):
    assert errors_of(validate_entry, game_setup("golf", ABC), [], entry) == errors


def test_a_player_with_a_score_and_the_same_grid_is_accepted_and_the_entry_kept_as_spelt():
    setup = game_setup("golf", ABC)
    entry = {"scores": {"a": 24, "B": 1, "C": 2}, "grids": {"A": ["k", "5", "7", "K", "3", "9"]}}
    deal = play(setup, entry).deals[0]
    assert deal.entry == {
        "scores": {"A": 24, "B": 1, "C": 2},
        "grids": {"A": grid("K 5 7 / K 3 9")},
    }
    assert deal.points == {"A": 24, "B": 1, "C": 2}


def test_a_tied_lowest_score_leaves_the_hole_without_a_winner():
    deal = play(game_setup("golf", ABC), {"scores": {"A": 3, "B": 3, "C": 9}}).deals[0]
    assert deal.winner is None and deal.went_out is None


@pytest.mark.parametrize(
    ("options", "holes"),
    [({}, 9), ({"holes": 18}, 18), ({"holes": 1}, 1)],
    ids=["nine holes by default", "eighteen for a long game", "any 1 to 36"],
)
def test_the_game_ends_after_its_holes_and_the_lowest_total_wins(options, holes):
    setup = game_setup("golf", ABC, **options)
    entries = [{"scores": {"A": 5, "B": 4, "C": 6}}] * holes
    state = derive(setup, entries)
    assert state.finished and state.winners == ["B"]
    assert state.totals == {"A": 5 * holes, "B": 4 * holes, "C": 6 * holes}
    assert state.higher_wins is False


def test_tied_lowest_totals_share_the_win():
    setup = game_setup("golf", ABC, holes=2)
    state = play(setup, {"scores": {"A": 1, "B": 5, "C": 2}}, {"scores": {"A": 5, "B": 1, "C": 9}})
    assert state.winners == ["A", "B"]


def test_deal_winner_cents_go_to_each_holes_winner_and_nobody_on_a_tie():
    setup = game_setup("golf", ABC, holes=2, stakes={"cents_per_point": 0, "deal_winner_cents": 25})
    state = play(setup, {"scores": {"A": 1, "B": 5, "C": 2}}, {"scores": {"A": 1, "B": 1, "C": 9}})
    assert state.settlement["balances"] == {"A": 50, "B": -25, "C": -25}


def test_the_lower_total_receives_the_stakes():
    setup = game_setup("golf", ("A", "B"), holes=1, stakes={"round_to": 1})
    state = play(setup, {"scores": {"A": -3, "B": 7}})
    assert state.settlement["balances"] == {"A": 10, "B": -10}


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"holes": 0}, "holes", "must be a whole number from 1 to 36"),
        ({"holes": 37}, "holes", "must be a whole number from 1 to 36"),
        ({"four_of_a_kind": 5}, "four_of_a_kind", "must be a whole number from -100 to 0, or null"),
        ({"jokers": "yes"}, "jokers", "must be true or false"),
    ],
    ids=["at least one hole", "at most 36 holes", "four_of_a_kind is 0 or less",
         "jokers is a bool"],
)  # fmt: skip
def test_golf_options_are_checked(options, field, message):
    assert errors_of(game_setup, "golf", ABC, **options) == {f"options.{field}": message}


def test_golf_options_default_as_the_rules_say_and_2_to_8_play():
    golf = get_variant("golf")
    setup = make_setup(variant="golf", players=list(ABC))
    assert setup.options == {"holes": 9, "jokers": False, "pair_of_twos": 0, "four_of_a_kind": None}
    assert (golf.min_players, golf.max_players, golf.higher_wins) == (2, 8, False)
    assert errors_of(game_setup, "golf", ["A"]) == {"players": "Golf is for 2 to 8 players, not 1"}


def test_the_golf_presets_play_nine_and_eighteen_holes_and_given_options_lie_over_them():
    assert make_setup(preset="Golf (9 holes)", players=list(ABC)).options["holes"] == 9
    long = make_setup(preset="Golf (18 holes)", players=list(ABC), options={"jokers": True})
    assert (long.options["holes"], long.options["jokers"]) == (18, True)


def test_the_card_counter_counts_golf_values():
    setup = game_setup("golf", ABC, jokers=True)
    assert hand_value(setup, ["AS", "2H", "KD", "QC", "10S", "Joker"]) == 1 - 2 + 0 + 10 + 10 - 2
    assert errors_of(hand_value, game_setup("golf", ABC), ["Joker"]) == {
        "cards.0": "there is no Joker in this game"
    }


def test_the_catalogue_describes_golfs_entry_fields():
    fields = {f["name"]: f for f in get_variant("golf").describe()["entry_fields"]}
    assert fields["scores"]["kind"] == "signed_per_player"
    assert (fields["grids"]["kind"], fields["grids"]["length"]) == ("ranks_per_player", 6)
