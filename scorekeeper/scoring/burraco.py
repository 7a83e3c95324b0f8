"""``burraco``: Burraco (Italy) and Buraco (Brazil), sides melding burracos of seven."""

from __future__ import annotations

from .cards import RANKS, ValueTable
from .entries import EntryField
from .messages import message
from .options import OptionSpec, yes_no
from .paper import Block, SheetPaper
from .partnership import HAND, MELDED, PAD_DEAL_ROWS, Partnership, side_target, too_many
from .shared_options import card_count_option
from .surface import OutWords

# A 15, K-8 10, 7-3 5; the 2 (pinella) and the Joker count as the options say.
BURRACO_VALUES = {rank: 15 if rank == "A" else 10 if index >= 7 else 5
                  for index, rank in enumerate(RANKS) if rank != "2"}  # fmt: skip
PACKS_POINTS = 800  # two packs without their 2s and Jokers
BURRACOS_IN_ALL = 15  # 108 cards hold at most 15 melds of seven
CLEAN, DIRTY = 200, 100
CLOSING = 100
POZZETTO_NOT_TAKEN = 100
# A finished sheet's deals a page, each with its rows per side, as a segnapunti has them:
# fewer on the first, under the sheet's head, so a game of that many keeps its winner
# line and settlement on one Letter page.
SHEET_DEALS, FIRST_PAGE_DEALS = 8, 5


# A Burraco side closes: the grid's key, a cell, the form's note, a waiting deal.
CLOSED = OutWords(
    message("closed"), message("closed, "), message("(closed)"), message("{who} closed")
)


