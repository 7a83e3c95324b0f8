"""``acetoace``: Ace to Ace, fourteen deals with the wild rank going A, 2 ... K, A."""

from __future__ import annotations

from .cards import RANKS, ValueTable, face_values
from .messages import message
from .rummy500 import HANDS, MELDS, OUT
from .variant import MeldVariant

WILDS = (*RANKS, "A")


class AceToAce(MeldVariant):
    pad_wild = True
    id = "acetoace"
    name = message("Ace to Ace")
    description = message(
        "Fourteen deals, wild Aces, then 2s ... Kings, then Aces again; melds less hands."
    )
    min_players = 2
    max_players = 4
    meld_bound = 500
    entry_fields = (OUT, MELDS, HANDS)

    @classmethod
    def value_table(cls, options):
        return ValueTable(face_values(A=15), wild=25)

    @classmethod
    def hand_cards(cls, options, players):
        return 8

    @classmethod
    def wild_ranks(cls, options):
        return frozenset(RANKS)

    @classmethod
    def pad_rules(cls, options):
        return (
            message("Each deal: melds less the cards left in hand."),
            message("Highest total after deal 14 wins; ties share."),
        )

    def prepare(self):
        self.fixed_deals = len(WILDS)

    def wild(self, number):
        return WILDS[number - 1] if number <= len(WILDS) else None
