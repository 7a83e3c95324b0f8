"""The variant base classes: what every game shares, whatever its scoring.

A variant is a class: its class attributes are its catalogue entry (id, options,
entry fields ...) and an instance is one game being derived, entry by entry, in
the manner of python-chess's board variants. ``play`` checks an entry and scores
it in one pass, and the game changes only once the entry is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import ValueTable, face_values
from .entries import EntryField, EntryReader, Seats
from .errors import GameOverError, ScoringError
from .options import OptionSpec, resolve

if TYPE_CHECKING:
    from .game import Setup


class Deal:
    """One scored deal. ``points`` is what it adds to each total."""

    __slots__ = (
        "adjustment",
        "by_seat",
        "dealer",
        "entry",
        "multiplier",
        "number",
        "points",
        "press",
        "scored_in",
        "went_out",
        "wild",
        "winner",
    )

    def __init__(
        self,
        number: int,
        dealer: str,
        entry: dict,
        by_seat: list[int],
        points: dict[str, int],
        winner: str | None,
        went_out: int | None,
        wild: str | None = None,
        multiplier: int = 1,
        press: bool = False,
        adjustment: dict[str, int] | None = None,
        scored_in: tuple[int, ...] | None = None,
    ):
        self.number = number
        self.dealer = dealer
        self.entry = entry
        self.by_seat = by_seat
        self.points = points
        self.winner = winner
        self.went_out = went_out  # the seat paid deal_winner_cents, if any
        self.wild = wild
        self.multiplier = multiplier
        self.press = press
        self.adjustment = adjustment  # Auto-Press, deal 1 only
        self.scored_in = scored_in  # Hollywood gin: the games (0, 1, 2) the deal scored in

    def as_dict(self) -> dict[str, Any]:
        described = {
            "number": self.number,
            "dealer": self.dealer,
            "wild": self.wild,
            "multiplier": self.multiplier,
            "press": self.press,
            "entry": self.entry,
            "points": dict(self.points),
            "winner": self.winner,
        }
        if self.adjustment is not None:
            described["adjustment"] = dict(self.adjustment)
        return described


class Variant:
    """A variant's catalogue entry (class attributes) and one game of it (an instance)."""

    id: ClassVar[str]
    name: ClassVar[str]
    description: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    higher_wins: bool = True  # an instance may decide otherwise from its options
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    entry_fields: ClassVar[tuple[EntryField, ...]] = ()
    has_melds: ClassVar[bool] = False
    allows_nobody_out: ClassVar[bool] = True
    meld_bound: ClassVar[int | None] = None
    step: ClassVar[int] = 1  # every entered value is a multiple of this

    # ------------------------------------------------------------ catalogue and setup

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "id": cls.id,
            "name": cls.name,
            "description": cls.description,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "higher_wins": cls.higher_wins,
            "has_melds": cls.has_melds,
            "allows_nobody_out": cls.allows_nobody_out,
            "options": [spec.describe() for spec in cls.options],
            "entry_fields": [f.describe() for f in cls.entry_fields],
        }

    @classmethod
    def resolve_options(cls, given: Any, players: int) -> tuple[dict[str, Any], dict[str, str]]:
        options, errors = resolve(cls.options, given, "options", cls.id)
        for spec in cls.options:
            if options[spec.name] is None and not spec.nullable:
                options[spec.name] = cls.computed_default(spec.name, options, players)
        if not errors:
            errors = cls.check_options(options, players)
        return options, errors

    @classmethod
    def computed_default(cls, name: str, options: Mapping[str, Any], players: int) -> Any:
        raise LookupError(f"{cls.id} has no computed default for {name}")

    @classmethod
    def check_options(cls, options: Mapping[str, Any], players: int) -> dict[str, str]:
        """Errors in how the options go together."""
        return {}

    @classmethod
    def value_table(cls, options: Mapping[str, Any]) -> ValueTable:
        return ValueTable(face_values())

    @classmethod
    def hand_cards(cls, options: Mapping[str, Any], players: int) -> int:
        raise NotImplementedError

    @classmethod
    def hand_bound(cls, options: Mapping[str, Any], players: int) -> int:
        """Cards in hand x the highest card value under the options."""
        return cls.hand_cards(options, players) * cls.value_table(options).highest

    @classmethod
    def wild_ranks(cls, options: Mapping[str, Any]) -> frozenset[str]:
        """The ranks the card counter accepts as the deal's wild rank."""
        return frozenset()

    # ------------------------------------------------------------ one game

    def __init__(self, setup: Setup):
        self.setup = setup
        self.players = tuple(setup.players)
        self.n = len(self.players)
        self.rules = self._resolved(setup.options)
        self.seats = Seats(self.players)
        first = self.seats.find(setup.first_dealer)
        if first is None:
            raise ScoringError({"first_dealer": "must be one of the players"})
        self.first = first
        # The end rule: a fixed number of deals, else a total reaching the target.
        self.fixed_deals: int | None = None
        self.target: int | None = None
        self.totals = [0] * self.n
        self.deals: list[Deal] = []
        self.finished = False
        self.winners: list[int] = []
        self.prepare()
        disabled = {f.name: f.needs() for f in self.entry_fields if not self.takes(f)}
        self.reader = EntryReader(self.id, self.entry_fields, self.seats, self.bounds(), disabled)

    def prepare(self) -> None:
        """Set up what the variant's own rules need from the options (its end rule ...)."""

    def _resolved(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """The setup's options, with defaults for any it lacks (a setup stored before an
        option existed); a setup from make_setup has them all and is used as it is."""
        if all(spec.name in options for spec in self.options):
            return options
        resolved, errors = self.resolve_options(options, self.n)
        if errors:
            raise ScoringError(errors, "The game's stored options are not valid.")
        return resolved

    def takes(self, field: EntryField) -> bool:
        """Whether this game's entries may give ``field``."""
        if field.option is None:
            return True
        value = self.rules[field.option]
        return bool(value) if field.when is None else value == field.when

    def bounds(self) -> dict[str, tuple[int, int]]:
        """Each per-player entry field's (bound, step)."""
        bounds = {"hands": (self.hand_bound(self.rules, self.n), self.step)}
        if self.meld_bound is not None:
            bounds["melds"] = (self.meld_bound, self.step)
        return bounds

    def dealer(self, number: int) -> str:
        return self.players[(self.first + number - 1) % self.n]

    def wild(self, number: int) -> str | None:
        """The wild rank of deal ``number`` as known before it is played."""
        return None

    def multiplier(self, number: int, wild: str | None) -> int:
        return 1

    def press(self, number: int) -> bool:
        return False

    def play(self, entry: Any) -> Deal:
        """Check ``entry`` as the next deal, score it and add it to the game."""
        if self.finished:
            raise GameOverError(
                {"deals": f"the game ended with deal {len(self.deals)}: no more deals"},
                "The game is over: correct an earlier deal instead.",
            )
        if not isinstance(entry, dict):
            raise ScoringError({"entry": "must be an object"}, "A deal's entry must be an object.")
        deal = self.score(entry, len(self.deals) + 1)
        self.record(deal)
        return deal

    def score(self, entry: dict, number: int) -> Deal:
        """The deal ``entry`` makes, raising ScoringError if it breaks a rule."""
        raise NotImplementedError

    def refuse(self, errors: dict[str, str], number: int) -> None:
        if errors:
            raise ScoringError(errors, f"Deal {number} cannot be recorded as given.")

    def deal(
        self,
        number: int,
        entry: dict,
        by_seat: list[int],
        winner: int | None,
        went_out: int | None,
        **figures: Any,
    ) -> Deal:
        players = self.players
        return Deal(
            number,
            players[(self.first + number - 1) % self.n],
            entry,
            by_seat,
            dict(zip(players, by_seat, strict=True)),
            None if winner is None else players[winner],
            went_out,
            **figures,
        )

    def record(self, deal: Deal) -> None:
        self.deals.append(deal)
        totals = self.totals
        for seat, points in enumerate(deal.by_seat):
            totals[seat] += points
        if self.is_over(deal):
            self.finished = True
            self.winners = self.decide_winners(deal)

    def is_over(self, deal: Deal) -> bool:
        if self.fixed_deals is not None:
            return deal.number >= self.fixed_deals
        return max(self.totals) >= self.target

    def decide_winners(self, deal: Deal) -> list[int]:
        return self.best(self.totals)

    def best(self, scores: list[int]) -> list[int]:
        """The seats with the best of ``scores``, in seat order."""
        top = max(scores) if self.higher_wins else min(scores)
        return [seat for seat, score in enumerate(scores) if score == top]

    def leaders(self) -> list[int]:
        return self.best(self.totals)

    def next_deal(self) -> dict[str, Any] | None:
        if self.finished:
            return None
        number = len(self.deals) + 1
        wild = self.wild(number)
        return {
            "number": number,
            "dealer": self.dealer(number),
            "wild": wild,
            "multiplier": self.multiplier(number, wild),
            "press": self.press(number),
        }

    def press_offer(self) -> dict[str, Any] | None:
        return None

    # ------------------------------------------------------------ what settlement needs

    def standings(self) -> list[int]:
        """The figures money is settled on, by seat."""
        return self.totals

    def payees(self) -> list[int]:
        """Who receives in ``winner`` mode: the winners, or the leaders so far."""
        return self.winners if self.finished else self.leaders()

    def debts(self) -> list[tuple[int, tuple[int, ...], int]]:
        """``per_deal`` stakes: (debtor, creditors sharing, points) for every deal."""
        raise NotImplementedError(f"{self.id} has no per_deal settlement")

    def extras(self) -> dict[str, Any]:
        """Variant-specific members of the game state."""
        return {}


class OutVariant(Variant):
    """Variants whose entry says who went out (or nobody) and what each hand holds."""

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        if "out" not in entry:
            errors["out"] = "Choose who went out, or that nobody did"
        out = values.get("out")
        hands = self.required(values, "hands", errors, exempt=out)
        melds = self.required(values, "melds", errors) if self.has_melds else None
        self.check(values, out, number, errors)
        self.refuse(errors, number)
        return self.score_deal(number, accepted, values, out, hands, melds)

    def required(
        self, values: dict[str, Any], field: str, errors: dict[str, str], exempt: int | None = None
    ) -> list[int]:
        """``field``'s value for every player but ``exempt`` (who went out), who has 0."""
        by_seat = values.get(field)
        if by_seat is None:
            by_seat = [None] * self.n
        if field in errors or "out" in errors:
            return by_seat  # who needs a value is unknown
        for seat, value in enumerate(by_seat):
            if seat == exempt:
                if value:
                    errors[f"{field}.{self.players[seat]}"] = (
                        f"must be 0 or left out: {self.players[seat]} went out"
                    )
                by_seat[seat] = 0
            elif value is None and f"{field}.{self.players[seat]}" not in errors:
                name = self.players[seat]
                errors[f"{field}.{name}"] = (
                    f"is required: {name} did not go out" if field == "hands" else "is required"
                )
        return by_seat

    def check(
        self, values: dict[str, Any], out: int | None, number: int, errors: dict[str, str]
    ) -> None:
        """Variant-specific rules an entry must keep, beyond its fields' own."""

    def score_deal(
        self,
        number: int,
        entry: dict,
        values: dict[str, Any],
        out: int | None,
        hands: list[int],
        melds: list[int] | None,
    ) -> Deal:
        raise NotImplementedError


class MeldVariant(OutVariant):
    """Each player scores what they melded less what is left in hand."""

    has_melds = True

    def score_deal(self, number, entry, values, out, hands, melds):
        by_seat = [meld - hand for meld, hand in zip(melds, hands, strict=True)]
        if out is not None:
            by_seat[out] += self.rules.get("out_bonus", 0)
        return self.deal(number, entry, by_seat, out, out, wild=self.wild(number))
