"""The free score pad (docs/rules.md, Free score pad)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, get_variant, make_setup, validate_entry

from .support import errors_of, play

ABC = ("A", "B", "C")
FOUR = ("Ann", "Bob", "Cy", "Dee")


def free(players=ABC, stakes=None, seats=None, **options):
    return make_setup(
        variant="free", players=list(players), options=options, stakes=stakes, seats=seats
    )


def scores(*values, players=ABC):
    return {"scores": dict(zip(players, values, strict=True))}


def test_the_first_example_of_the_rules_higher_wins():
    state = play(free(), scores(12, -3, 0), scores(5, 5, 1))
    assert [deal.winner for deal in state.deals] == ["A", None]
    assert state.totals == {"A": 17, "B": 2, "C": 1}
    assert not state.finished and state.leaders == ["A"]
    assert state.as_dict()["higher_wins"] is True


def test_the_first_example_of_the_rules_lower_wins_over_two_rounds_with_pairs_stakes():
    setup = free(higher_wins=False, rounds=2, stakes={"mode": "pairs"})
    state = play(setup, scores(12, -3, 0), scores(5, 5, 1))
    assert [deal.winner for deal in state.deals] == ["B", "C"]
    assert state.finished and state.winners == ["C"]
    assert state.as_dict()["higher_wins"] is False
    assert state.settlement["balances"] == {"A": -30, "B": 15, "C": 15}
    assert state.settlement["payments"] == [
        {"from": "A", "to": "B", "cents": 15},
        {"from": "A", "to": "C", "cents": 15},
    ]


def test_the_zero_sum_example_of_the_rules_ends_when_bob_reaches_40():
    setup = free(FOUR, zero_sum=True, target=40)
    state = play(setup, scores(30, -10, -10, -10, players=FOUR),
                 scores(-20, 60, -20, -20, players=FOUR))  # fmt: skip
    assert state.totals == {"Ann": 10, "Bob": 50, "Cy": -30, "Dee": -30}
    assert state.finished and state.winners == ["Bob"]


def test_a_zero_sum_entry_that_does_not_sum_to_0_is_refused_naming_scores():
    setup = free(FOUR, zero_sum=True, target=40)
    entry = scores(30, -10, -10, -5, players=FOUR)
    assert errors_of(validate_entry, setup, [], entry) == {
        "scores": "must sum to 0 in a zero-sum game: these sum to 5"
    }


@pytest.mark.parametrize(
    ("options", "entries", "finished", "winners"),
    [
        ({"target": 20}, [(12, -3, 0), (9, 30, 1)], True, ["B"]),
        ({"target": 20, "higher_wins": False}, [(12, -3, 0), (9, 30, 1)], True, ["C"]),
        ({"rounds": 3, "target": 100}, [(1, 2, 3)] * 3, True, ["C"]),
        ({"rounds": 3, "target": 5}, [(1, 2, 6)], True, ["C"]),
        ({}, [(1, 2, 3)] * 30, False, []),
        ({"rounds": 2}, [(4, 4, 1)] * 2, True, ["A", "B"]),
    ],
    ids=[
        "a target ends the game after a deal where a total reaches it",
        "in a penalty game reaching the target ends it and the lowest total wins",
        "with target and rounds the rounds may come first",
        "with target and rounds the target may come first",
        "with neither the game goes on until the table ends it",
        "tied best totals share the win",
    ],
)
def test_the_game_ends_by_target_or_rounds(options, entries, finished, winners):
    state = play(free(**options), *(scores(*values) for values in entries))
    assert (state.finished, state.winners) == (finished, winners)


def test_with_neither_target_nor_rounds_the_table_ends_it_and_the_leaders_win():
    state = derive(free(higher_wins=False), [scores(5, 3, 9)], {"split": False})
    assert state.finished and state.ended_early and state.winners == ["B"]


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (scores(1, 2, 1_000_000), {"scores.C": "must be a whole number from -999999 to 999999"}),
        (scores(1, 2, -1_000_000), {"scores.C": "must be a whole number from -999999 to 999999"}),
        ({"scores": {"A": 1, "B": 2}}, {"scores.C": "Enter C's score (0 for none)"}),
        ({"scores": {"A": 1, "B": 2, "C": True}},
         {"scores.C": "must be a whole number from -999999 to 999999"}),
        ({"scores": {"A": 1, "B": 2, "C": 3, "a": 1}}, {"scores.A": "is given twice"}),
        (scores(1, 2, 3) | {"out": "A"}, {"out": "is not a field of a free entry"}),
    ],
    ids=["a score is at most 999999", "a score is at least -999999",
         "every player has a score", "a score is a whole number",
         "a player is given once", "a free entry has only scores"],
)  # fmt: skip
def test_free_entries_are_checked(entry, errors):
    assert errors_of(validate_entry, free(), [], entry) == errors


def test_scores_at_the_bounds_are_accepted():
    assert play(free(), scores(999_999, -999_999, 0)).totals == {
        "A": 999_999,
        "B": -999_999,
        "C": 0,
    }


def test_one_player_plays_alone_and_wins_every_deal():
    state = play(free(("Solo",), rounds=1, stakes={}), {"scores": {"Solo": -4}})
    assert state.deals[0].winner == "Solo"
    assert state.winners == ["Solo"] and state.settlement["balances"] == {"Solo": 0}


@pytest.mark.parametrize(
    ("players", "seats", "errors"),
    [
        ([f"P{i}" for i in range(21)], None,
         {"players": "Free score pad is for 1 to 20 players, not 21"}),
        ([], None, {"players": "Free score pad is for 1 to 20 players, not 0"}),
        (["Solo"], ["a", "b"],
         {"seats": "Free score pad seats players only for 2 to 10 sides, not 1"}),
        ([f"S{i}" for i in range(11)], [f"s{i}" for i in range(22)],
         {"seats": "Free score pad seats players only for 2 to 10 sides, not 11"}),
        (["X", "Y"], list("abcdefghij"),
         {"seats": "must be 4 to 8 names: 2 to 4 for each side, partners alternating, not 10"}),
    ],
    ids=["at most 20 players", "at least 1 player", "seats need at least 2 sides",
         "seats need at most 10 sides", "2 to 4 seats a side"],
)  # fmt: skip
def test_players_and_sides_are_counted(players, seats, errors):
    assert errors_of(free, players, seats=seats) == errors


def test_twenty_players_or_ten_sides_of_two_may_play():
    assert len(free([f"P{i}" for i in range(20)]).players) == 20
    setup = free([f"S{i}" for i in range(10)], seats=[f"s{i}" for i in range(20)])
    state = play(setup, {"scores": {f"S{i}": i for i in range(10)}})
    assert state.deals[0].winner == "S9" and state.next_deal["dealer"] == "s1"


def test_deal_winner_cents_go_to_each_deals_winner_and_nobody_on_a_tie():
    setup = free(stakes={"cents_per_point": 0, "deal_winner_cents": 10})
    state = play(setup, scores(12, -3, 0), scores(5, 5, 1))
    assert state.settlement["balances"] == {"A": 20, "B": -10, "C": -10}


def test_the_catalogue_describes_the_free_pad():
    described = get_variant("free").describe()
    assert {o["name"]: o["default"] for o in described["options"]} == {
        "higher_wins": True, "target": None, "rounds": None, "zero_sum": False,
    }  # fmt: skip
    assert (described["min_players"], described["max_players"]) == (1, 20)
    assert described["optional_sides"] is True and described["max_seats"] == 20
    assert [(f["name"], f["kind"]) for f in described["entry_fields"]] == [
        ("scores", "signed_per_player")
    ]
    assert make_setup(preset="Free score pad", players=["A"]).variant == "free"
