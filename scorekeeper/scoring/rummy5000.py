"""``rummy5000``: 5000 Rummy (and 1500, 2500 ... Rummy), in multiples of 5."""

from __future__ import annotations

from .cards import RANKS, ValueTable
from .messages import message
from .options import OptionSpec, yes_no
from .rummy import SCORING_WORDS
from .rummy500 import HANDS, MELDS, OUT
from .shared_options import out_bonus_option
from .variant import OutVariant

HIGHEST = 200  # a wild Ace, or any wild card with wild_always_200


class Rummy5000(OutVariant):
    id = "rummy5000"
    name = message("5000 Rummy")
    description = message(
        "Big-number rummy for 3 to 8 with wild cards; melds score, to 5000 or another target."
    )
    min_players = 3
    max_players = 8
    has_melds = True
    meld_bound = 10_000
    step = 5
    options = (
        OptionSpec(
            "scoring",
            "choice",
            "collect",
            ("collect", "subtract"),
            message(
                "collect: everyone scores their melds and who goes out also scores the "
                "others' hands; subtract: everyone scores melds less hand."
            ),
            label=message("Scoring"),
            choice_labels=(
                message("Collect: melds, and the hands of the others to who goes out"),
                message("Subtract: melds less hand"),
            ),
            words=lambda value, options: SCORING_WORDS.get(value, value),
        ),
        out_bonus_option(
            0,
            message("Extra points for the player who goes out (e.g. 200 with subtract)."),
            maximum=1000,
            step=5,
        ),
        OptionSpec(
            "target",
            "int",
            5000,
            minimum=5,
            maximum=100_000,
            step=5,
            help=message(
                "The game ends after a deal where a total reaches this "
                "(1500, 2000, 2200, 2500, 2800, 10000 are usual)."
            ),
            label=message("Game to"),
            words=lambda value, options: message("Game to %(target)s", target=value),
        ),
        OptionSpec(
            "went_out_wins",
            "bool",
            False,
            help=message("Whoever went out on the last deal wins if at or over the target."),
            label=message("Going out wins the game"),
            words=yes_no(
                message("Whoever goes out on the last deal wins if at or over the target"),
                message("The highest total wins"),
            ),
        ),
        OptionSpec(
            "ace_value",
            "int",
            100,
            choices=(100, 50),
            help=message("An Ace that is not wild; a wild Ace counts 100 more."),
            label=message("An Ace counts"),
            words=lambda value, options: message(
                "An Ace counts %(value)s (a wild Ace %(wild)s)", value=value, wild=value + 100
            ),
        ),
        OptionSpec(
            "wild_always_200",
            "bool",
            False,
            help=message("Every wild card counts 200."),
            label=message("Every wild card counts 200"),
            words=yes_no(message("Every wild card counts 200"), message("Wild cards count 100")),
        ),
        OptionSpec(
            "eights_nines_ten",
            "bool",
            False,
            help=message("8s and 9s count 10 instead of 5."),
            label=message("8s and 9s count 10"),
            words=yes_no(message("8s and 9s count 10"), message("8s and 9s count 5")),
        ),
        OptionSpec(
            "queen_of_spades",
            "int",
            None,
            nullable=True,
            minimum=5,
            maximum=200,
            step=5,
            help=message("The Queen of spades counts this (usually 45); otherwise as any Queen."),
            label=message("Queen of spades counts"),
            words=lambda value, options: message(
                "The Queen of spades counts %(value)s", value=10 if value is None else value
            ),
        ),
        OptionSpec(
            "permanent_wilds",
            "list",
            [],
            items="card",
            length=(0, 13),
            help=message(
                "Cards wild in every deal besides Jokers and the deal's wild rank: "
                'ranks ("10", "2") or single cards ("JS", "JH": the one-eyed jacks).'
            ),
            label=message("Cards always wild"),
        ),
    )
    entry_fields = (OUT, MELDS, HANDS)

    @classmethod
    def value_table(cls, options):
        ranks = {rank: 5 for rank in RANKS[1:9]} | {"10": 10, "J": 10, "Q": 10, "K": 10}
        if options["eights_nines_ten"]:
            ranks.update({"8": 10, "9": 10})
        ranks["A"] = options["ace_value"]
        wild = HIGHEST if options["wild_always_200"] else 100
        wild_ace = HIGHEST if options["wild_always_200"] else options["ace_value"] + 100
        queen = options["queen_of_spades"]
        special = None if queen is None else {"QS": queen}
        return ValueTable(
            ranks,
            wild=wild,
            wild_ace=wild_ace,
            joker=wild,
            special=special,
            permanent=frozenset(options["permanent_wilds"]),
        )

    @classmethod
    def hand_bound(cls, options, players):
        return 30 * HIGHEST  # docs/rules.md's fixed bound, whatever the options

    @classmethod
    def wild_ranks(cls, options):
        return frozenset(RANKS)

    @classmethod
    def pad_rules(cls, options):
        o = options
        scoring = SCORING_WORDS[o["scoring"]]
        return (
            message(
                "%(scoring)s, + %(bonus)s for going out.", scoring=scoring, bonus=o["out_bonus"]
            )
            if o["out_bonus"]
            else message("%(scoring)s.", scoring=scoring),
            message("Every value is a multiple of 5."),
            message(
                "After a deal where a total reaches %(target)s, the highest wins; ties share.",
                target=o["target"],
            ),
        )

    def prepare(self):
        self.target = self.rules["target"]
        self.collect = self.rules["scoring"] == "collect"

    def score_deal(self, number, entry, values, out, hands, melds):
        if self.collect:
            by_seat = list(melds)
            if out is not None:
                by_seat[out] += sum(hands)
        else:
            by_seat = [meld - hand for meld, hand in zip(melds, hands, strict=True)]
        if out is not None:
            by_seat[out] += self.rules["out_bonus"]
        return self.deal(number, entry, by_seat, out, out)

    def decide_winners(self, deal):
        out = deal.went_out
        if self.rules["went_out_wins"] and out is not None and self.totals[out] >= self.target:
            return [out]
        return self.best(self.totals)
