"""``kalooki``: Kalooki (Kaluki, Kalookie) and Scala 40: penalty points, a player reaching
the pool limit is eliminated and may buy back in, the last player left wins the pot
(docs/rules.md section 20). The pool machinery is pool rummy's (``pool.py``)."""

from __future__ import annotations

from .cards import ValueTable, face_values
from .entries import EntryField
from .messages import message
from .options import OptionSpec, yes_no
from .paper import Limit, PadPaper, SheetPaper
from .pool import PoolVariant, resolve_pot_stakes
from .shared_options import card_count_option
from .surface import Mark

HAND_CARDS = 14  # 13 dealt and the card drawn


class Kalooki(PoolVariant):
    id = "kalooki"
    name = message("Kalooki")
    description = message(
        "13 cards from two packs with jokers: penalty points, a player reaching the pool "
        "limit is out and may buy back in; the last player left wins."
    )
    min_players = 2
    max_players = 6
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "not_opened": {
            "en": "not opened|had not opened|never opened|not down",
            "fr": "pas ouvert|n a pas ouvert|pas pose|n avait pas ouvert",
            "es": "no abrio|sin abrir|no bajo|no abrieron",
            "pl": "nie otworzyl|nie otworzyla|nie wylozyl|nie otworzyli",
            "de": "nicht eroffnet|nicht ausgelegt|hat nicht eroffnet",
            "hi": "नहीं खोला|नहीं उतारा",
        },
    }
    higher_wins = False
    allows_nobody_out = False  # an exhausted stock is reshuffled
    options = (
        OptionSpec(
            "pool_limit",
            "int",
            150,
            minimum=10,
            maximum=1000,
            help=message(
                "A player whose total reaches this is eliminated (101 or 201 in Scala 40)."
            ),
            label=message("A player is out at"),
            words=lambda value, options: message("A total of %(limit)s eliminates", limit=value),
        ),
        card_count_option("ace", "ace", 11, message("What an Ace counts.")),
        card_count_option(
            "joker",
            "joker",
            15,
            message("What a Joker counts (25 in some UK rules and in Scala 40)."),
        ),
        OptionSpec(
            "one_turn_double",
            "bool",
            False,
            help=message(
                "Going out all at once doubles every other player's penalty (Scala 40's "
                "chiusura in mano)."
            ),
            label=message("Going out all at once doubles"),
            words=yes_no(
                message("Going out all at once doubles the others' penalties"),
                message("Going out all at once doubles nothing"),
            ),
        ),
        OptionSpec(
            "not_opened_penalty",
            "int",
            None,
            nullable=True,
            minimum=1,
            maximum=500,
            help=message(
                "A player who had not laid down when someone went out scores this instead of "
                "their hand (100 in Scala 40); blank: their hand counts."
            ),
            label=message("Not laid down when someone goes out"),
            words=lambda value, options: (
                message("Not having laid down counts the hand")
                if value is None
                else message("Not having laid down counts %(points)s", points=value)
            ),
        ),
        OptionSpec(
            "rejoin",
            "bool",
            True,
            help=message("An eliminated player may buy back in at the highest total still in."),
            label=message("Buying back in"),
        ),
    )
    entry_fields = (
        EntryField("out", "player", message("Who went out.")),
        EntryField(
            "hands",
            "per_player",
            message("Value of the cards each other player taking part holds."),
        ),
        EntryField(
            "one_turn",
            "bool",
            message("Who went out laid the whole hand in one turn, having laid nothing before."),
            label=message("Went out in one turn, having laid nothing before"),
            said=message("went out in one turn"),
        ),
        EntryField(
            "not_opened",
            "players",
            message("Players taking part who had not laid down when the deal ended."),
        ),
        EntryField(
            "rejoin",
            "players",
            message("Eliminated players buying back in before this deal."),
            option="rejoin",
            for_sitting_out=True,
        ),
    )

    @classmethod
    def deal_marks(cls, deal, options, running):
        """Who bought back in before the deal, went out in one turn, had not laid
        down (scoring the fixed penalty where the rules set one) or was eliminated."""
        entry = deal.entry
        marks = [
            Mark(name, "rejoined", message("bought back in")) for name in entry.get("rejoin") or ()
        ]
        if entry.get("one_turn") and entry.get("out"):
            words = (
                message("went out in one turn: the others' points doubled")
                if options["one_turn_double"]
                else message("went out in one turn")
            )
            marks.append(Mark(entry["out"], "one_turn", words))
        fixed = options["not_opened_penalty"] is not None
        for name in entry.get("not_opened") or ():
            words = (
                message("had not laid down: the fixed penalty")
                if fixed
                else message("had not laid down")
            )
            marks.append(Mark(name, "not_opened", words))
        limit = options["pool_limit"]
        marks += [
            Mark(name, "eliminated", message("eliminated"))
            for name, total in running.items()
            if total >= limit > total - deal.points[name]
        ]
        return tuple(marks)

    @classmethod
    def sheet_paper(cls, state, options):
        return SheetPaper(limit=_limit(options))

    @classmethod
    def pad_paper(cls, options):
        return PadPaper(limit=_limit(options))

    @classmethod
    def usual_stake_mode(cls, options):
        return "pot"  # the only stakes Kalooki takes

    @classmethod
    def resolve_stakes(cls, given, options):
        return resolve_pot_stakes(
            given, ("pot",), message("Kalooki is played for a pot: the mode must be pot")
        )

    @classmethod
    def value_table(cls, options):
        return ValueTable(face_values(A=options["ace"]), joker=options["joker"])

    @classmethod
    def hand_cards(cls, options, players):
        return HAND_CARDS

    def prepare(self):
        super().prepare()
        self.limit = self.rules["pool_limit"]

    def score(self, entry, number):
        values, accepted, errors = self.reader.read(entry)
        players = self.players
        playing = set(self.taking_part())
        rejoined = self.rejoiners(values.get("rejoin") or [], playing, errors)
        change = self.rejoin_change(rejoined)
        playing.update(rejoined)
        out = values.get("out")
        if out is None and "out" not in errors:
            errors["out"] = message("Choose who went out")
        elif out is not None and out not in playing:
            errors["out"] = self._absent(out)
        not_opened = values.get("not_opened") or []
        for seat in not_opened:
            if seat == out:
                errors[f"not_opened.{players[seat]}"] = message(
                    "%(player)s went out: going out means having laid down", player=players[seat]
                )
            elif seat not in playing:
                errors[f"not_opened.{players[seat]}"] = self._absent(seat)
        penalties = self._penalties(values, out, playing, set(not_opened), errors)
        self.refuse(errors, number)
        by_seat = [penalty + change.get(seat, 0) for seat, penalty in enumerate(penalties)]
        return self.deal(number, accepted, by_seat, out, out, extras=self.rejoin_extras(change))

    def _penalties(
        self, values: dict, out: int | None, playing: set[int], not_opened: set[int], errors: dict
    ) -> list[int]:
        """Each player's penalty for the deal, noting what is missing or misplaced."""
        rules = self.rules
        fixed = rules["not_opened_penalty"]
        times = 2 if values.get("one_turn") and rules["one_turn_double"] else 1
        hands = values.get("hands") or [None] * self.n
        penalties = [0] * self.n
        known = "out" not in errors and "hands" not in errors
        for seat, hand in enumerate(hands):
            name = self.players[seat]
            key = f"hands.{name}"
            if key in errors or not known:
                continue
            flat = fixed is not None and seat in not_opened
            if seat not in playing:
                if hand is not None:
                    errors[key] = self._absent(seat)
            elif seat == out:
                if hand:
                    errors[key] = message("must be 0 or left out: %(player)s went out", player=name)
            elif flat and hand is not None:
                errors[key] = message(
                    "must be left out: %(player)s had not laid down and scores %(penalty)s",
                    player=name,
                    penalty=fixed,
                )
            elif flat:
                penalties[seat] = fixed * times
            elif hand is None:
                errors[key] = message(
                    "Enter what %(player)s held: %(player)s did not go out", player=name
                )
            else:
                penalties[seat] = hand * times
        return penalties

    def _absent(self, seat: int) -> str:
        return message(
            "%(player)s is out of the pool and takes no part in this deal (rejoin first)",
            player=self.players[seat],
        )

    def is_over(self, deal):
        return len(self.active()) == 1

    def leaders(self):
        return self.pool_leaders()

    def decide_winners(self, deal):
        return self.leaders()


def _limit(options) -> Limit:
    """The pool limit as the paper marks it: an Italian Scala 40 sheet's line at 101."""
    limit = options["pool_limit"]
    return Limit(message("A total of %(limit)s eliminates", limit=limit), limit)
