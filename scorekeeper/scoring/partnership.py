"""Partnership games (docs/rules.md section 13): sides score melded less hand plus bonuses.

The sides are the game's players, so every per-player map (entries, points, totals,
settlement) is keyed by side and the base class's machinery serves unchanged; the
optional seats only pass the deal round the table.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .cards import RANKS, ValueTable
from .entries import EntryField
from .messages import Message, message
from .options import OptionSpec
from .paper import Block, PadPaper
from .variant import Deal, Variant

# Joker 50, 2 and A 20, K-8 10, 7-4 5, a black 3 5; a red 3 scores only as a bonus.
PACK_VALUES = {rank: 20 if rank in ("A", "2") else 10 if index >= 7 else 5
               for index, rank in enumerate(RANKS)}  # fmt: skip
RED_THREES = {"3H": 0, "3D": 0}
JOKER_VALUE = 50

OUT = EntryField(
    "out", "player", message("The side whose player went out, or null: the stock ran out.")
)
MELDED = EntryField(
    "melded", "per_player", message("Card points of all the cards each side melded.")
)
HAND = EntryField(
    "hand",
    "per_player",
    message("Card points left in each side's hands (and feet), never red threes."),
)

# The last rows of a side's deal on a paper pad, after the variant's own.
PAD_DEAL_ROWS = (message("Deal"), message("Total"))


def side_target(default: int) -> OptionSpec:
    """The ``target`` option of a game played to a side's total (Burraco, Canasta)."""
    return OptionSpec(
        "target",
        "int",
        default,
        minimum=5,
        maximum=100_000,
        step=5,
        help=message("The game ends after a deal where a side's total reaches this."),
        label=message("Game to"),
        words=lambda value, options: message("Game to %(target)s", target=value),
    )


SIDE_DEALS = 4  # deals a pad has room for, each with its rows per side


class Partnership(Variant):
    """A side's deal: melded card points less those left in hand, plus bonuses."""

    partnership = True
    min_players = 2
    higher_wins = True
    step = 5  # every card counts a multiple of 5
    counts: ClassVar[tuple[str, ...]] = ()  # the per-side count fields (canastas, books ...)

    @classmethod
    def value_table(cls, options):
        return ValueTable(PACK_VALUES, joker=JOKER_VALUE, special=RED_THREES)

    @classmethod
    def pad_paper(cls, options):
        # Per deal, the rows a paper pad of the game has, a column per side.
        return PadPaper(
            grid=Block("sides"),
            row_labels=cls.pad_side_rows,
            rows={"portrait": SIDE_DEALS, "landscape": SIDE_DEALS},
            running=False,
            # Seven rows a deal for each side: a partnership pad needs the whole page.
            whole_page=message("a partnership pad (Canasta, Hand and Foot) takes a whole page"),
        )

    @classmethod
    def hand_bound(cls, options, players):
        return cls.pack_points(options)

    @classmethod
    def pack_points(cls, options: Any) -> int:
        """The card points of every card in play: no deal's melds and hands exceed it."""
        raise NotImplementedError

    def count_bounds(self) -> dict[str, int]:
        """The most any one side may have of each count field."""
        raise NotImplementedError

    def prepare(self):
        # Played to a side's total (side_target); Hand and Foot plays rounds instead.
        self.target = self.rules["target"]

    def bounds(self):
        points = (self.pack_points(self.rules), self.step)
        counts = {name: (bound, 1) for name, bound in self.count_bounds().items()}
        return {"melded": points, "hand": points, **counts}

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        if "out" not in entry:
            errors["out"] = message("Choose the side that went out, or null when the stock ran out")
        out = values.get("out")
        melded = self._every_side(values, "melded", errors)
        hand = self._every_side(values, "hand", errors)
        counts = {name: [c or 0 for c in values.get(name) or [0] * self.n] for name in self.counts}
        if not any(key.startswith(("melded", "hand")) for key in errors):
            bound = self.pack_points(self.rules)
            if sum(melded) + sum(hand) > bound:
                errors["hand"] = message(
                    "melded and hand points of all sides come to %(total)s: "
                    "the cards in play count at most %(bound)s",
                    total=sum(melded) + sum(hand),
                    bound=bound,
                )
        self.check(values, out, melded, counts, errors)
        self.refuse(errors, number)
        by_seat = [
            meld - held + self.bonus(seat, out, meld, counts, values)
            for seat, (meld, held) in enumerate(zip(melded, hand, strict=True))
        ]
        return self.deal(number, accepted, by_seat, out, out)

    def _every_side(self, values: dict[str, Any], field: str, errors: dict[str, str]) -> list[int]:
        by_seat = values.get(field) or [None] * self.n
        if field in errors:
            return [0] * self.n
        for seat, value in enumerate(by_seat):
            path = f"{field}.{self.players[seat]}"
            if value is None and path not in errors:
                side = self.players[seat]
                errors[path] = (
                    message("Enter the card points %(side)s melded", side=side)
                    if field == "melded"
                    else message("Enter the card points %(side)s left in hand", side=side)
                )
        return [value or 0 for value in by_seat]

    def check(
        self,
        values: dict[str, Any],
        out: int | None,
        melded: list[int],
        counts: dict[str, list[int]],
        errors: dict[str, str],
    ) -> None:
        """The variant's own limits on counts and going out."""

    def bonus(
        self,
        seat: int,
        out: int | None,
        melded: int,
        counts: dict[str, list[int]],
        values: dict[str, Any],
    ) -> int:
        raise NotImplementedError

    def minimums(self, number: int) -> list[int] | None:
        """Each side's minimum first meld in deal ``number`` (None: the game has none)."""
        return None

    def next_deal(self):
        upcoming = super().next_deal()
        minimums = None if upcoming is None else self.minimums(upcoming["number"])
        if minimums is not None:
            upcoming["minimum"] = dict(zip(self.players, minimums, strict=True))
        return upcoming


def too_many(what: Message, most: int, given: int) -> Message:
    """``what``: the things counted, such as ``message("canastas")``."""
    return message(
        "%(given)s %(what)s in all: there can be at most %(most)s",
        given=given,
        what=what,
        most=most,
    )
