"""``tonk``: Tonk (Tunk), the five-card knock rummy played for a stake (docs/rules.md,
"Tonk"): each deal is paid in stakes, so every deal adds up to 0 and the money is the
points at a rate a stake. A tonk at the deal (49 or 50 in the five cards dealt) and a
tonk out (every card spread, no discard) pay more; a drop (showing down at the start
of a turn) wins one stake from each if it is the lowest count, and a dropper caught
pays each player at or under them."""

from __future__ import annotations

from collections.abc import Mapping

from .entries import EntryField
from .messages import Message, message
from .options import STAKES, OptionSpec, Words, resolve, yes_no
from .variant import OutVariant

HAND_CARDS = 5  # so at most 50 in hand: five tens (Aces 1, faces 10, the default values)
TONK_COUNTS = ("49_or_50", "50")


def _pays(name: str, help: Message, label: Message, words: Words) -> OptionSpec:
    """What one way of winning pays, in stakes from each player it beats (2: double)."""
    return OptionSpec(name, "int", 2, minimum=1, maximum=10, help=help, label=label, words=words)


class Tonk(OutVariant):
    id = "tonk"
    name = message("Tonk")
    description = message(
        "Five-card knock rummy for a stake: spread, drop or tonk; each deal is paid in stakes."
    )
    min_players = 2
    max_players = 5
    options = (
        OptionSpec(
            "deals",
            "int",
            10,
            minimum=1,
            maximum=200,
            help=message("The game ends after this many deals."),
            label=message("Number of deals"),
            words=lambda value, options: message("%(deals)s deals", deals=value),
        ),
        OptionSpec(
            "tonk_count",
            "choice",
            "49_or_50",
            choices=TONK_COUNTS,
            help=message("The counts of the five cards dealt that are a tonk at the deal."),
            label=message("A tonk at the deal"),
            choice_labels=(message("49 or 50"), message("50 only")),
            words=lambda value, options: (
                message("Only 50 at the deal is a tonk")
                if value == "50"
                else message("49 or 50 at the deal is a tonk")
            ),
        ),
        _pays(
            "tonk_pays",
            message("Stakes a tonk at the deal wins from each other player."),
            message("A tonk at the deal pays"),
            lambda value, options: message(
                "A tonk at the deal pays %(stakes)s stakes", stakes=value
            ),
        ),
        _pays(
            "tonk_out_pays",
            message("Stakes going out by spreading every card, with no discard, wins from each."),
            message("A tonk out pays"),
            lambda value, options: message("A tonk out pays %(stakes)s stakes", stakes=value),
        ),
        _pays(
            "caught_pays",
            message("Stakes a dropper who is not lowest pays each player at or under their count."),
            message("A caught drop pays"),
            lambda value, options: message("A caught drop pays %(stakes)s stakes", stakes=value),
        ),
        OptionSpec(
            "stock_out_scores",
            "bool",
            True,
            help=message(
                "When the stock runs out, the lowest count wins a stake from each; "
                "false: nobody scores."
            ),
            label=message("The lowest count wins when the stock runs out"),
            words=yes_no(
                message("When the stock runs out, the lowest count wins"),
                message("When the stock runs out, nobody scores"),
            ),
        ),
    )
    entry_fields = (
        EntryField(
            "out",
            "player",
            message("Who won the deal (tonked, went out or dropped), or null: the stock ran out."),
        ),
        EntryField(
            "tonk",
            "bool",
            message("Won at the deal with a tonk: 49 or 50 in the five cards dealt."),
            label=message("Tonk at the deal: 49 or 50 dealt"),
            said=message("tonk"),
            noted=message("tonk at the deal"),
        ),
        EntryField(
            "tonk_out",
            "bool",
            message("Went out by spreading every card, with no discard."),
            label=message("Tonked out: every card spread, no discard"),
            said=message("tonked out"),
            noted=message("tonked out"),
        ),
        EntryField(
            "dropped",
            "bool",
            message("Dropped: showed down at the start of a turn (the counts say who wins)."),
            label=message("Dropped: showed down at the start of a turn"),
            said=message("dropped"),
            noted=message("dropped"),
        ),
        EntryField(
            "hands",
            "per_player",
            message("Each player's count in hand, after a drop or when the stock ran out."),
        ),
    )
    # The voice reader's words for this game's own fields, by language (Surfaces.spoken).
    spoken = {
        "tonk": {
            "en": "tonk|tunk|tonked at the deal|tonk at the deal",
            "fr": "tonk|tunk|tonk a la donne",
            "es": "tonk|tunk|tonk en el reparto",
            "pl": "tonk|tunk|tonk przy rozdaniu",
            "de": "tonk|tunk|tonk beim geben",
            "hi": "टोंक|tonk",
        },
        "tonk_out": {
            "en": "tonked out|tonk out|tunked out",
            "fr": "tonk out|sorti en tonk",
            "es": "tonk out|salio en tonk",
            "pl": "tonk out|wyszedl tonkiem",
            "de": "tonk out|mit tonk raus",
            "hi": "टोंक आउट|tonk out",
        },
        "dropped": {
            "en": "dropped|drops|drop|went down|knocked down",
            "fr": "a abattu|abattu|abat",
            "es": "se bajo|bajo|se planto",
            "pl": "polozyl|odkryl|zrzucil",
            "de": "legt ab|hat abgelegt|abgelegt",
            "hi": "ड्रॉप|ड्रॉप किया",
        },
    }

    @classmethod
    def hand_cards(cls, options, players):
        return HAND_CARDS

    @classmethod
    def pad_rules(cls, options):
        o = options
        return (
            message(
                "Each deal is paid in stakes: everyone pays the winner 1, a tonk at the deal "
                "%(tonk)s, a tonk out %(tonk_out)s.",
                tonk=o["tonk_pays"],
                tonk_out=o["tonk_out_pays"],
            ),
            message(
                "A drop wins 1 from each if lowest; else the dropper pays %(caught)s to each "
                "player at or under their count.",
                caught=o["caught_pays"],
            ),
            message("Highest total after deal %(deals)s wins.", deals=o["deals"]),
        )

    @classmethod
    def usual_stake_mode(cls, options):
        return "per_deal"

    @classmethod
    def resolve_stakes(cls, given, options):
        # Each deal is paid as it falls, so the stakes settle deal by deal unless the
        # table says otherwise (settling the totals pairwise would pay each stake again
        # for every other player).
        if given is None:
            return None, {}
        if isinstance(given, Mapping) and given.get("mode") is None:
            given = {**given, "mode": cls.usual_stake_mode(options)}
        return resolve(STAKES, given, "stakes", message("the stakes"))

    def prepare(self):
        self.fixed_deals = self.rules["deals"]

    def debts(self):
        """Each deal's payments, as its points say: every loser pays the one winner,
        or the one payer (a caught dropper) pays each player it owes."""
        debts = []
        for deal in self.deals:
            paid = [seat for seat, points in enumerate(deal.by_seat) if points < 0]
            won = [seat for seat, points in enumerate(deal.by_seat) if points > 0]
            if len(won) == 1:
                debts += [(seat, (won[0],), -deal.by_seat[seat]) for seat in paid]
            else:
                debts += [(paid[0], (seat,), deal.by_seat[seat]) for seat in won]
        return debts

    def score(self, entry, number):
        values, accepted, errors = self.reader.read(entry)
        out = values.get("out")
        if "out" not in entry:
            errors["out"] = message("Choose who went out, or nobody when the stock ran out")
        flags = [name for name in ("tonk", "tonk_out", "dropped") if values.get(name)]
        if len(flags) > 1:
            errors[flags[1]] = message("goes with no other way of winning")
        if flags and out is None and "out" not in errors:
            errors[flags[0]] = message("needs the player who went out")
        counted = out is None or "dropped" in flags
        hands = self.required(values, "hands", errors, exempt=None) if counted else None
        if not counted and any(values.get("hands") or ()):
            errors["hands"] = message("only after a drop or when the stock ran out")
        self.refuse(errors, number)
        return self._paid(number, accepted, out, flags, hands)

    def _paid(self, number, entry, out, flags, hands):
        """The deal in stakes: what each player wins (+) or pays (-)."""
        rules, n = self.rules, self.n
        by_seat = [0] * n
        winner = out
        if out is None:  # the stock ran out: the lowest count, alone, wins a stake
            lowest = [seat for seat in range(n) if hands[seat] == min(hands)]
            winner = lowest[0] if len(lowest) == 1 and rules["stock_out_scores"] else None
            stakes, beaten = 1, [seat for seat in range(n) if seat != winner]
        elif "dropped" in flags:
            caught = [s for s in range(n) if s != out and hands[s] <= hands[out]]
            if caught:  # each player at or under the dropper is paid by them
                for seat in caught:
                    by_seat[seat] += rules["caught_pays"]
                    by_seat[out] -= rules["caught_pays"]
                winner = None
            stakes, beaten = 1, [] if caught else [s for s in range(n) if s != out]
        else:
            stakes = {"tonk": rules["tonk_pays"], "tonk_out": rules["tonk_out_pays"]}.get(
                flags[0] if flags else "", 1
            )
            beaten = [seat for seat in range(n) if seat != out]
        if winner is not None:
            for seat in beaten:
                by_seat[seat] -= stakes
                by_seat[winner] += stakes
        return self.deal(number, entry, by_seat, winner, out)
