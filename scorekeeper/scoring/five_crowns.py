"""``five_crowns``: Five Crowns, eleven deals from 3 cards (3s wild) to 13 (Kings wild).

The rising wild (``RisingWild``) is shared with 3-13 (``threethirteen``)."""

from __future__ import annotations

from .cards import RANKS, ValueTable, face_values
from .entries import EntryField, number_message
from .messages import Message, message
from .shared_options import out_bonus_option
from .variant import OutVariant

WILDS = RANKS[2:]  # deal k deals k + 2 cards and that rank is wild: 3, 4 ... 10, J, Q, K
JOKER_VALUE = 50


def cards_dealt(number: int) -> int:
    return number + 2


def rising_wild_fields(hands: Message) -> tuple[EntryField, ...]:
    """A rising-wild deal's entry: who went out first, and each other hand (``hands``
    says which cards count)."""
    return (
        EntryField("out", "player", message("Who went out first.")),
        EntryField("hands", "per_player", hands),
    )


class RisingWild(OutVariant):
    """Eleven deals: deal k deals k + 2 cards and that rank is wild; the first player out
    scores 0 (less any ``out_bonus``), everyone else their hand, within the deal's bound."""

    higher_wins = False
    allows_nobody_out = False
    pad_wild = True  # each deal's wild rank, known before it, printed on its row

    @classmethod
    def hand_cards(cls, options, players):
        return cards_dealt(len(WILDS))  # the largest bound; each deal checks its own

    @classmethod
    def wild_ranks(cls, options):
        return frozenset(WILDS)

    def prepare(self):
        self.fixed_deals = len(WILDS)
        self.highest = self.value_table(self.rules).highest

    def wild(self, number):
        return WILDS[number - 1] if number <= len(WILDS) else None

    def foreseen(self, number):
        foreseen = super().foreseen(number)
        if number <= len(WILDS):
            foreseen["cards"] = cards_dealt(number)
        return foreseen

    def deal_bounds(self, number):
        bounds = super().deal_bounds(number)
        bounds["hands"] = (cards_dealt(number) * self.highest, bounds["hands"][1])
        return bounds

    def check(self, values, out, number, errors):
        bound = cards_dealt(number) * self.highest
        for seat, hand in enumerate(values.get("hands") or ()):
            name = self.players[seat]
            if hand is not None and hand > bound and f"hands.{name}" not in errors:
                errors[f"hands.{name}"] = message(
                    "%(problem)s: %(cards)s cards in deal %(number)s",
                    problem=number_message(bound),
                    cards=cards_dealt(number),
                    number=number,
                )

    def score_deal(self, number, entry, values, out, hands, melds):
        by_seat = list(hands)
        by_seat[out] = -self.rules.get("out_bonus", 0)
        return self.deal(number, entry, by_seat, out, out, wild=self.wild(number))


class FiveCrowns(RisingWild):
    id = "five_crowns"
    name = message("Five Crowns")
    description = message(
        "Eleven deals from 3 cards to 13, the wild rank rising with them; "
        "penalty points, lowest total wins."
    )
    min_players = 2
    max_players = 7
    options = (
        out_bonus_option(
            0, message("House rule: the first player out scores minus this (e.g. 10)."), maximum=100
        ),
    )
    entry_fields = rising_wild_fields(
        message(
            "Value of each other player's cards after their last turn (0 if they went out too)."
        )
    )

    @classmethod
    def value_table(cls, options):
        ranks = face_values(J=11, Q=12, K=13)
        del ranks["A"], ranks["2"]  # the pack runs 3 to K in five suits
        # A suit never changes a value, so the counter takes a rank alone (the stars
        # suit has no letter of its own).
        return ValueTable(ranks, wild=20, joker=JOKER_VALUE, ranks_alone=True)
