"""``thirteen``: seven-card, thirteen-deal rummy with a rotating wild rank.

Crazy Gin, Lamsees, Dummy Rummy, Mexican Rummy, Beanie, Biddies, 13 Brasses ...:
penalty scoring, multipliers, the Press and voluntary press points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import JOKER, RANKS, ValueTable
from .entries import EntryField
from .errors import ScoringError
from .messages import message
from .options import MINUS, OptionSpec, yes_no
from .paper import Lead
from .shared_options import card_count_option, face_ranks, face_values_option
from .variant import OutVariant

SEQUENCES: dict[str, tuple[str | None, ...]] = {
    "ace_to_king": RANKS,
    "two_to_king": RANKS[1:],
    "two_to_ace": (*RANKS[1:], "A"),
    "ace_to_ace": (*RANKS, "A"),
    "king_to_ace": RANKS[::-1],
    "dealer_choice": (None,) * len(RANKS),  # each deal's entry names its rank
}
# Each wild sequence as a house rule in words.
SEQUENCE_WORDS = {
    "ace_to_king": message("Wild rank A, 2 … K"),
    "two_to_king": message("Wild rank 2 … K (12 deals)"),
    "two_to_ace": message("Wild rank 2 … K, then A"),
    "ace_to_ace": message("Wild rank A, 2 … K, then A again (14 deals)"),
    "king_to_ace": message("Wild rank K, Q … A"),
    "dealer_choice": message("The dealer calls each deal's wild rank, each rank once"),
}
DOUBLED_RANKS = ("7", "K")


def press_is_on(totals: list[int], gap: int) -> bool:
    """The highest total is at least ``gap`` above every other (a tie for highest never is)."""
    top = max(totals)
    others = [total for total in totals if total != top]
    return len(others) == len(totals) - 1 and top - max(others) >= gap


def trailing(totals: list[int], gap: int) -> tuple[int, int]:
    """Who trails (the first of any tied for highest) and the points that put the Press on."""
    seat = totals.index(max(totals))
    rival = max(total for other, total in enumerate(totals) if other != seat)
    return seat, rival + gap - totals[seat]


def auto_press(totals: list[int], gap: int) -> list[int]:
    """Auto-Press: raise the highest total(s) to the next highest + gap."""
    top = max(totals)
    below = [total for total in totals if total != top]
    if not below:
        return [0] * len(totals)  # everyone tied: nothing changes
    raised = max(below) + gap
    return [max(raised - total, 0) if total == top else 0 for total in totals]


def take_press(
    entries: Sequence[Mapping[str, Any]], offer: Mapping[str, Any] | None, number: Any
) -> dict[str, Any]:
    """The last deal's entry with the Press offer taken: the offered points added to the
    trailing player's press points. ``number`` is the deal the offer was shown after;
    refused when it is no longer the last deal or the offer no longer stands."""
    if offer is None or not _is_last(entries, number):
        changed = message("The game changed on another phone; check the Press again.")
        raise ScoringError({"number": changed}, changed)
    entry = dict(entries[-1])
    press_points = dict(entry.get("press_points") or {})
    press_points[offer["player"]] = press_points.get(offer["player"], 0) + offer["points"]
    entry["press_points"] = press_points
    return entry


def untake_press(
    entries: Sequence[Mapping[str, Any]], number: Any, player: str, points: Any
) -> dict[str, Any]:
    """The last deal's entry with the Press just taken (``points`` for ``player``) taken
    off again; refused when the last deal is not ``number`` or has not those points."""
    entry = dict(entries[-1]) if entries else {}
    press_points = dict(entry.pop("press_points", None) or {})
    has = press_points.get(player, 0)
    if not _is_last(entries, number) or not _is_count(points) or not 0 < points <= has:
        # Taken back already (a double tap) or changed meanwhile: left as it is.
        changed = message("The game changed on another phone; the Press was left as it is.")
        raise ScoringError({"press_points": changed}, changed)
    if has == points:
        del press_points[player]
    else:
        press_points[player] = has - points
    return {**entry, "press_points": press_points} if press_points else entry


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_last(entries: Sequence[Mapping[str, Any]], number: Any) -> bool:
    return bool(entries) and _is_count(number) and number == len(entries)


class Thirteen(OutVariant):
    pad_wild = True
    hands_heading = message("Penalty points in hand")
    id = "thirteen"
    name = message("Thirteen-deal rummy")
    description = message(
        "Crazy Gin and its kin: thirteen deals of seven cards, the wild rank "
        "moving each deal; penalty points, lowest total wins."
    )
    min_players = 2
    max_players = 8
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "up_for_two": {
            "en": "up for two|up for 2",
            "fr": "monte pour deux",
            "es": "subio por dos",
            "pl": "za dwa",
            "de": "fur zwei",
            "hi": "दो के लिए|दो के लिए गई|दो के लिए गया",
        },
        "press_points": {
            "en": "press points|press|took",
            "fr": "points de presse|presse|prend",
            "es": "puntos de presion|presion|toma",
            "pl": "punkty docisku|docisk|bierze",
            "de": "presspunkte|press|nimmt",
            "hi": "प्रेस अंक|प्रेस",
        },
    }
    higher_wins = False
    options = (
        OptionSpec(
            "wild_sequence",
            "choice",
            "ace_to_king",
            tuple(SEQUENCES),
            message(
                "The wild rank of each deal, in turn: from Ace up to King, from 2 (12 deals), from "
                "2 then Ace, from Ace to Ace (14 deals), from King down, or called by the dealer "
                "(each rank once)."
            ),
            label=message("Wild rank of each deal"),
            choice_labels=(
                message("A, 2 \u2026 K"),
                message("2 \u2026 K (12 deals)"),
                message("2 \u2026 K, then A"),
                message("A, 2 \u2026 K, then A again (14 deals)"),
                message("K, Q \u2026 A"),
                message("The dealer calls it"),
            ),
            words=lambda value, options: SEQUENCE_WORDS.get(value, value),
        ),
        OptionSpec(
            "joker_deal",
            "bool",
            False,
            help=message("One more deal at the end where only the Joker is wild."),
            label=message("Joker deal at the end"),
            words=yes_no(
                message("One more deal at the end, only the Joker wild"), message("No Joker deal")
            ),
        ),
        OptionSpec(
            "hand_size",
            "int",
            7,
            minimum=5,
            maximum=13,
            help=message(
                "Cards dealt (10 for two or three players in some groups, 13 in Treize Brasses)."
            ),
            label=message("Cards dealt"),
            words=lambda value, options: message("%(cards)s cards dealt", cards=value),
        ),
        card_count_option(
            "wild",
            "wild_value",
            25,
            message("A wild card left in hand (15 or 20 in some groups)."),
            maximum=100,
        ),
        card_count_option("ace", "ace_value", 1, message("An Ace left in hand (10 in Biddies).")),
        face_values_option(message("ten: J Q K count 10; rank: J 11, Q 12, K 13.")),
        OptionSpec(
            "simple_values",
            "bool",
            False,
            help=message("Beanie: A-8 count 5, 9-K count 10, wild cards as a wild card counts."),
            label=message("Simple card values (Beanie)"),
            words=yes_no(
                message("Simple values: A\u20138 count 5, 9\u2013K count 10"),
                message("Cards count their face value"),
            ),
        ),
        OptionSpec(
            "joker",
            "bool",
            False,
            help=message("A Joker in the pack, always wild, counting in hand what a Joker counts."),
            label=message("A Joker in the pack"),
            words=yes_no(message("A Joker in the pack, always wild"), message("No Joker")),
        ),
        card_count_option(
            "joker", "joker_value", 50, message("A Joker left in hand."), maximum=100
        ),
        OptionSpec(
            "out_bonus",
            "int",
            0,
            minimum=0,
            maximum=100,
            help=message("The player who goes out scores minus this (e.g. 15)."),
            label=message("Bonus for going out"),
            words=lambda value, options: message(
                "Going out scores %(points)s", points=f"{MINUS}{value}"
            ),
        ),
        OptionSpec(
            "double_on_7_or_king",
            "bool",
            False,
            help=message("Card points of a deal whose wild rank is 7 or K are doubled."),
            label=message("Double on a 7 or King wild"),
            words=yes_no(
                message("Deals with 7s or Kings wild count double"),
                message("No doubling for 7s or Kings"),
            ),
        ),
        OptionSpec(
            "press",
            "bool",
            False,
            help=message(
                "The Press: when one player trails their nearest rival by the gap below or more, "
                "the next deal's card points are doubled."
            ),
            label=message("The Press"),
            words=lambda value, options: (
                message(
                    "The Press: %(gap)s behind doubles the next deal's card points",
                    gap=options.get("press_gap", 50),
                )
                if value
                else message("No Press")
            ),
        ),
        OptionSpec(
            "press_gap",
            "int",
            50,
            minimum=1,
            maximum=1000,
            help=message("How far the trailing player must be behind for the Press."),
            label=message("Press when trailing by"),
            words=lambda value, options: message("The Press needs a gap of %(gap)s", gap=value),
        ),
        OptionSpec(
            "auto_press",
            "bool",
            False,
            help=message(
                "With 4 or more players: after deal 1 the highest total is raised to the next "
                "highest plus the Press gap, and the Press is on for deal 2."
            ),
            label=message("Auto-Press after deal 1"),
            words=yes_no(
                message("Auto-Press after deal 1 (4 or more players)"), message("No Auto-Press")
            ),
        ),
        OptionSpec(
            "up_for_two",
            "bool",
            False,
            help=message(
                "Biddies: going out holding a single natural 2 ends the play and scores 2."
            ),
            label=message("Going up for 2"),
            words=yes_no(
                message("Going up for 2: out holding a single natural 2 scores 2"),
                message("No going up for 2"),
            ),
        ),
    )
    entry_fields = (
        EntryField("out", "player", message("Who went out, or null when the stock ran out.")),
        EntryField("hands", "per_player", message("Penalty value of each other player's cards.")),
        EntryField(
            "wild",
            "rank",
            message("The rank the dealer called (wild_sequence dealer_choice)."),
            option="wild_sequence",
            when="dealer_choice",
        ),
        EntryField(
            "press_points",
            "per_player",
            message("Voluntary penalty points the trailing player takes to put the Press on."),
            option="press",
        ),
        EntryField(
            "up_for_two",
            "bool",
            message("The player who went out went up for 2."),
            option="up_for_two",
            label=message("Went up for 2"),
            said=message("went up for 2"),
            noted=message("up for 2"),
        ),
    )

    @classmethod
    def value_table(cls, options):
        if options["simple_values"]:
            ranks = {rank: 5 if index < 8 else 10 for index, rank in enumerate(RANKS)}
        else:
            ranks = face_ranks(options, A=options["ace_value"])
        has_joker = options["joker"] or options["joker_deal"]
        return ValueTable(
            ranks, wild=options["wild_value"], joker=options["joker_value"] if has_joker else None
        )

    @classmethod
    def hand_cards(cls, options, players):
        return options["hand_size"] + 1

    @classmethod
    def wild_ranks(cls, options):
        return frozenset(RANKS) | ({JOKER} if options["joker_deal"] else frozenset())

    @classmethod
    def pad_rules(cls, options):
        o = options
        deals = len(SEQUENCES[o["wild_sequence"]]) + bool(o["joker_deal"])
        out = f"{MINUS}{o['out_bonus']}" if o["out_bonus"] else "0"
        rules = [
            message(
                "Each player not out scores their hand \u00d7 the deal's multiplier; going out "
                "scores %(out)s.",
                out=out,
            ),
            message("Lowest total after deal %(deals)s wins; ties share.", deals=deals),
        ]
        if o["press"] or o["auto_press"]:
            rules.append(
                message(
                    "The Press: when one player trails their nearest rival by %(gap)s or "
                    "more, the next deal's card points are doubled (tick P).",
                    gap=o["press_gap"],
                )
            )
        if o["double_on_7_or_king"]:
            rules.append(message("Deals with 7s or Kings wild count double (\u00d72)."))
        if o["up_for_two"]:
            rules.append(message("Going up for 2 (out holding a single natural 2) scores 2."))
        return tuple(rules)

    @classmethod
    def paper_leads(cls, options):
        # The Press: a column to tick (pad) or marked P (sheet) on each pressed deal.
        return (Lead(message("Press")),) if options["press"] or options["auto_press"] else ()

    @classmethod
    def paper_times(cls, options):
        return bool(options["press"] or options["auto_press"] or options["double_on_7_or_king"])

    @classmethod
    def cell_notes(cls, figures):
        notes = []
        if figures.press_points:
            notes.append(message("incl. %(points)s press", points=figures.press_points))
        if figures.adjustment:
            notes.append(message("incl. %(points)s Auto-Press", points=figures.adjustment))
        return tuple(notes)

    def lead_cells(self, number, deal):
        if not (self.rules["press"] or self.rules["auto_press"]):
            return ()
        return (message("P") if deal is not None and deal.press else "",)

    def prepare(self):
        rules = self.rules
        self.sequence = SEQUENCES[rules["wild_sequence"]] + (
            (JOKER,) if rules["joker_deal"] else ()
        )
        self.fixed_deals = len(self.sequence)
        self.dealer_calls = rules["wild_sequence"] == "dealer_choice"
        self.auto = rules["auto_press"] and self.n >= 4
        self.press_rule = rules["press"] or self.auto
        self.gap = rules["press_gap"]
        self.press_next = False  # the Press is on for the next deal
        self.called: dict[str, int] = {}  # dealer_choice: rank -> the deal that had it

    def bounds(self):
        return super().bounds() | {"press_points": (self.rules["press_gap"], 1)}

    def takes(self, field):
        # Auto-Press brings the Press, and with it press points, even without press.
        return self.press_rule if field.name == "press_points" else super().takes(field)

    def wild(self, number):
        return self.sequence[number - 1] if number <= len(self.sequence) else None

    def press(self, number):
        return self.press_next

    def multiplier(self, number, wild):
        doubled = self.rules["double_on_7_or_king"] and wild in DOUBLED_RANKS
        return (2 if self.press_next else 1) * (2 if doubled else 1)

    def check(self, values, out, number, errors):
        if values.get("up_for_two") and out is None:
            errors["up_for_two"] = message("needs the player who went out")
        if not self.dealer_calls:
            return
        wild = values.get("wild")
        if self.sequence[number - 1] == JOKER:
            if "wild" in values or "wild" in errors:
                errors["wild"] = message(
                    "must be left out: only the Joker is wild in the last deal"
                )
        elif wild is None:
            errors.setdefault("wild", message("Choose the rank the dealer called"))
        elif wild in self.called:
            errors["wild"] = message(
                "%(rank)s was already wild in deal %(number)s",
                rank=wild,
                number=self.called[wild],
            )

    def score_deal(self, number, entry, values, out, hands, melds):
        wild = self.sequence[number - 1] or values["wild"]
        multiplier = self.multiplier(number, wild)
        by_seat = [hand * multiplier for hand in hands]
        if out is not None:
            by_seat[out] = 2 if values.get("up_for_two") else -self.rules["out_bonus"]
        totals = [total + points for total, points in zip(self.totals, by_seat, strict=True)]
        adjustment = None
        if number == 1 and self.auto:
            raised = auto_press(totals, self.gap)
            adjustment = dict(zip(self.players, raised, strict=True))
            by_seat = [points + extra for points, extra in zip(by_seat, raised, strict=True)]
            totals = [total + extra for total, extra in zip(totals, raised, strict=True)]
        press_points = values.get("press_points")
        if press_points is not None and any(press_points):
            self._check_press_points(number, press_points, totals)
            by_seat = [
                points + (extra or 0) for points, extra in zip(by_seat, press_points, strict=True)
            ]
        return self.deal(
            number,
            entry,
            by_seat,
            out,
            out,
            wild=wild,
            multiplier=multiplier,
            press=self.press_next,
            adjustment=adjustment,
        )

    def _check_press_points(self, number: int, press_points: list, totals: list[int]) -> None:
        errors: dict[str, str] = {}
        seat, needed = trailing(totals, self.gap)
        name = self.players[seat]
        for other, points in enumerate(press_points):
            if points and other != seat:
                errors[f"press_points.{self.players[other]}"] = message(
                    "only %(player)s, who trails, may take press points", player=name
                )
        points = press_points[seat]
        if points and number == self.fixed_deals:
            errors[f"press_points.{name}"] = message("no deal follows the last deal")
        elif points and self._press_follows(number, totals):
            errors[f"press_points.{name}"] = message("the Press is already on for the next deal")
        elif points and points < needed:
            errors[f"press_points.{name}"] = message(
                "would not put the Press on: %(player)s needs %(needed)s",
                player=name,
                needed=needed,
            )
        self.refuse(errors, number)

    def _press_follows(self, number: int, totals: list[int]) -> bool:
        """Whether the Press is on after deal ``number`` leaves these totals."""
        if not self.press_rule:
            return False
        if number == 1 and self.auto and len(set(totals)) > 1:
            return True  # Auto-Press puts it on for deal 2 even for tied leaders
        return press_is_on(totals, self.gap)

    def record(self, deal):
        super().record(deal)
        self.press_next = self._press_follows(deal.number, self.totals)
        if self.dealer_calls and deal.wild != JOKER:
            self.called[deal.wild] = deal.number

    def press_offer(self):
        if not self.press_rule or self.finished or self.press_next:
            return None
        seat, needed = trailing(self.totals, self.gap)
        return {"player": self.players[seat], "points": needed}
