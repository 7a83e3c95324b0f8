"""``rummikub``: Rummikub, scored as the Pressman/Goliath rule sheet does: the player who
empties their rack collects what is left on the others' racks (docs/rules.md section 16)."""

from __future__ import annotations

from typing import Any

from .cards import ValueTable
from .entries import EntryField
from .messages import message
from .options import OptionSpec
from .shared_options import card_count_option
from .variant import Deal, Variant

TILES = {str(number): number for number in range(1, 14)}
# The whole set less its jokers: 1-13 twice in four colours (3 times with 5-6 players).
SET_VALUE = sum(TILES.values()) * 4 * 2
XP_VALUE = sum(TILES.values()) * 4 * 3
XP_PLAYERS = 5  # from this many players the 6-player edition (160 tiles, 4 jokers)


def set_value(options: Any, players: int) -> int:
    """The value of every tile in the set: the most the racks of a deal can hold."""
    if players >= XP_PLAYERS:
        return XP_VALUE + 4 * options["joker"]
    return SET_VALUE + 2 * options["joker"]


class Rummikub(Variant):
    id = "rummikub"
    name = message("Rummikub")
    description = message(
        "Tiles 1 to 13 and jokers: who empties their rack collects what is left on the "
        "others' racks; highest total wins."
    )
    min_players = 2
    max_players = 6
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "racks": {
            "en": "on the rack|rack|left|holds",
            "fr": "sur le chevalet|chevalet|reste|chevalets",
            "es": "en el atril|atril|le queda|queda|le quedan|quedan|atriles",
            "pl": "na stojaku|stojak|zostalo|na stojakach",
            "de": "auf dem bankchen|bankchen|ubrig|rest",
            "hi": "रैक पर|रैक|बचे",
        },
    }
    dealer_plays_first = True
    piece_word = message("Tile")
    runs_out = "pool"
    options = (
        card_count_option(
            "joker",
            "joker",
            30,
            message("What a joker left on a rack counts (50 in Mind Sports Olympiad events)."),
            minimum=0,
            maximum=100,
            label=message("A joker left on a rack counts"),
        ),
        OptionSpec(
            "rounds",
            "int",
            1,
            nullable=True,
            minimum=1,
            maximum=20,
            help=message(
                "Rounds to play (in a round each player plays first once); blank: no fixed "
                "number of deals."
            ),
            label=message("Rounds"),
        ),
        OptionSpec(
            "target",
            "int",
            None,
            nullable=True,
            minimum=1,
            maximum=100_000,
            help=message("The game ends after a deal in which a total reaches this; blank: none."),
            label=message("Game to"),
            words=lambda value, options: message("Game to %(target)s", target=value),
        ),
        OptionSpec(
            "rank_by",
            "choice",
            "points",
            ("points", "wins"),
            message(
                "Who wins the game: the highest total, or the most deals won (then the "
                "highest total)."
            ),
            label=message("Who wins"),
            choice_labels=(
                message("The highest total"),
                message("The most deals won"),
            ),
            words=lambda value, options: (
                message("The most deals won wins, then the highest total")
                if value == "wins"
                else message("The highest total wins")
            ),
        ),
        OptionSpec(
            "winner_bonus",
            "int",
            0,
            minimum=0,
            maximum=500,
            help=message("League rule: added to the deal's winner (e.g. 50)."),
            label=message("Bonus to the deal's winner"),
            words=lambda value, options: message("The deal's winner adds %(points)s", points=value),
        ),
        OptionSpec(
            "loser_cap",
            "int",
            None,
            nullable=True,
            minimum=1,
            maximum=500,
            help=message(
                "League rule: a loser loses at most this in a deal (e.g. 25); blank: no cap."
            ),
            label=message("The most a loser loses in a deal"),
            words=lambda value, options: (
                message("No cap on a loser's minus")
                if value is None
                else message("A loser loses at most %(points)s a deal", points=value)
            ),
        ),
    )
    entry_fields = (
        EntryField(
            "out",
            "player",
            message(
                "Who emptied their rack, or nobody when the pool ran out and nobody could play."
            ),
        ),
        EntryField(
            "racks",
            "per_player",
            message(
                "Value of the tiles left on each other player's rack (every player's when "
                "nobody went out); a joker counts the joker option."
            ),
        ),
    )

    @classmethod
    def value_table(cls, options):
        return ValueTable({}, named={**TILES, "Joker": options["joker"]})

    @classmethod
    def hand_bound(cls, options, players):
        return set_value(options, players)

    def prepare(self):
        self.fixed_deals = None if self.rules["rounds"] is None else self.rules["rounds"] * self.n
        self.target = self.rules["target"]
        self.wins = [0] * self.n

    def bounds(self):
        return {"racks": (set_value(self.rules, self.n), 1)}

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        players = self.players
        if "out" not in entry and "out" not in errors:
            errors["out"] = message("Choose who went out, or nobody when the pool ran out")
        out = values.get("out")
        racks = values.get("racks") or [None] * self.n
        if "out" not in errors and "racks" not in errors:
            for seat, rack in enumerate(racks):
                name = players[seat]
                if f"racks.{name}" in errors:
                    continue
                if seat == out:
                    if rack:
                        errors[f"racks.{name}"] = message(
                            "must be 0 or left out: %(player)s went out", player=name
                        )
                    racks[seat] = 0
                elif rack is None:
                    errors[f"racks.{name}"] = message(
                        "Enter what is left on %(player)s's rack", player=name
                    )
            bound = set_value(self.rules, self.n)
            if not errors and sum(racks) > bound:
                errors["racks"] = message(
                    "the racks together hold more than the whole set: at most %(bound)s",
                    bound=bound,
                )
        self.refuse(errors, number)
        by_seat, winner = self.points(out, racks)
        ended = {"result": "pool_out"} if out is None else {}  # the tiles ran out
        return self.deal(number, accepted, by_seat, winner, out, **ended)

    def points(self, out: int | None, racks: list[int]) -> tuple[list[int], int | None]:
        """The deal's points and its winner (None for a tie at a pool out)."""
        cap = self.rules["loser_cap"]
        low = 0 if out is not None else min(racks)
        winners = [out] if out is not None else [s for s, rack in enumerate(racks) if rack == low]
        by_seat = [0] * self.n
        for seat, rack in enumerate(racks):
            if seat not in winners:
                by_seat[seat] = -(rack - low if cap is None else min(rack - low, cap))
        collected = -sum(by_seat)
        if len(winners) == 1:
            by_seat[winners[0]] = collected + self.rules["winner_bonus"]
            return by_seat, winners[0]
        # A tie for the lowest rack: the sum is shared, the points over one each in seat order.
        share, odd = divmod(collected, len(winners))
        for rank, seat in enumerate(winners):
            by_seat[seat] = share + (rank < odd)
        return by_seat, None

    def record(self, deal):
        if deal.winner is not None:
            self.wins[self.seats.exact[deal.winner]] += 1
        super().record(deal)

    def is_over(self, deal):
        if self.fixed_deals is not None and deal.number >= self.fixed_deals:
            return True
        return self.target is not None and max(self.totals) >= self.target

    def leaders(self):
        if self.rules["rank_by"] == "points":
            return self.best(self.totals)
        most = max(self.wins)
        ahead = [seat for seat in range(self.n) if self.wins[seat] == most]
        top = max(self.totals[seat] for seat in ahead)
        return [seat for seat in ahead if self.totals[seat] == top]

    def decide_winners(self, deal):
        return self.leaders()

    def extras(self):
        return {"wins": dict(zip(self.players, self.wins, strict=True))}
