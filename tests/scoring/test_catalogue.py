"""describe_catalogue, VARIANTS and PRESETS: what GET /api/v1/variants shows."""

from __future__ import annotations

import json

import pytest

from scorekeeper.scoring import PRESETS, VARIANTS, ScoringError, describe_catalogue, get_variant

RULES_PRESETS = [
    "Gin Rummy", "Oklahoma Gin", "Hollywood Gin", "Rummy", "Block Rummy", "Penalty Rummy",
    "500 Rum", "5000 Rummy", "2500 Rummy", "Crazy Gin (13 deals)", "Crazy Gin with the Press",
    "Beanie", "Biddies", "Treize Brasses", "Ace to Ace",
    "Points Rummy", "Pool Rummy 101", "Pool Rummy 201", "Pool Rummy 61", "Deals Rummy (2 deals)",
    "Deals Rummy (3 deals)", "Five Crowns", "Phase 10", "Canasta", "Hand and Foot",
    "Rummikub", "Contract Rummy", "Liverpool Rummy", "Shanghai", "3-13", "Kalooki", "Scala 40",
    "Golf (9 holes)", "Golf (18 holes)", "Burraco", "Buraco", "Free score pad",
]  # fmt: skip


def catalogue_variant(variant_id):
    return next(v for v in describe_catalogue()["variants"] if v["id"] == variant_id)


def test_the_catalogue_is_plain_json():
    catalogue = describe_catalogue()
    assert json.loads(json.dumps(catalogue)) == catalogue


def test_the_catalogue_lists_every_variant_of_the_registry_in_its_order():
    # Each family's own test lists its options and fields, and the rules have a section
    # for each (tests/test_docs.py): the catalogue is the registry, the free pad last.
    ids = [variant["id"] for variant in describe_catalogue()["variants"]]
    assert ids == list(VARIANTS)
    assert ids[0] == "rummy" and ids[-1] == "free"


def test_every_preset_of_the_rules_has_a_name_and_a_one_line_description():
    presets = {p["name"]: p for p in describe_catalogue()["presets"]}
    assert list(presets) == RULES_PRESETS == list(PRESETS)
    for preset in presets.values():
        assert preset["description"]
        assert "\n" not in preset["description"]
        assert preset["variant"] in VARIANTS


def test_biddies_carries_winner_stakes():
    biddies = next(p for p in describe_catalogue()["presets"] if p["name"] == "Biddies")
    assert biddies["stakes"] == {"mode": "winner"}
    assert biddies["options"] == {"ace_value": 10, "up_for_two": True}


def test_every_option_has_a_type_a_default_choices_and_help():
    for variant in describe_catalogue()["variants"]:
        for option in variant["options"]:
            assert option["type"] in {"bool", "int", "choice", "list"}
            assert option["help"], (variant["id"], option["name"])
            assert "default" in option
            assert "choices" in option


