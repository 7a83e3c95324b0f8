"""Burraco and Buraco (docs/rules.md, Burraco): sides, burracos, the pozzetto, closing."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, get_variant, hand_value, make_setup, validate_entry

from .support import errors_of, play

SIDES = ("NS", "EW")


def burraco(players=SIDES, seats=None, stakes=None, preset=None, **options):
    return make_setup(
        variant=None if preset else "burraco",
        preset=preset,
        players=list(players),
        seats=seats,
        options=options,
        stakes=stakes,
    )


def deal(out="NS", melded=(100, 100), hand=(0, 0), clean=(1, 0), dirty=(0, 0),
         pozzetto=(True, True), sides=SIDES, **more):  # fmt: skip
    entry = {
        "out": out,
        "melded": dict(zip(sides, melded, strict=True)),
        "hand": dict(zip(sides, hand, strict=True)),
        "clean": dict(zip(sides, clean, strict=True)),
        "dirty": dict(zip(sides, dirty, strict=True)),
        "pozzetto": dict(zip(sides, pozzetto, strict=True)),
    }
    return entry | more


def test_the_two_side_example_of_the_rules():
    setup = burraco(seats=["N", "E", "S", "W"])
    entry = deal("NS", (560, 245), (15, 85), (1, 0), (1, 1), (True, False))
    state = play(setup, entry).as_dict()
    assert state["deals"][0]["points"] == {"NS": 945, "EW": 160}
    assert state["deals"][0]["winner"] == "NS"
    assert state["next_deal"]["dealer"] == "E"
    assert "minimum" not in state["next_deal"]


def test_the_three_player_example_of_the_rules_where_the_stock_ran_out():
    setup = burraco(("A", "B", "C"), semi_clean=150)
    entry = {
        "out": None,
        "melded": {"A": 120, "B": 95, "C": 60},
        "hand": {"A": 40, "B": 15, "C": 55},
        "semi_clean": {"A": 1},
        "pozzetto": {"A": True, "B": True, "C": False},
    }
    first = play(setup, entry).as_dict()["deals"][0]
    assert (first["points"], first["winner"]) == ({"A": 230, "B": 80, "C": -95}, None)


@pytest.mark.parametrize(
    ("options", "entry", "points"),
    [
        ({}, deal("NS", (100, 50), (0, 0), (1, 0), (0, 0)), {"NS": 400, "EW": 50}),
        ({}, deal("NS", (100, 50), (0, 0), (0, 0), (1, 0)), {"NS": 300, "EW": 50}),
        ({}, deal(None, (100, 50), (10, 5), (1, 0), (0, 0)), {"NS": 290, "EW": 45}),
        ({}, deal("NS", (100, 50), (0, 0), (1, 0), (0, 0), (True, False)), {"NS": 400, "EW": -50}),
        ({}, deal("NS", (100, 0), (0, 90), (2, 0), (0, 0), (True, False)), {"NS": 600, "EW": -190}),
        ({"semi_clean": 150}, deal("NS", (100, 50), (0, 0), (1, 0), semi_clean={"EW": 1}),
         {"NS": 400, "EW": 200}),
    ],
    ids=[
        "a clean burraco scores 200 and closing 100",
        "a dirty burraco scores 100",
        "when the stock ran out nobody gets the 100 for closing",
        "a side that did not take its pozzetto loses 100",
        "a side that melded nothing and never took its pozzetto counts hand and 100 against it",
        "a semi-clean burraco scores the semi_clean option",
    ],
)  # fmt: skip
def test_deal_points_are_melded_less_hand_plus_bonuses(options, entry, points):
    assert play(burraco(**options), entry).deals[0].points == points


@pytest.mark.parametrize(
    ("options", "entry", "errors"),
    [
        ({}, deal("NS", pozzetto=(False, True)),
         {"pozzetto.NS": "must be true: NS closed, and only a side that took its pozzetto may"}),
        ({}, deal("NS", clean=(0, 0)),
         {"clean.NS": "NS closed without a burraco: closing needs one"}),
        ({"clean_to_close": True}, deal("NS", clean=(0, 0), dirty=(2, 0)),
         {"clean.NS": "NS closed without a clean burraco: closing needs one"}),
        ({}, deal("EW", melded=(100, 0), clean=(1, 0)),
         {"melded.EW": "cannot be 0: EW closed",
          "clean.EW": "EW closed without a burraco: closing needs one"}),
        ({}, deal("NS", melded=(100, 0), clean=(1, 1)),
         {"melded.EW": "cannot be 0: EW has a burraco"}),
        ({}, deal("NS", clean=(8, 8), melded=(900, 100)),
         {"clean": "16 burracos in all: there can be at most 15"}),
        ({}, deal("NS", melded=(102, 100)),
         {"melded.NS": "must be a multiple of 5 from 0 to 1080"}),
        ({}, deal("NS", melded=(900, 100), hand=(50, 50)),
         {"hand": "melded and hand points of all sides come to 1100: "
                  "the cards in play count at most 1080"}),
        ({}, {k: v for k, v in deal("NS").items() if k != "pozzetto"},
         {"pozzetto.NS": "Say whether NS took its pozzetto",
          "pozzetto.EW": "Say whether EW took its pozzetto"}),
        ({}, deal("NS") | {"pozzetto": {"NS": True}},
         {"pozzetto.EW": "Say whether EW took its pozzetto"}),
        ({}, deal("NS") | {"pozzetto": {"NS": True, "EW": 1}},
         {"pozzetto.EW": "must be true or false"}),
        ({}, deal("NS") | {"pozzetto": True},
         {"pozzetto": "must be an object with true or false for each player"}),
        ({}, deal("NS", semi_clean={"NS": 1}), {"semi_clean": "only with the semi_clean option"}),
        ({}, {k: v for k, v in deal("NS").items() if k != "out"},
         {"out": "Choose the side that went out, or null when the stock ran out"}),
        ({}, deal("NS") | {"hand": {"NS": 0}},
         {"hand.EW": "Enter the card points EW left in hand"}),
    ],
    ids=[
        "the side that closed took its pozzetto",
        "the side that closed has a burraco",
        "with clean_to_close the side that closed has a clean burraco",
        "a side that melded nothing did not close",
        "a side that melded nothing has no burraco",
        "there are at most 15 burracos in all",
        "card points are multiples of 5",
        "melds and hands of all sides together are at most the pack",
        "pozzetto names every side",
        "a side left out of pozzetto is an error naming it",
        "pozzetto is true or false",
        "pozzetto is an object by side",
        "semi-clean counts need their option",
        "out is required, null when the stock ran out",
        "every side has a hand value",
    ],
)  # fmt: skip
def test_burraco_entries_are_checked(options, entry, errors):
    assert errors_of(validate_entry, burraco(**options), [], entry) == errors


@pytest.mark.parametrize(
    ("preset", "pinella", "joker", "bound"),
    [(None, 20, 30, 1080), ("Buraco", 10, 20, 960)],
    ids=["Burraco: pinella 20 and joker 30 make 1080", "Buraco: 2s count 10, jokers 20: 960"],
)
def test_the_pack_counts_800_and_its_pinelle_and_jokers(preset, pinella, joker, bound):
    setup = burraco(preset=preset)
    assert (setup.options["pinella"], setup.options["joker"]) == (pinella, joker)
    assert hand_value(setup, ["2H", "Joker", "AS", "KD", "8C", "7H", "3S"]) == (
        pinella + joker + 15 + 10 + 10 + 5 + 5
    )
    entry = deal("NS", melded=(bound, 0), clean=(1, 0))
    assert play(setup, entry).deals[0].points["NS"] == bound + 300
    entry = deal("NS", melded=(bound, 5), clean=(1, 0))
    assert "hand" in errors_of(validate_entry, setup, [], entry)


def test_the_buraco_preset_plays_to_3000_and_closes_only_with_a_clean_burraco():
    setup = burraco(preset="Buraco")
    assert setup.options == {"target": 3000, "semi_clean": None, "clean_to_close": True,
                             "joker": 20, "pinella": 10}  # fmt: skip
    assert make_setup(preset="Burraco", players=list(SIDES)).options == {
        "target": 2005, "semi_clean": None, "clean_to_close": False, "joker": 30, "pinella": 20,
    }  # fmt: skip


def test_the_game_ends_when_a_total_reaches_the_target_and_the_highest_wins():
    setup = burraco(target=1000)
    first = deal("NS", (600, 300), (0, 0), (1, 1))
    state = play(setup, first)
    assert not state.finished
    state = play(setup, first, deal("EW", (300, 600), (0, 0), (1, 1)))
    assert state.finished and state.winners == ["NS", "EW"]
    state = play(setup, first, deal("NS", (300, 200), (0, 0), (1, 0)))
    assert state.finished and state.winners == ["NS"]


def test_three_players_play_alone_and_cannot_be_seated():
    assert burraco(("A", "B", "C")).seats is None
    errors = errors_of(burraco, ("A", "B", "C"), seats=list("abcdef"))
    assert errors == {"seats": "Burraco seats players only for exactly 2 sides, not 3"}
    assert errors_of(burraco, SIDES, seats=list("abcdef")) == {
        "seats": "must be 4 names: exactly 2 for each side, partners alternating, not 6"
    }
    assert errors_of(burraco, ("A", "B", "C", "D")) == {
        "players": "Burraco is for 2 to 3 sides, not 4"
    }


def test_two_players_play_as_two_sides_of_one():
    state = play(burraco(("Ann", "Bob")), deal("Ann", sides=("Ann", "Bob")))
    assert state.deals[0].winner == "Ann" and state.next_deal["dealer"] == "Bob"


def test_deal_winner_cents_go_to_the_side_that_closed_and_nobody_at_a_stock_out():
    setup = burraco(stakes={"cents_per_point": 0, "deal_winner_cents": 50})
    state = play(setup, deal("NS"), deal(None))
    assert state.settlement["balances"] == {"NS": 50, "EW": -50}


def test_the_catalogue_describes_burraco():
    described = get_variant("burraco").describe()
    assert {o["name"]: o["default"] for o in described["options"]} == {
        "target": 2005, "semi_clean": None, "clean_to_close": False, "joker": 30, "pinella": 20,
    }  # fmt: skip
    assert {f["name"]: f["kind"] for f in described["entry_fields"]} == {
        "out": "player", "melded": "per_player", "hand": "per_player", "clean": "per_player",
        "dirty": "per_player", "semi_clean": "per_player", "pozzetto": "bool_per_player",
    }  # fmt: skip
    assert (described["partnership"], described["seats_per_side"]) == (True, [2, 2])


def test_a_burraco_game_round_trips_a_pozzetto_not_taken():
    setup = burraco()
    entry = deal("NS", pozzetto=(True, False))
    accepted = validate_entry(setup, [], entry)
    assert derive(setup, [accepted]).deals[0].entry["pozzetto"] == {"NS": True, "EW": False}
