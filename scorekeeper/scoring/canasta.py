"""``canasta``: Canasta for two sides of two, to 5000."""

from __future__ import annotations

from .entries import EntryField
from .messages import message
from .options import OptionSpec
from .partnership import HAND, MELDED, OUT, PAD_DEAL_ROWS, Partnership, side_target, too_many
from .shared_options import out_bonus_option

PACK_POINTS = 1180  # two packs and four Jokers
RED_THREES = 4
ALL_RED_THREES = 800
MELDS_PER_SIDE = 11  # one meld per rank, 3s aside: A, K ... 4
CANASTAS_IN_ALL = 14  # 108 cards hold at most 14 melds of seven
# Minimum first meld by the side's total before the deal: (total below, minimum).
MINIMUMS = ((0, 15), (1500, 50), (3000, 90))
HIGHEST_MINIMUM = 120


def minimum_meld(total: int) -> int:
    return next((minimum for below, minimum in MINIMUMS if total < below), HIGHEST_MINIMUM)


class Canasta(Partnership):
    id = "canasta"
    name = message("Canasta")
    description = message(
        "Two sides of two meld canastas of seven cards; red threes, going out "
        "and concealed hands score bonuses, to 5000."
    )
    max_players = 2
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "concealed": {
            "en": "concealed|went out concealed",
            "fr": "main cachee|cache|en une fois|ferme en main|en main cachee",
            "es": "oculta|de golpe|mano oculta",
            "pl": "zakryta|naraz|w jednym ruchu|z reki|wyszedl z reki|wyszla z reki",
            "de": "verdeckt|auf einmal|aus der hand|ist verdeckt raus",
            "hi": "छिपा|एक बार में|छिपा हाथ",
        },
        "natural": {
            "en": (
                "naturals|natural|natural canastas|natural canasta|clean canastas|"
                "clean canasta|red canastas|red canasta"
            ),
            "fr": ("naturelles|naturelle|canastas naturelles|canasta naturelle|propres|pures"),
            "es": (
                "naturales|natural|canastas naturales|limpias|limpia|canasta limpia|"
                "canastas limpias"
            ),
            "pl": "naturalne|naturalna|czyste canasty|czyste|czysta|czystych",
            "de": "naturliche|naturlich|reine canastas|reine|rein",
            "hi": "नेचुरल|साफ़ कनास्टा|साफ़",
        },
        "mixed": {
            "en": (
                "mixed|mixed canastas|mixed canasta|dirty canastas|dirty canasta|"
                "black canastas|black canasta"
            ),
            "fr": "mixtes|mixte|canastas mixtes|canasta mixte|sales",
            "es": ("mixtas|mixta|canastas mixtas|sucias|sucia|canasta sucia|canastas sucias"),
            "pl": "mieszane|mieszana|brudne canasty|brudne|brudna",
            "de": "gemischte|gemischt|unreine canastas|unreine",
            "hi": "मिक्स्ड|मिश्रित|गंदे कनास्टा",
        },
    }
    seats_per_side = (2, 2)
    counts = ("natural", "mixed", "red_threes")
    options = (
        side_target(5000),
        out_bonus_option(100, message("To the side that goes out."), maximum=1000, step=5),
        OptionSpec(
            "concealed_bonus",
            "int",
            200,
            minimum=0,
            maximum=1000,
            step=5,
            help=message(
                "In all, instead of the bonus for going out, when the player who went out melded "
                "their whole hand in one turn."
            ),
            label=message("Bonus for going out concealed"),
        ),
        OptionSpec(
            "canastas_to_go_out",
            "int",
            1,
            minimum=0,
            maximum=MELDS_PER_SIDE,
            help=message("Canastas a side needs before it may go out (2 in some groups)."),
            label=message("Canastas needed to go out"),
        ),
    )
    # A paper pad's rows per side for each deal.
    pad_side_rows = (
        message("Melds"),
        message("Canastas"),
        message("Red 3s"),
        message("Going out"),
        message("Hand (minus)"),
        *PAD_DEAL_ROWS,
    )
    deal_line_fields = (
        ("melded", message("melded")),
        ("hand", message("in hand")),
        ("natural", message("natural canastas")),
        ("mixed", message("mixed canastas")),
        ("red_threes", message("red 3s")),
    )
    entry_fields = (
        OUT,
        MELDED,
        HAND,
        EntryField(
            "natural", "per_player", message("Natural canastas (no wild card) of each side.")
        ),
        EntryField(
            "mixed", "per_player", message("Mixed canastas (with wild cards) of each side.")
        ),
        EntryField("red_threes", "per_player", message("Red threes each side laid down.")),
        EntryField(
            "concealed",
            "bool",
            message(
                "The player who went out melded their whole hand in one turn, having "
                "melded nothing before."
            ),
            label=message("Went out concealed: the whole hand in one turn"),
            said=message("went out concealed"),
            noted=message("went out concealed"),
        ),
    )

    @classmethod
    def pack_points(cls, options):
        return PACK_POINTS

    def count_bounds(self):
        return {"natural": MELDS_PER_SIDE, "mixed": MELDS_PER_SIDE, "red_threes": RED_THREES}

    def check(self, values, out, melded, counts, errors):
        players = self.players
        natural, mixed, threes = counts["natural"], counts["mixed"], counts["red_threes"]
        if sum(threes) > RED_THREES:
            errors["red_threes"] = too_many(message("red threes"), RED_THREES, sum(threes))
        canastas = [n + m for n, m in zip(natural, mixed, strict=True)]
        for seat, count in enumerate(canastas):
            name = players[seat]
            if count > MELDS_PER_SIDE:
                errors[f"mixed.{name}"] = message(
                    "%(side)s has %(count)s canastas: a side melds each rank once, "
                    "so at most %(most)s",
                    side=name,
                    count=count,
                    most=MELDS_PER_SIDE,
                )
            elif count and not melded[seat] and f"melded.{name}" not in errors:
                errors[f"melded.{name}"] = message("cannot be 0: %(side)s has a canasta", side=name)
        if sum(canastas) > CANASTAS_IN_ALL:
            errors["natural"] = too_many(message("canastas"), CANASTAS_IN_ALL, sum(canastas))
        if values.get("concealed") and out is None and "out" not in errors:
            errors["concealed"] = message("needs the side that went out")
        if out is None:
            return
        name = players[out]
        if not melded[out] and f"melded.{name}" not in errors:
            errors[f"melded.{name}"] = message("cannot be 0: %(side)s went out", side=name)
        needed = self.rules["canastas_to_go_out"]
        if canastas[out] < needed and "natural" not in errors:
            errors[f"natural.{name}"] = message(
                "%(side)s went out with %(count)s canastas: going out needs %(needed)s",
                side=name,
                count=canastas[out],
                needed=needed,
            )

    def bonus(self, seat, out, melded, counts, values):
        bonus = 500 * counts["natural"][seat] + 300 * counts["mixed"][seat]
        threes = counts["red_threes"][seat]
        red = ALL_RED_THREES if threes == RED_THREES else 100 * threes
        bonus += red if melded else -red  # red threes count against a side that melded nothing
        if seat == out:
            rules = self.rules
            bonus += rules["concealed_bonus"] if values.get("concealed") else rules["out_bonus"]
        return bonus

    def minimums(self, number):
        return [minimum_meld(total) for total in self.totals]