@pytest.mark.parametrize(
    ("variant_id", "defaults"),
    [
        ("rummy", {"scoring": "winner_takes_all", "rummy_bonus": "double", "ace_high": False,
                   "stock_out": "stalemate", "target": None, "deals": None}),
        ("gin", {"knock_limit": 10, "gin_bonus": 25, "big_gin_bonus": 31, "undercut_bonus": 10,
                 "undercut_on_equal": True, "target": 100, "game_bonus": 100, "box_bonus": 25,
                 "shutout_double": True, "knock_card": False, "ace_requires_gin": True,
                 "spade_doubles": True, "hollywood": False}),
        ("rummy500", {"target": 500, "out_bonus": 0}),
        ("rummy5000", {"scoring": "collect", "out_bonus": 0, "target": 5000,
                       "went_out_wins": False, "ace_value": 100, "wild_always_200": False,
                       "eights_nines_ten": False, "queen_of_spades": None,
                       "permanent_wilds": []}),
        ("thirteen", {"wild_sequence": "ace_to_king", "joker_deal": False, "hand_size": 7,
                      "wild_value": 25, "ace_value": 1, "face_values": "ten",
                      "simple_values": False, "joker": False, "joker_value": 50, "out_bonus": 0,
                      "double_on_7_or_king": False, "press": False, "press_gap": 50,
                      "auto_press": False, "up_for_two": False}),
        ("acetoace", {}),
        ("five_crowns", {"out_bonus": 0}),
        ("phase10", {"phases": [
            "2 sets of 3", "1 set of 3 + 1 run of 4", "1 set of 4 + 1 run of 4", "1 run of 7",
            "1 run of 8", "1 run of 9", "2 sets of 4", "7 cards of one color",
            "1 set of 5 + 1 set of 2", "1 set of 5 + 1 set of 3",
        ], "tie": "replay"}),
        ("canasta", {"target": 5000, "out_bonus": 100, "concealed_bonus": 200,
                     "canastas_to_go_out": 1}),
        ("handfoot", {"rounds": 4, "minimums": [50, 90, 120, 150], "decks": None,
                      "out_bonus": 100, "red_three": 100, "red_three_held": 100,
                      "wild_book": None, "sevens_book": None}),
        ("rummikub", {"joker": 30, "rounds": 1, "target": None, "rank_by": "points",
                      "winner_bonus": 0, "loser_cap": None}),
        ("contract", {"contracts": [
            {"contract": "2 groups of 3", "cards": 10},
            {"contract": "1 group of 3 + 1 sequence of 4", "cards": 10},
            {"contract": "2 sequences of 4", "cards": 10},
            {"contract": "3 groups of 3", "cards": 10},
            {"contract": "2 groups of 3 + 1 sequence of 4", "cards": 12},
            {"contract": "1 group of 3 + 2 sequences of 4", "cards": 12},
            {"contract": "3 sequences of 4", "cards": 12},
        ], "ace": 15, "joker": 15, "low_cards": "face", "out_bonus": 0, "one_turn_bonus": None,
            "no_joker_bonus": None}),
        ("threethirteen", {"face_values": "ten", "wild_value": None}),
        ("kalooki", {"pool_limit": 150, "ace": 11, "joker": 15, "one_turn_double": False,
                     "not_opened_penalty": None, "rejoin": True}),
    ],
)  # fmt: skip
def test_option_names_and_defaults_are_those_of_the_rules(variant_id, defaults):
    options = catalogue_variant(variant_id)["options"]
    assert {option["name"]: option["default"] for option in options} == defaults


def test_the_rummy_target_default_is_shown_as_null_and_explained():
    target = next(o for o in catalogue_variant("rummy")["options"] if o["name"] == "target")
    assert target["default"] is None
    assert "50 x players" in target["help"]
    assert "penalty" in target["help"]


@pytest.mark.parametrize(
    ("variant_id", "fields"),
    [
        ("rummy", {"out": "player", "hands": "per_player", "rummy": "bool"}),
        ("gin", {"knocker": "player", "void": "bool", "hands": "per_player", "big_gin": "bool",
                 "upcard": "card"}),
        ("rummy500", {"out": "player", "melds": "per_player", "hands": "per_player"}),
        ("rummy5000", {"out": "player", "melds": "per_player", "hands": "per_player"}),
        ("thirteen", {"out": "player", "hands": "per_player", "wild": "rank",
                      "press_points": "per_player", "up_for_two": "bool"}),
        ("acetoace", {"out": "player", "melds": "per_player", "hands": "per_player"}),
        ("rummikub", {"out": "player", "racks": "per_player"}),
        ("contract", {"out": "player", "hands": "per_player", "one_turn": "bool",
                      "no_joker": "bool"}),
        ("threethirteen", {"out": "player", "hands": "per_player"}),
        ("kalooki", {"out": "player", "hands": "per_player", "one_turn": "bool",
                     "not_opened": "players", "rejoin": "players"}),
    ],
)  # fmt: skip
def test_entry_fields_are_those_of_the_rules(variant_id, fields):
    described = catalogue_variant(variant_id)["entry_fields"]
    assert {field["name"]: field["kind"] for field in described} == fields
    assert all(field["help"] for field in described)


@pytest.mark.parametrize(
    ("variant_id", "low", "high", "higher_wins", "has_melds"),
    [
        ("rummy", 2, 6, True, False),
        ("gin", 2, 2, True, False),
        ("rummy500", 2, 8, True, True),
        ("rummy5000", 3, 8, True, True),
        ("thirteen", 2, 8, False, False),
        ("acetoace", 2, 4, True, True),
        ("rummikub", 2, 6, True, False),
        ("contract", 2, 8, False, False),
        ("threethirteen", 2, 8, False, False),
        ("kalooki", 2, 6, False, False),
    ],
)
def test_variants_describe_themselves(variant_id, low, high, higher_wins, has_melds):
    variant = get_variant(variant_id)
    assert (variant.min_players, variant.max_players) == (low, high)
    assert variant.higher_wins is higher_wins
    assert variant.has_melds is has_melds
    assert variant.name and variant.description


def test_get_variant_refuses_an_unknown_id():
    with pytest.raises(ScoringError):
        get_variant("bridge")