class Burraco(Partnership):
    id = "burraco"
    name = message("Burraco")
    description = message(
        "Two sides (or three players) meld burracos of seven, take their pozzetto "
        "and close; clean and dirty burracos score bonuses, to 2005."
    )
    max_players = 3
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "semi_clean": {
            "en": "semi clean|semi clean burracos|semi clean burraco",
            "fr": "semi propres|semi propre",
            "es": "semilimpios|semilimpio|semi limpio",
            "pl": "polczyste|polczysta",
            "de": "halbsaubere|halbsauber",
            "hi": "अर्ध साफ़",
        },
        "pozzetto": {
            "en": "took the pozzetto|pozzetto|took the foot",
            "fr": (
                "a pris le pozzetto|pozzetto|le mort|pozzetto pris|avec le pozzetto|"
                "pris le pozzetto"
            ),
            "es": (
                "tomo el muerto|pozzetto|muerto|con el muerto|tomaron el muerto|"
                "muerto tomado|tomamos el muerto"
            ),
            "pl": "wzial pozzetto|wziela pozzetto|pozzetto|z pozzetto|wzieli pozzetto",
            "de": "pozzetto genommen|pozzetto|hat den pozzetto|mit pozzetto",
            "hi": "पोज़ेट्टो लिया|पोज़ेट्टो",
        },
        "pozzetto.no": {
            "en": (
                "no pozzetto|without the pozzetto|did not take the pozzetto|"
                "didn t take the pozzetto"
            ),
            "fr": "pas de pozzetto|sans pozzetto|sans le pozzetto",
            "es": "sin muerto|sin el muerto|no tomaron el muerto|no tomo el muerto",
            "pl": "bez pozzetto|nie wzieli pozzetto",
            "de": "kein pozzetto|ohne pozzetto",
            "hi": "पोज़ेट्टो नहीं लिया|पोज़ेट्टो नहीं",
        },
    }
    out_words = CLOSED  # a side closes, as the form asks
    seats_per_side = (2, 2)
    max_seats = 4  # two sides of two; three players play alone
    counts = ("clean", "dirty", "semi_clean")
    options = (
        side_target(2005),
        OptionSpec(
            "semi_clean",
            "int",
            None,
            nullable=True,
            minimum=0,
            maximum=1000,
            step=5,
            help=message(
                "Per semi-clean burraco (the wild card at an end; 150 where counted); blank: none."
            ),
            label=message("Semi-clean burracos"),
            words=lambda value, options: (
                message("Semi-clean burracos score nothing extra")
                if value is None
                else message("A semi-clean burraco scores %(value)s", value=value)
            ),
        ),
        OptionSpec(
            "clean_to_close",
            "bool",
            False,
            help=message("Only a side with a clean burraco may close (international rules)."),
            label=message("Closing needs a clean burraco"),
            words=yes_no(
                message("Only a side with a clean burraco may close"),
                message("Any burraco lets a side close"),
            ),
        ),
        card_count_option(
            "joker",
            "joker",
            30,
            message("What a Joker counts (20 in Buraco)."),
            minimum=0,
            maximum=100,
            step=5,
        ),
        OptionSpec(
            "pinella",
            "int",
            20,
            minimum=0,
            maximum=100,
            step=5,
            help=message("What a 2, the pinella, counts (10 in Buraco)."),
            label=message("A pinella (2) counts"),
            words=lambda value, options: message("A 2 (pinella) counts %(value)s", value=value),
        ),
    )
    # A paper pad's rows per side for each deal.
    pad_side_rows = (
        message("Melds"),
        message("Burracos"),
        message("Closing, pozzetto (minus)"),
        message("Hand (minus)"),
        *PAD_DEAL_ROWS,
    )
    entry_fields = (
        EntryField(
            "out",
            "player",
            message("The side whose player closed, or null: the stock ran out."),
            label=message("Who closed?"),
        ),
        MELDED,
        HAND,
        EntryField(
            "clean",
            "per_player",
            message("Clean burracos (burraco pulito) of each side."),
            label=message("Clean burracos"),
        ),
        EntryField(
            "dirty",
            "per_player",
            message("Dirty burracos (burraco sporco, with a wild card) of each side."),
            label=message("Dirty burracos"),
        ),
        EntryField(
            "semi_clean",
            "per_player",
            message("Semi-clean burracos (burraco semipulito) of each side."),
            option="semi_clean",
            label=message("Semi-clean burracos"),
        ),
        EntryField(
            "pozzetto",
            "bool_per_player",
            message("Whether each side took its pozzetto (Buraco: the morto)."),
            label=message("Took the pozzetto"),
        ),
    )

    @classmethod
    def value_table(cls, options):
        values = {**BURRACO_VALUES, "2": options["pinella"]}
        return ValueTable(values, joker=options["joker"])

    @classmethod
    def pad_rules(cls, options):
        return (
            message(
                "Each side: melds less hand, + 200 a clean burraco, 100 a dirty one, "
                "100 for closing, \u2212100 without the pozzetto."
            ),
            message(
                "After a deal where a total reaches %(target)s, the highest wins; ties share.",
                target=options["target"],
            ),
        )

    @classmethod
    def pack_points(cls, options):
        return PACKS_POINTS + 8 * options["pinella"] + 4 * options["joker"]

    def count_bounds(self):
        return dict.fromkeys(self.counts, BURRACOS_IN_ALL)

    def check(self, values, out, melded, counts, errors):
        players = self.players
        taken = values.get("pozzetto") or [None] * self.n
        if "pozzetto" not in errors:
            for seat, took in enumerate(taken):
                path = f"pozzetto.{players[seat]}"
                if took is None and path not in errors:
                    errors[path] = message(
                        "Say whether %(side)s took its pozzetto", side=players[seat]
                    )
        burracos = [sum(counts[kind][seat] for kind in self.counts) for seat in range(self.n)]
        if sum(burracos) > BURRACOS_IN_ALL:
            errors["clean"] = too_many(message("burracos"), BURRACOS_IN_ALL, sum(burracos))
        for seat, count in enumerate(burracos):
            path = f"melded.{players[seat]}"
            if count and not melded[seat] and path not in errors:
                errors[path] = message("cannot be 0: %(side)s has a burraco", side=players[seat])
        if out is not None:
            self._check_closing(out, melded, counts, burracos, taken, errors)

    def _check_closing(self, out, melded, counts, burracos, taken, errors):
        side = self.players[out]
        if not melded[out] and f"melded.{side}" not in errors:
            errors[f"melded.{side}"] = message("cannot be 0: %(side)s closed", side=side)
        if taken[out] is False:
            errors[f"pozzetto.{side}"] = message(
                "must be true: %(side)s closed, and only a side that took its pozzetto may",
                side=side,
            )
        if self.rules["clean_to_close"] and not counts["clean"][out]:
            errors.setdefault(
                f"clean.{side}",
                message("%(side)s closed without a clean burraco: closing needs one", side=side),
            )
        elif not burracos[out]:
            errors.setdefault(
                f"clean.{side}",
                message("%(side)s closed without a burraco: closing needs one", side=side),
            )

    def bonus(self, seat, out, melded, counts, values):
        burracos = _burracos(self.rules, *(counts[kind][seat] for kind in self.counts))
        took = (values.get("pozzetto") or [False] * self.n)[seat]
        return burracos + _closing(seat == out, took)

    @classmethod
    def sheet_paper(cls, state, options):
        # The pad's rows per side for each deal, filled in from the deal's entry: the
        # sheet reads as the segnapunti the table would have kept.
        deals = tuple(
            _side_rows(deal, running, state.players, options)
            for deal, running in zip(state.deals, state.running_totals, strict=True)
        )
        data = {
            "labels": cls.pad_side_rows,
            "deals": deals,
            "per_page": SHEET_DEALS,
            "first_page": FIRST_PAGE_DEALS,
        }
        return SheetPaper(grid=Block("sides", data), style="side-sheet", deal_heads=True)


def _burracos(options, clean: int, dirty: int, semi_clean: int) -> int:
    """A side's bonus for its burracos."""
    return CLEAN * clean + DIRTY * dirty + (options["semi_clean"] or 0) * semi_clean


def _closing(closed: bool, took_pozzetto: bool) -> int:
    """A side's bonus for closing, less the pozzetto it never took."""
    return CLOSING * closed - POZZETTO_NOT_TAKEN * (not took_pozzetto)


def _side_rows(deal, running, sides, options) -> tuple[tuple[int, ...], ...]:
    """Deal ``deal``'s figures in the pad's rows (melds, burracos, closing and
    pozzetto, hand, deal, total), each a figure per side."""
    entry = deal.entry

    def each(field: str) -> tuple[int, ...]:
        return tuple((entry.get(field) or {}).get(side) or 0 for side in sides)

    clean, dirty, semi = each("clean"), each("dirty"), each("semi_clean")
    taken = entry.get("pozzetto") or {}
    return (
        each("melded"),
        tuple(_burracos(options, *counts) for counts in zip(clean, dirty, semi, strict=True)),
        tuple(_closing(entry.get("out") == side, bool(taken.get(side))) for side in sides),
        tuple(-hand for hand in each("hand")),
        tuple(deal.points[side] for side in sides),
        tuple(running[side] for side in sides),
    )
