"""``threethirteen``: 3-13, eleven deals from 3 cards (3s wild) to 13 (Kings wild) with one
ordinary pack; the rising wild is Five Crowns' (docs/rules.md section 18)."""

from __future__ import annotations

from .cards import ValueTable
from .five_crowns import RisingWild, rising_wild_fields
from .messages import message
from .shared_options import card_count_option, face_ranks, face_values_option


class ThreeThirteen(RisingWild):
    id = "threethirteen"
    name = message("3-13")
    description = message(
        "Eleven deals from 3 cards to 13, the wild rank rising with them, with ordinary "
        "packs; penalty points, lowest total wins."
    )
    min_players = 2
    max_players = 8
    options = (
        face_values_option(message("J, Q and K count 10 each, or J 11, Q 12, K 13.")),
        card_count_option(
            "wild",
            "wild_value",
            None,
            message(
                "House rule: a card of the deal's wild rank left in hand counts this "
                "(e.g. 20); blank: its ordinary value."
            ),
            maximum=100,
            label=message("A wild card left in hand counts"),
        ),
    )
    entry_fields = rising_wild_fields(
        message(
            "Value of each other player's cards outside sets and runs after their last "
            "turn (0 if they went out too)."
        )
    )

    @classmethod
    def value_table(cls, options):
        ranks = face_ranks(options)
        # Without wild_value a wild card counts its ordinary value: no wild value of its own.
        return ValueTable(ranks, wild=options["wild_value"])
