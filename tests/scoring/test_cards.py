"""hand_value: each variant's card-value table."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import hand_value

from .support import errors_of, game_setup

THREE = ("Ann", "Bob", "Cy")


def value(variant, cards, wild=None, **options):
    players = ("Ann", "Bob") if variant == "gin" else THREE
    return hand_value(game_setup(variant, players, **options), cards, wild)


@pytest.mark.parametrize(
    ("variant", "options", "cards", "wild", "total"),
    [
        ("rummy", {}, ["AS", "10H", "KD", "7C"], None, 28),
        ("rummy", {"ace_high": True}, ["AS", "10H", "KD", "7C"], None, 42),
        ("gin", {}, ["QS", "JD", "AH", "9C"], None, 30),
        ("rummy500", {}, ["AS", "KH", "2D"], None, 27),
        ("acetoace", {}, ["AS", "KH", "3D", "3C"], "3", 15 + 10 + 50),
        ("acetoace", {}, ["AS", "wild"], "A", 50),
        ("acetoace", {}, ["10H"], None, 10),
    ],
)
def test_simple_card_values(variant, options, cards, wild, total):
    assert value(variant, cards, wild, **options) == total


@pytest.mark.parametrize(
    ("cards", "wild", "options", "total"),
    [
        (["2S", "3H", "9D"], None, {}, 15),
        (["8S", "9H"], None, {"eights_nines_ten": True}, 20),
        (["10S", "JH", "QD", "KC"], None, {}, 40),
        (["AS"], None, {}, 100),
        (["AS"], None, {"ace_value": 50}, 50),
        (["2S", "2H"], "2", {}, 200),
        (["2S"], "2", {"wild_always_200": True}, 200),
        (["AS"], "A", {}, 200),
        (["AS"], "A", {"ace_value": 50}, 150),
        (["AS"], "A", {"ace_value": 50, "wild_always_200": True}, 200),
        (["wild", "Joker"], None, {}, 200),
        (["Joker"], None, {"wild_always_200": True}, 200),
        (["QS", "QH"], None, {"queen_of_spades": 45}, 55),
        (["QS"], None, {}, 10),
    ],
)
def test_5000_rummy_card_values(cards, wild, options, total):
    assert value("rummy5000", cards, wild, **options) == total


@pytest.mark.parametrize(
    ("cards", "wild", "options", "total"),
    [
        (["5H", "5S", "wild"], "5", {}, 75),
        (["AS", "KS", "7D"], "2", {}, 1 + 10 + 7),
        (["AS"], None, {"ace_value": 10}, 10),
        (["JS", "QS", "KS"], None, {"face_values": "rank"}, 36),
        (["Joker"], None, {"joker": True}, 50),
        (["Joker"], None, {"joker": True, "joker_value": 30}, 30),
        (["Joker", "7S"], "Joker", {"joker_deal": True}, 57),
        (["AS", "8D", "9C", "KH"], None, {"simple_values": True}, 30),
        (["7S", "wild"], "7", {"simple_values": True}, 50),
        (["7S"], "7", {"wild_value": 15}, 15),
    ],
)
def test_thirteen_card_values(cards, wild, options, total):
    assert value("thirteen", cards, wild, **options) == total


def test_card_names_are_read_in_any_case():
    assert value("rummy", ["as", " 10h", "kd"]) == 21


@pytest.mark.parametrize(
    ("variant", "cards", "wild", "errors"),
    [
        ("rummy", ["AS", "1X"], None, {"cards.1": "must be a card such as 7S, 10H, QS or Joker"}),
        ("rummy", ["Joker"], None, {"cards.0": "there is no Joker in this game"}),
        ("thirteen", ["Joker"], None, {"cards.0": "there is no Joker in this game"}),
        ("rummy", ["wild"], None, {"cards.0": "this game has no wild cards"}),
        ("rummy", ["AS"], "2", {"wild": "rummy has no wild rank"}),
        ("thirteen", ["AS"], "Z", {"wild": "must be a rank: A, 2 to 10, J, Q or K"}),
        ("thirteen", ["AS"], "Joker", {"wild": "must be a rank: A, 2 to 10, J, Q or K"}),
        ("rummy", [None, 7, ["AS"]], None, {
            "cards.0": "must be a card such as 7S, 10H, QS or Joker",
            "cards.1": "must be a card such as 7S, 10H, QS or Joker",
            "cards.2": "must be a card such as 7S, 10H, QS or Joker",
        }),
        ("rummy", "AS KD", None, {"cards": "must be a list of cards"}),
    ],
)  # fmt: skip
def test_cards_that_cannot_be_counted_are_errors(variant, cards, wild, errors):
    assert errors_of(hand_value, game_setup(variant, THREE), cards, wild) == errors


@pytest.mark.parametrize(
    ("cards", "wild", "permanent", "total"),
    [
        (["10H", "2C"], None, [], 15),
        (["10H", "2C"], None, ["10", "2"], 200),  # tens and twos wild in every deal
        (["JS", "JH", "JD", "JC"], None, ["JS", "JH"], 220),  # the one-eyed jacks
        (["JS"], None, ["js"], 100),  # spelt in any case
        (["AS"], None, ["A"], 200),  # a permanent wild Ace counts as a wild Ace
        (["10H", "7S"], "7", ["10"], 200),  # beside the deal's own wild rank
        (["QS"], None, ["QS"], 100),
    ],
)
def test_5000_rummy_permanent_wilds_count_as_wild_cards(cards, wild, permanent, total):
    assert value("rummy5000", cards, wild, permanent_wilds=permanent) == total


def test_permanent_wilds_are_kept_in_one_spelling():
    setup = game_setup("rummy5000", THREE, permanent_wilds=["js", " 10", "jh"])
    assert setup.options["permanent_wilds"] == ["JS", "10", "JH"]


@pytest.mark.parametrize("permanent", [["1X"], "JS", [7], ["Joker"]])
def test_permanent_wilds_must_be_ranks_or_single_cards(permanent):
    errors = errors_of(game_setup, "rummy5000", THREE, permanent_wilds=permanent)
    assert list(errors) == ["options.permanent_wilds"]
