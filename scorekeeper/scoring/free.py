"""``free``: a free score pad for any game without its own rules (docs/rules.md, Free)."""

from __future__ import annotations

from .entries import EntryField
from .messages import message
from .options import OptionSpec, yes_no
from .variant import Deal, Variant

MOST = 999_999  # the largest score of one deal, either way


class Free(Variant):
    id = "free"
    name = message("Free score pad")
    pad_title = message("Free score pad")  # its name is already a pad's: not "... score pad"
    description = message(
        "Any game without its own rules: enter each player's score after each deal; "
        "higher or lower wins, to a target or a number of rounds."
    )
    min_players = 1
    max_players = 20
    optional_sides = True  # given seats, the players are sides
    max_sides = 10
    max_seats = 20
    has_cards = False
    options = (
        OptionSpec(
            "higher_wins",
            "bool",
            True,
            help=message("Ticked: the highest total wins; unticked: the lowest (a penalty game)."),
            label=message("The highest total wins"),
            words=yes_no(message("Highest total wins"), message("Lowest total wins")),
        ),
        OptionSpec(
            "target",
            "int",
            None,
            nullable=True,
            minimum=-100_000_000,
            maximum=100_000_000,
            help=message(
                "The game ends after a deal in which a total reaches this; blank: no target."
            ),
            label=message("Game to"),
            words=lambda value, options: message("Game to %(target)s", target=value),
        ),
        OptionSpec(
            "rounds",
            "int",
            None,
            nullable=True,
            minimum=1,
            maximum=Variant.max_deals,
            help=message("The game ends after this many deals; blank: no fixed number."),
            label=message("Number of deals"),
        ),
        OptionSpec(
            "zero_sum",
            "bool",
            False,
            help=message("Every deal's scores must sum to 0 (points change hands)."),
            label=message("Scores sum to 0 every deal"),
            words=yes_no(
                message("Every deal's scores add up to 0"), message("Scores need not add up to 0")
            ),
        ),
    )
    entry_fields = (
        EntryField(
            "scores",
            "signed_per_player",
            message("Each player's score for the deal (may be negative)."),
            label=message("Score"),
        ),
    )

    @classmethod
    def wins_higher(cls, options):
        return options["higher_wins"]  # the table says which way its pad ranks

    @classmethod
    def pad_rules(cls, options):
        rules = [
            message("Write each player's score every deal; the total runs on.")
            if not options["zero_sum"]
            else message("Write each player's score every deal; a deal's scores add up to 0.")
        ]
        if options["higher_wins"]:
            rules.append(message("Highest total wins; ties share."))
        else:
            rules.append(message("Lowest total wins; ties share."))
        if options["target"] is not None:
            rules.append(
                message("The game ends when a total reaches %(target)s.", target=options["target"])
            )
        if options["rounds"] is not None:
            rules.append(message("The game ends after %(deals)s deals.", deals=options["rounds"]))
        return tuple(rules)

    def prepare(self):
        self.fixed_deals = self.rules["rounds"]
        self.target = self.rules["target"]

    def bounds(self):
        return {"scores": (-MOST, MOST)}

    def is_over(self, deal: Deal) -> bool:
        if self.fixed_deals is not None and deal.number >= self.fixed_deals:
            return True
        return self.target is not None and max(self.totals) >= self.target

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        scores = values.get("scores") or [None] * self.n
        if "scores" not in errors:
            for seat, score in enumerate(scores):
                player = self.players[seat]
                if score is None and f"scores.{player}" not in errors:
                    errors[f"scores.{player}"] = message(
                        "Enter %(player)s's score (0 for none)", player=player
                    )
        if self.rules["zero_sum"] and not errors and sum(scores):
            errors["scores"] = message(
                "must sum to 0 in a zero-sum game: these sum to %(total)s", total=sum(scores)
            )
        self.refuse(errors, number)
        best = self.best(scores)
        winner = best[0] if len(best) == 1 else None
        return self.deal(number, accepted, scores, winner, winner)
