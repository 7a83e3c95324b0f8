"""``rummy500``: 500 Rum, melds less hands, to 500 with ties played off."""

from __future__ import annotations

from .cards import ValueTable, face_values
from .entries import EntryField
from .messages import message
from .options import OptionSpec
from .shared_options import out_bonus_option
from .variant import MeldVariant

OUT = EntryField("out", "player", message("Who went out, or null when the stock ran out."))
MELDS = EntryField(
    "melds", "per_player", message("Value each player melded on the table this deal.")
)
HANDS = EntryField("hands", "per_player", message("Value of the cards left in each hand."))
HAND_BOUND = 400


class Rummy500(MeldVariant):
    id = "rummy500"
    name = message("500 Rum")
    description = message("Score your melds less your hand each deal; first past 500 wins.")
    min_players = 2
    max_players = 8
    meld_bound = 400  # a whole pack
    options = (
        OptionSpec(
            "target",
            "int",
            500,
            minimum=1,
            maximum=100_000,
            help=message("The game ends after a deal where a total reaches this."),
            label=message("Game to"),
            words=lambda value, options: message("Game to %(target)s", target=value),
        ),
        out_bonus_option(0, message("Extra points for the player who goes out."), maximum=1000),
    )
    entry_fields = (OUT, MELDS, HANDS)

    @classmethod
    def value_table(cls, options):
        # An Ace melded low counts 1; the player enters that value themselves.
        return ValueTable(face_values(A=15))

    @classmethod
    def hand_bound(cls, options, players):
        # A player who took much of the discard pile can hold far more than 13 cards.
        return HAND_BOUND

    @classmethod
    def pad_rules(cls, options):
        o = options
        return (
            message(
                "Each deal: melds less the cards left in hand (may be negative), + %(bonus)s "
                "for going out.",
                bonus=o["out_bonus"],
            )
            if o["out_bonus"]
            else message("Each deal: melds less the cards left in hand (may be negative)."),
            message(
                "After a deal where a total reaches %(target)s, the highest wins; "
                "a tie for highest plays on.",
                target=o["target"],
            ),
        )

    def prepare(self):
        self.target = self.rules["target"]

    def is_over(self, deal):
        # A tie for highest at or over the target plays on until a deal breaks it.
        top = max(self.totals)
        return top >= self.target and self.totals.count(top) == 1
