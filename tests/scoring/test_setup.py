"""make_setup: variants, presets, players, first dealer, options and stakes."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import PRESETS, ScoringError, Setup, make_setup

from .support import errors_of


def test_options_not_given_take_their_defaults():
    setup = make_setup(variant="gin", players=["Ann", "Bob"])
    assert setup.options["knock_limit"] == 10
    assert setup.options["gin_bonus"] == 25
    assert setup.options["hollywood"] is False
    assert setup.preset is None
    assert setup.stakes is None


def test_names_are_trimmed_and_the_first_dealer_defaults_to_the_first_player():
    setup = make_setup(variant="rummy", players=["  Ann ", "Bob", "Cy"])
    assert setup.players == ("Ann", "Bob", "Cy")
    assert setup.first_dealer == "Ann"


def test_the_first_dealer_may_be_named_in_any_case():
    setup = make_setup(variant="rummy", players=["Ann", "Bob"], first_dealer=" bob")
    assert setup.first_dealer == "Bob"


def test_a_first_dealer_who_is_not_playing_is_an_error():
    errors = errors_of(make_setup, variant="rummy", players=["Ann", "Bob"], first_dealer="Zed")
    assert errors == {"first_dealer": "must be one of the players"}


@pytest.mark.parametrize(
    ("players", "field", "message"),
    [
        (["Ann", "ann "], "players.1", "ann is already player 1: names must differ"),
        (["Ann", "   "], "players.1", "must be a name of 1 to 40 characters"),
        (["Ann", "x" * 41], "players.1", "must be a name of 1 to 40 characters"),
        (["Ann", 7], "players.1", "must be a name of 1 to 40 characters"),
        (["Ann", "B\x00b"], "players.1", "must not contain control characters"),
        (["Ann", "Bo\nb"], "players.1", "must not contain control characters"),
        (["Ann"], "players", "Basic Rummy is for 2 to 6 players, not 1"),
        (list("ABCDEFG"), "players", "Basic Rummy is for 2 to 6 players, not 7"),
        ("Ann, Bob", "players", "must be a list of 2 to 6 names"),
    ],
)
def test_player_names_are_checked(players, field, message):
    assert errors_of(make_setup, variant="rummy", players=players)[field] == message


def test_a_name_of_exactly_forty_characters_is_fine():
    assert make_setup(variant="rummy", players=["x" * 40, "Bob"]).players[0] == "x" * 40


@pytest.mark.parametrize(
    ("variant", "low", "high"),
    [
        ("rummy", 2, 6),
        ("gin", 2, 2),
        ("rummy500", 2, 8),
        ("rummy5000", 3, 8),
        ("thirteen", 2, 8),
        ("acetoace", 2, 4),
        ("rummikub", 2, 6),
        ("contract", 2, 8),
        ("threethirteen", 2, 8),
        ("kalooki", 2, 6),
    ],
)
def test_each_variant_has_its_own_player_count(variant, low, high):
    names = [f"P{i}" for i in range(9)]
    make_setup(variant=variant, players=names[:low])
    make_setup(variant=variant, players=names[:high])
    for count in (low - 1, high + 1):
        assert "players" in errors_of(make_setup, variant=variant, players=names[:count])


def test_gin_needs_exactly_two_players():
    errors = errors_of(make_setup, variant="gin", players=["A", "B", "C"])
    assert errors["players"] == "Gin Rummy is for exactly 2 players, not 3"


def test_an_unknown_variant_is_an_error_listing_the_variants():
    errors = errors_of(make_setup, variant="poker", players=["A", "B"])
    assert errors["variant"].startswith("is not a variant: one of rummy, gin")


def test_a_variant_or_a_preset_is_required():
    assert errors_of(make_setup, players=["A", "B"]) == {"variant": "is required, or a preset"}


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"colour": "red"}, "options.colour", "is not an option of rummy"),
        ({"ace_high": 1}, "options.ace_high", "must be true or false"),
        ({"ace_high": None}, "options.ace_high", "must be true or false"),
        ({"scoring": "lowball"}, "options.scoring", "must be one of: winner_takes_all, penalty"),
        ({"target": 0}, "options.target", "must be a whole number from 1 to 100000"),
        ({"target": 150.0}, "options.target", "must be a whole number from 1 to 100000"),
        ({"target": True}, "options.target", "must be a whole number from 1 to 100000"),
        ({"deals": 0}, "options.deals", "must be a whole number from 1 to 200, or null"),
        ({"deals": "13"}, "options.deals", "must be a whole number from 1 to 200, or null"),
    ],
)
def test_option_errors_name_the_option(options, field, message):
    assert errors_of(make_setup, variant="rummy", players=["A", "B"], options=options) == {
        field: message
    }


def test_options_must_be_an_object():
    errors = errors_of(make_setup, variant="rummy", players=["A", "B"], options=["ace_high"])
    assert errors == {"options": "must be an object"}


@pytest.mark.parametrize(
    ("variant", "options", "field", "message"),
    [
        ("gin", {"knock_limit": 11}, "options.knock_limit", "must be a whole number from 0 to 10"),
        ("rummy5000", {"ace_value": 75}, "options.ace_value", "must be one of: 100, 50"),
        ("rummy5000", {"target": 2502}, "options.target",
         "must be a multiple of 5 from 5 to 100000"),
        ("rummy5000", {"queen_of_spades": 44}, "options.queen_of_spades",
         "must be a multiple of 5 from 5 to 200, or null"),
        ("thirteen", {"wild_sequence": "random"}, "options.wild_sequence",
         "must be one of: ace_to_king, two_to_king, two_to_ace, ace_to_ace, king_to_ace, "
         "dealer_choice"),
        ("thirteen", {"hand_size": 14}, "options.hand_size", "must be a whole number from 5 to 13"),
        ("thirteen", {"face_values": "court"}, "options.face_values", "must be one of: ten, rank"),
        ("rummikub", {"rounds": 21}, "options.rounds",
         "must be a whole number from 1 to 20, or null"),
        ("rummikub", {"rank_by": "games"}, "options.rank_by", "must be one of: points, wins"),
        ("contract", {"low_cards": 11}, "options.low_cards",
         "must be one of: face, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"),
        ("contract", {"low_cards": True}, "options.low_cards",
         "must be one of: face, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"),
        ("contract", {"contracts": []}, "options.contracts",
         'must be a list of 1 to 20 items; each must be {"contract": a text of 1 to 60 '
         'characters, "cards": a whole number from 1 to 20}'),
        ("contract", {"contracts": [{"contract": "2 sets", "cards": 21}]}, "options.contracts",
         'item 1 must be {"contract": a text of 1 to 60 characters, "cards": a whole number '
         'from 1 to 20}'),
        ("contract", {"contracts": [{"contract": "x" * 61, "cards": 10}]}, "options.contracts",
         'item 1 must be {"contract": a text of 1 to 60 characters, "cards": a whole number '
         'from 1 to 20}'),
        ("threethirteen", {"face_values": "court"}, "options.face_values",
         "must be one of: ten, rank"),
        ("kalooki", {"rejoin": "yes"}, "options.rejoin", "must be true or false"),
    ],
)  # fmt: skip
def test_each_variant_checks_its_own_options(variant, options, field, message):
    players = ["A", "B", "C"] if variant != "gin" else ["A", "B"]
    assert errors_of(make_setup, variant=variant, players=players, options=options) == {
        field: message
    }


@pytest.mark.parametrize(
    ("players", "scoring", "target"),
    [(2, "winner_takes_all", 100), (3, "winner_takes_all", 150), (4, "winner_takes_all", 200),
     (6, "winner_takes_all", 300), (2, "penalty", 100), (5, "penalty", 100)],
)  # fmt: skip
def test_the_rummy_target_defaults_to_50_a_player_or_100_in_penalty(players, scoring, target):
    names = [f"P{i}" for i in range(players)]
    setup = make_setup(variant="rummy", players=names, options={"scoring": scoring})
    assert setup.options["target"] == target


def test_a_rummy_target_given_is_kept():
    setup = make_setup(variant="rummy", players=["A", "B"], options={"target": 250})
    assert setup.options["target"] == 250


def test_stakes_take_their_defaults():
    setup = make_setup(variant="thirteen", players=["A", "B"], stakes={})
    assert setup.stakes == {
        "cents_per_point": 1,
        "round_to": 5,
        "mode": "pairs",
        "deal_winner_cents": 0,
        "currency": "USD",
    }


@pytest.mark.parametrize(
    ("stakes", "field", "message"),
    [
        ({"round_to": 3}, "stakes.round_to", "must be one of: 1, 5, 10, 25"),
        ({"mode": "everyone"}, "stakes.mode", "must be one of: pairs, winner, per_deal"),
        ({"mode": "per_deal"}, "stakes.mode", "per_deal is only for rummy"),
        ({"currency": "usd"}, "stakes.currency",
         "must be a 3-letter ISO currency code in capitals, such as USD or EUR"),
        ({"currency": "EURO"}, "stakes.currency",
         "must be a 3-letter ISO currency code in capitals, such as USD or EUR"),
        ({"cents_per_point": -1}, "stakes.cents_per_point",
         "must be a whole number from 0 to 100000"),
        ({"deal_winner_cents": 2.5}, "stakes.deal_winner_cents",
         "must be a whole number from 0 to 100000"),
        ({"tip": 5}, "stakes.tip", "is not an option of the stakes"),
    ],
)  # fmt: skip
def test_stakes_are_checked(stakes, field, message):
    errors = errors_of(make_setup, variant="thirteen", players=["A", "B"], stakes=stakes)
    assert errors == {field: message}


def test_per_deal_stakes_are_allowed_for_rummy():
    setup = make_setup(variant="rummy", players=["A", "B"], stakes={"mode": "per_deal"})
    assert setup.stakes["mode"] == "per_deal"


def test_a_preset_supplies_its_variant_options_and_stakes():
    setup = make_setup(preset="Biddies", players=["A", "B", "C"])
    assert setup.variant == "thirteen"
    assert setup.preset == "Biddies"
    assert setup.options["ace_value"] == 10
    assert setup.options["up_for_two"] is True
    assert setup.stakes["mode"] == "winner"


def test_the_callers_options_and_stakes_lie_over_the_presets():
    setup = make_setup(
        preset="Biddies",
        players=["A", "B", "C"],
        options={"ace_value": 5},
        stakes={"cents_per_point": 10},
    )
    assert setup.options["ace_value"] == 5
    assert setup.options["up_for_two"] is True
    assert setup.stakes["mode"] == "winner"
    assert setup.stakes["cents_per_point"] == 10


def test_preset_names_are_found_whatever_their_case():
    assert make_setup(preset=" block rummy", players=["A", "B"]).preset == "Block Rummy"


def test_an_unknown_preset_is_an_error():
    assert "preset" in errors_of(make_setup, preset="Bridge", players=["A", "B"])


def test_a_variant_that_contradicts_the_preset_is_an_error():
    errors = errors_of(make_setup, preset="Beanie", variant="gin", players=["A", "B"])
    assert errors == {"variant": "must be thirteen for the preset Beanie"}


@pytest.mark.parametrize(
    ("name", "variant", "options"),
    [
        ("Gin Rummy", "gin", {}),
        ("Oklahoma Gin", "gin", {"knock_card": True}),
        ("Hollywood Gin", "gin", {"hollywood": True}),
        ("Rummy", "rummy", {"stock_out": "stalemate"}),
        ("Block Rummy", "rummy", {"stock_out": "block"}),
        ("Penalty Rummy", "rummy", {"scoring": "penalty", "stock_out": "block"}),
        ("500 Rum", "rummy500", {}),
        ("5000 Rummy", "rummy5000", {}),
        ("2500 Rummy", "rummy5000", {"target": 2500}),
        ("Crazy Gin (13 deals)", "thirteen", {}),
        ("Crazy Gin with the Press", "thirteen", {"press": True}),
        ("Beanie", "thirteen", {"simple_values": True}),
        ("Biddies", "thirteen", {"ace_value": 10, "up_for_two": True}),
        ("Treize Brasses", "thirteen", {"hand_size": 13, "face_values": "rank"}),
        ("Ace to Ace", "acetoace", {}),
        ("Points Rummy", "indian", {"format": "points"}),
        ("Pool Rummy 101", "indian", {"format": "pool", "pool_limit": 101}),
        ("Pool Rummy 201", "indian", {"format": "pool", "pool_limit": 201}),
        ("Pool Rummy 61", "indian", {"format": "pool", "pool_limit": 61}),
        ("Deals Rummy (2 deals)", "indian", {"format": "deals", "deals": 2}),
        ("Deals Rummy (3 deals)", "indian", {"format": "deals", "deals": 3}),
        ("Five Crowns", "five_crowns", {}),
        ("Phase 10", "phase10", {"tie": "replay"}),
        ("Canasta", "canasta", {"target": 5000}),
        ("Hand and Foot", "handfoot", {"rounds": 4}),
        ("Rummikub", "rummikub", {"joker": 30, "rounds": 1}),
        ("Contract Rummy", "contract", {"joker": 15, "low_cards": "face"}),
        ("Liverpool Rummy", "contract", {"joker": 25}),
        ("Shanghai", "contract", {"low_cards": 5, "one_turn_bonus": 25, "no_joker_bonus": 50}),
        ("3-13", "threethirteen", {"face_values": "ten"}),
        ("Kalooki", "kalooki", {"pool_limit": 150, "joker": 15}),
        (
            "Scala 40",
            "kalooki",
            {"joker": 25, "pool_limit": 101, "not_opened_penalty": 100, "one_turn_double": True},
        ),
    ],
)
def test_every_preset_resolves_to_its_variant_and_options(name, variant, options):
    assert name in PRESETS
    players = ["A", "B"] if variant != "rummy5000" else ["A", "B", "C"]
    setup = make_setup(preset=name, players=players)
    assert setup.variant == variant
    assert {key: setup.options[key] for key in options} == options
    assert (setup.stakes is not None) == (name in ("Biddies", "Points Rummy"))


def test_points_rummy_settles_deal_by_deal():
    assert make_setup(preset="Points Rummy", players=["A", "B"]).stakes["mode"] == "per_deal"


def test_a_setup_round_trips_through_plain_json():
    setup = make_setup(
        preset="Crazy Gin with the Press",
        players=["Ann", "Bob", "Cy"],
        first_dealer="Cy",
        stakes={"cents_per_point": 5},
    )
    data = setup.to_dict()
    assert data["players"] == ["Ann", "Bob", "Cy"]
    assert Setup.from_dict(data) == setup


def test_from_dict_checks_what_it_is_given():
    with pytest.raises(ScoringError):
        Setup.from_dict({"variant": "gin", "players": ["A"]})
    with pytest.raises(ScoringError):
        Setup.from_dict("gin")


def test_an_error_prints_as_field_and_message():
    error = ScoringError({"hands.Bob": "must be a whole number from 0 to 175", "out": "x"})
    assert str(error) == "hands.Bob: must be a whole number from 0 to 175; out: x"


def test_a_setup_built_by_hand_with_options_missing_takes_their_defaults():
    from scorekeeper.scoring import derive

    setup = Setup(
        variant="gin",
        preset=None,
        options={"target": 50},
        players=("Ann", "Bob"),
        first_dealer="Ann",
        stakes={"mode": "winner"},
    )
    state = derive(setup, [{"knocker": "Ann", "hands": {"Ann": 0, "Bob": 30}}])
    assert state.finished
    assert state.options["knock_limit"] == 10
    assert state.settlement["balances"] == {"Ann": 360, "Bob": -360}  # (55 + 125) x 2


def test_a_setup_built_by_hand_with_a_stranger_dealing_is_an_error():
    from scorekeeper.scoring import derive

    setup = Setup(
        variant="gin", preset=None, options={}, players=("Ann", "Bob"), first_dealer="Zed"
    )
    with pytest.raises(ScoringError) as raised:
        derive(setup, [])
    assert raised.value.errors == {"first_dealer": "must be one of the players"}
