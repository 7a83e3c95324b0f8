"""``handfoot``: Hand and Foot, rounds with rising minimums, clean and dirty books."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .entries import EntryField
from .messages import Message, message
from .options import OptionSpec
from .partnership import HAND, MELDED, OUT, PAD_DEAL_ROWS, Partnership, too_many

DECK_POINTS = 590  # one pack of 54 with its two Jokers
DECK_CARDS = 50  # cards of a pack that may be in a book: all but the red threes and Jokers
BOOK = 7
MINIMUMS = (50, 90, 120, 150)


def usual_minimums(rounds: int) -> list[int]:
    """The usual minimum first melds for ``rounds`` rounds: 50, 90, 120, 150, then 150."""
    return [MINIMUMS[min(index, len(MINIMUMS) - 1)] for index in range(rounds)]


def _points(name: str, default: int | None, help: Message, label: Message, *, most=5000):
    """An amount of points, in fives as the cards count; with no default it may be left
    blank (none)."""
    return OptionSpec(
        name,
        "int",
        default,
        nullable=default is None,
        minimum=0,
        maximum=most,
        step=5,
        help=help,
        label=label,
    )


class HandAndFoot(Partnership):
    id = "handfoot"
    name = message("Hand and Foot")
    description = message(
        "Sides play a hand and then a foot of 11 cards, making clean and dirty "
        "books of seven; a fixed number of rounds with rising minimums."
    )
    max_players = 3
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "sevens": {
            "en": "books of sevens|book of sevens|sevens",
            "fr": "livres de sept|sept",
            "es": "libros de sietes|sietes",
            "pl": "ksiegi siodemek|siodemki",
            "de": "siebener bucher|siebenerbucher",
            "hi": "सात की किताबें",
        },
        "red_threes_held": {
            "en": "red threes held|red threes in hand|red three held",
            "fr": "trois rouges en main|trois rouge en main",
            "es": "treses rojos en mano|tres rojo en mano|tres rojos en mano",
            "pl": "czerwone trojki w rece|czerwona trojka w rece",
            "de": "rote dreien auf der hand|rote drei auf der hand",
            "hi": "हाथ में लाल तीन",
        },
    }
    seats_per_side = (2, 4)
    counts = ("clean", "dirty", "wild", "sevens", "red_threes", "red_threes_held")
    options = (
        OptionSpec(
            "rounds",
            "int",
            4,
            minimum=1,
            maximum=20,
            help=message("Deals in a game."),
            label=message("Rounds"),
        ),
        OptionSpec(
            "minimums",
            "list",
            list(MINIMUMS),
            items="int",
            length=(1, 20),
            minimum=0,
            maximum=1000,
            step=5,
            help=message("The minimum first meld of each round, one for each round."),
            label=message("Opening minimum of each round"),
        ),
        OptionSpec(
            "decks",
            "int",
            None,
            minimum=1,
            maximum=12,
            help=message("Packs of 54 in play (default: one more than the players)."),
            label=message("Packs"),
        ),
        _points(
            "out_bonus", 100, message("To the side that goes out."), message("Bonus for going out")
        ),
        _points(
            "red_three", 100, message("Per red three laid down."), message("A red three laid down")
        ),
        _points(
            "red_three_held",
            100,
            message("Taken off per red three left in a hand or foot (500 in many groups)."),
            message("A red three held"),
        ),
        _points(
            "wild_book",
            None,
            message("Per book of wild cards (e.g. 1500); blank: no wild books."),
            message("A book of wild cards"),
            most=10_000,
        ),
        _points(
            "sevens_book",
            None,
            message("Per clean book of sevens (e.g. 1000); blank: sevens score as other books."),
            message("A book of sevens"),
            most=10_000,
        ),
    )
    # A paper pad's rows per side for each deal.
    pad_side_rows = (
        message("Melds"),
        message("Books"),
        message("Red 3s"),
        message("Going out"),
        message("Hand and foot (minus)"),
        *PAD_DEAL_ROWS,
    )
    deal_line_fields = (
        ("melded", message("melded")),
        ("hand", message("in hand")),
        ("clean", message("clean books")),
        ("dirty", message("dirty books")),
        ("wild", message("wild books")),
        ("sevens", message("sevens books")),
        ("red_threes", message("red 3s")),
        ("red_threes_held", message("red 3s held")),
    )
    entry_fields = (
        OUT,
        MELDED,
        HAND,
        EntryField("clean", "per_player", message("Clean books (no wild card) of each side.")),
        EntryField("dirty", "per_player", message("Dirty books (1 to 3 wild cards) of each side.")),
        EntryField(
            "wild", "per_player", message("Books of wild cards of each side."), option="wild_book"
        ),
        EntryField(
            "sevens",
            "per_player",
            message("Clean books of sevens of each side (not counted in clean)."),
            option="sevens_book",
        ),
        EntryField("red_threes", "per_player", message("Red threes each side laid down.")),
        EntryField(
            "red_threes_held",
            "per_player",
            message("Red threes left in each side's hands and feet."),
        ),
    )

    @classmethod
    def computed_default(cls, name, options, players):
        return players + 1  # decks: one more than the people at the table

    @classmethod
    def resolve_options(cls, given: Any, players: int) -> tuple[dict[str, Any], dict[str, str]]:
        # A table that plays another number of rounds without listing minimums takes
        # the usual ones, the last repeated for any round beyond the fourth.
        if isinstance(given, Mapping) and given.get("minimums") is None:
            rounds = given.get("rounds")
            if type(rounds) is int and 1 <= rounds <= 20:
                given = {**given, "minimums": usual_minimums(rounds)}
        return super().resolve_options(given, players)

    @classmethod
    def check_options(cls, options, players):
        minimums, rounds = options["minimums"], options["rounds"]
        if minimums is not None and len(minimums) != rounds:
            return {
                "options.minimums": message(
                    "must have exactly %(rounds)s entries, one for each of "
                    "the %(rounds)s rounds, not %(given)s",
                    rounds=rounds,
                    given=len(minimums),
                )
            }
        return {}

    @classmethod
    def pack_points(cls, options):
        return DECK_POINTS * options["decks"]

    def count_bounds(self):
        decks = self.rules["decks"]
        books = DECK_CARDS * decks // BOOK
        return {
            "clean": books,
            "dirty": books,
            "wild": books,
            "sevens": books,
            "red_threes": 2 * decks,
            "red_threes_held": 2 * decks,
        }

    def prepare(self):
        self.fixed_deals = self.rules["rounds"]

    def check(self, values, out, melded, counts, errors):
        decks = self.rules["decks"]
        threes = sum(counts["red_threes"]) + sum(counts["red_threes_held"])
        if threes > 2 * decks:
            errors["red_threes"] = message(
                "%(problem)s with %(decks)s packs",
                problem=too_many(message("red threes laid and held"), 2 * decks, threes),
                decks=decks,
            )
        books = sum(sum(counts[kind]) for kind in ("clean", "dirty", "wild", "sevens"))
        most = DECK_CARDS * decks // BOOK
        if books > most:
            errors["clean"] = message(
                "%(problem)s with %(decks)s packs",
                problem=too_many(message("books"), most, books),
                decks=decks,
            )

    def bonus(self, seat, out, melded, counts, values):
        rules = self.rules
        bonus = 500 * counts["clean"][seat] + 300 * counts["dirty"][seat]
        bonus += (rules["wild_book"] or 0) * counts["wild"][seat]
        bonus += (rules["sevens_book"] or 0) * counts["sevens"][seat]
        bonus += rules["red_three"] * counts["red_threes"][seat]
        bonus -= rules["red_three_held"] * counts["red_threes_held"][seat]
        if seat == out:
            bonus += rules["out_bonus"]
        return bonus

    def minimums(self, number):
        return [self.rules["minimums"][number - 1]] * self.n
