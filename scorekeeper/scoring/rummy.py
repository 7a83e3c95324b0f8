"""``rummy``: Basic (Straight) Rummy, winner-takes-all or penalty scoring."""

from __future__ import annotations

from collections.abc import Mapping

from .cards import ValueTable, face_values
from .entries import EntryField
from .messages import message
from .options import OptionSpec, yes_no
from .shared_options import fixed_deals_option
from .variant import OutVariant


def block_shares(hands: list[int]) -> tuple[list[int], int]:
    """Nobody went out: the lowest hand(s) and the sum of the others' differences from it."""
    low = min(hands)
    lowest = [seat for seat, hand in enumerate(hands) if hand == low]
    return lowest, sum(hands) - low * len(hands)


def half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up, for numerator >= 0."""
    return (2 * numerator + denominator) // (2 * denominator)


# The scoring and stock-out options in words, for a sheet's house rules and a pad's foot.
SCORING_WORDS = {
    "winner_takes_all": message("Winner takes all: whoever goes out scores the others' hands"),
    "penalty": message("Penalty scoring: everyone scores their own hand; lowest total wins"),
    "collect": message(
        "Collect: everyone scores their melds; whoever goes out also scores the others' hands"
    ),
    "subtract": message("Subtract: everyone scores melds less hand"),
}
RUMMY_BONUS_WORDS = {
    "double": message("Going rummy doubles the deal's points"),
    "plus_10": message("Going rummy scores 10 extra"),
    "none": message("No bonus for going rummy"),
}
BLOCK_WORDS = message("Block: when the stock runs out, the lowest hand scores the differences")


class Rummy(OutVariant):
    id = "rummy"
    name = message("Basic Rummy")
    description = message(
        "Straight Rummy: whoever goes out scores the others' hands, or penalty scoring."
    )
    min_players = 2
    max_players = 6
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "rummy": {
            "en": "went rummy|rummy",
            "fr": "rami|rummy|a fait rami|fait rami",
            "es": "rummy|hizo rummy|rummy de mano|hizo rummy de mano",
            "pl": (
                "remik|rummy|zrobil remika|zrobila remika|remika|remik z reki|"
                "remika z reki|zrobil remika z reki"
            ),
            "de": "rommee|rummy|hand rommee|hand romme|romme",
            "hi": "रमी|रमी की",
        },
    }
    options = (
        OptionSpec(
            "scoring",
            "choice",
            "winner_takes_all",
            ("winner_takes_all", "penalty"),
            message(
                "Winner takes all: who goes out scores the others' hands (highest wins). Penalty: "
                "everyone scores their own hand (lowest wins)."
            ),
            label=message("Scoring"),
            choice_labels=(
                message("Winner takes all (highest wins)"),
                message("Penalty: everyone scores their hand (lowest wins)"),
            ),
            words=lambda value, options: SCORING_WORDS.get(value, value),
        ),
        OptionSpec(
            "rummy_bonus",
            "choice",
            "double",
            ("double", "plus_10", "none"),
            message(
                "Going rummy (the whole hand in one turn): double the winner's deal "
                "points, add 10, or nothing."
            ),
            label=message("Going rummy"),
            choice_labels=(
                message("Doubles the points"),
                message("Adds 10"),
                message("Nothing more"),
            ),
            words=lambda value, options: RUMMY_BONUS_WORDS.get(value, value),
        ),
        OptionSpec(
            "ace_high",
            "bool",
            False,
            help=message("Aces high or low in runs; an Ace counts 15 in hand."),
            label=message("Aces high"),
            words=yes_no(
                message("Aces high or low in runs; an Ace counts 15 in hand"),
                message("Aces low; an Ace counts 1"),
            ),
        ),
        OptionSpec(
            "stock_out",
            "choice",
            "stalemate",
            ("stalemate", "block"),
            message(
                "Nobody went out: stalemate (nobody scores) or block (the lowest hand "
                "scores the differences; in penalty scoring everyone scores their hand). "
                "Default: stalemate, or block with penalty scoring."
            ),
            label=message("When the stock runs out"),
            choice_labels=(
                message("Stalemate: nobody scores"),
                message("Block: the lowest hand scores"),
            ),
            words=lambda value, options: (
                BLOCK_WORDS
                if value == "block"
                else message("When the stock runs out, nobody scores")
            ),
        ),
        OptionSpec(
            "target",
            "int",
            None,
            help=message(
                "End when a total reaches this. Default: 50 x players "
                "(100 for 2, 150 for 3 ...), or 100 with penalty scoring."
            ),
            minimum=1,
            maximum=100_000,
            label=message("Game to"),
            words=lambda value, options: message("Game to %(target)s", target=value),
        ),
        fixed_deals_option(message("Play this many deals instead of to the target.")),
    )
    entry_fields = (
        EntryField("out", "player", message("Who went out, or null when the stock ran out.")),
        EntryField("hands", "per_player", message("Value of the cards left in each other hand.")),
        EntryField(
            "rummy",
            "bool",
            message("The player who went out went rummy."),
            label=message("Went rummy: the whole hand in one turn"),
            said=message("went rummy"),
            noted=message("went rummy"),
        ),
    )

    @classmethod
    def resolve_options(cls, given, players):
        # Penalty scoring's stock-out default is block: "if the game ends without a
        # winner then everyone scores their cards as penalty points".
        if isinstance(given, Mapping) and given.get("scoring") == "penalty":
            given = {"stock_out": "block", **given}
        return super().resolve_options(given, players)

    @classmethod
    def wins_higher(cls, options):
        return options["scoring"] != "penalty"

    @classmethod
    def pad_rules(cls, options):
        o = options
        if o["scoring"] == "penalty":
            rules = [
                message(
                    "Everyone scores their own hand as penalty points; whoever goes out scores 0."
                ),
                message("Lowest total wins; ties share."),
            ]
        else:
            rules = [
                message(
                    "Whoever goes out scores the total of the others' hands; the others score 0."
                ),
                message("Highest total wins; ties share."),
            ]
        bonus = RUMMY_BONUS_WORDS.get(o["rummy_bonus"], o["rummy_bonus"])
        rules.append(message("%(bonus)s (going rummy: the whole hand in one turn).", bonus=bonus))
        if o["stock_out"] == "block":
            rules.append(message("%(rule)s.", rule=BLOCK_WORDS))
        rules.append(
            message("The game ends after %(deals)s deals.", deals=o["deals"])
            if o["deals"]
            else message("The game ends when a total reaches %(target)s.", target=o["target"])
        )
        return tuple(rules)

    @classmethod
    def computed_default(cls, name, options, players):
        # target is the only option computed from the players and the scoring.
        return 100 if options["scoring"] == "penalty" else 50 * players

    @classmethod
    def value_table(cls, options):
        return ValueTable(face_values(A=15 if options["ace_high"] else 1))

    @classmethod
    def hand_cards(cls, options, players):
        return 10 if players == 2 else 7 if players <= 4 else 6

    def prepare(self):
        self.penalty = self.rules["scoring"] == "penalty"
        self.block = self.rules["stock_out"] == "block"
        self.fixed_deals = self.rules["deals"]
        self.target = self.rules["target"]

    def check(self, values, out, number, errors):
        if values.get("rummy") and out is None:
            errors["rummy"] = message("needs the player who went out")

    def score_deal(self, number, entry, values, out, hands, melds):
        if out is None:
            by_seat, winner = self._nobody_out(hands)
            # The stock ran out: the table's rule says what it came to.
            result = "block" if self.block else "stalemate"
            return self.deal(number, entry, by_seat, winner, out, result=result)
        if self.penalty:
            by_seat = self._penalty(out, hands, values.get("rummy", False))
        else:
            by_seat = self._winner_takes_all(out, hands, values.get("rummy", False))
        return self.deal(number, entry, by_seat, out, out)

    def _winner_takes_all(self, out, hands, rummy):
        won = sum(hands)
        if rummy:
            bonus = self.rules["rummy_bonus"]
            won = won * 2 if bonus == "double" else won + 10 if bonus == "plus_10" else won
        by_seat = [0] * self.n
        by_seat[out] = won
        return by_seat

    def _penalty(self, out, hands, rummy):
        # Going rummy in penalty scoring: the others' penalties double, or the
        # winner takes 10 off (docs/scoring.md).
        bonus = self.rules["rummy_bonus"] if rummy else "none"
        by_seat = [hand * 2 for hand in hands] if bonus == "double" else list(hands)
        if bonus == "plus_10":
            by_seat[out] = -10
        return by_seat

    def _nobody_out(self, hands):
        if not self.block:
            return [0] * self.n, None
        lowest, won = block_shares(hands)
        winner = lowest[0] if len(lowest) == 1 else None
        if self.penalty:
            return list(hands), winner
        share = half_up(won, len(lowest))
        by_seat = [0] * self.n
        for seat in lowest:
            by_seat[seat] = share
        return by_seat, winner

    def debts(self):
        """per_deal: each other player owes the deal's winner their hand value
        (the difference from the lowest hand in a block, shared by tied lowest)."""
        debts = []
        for deal in self.deals:
            hands = [deal.entry["hands"].get(name, 0) for name in self.players]
            if deal.went_out is not None:
                creditors, low = (deal.went_out,), 0
            elif self.block:
                creditors, _ = block_shares(hands)
                creditors, low = tuple(creditors), hands[creditors[0]]
            else:
                continue
            debts.extend(
                (seat, creditors, hand - low)
                for seat, hand in enumerate(hands)
                if seat not in creditors and hand > low
            )
        return debts
