"""Games the printing tests print: played out entry by entry, as at a real table."""

from __future__ import annotations

from tests.printing.support import game_view

FOUR = ["Ann", "Bob", "Cy", "Dee"]
EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def thirteen_with_the_press(**kwargs):
    """Crazy Gin with the Press for money: Bob takes 26 press points in deal 2."""
    entries = [
        {"out": "Ann", "hands": {"Bob": 30, "Cy": 5, "Dee": 10}},
        {"out": "Cy", "hands": {"Ann": 4, "Bob": 6, "Dee": 2}, "press_points": {"Bob": 26}},
    ]
    for number in range(3, 14):
        out = FOUR[number % 4]
        hands = {name: (number * 7 + seat * 11) % 40 for seat, name in enumerate(FOUR)}
        entries.append({"out": out, "hands": {n: v for n, v in hands.items() if n != out}})
    return game_view(
        entries,
        preset="Crazy Gin with the Press",
        players=FOUR,
        stakes={"cents_per_point": 2, "round_to": 5},
        **kwargs,
    )


def gin(**kwargs):
    knocks = [("Ann", 0, 30), ("Bob", 4, 12), ("Ann", 8, 6), ("Ann", 0, 40)]
    entries = [
        {"knocker": knocker, "hands": {knocker: own, other: theirs}}
        for knocker, own, theirs in knocks
        for other in ["Bob" if knocker == "Ann" else "Ann"]
    ]
    return game_view(
        entries, preset="Gin Rummy", players=["Ann", "Bob"], stakes={"round_to": 1}, **kwargs
    )


def hollywood(**kwargs):
    """Ann gins four times and Bob undercuts once: all three games end."""
    entries = [
        {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 30}},
        {"knocker": "Ann", "hands": {"Ann": 5, "Bob": 3}},
        {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 30}},
        {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 30}},
        {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 30}},
    ]
    return game_view(entries, preset="Hollywood Gin", players=["Ann", "Bob"], stakes={}, **kwargs)


def long_500_rum(deals: int = 60, **kwargs):
    """Eight players adding a few points a deal: 60 deals and still short of 500."""
    entries = []
    for number in range(1, deals + 1):
        out = EIGHT[number % 8]
        entries.append(
            {
                "out": out,
                "melds": {name: (number + seat) % 9 for seat, name in enumerate(EIGHT)},
                "hands": {
                    name: (number * seat) % 3 for seat, name in enumerate(EIGHT) if name != out
                },
            }
        )
    return game_view(entries, preset="500 Rum", players=EIGHT, **kwargs)


def block_rummy_per_deal(**kwargs):
    entries = [
        {"out": "Ann", "hands": {"Bob": 12, "Cy": 7}, "rummy": True},
        {"out": None, "hands": {"Ann": 6, "Bob": 15, "Cy": 7}},
        {"out": "Cy", "hands": {"Ann": 20, "Bob": 3}},
    ]
    return game_view(
        entries,
        preset="Block Rummy",
        players=["Ann", "Bob", "Cy"],
        stakes={"mode": "per_deal", "deal_winner_cents": 10, "currency": "EUR"},
        **kwargs,
    )


# A deal or three of each family of RULES.md sections 10-13, as its sheet and board show it.
GAMES = {
    "indian-pool": (
        {"variant": "indian", "players": ["A", "B", "C", "D"], "options": {"format": "pool"}},
        [
            {"out": "A", "hands": {"B": 34}, "drops": {"C": "first"}, "wrong_show": ["D"]},
            {"out": "C", "hands": {"A": 52, "D": 95}, "drops": {"B": "middle"}},
            {"out": "B", "rejoin": ["D"], "hands": {"A": 30, "C": 61, "D": 28}},
        ],
    ),
    "five-crowns": (
        {"variant": "five_crowns", "players": ["Ann", "Bob", "Cy"]},
        [
            {"out": "Ann", "hands": {"Bob": 70, "Cy": 42}},
            {"out": "Bob", "hands": {"Ann": 0, "Cy": 9}},
        ],
    ),
    "phase10": (
        {"variant": "phase10", "players": ["Ann", "Bob", "Cy"]},
        [{"out": "Ann", "completed": ["Ann", "Bob"], "hands": {"Bob": 35, "Cy": 80}}],
    ),
    "canasta": (
        {
            "variant": "canasta",
            "players": ["NS", "EW"],
            "seats": ["Nadia", "Émile", "Søren", "Wanjiru"],
        },
        [
            {
                "out": "NS",
                "melded": {"NS": 385, "EW": 0},
                "hand": {"NS": 30, "EW": 120},
                "natural": {"NS": 1},
                "mixed": {"NS": 2},
                "red_threes": {"NS": 1, "EW": 1},
            }
        ],
    ),
    "handfoot": (
        {"variant": "handfoot", "players": ["Us", "Them"]},
        [
            {
                "out": "Us",
                "melded": {"Us": 1235, "Them": 610},
                "hand": {"Us": 45, "Them": 185},
                "clean": {"Us": 2},
                "dirty": {"Us": 3, "Them": 1},
                "red_threes": {"Us": 1},
                "red_threes_held": {"Them": 1},
            }
        ],
    ),
}
