"""Reading an entry: field kinds, player names, whole numbers within bounds.

One pass over the entry checks every field it has and returns the values by
seat, the entry as accepted (player names in their seat spelling) and the
field-level errors. What a value *means* (who may have a hand value, what is
required) is the variant's business.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import JOKER, card_name, parse_card, parse_rank
from .messages import Message, message

# The kinds of entry field, by name: each a Kind (below) that reads its values.
KINDS: dict[str, Kind] = {}
# What a kind's field may declare beside its name: only the kinds that need one have it.
DECLARED = ("choices", "length")


@dataclass(frozen=True)
class EntryField:
    name: str
    kind: str  # a name in KINDS
    help: Message
    option: str | None = None  # the option the field depends on
    when: Any = None  # the value that option must have (None: any true value)
    choices: tuple[str, ...] | None = None  # choice_per_player: what each player may have
    length: int | None = None  # ranks_per_player: how many ranks each player has
    # What the pages call the field, where the variant names it its own way
    # (Burraco's clean burracos rather than Hand and Foot's clean books).
    label: Message | None = None
    # "players" fields only: whoever went out is always one of them (Phase 10's
    # completed: going out means laying down the phase first), so a form ticks them.
    includes_out: bool = False
    # Never whoever went out (Indian rummy's winner neither dropped nor showed wrongly).
    excludes_out: bool = False

    def __post_init__(self) -> None:
        # A variant's own mistakes, caught at import.
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: kind must be one of {', '.join(KINDS)}")
        for attribute in DECLARED:
            if (attribute in KINDS[self.kind].needs) != (getattr(self, attribute) is not None):
                kinds = ", ".join(k for k, kind in KINDS.items() if attribute in kind.needs)
                raise ValueError(f"{self.name}: {attribute} goes with {kinds}, and only there")

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "help": self.help,
            "option": self.option,
            "when": self.when,
            "choices": None if self.choices is None else list(self.choices),
            **({} if self.length is None else {"length": self.length}),
        }

    def needs(self) -> Message:
        """What a game must have for an entry to give this field."""
        if self.when is None:
            return message("only with the %(option)s option", option=self.option)
        return message("only with %(option)s %(value)s", option=self.option, value=self.when)


class Seats:
    """The players of one game, found by name however an entry spells it."""

    __slots__ = ("_folded", "exact", "names")

    def __init__(self, names: Sequence[str]):
        self.names = tuple(names)
        self.exact = {name: seat for seat, name in enumerate(self.names)}
        self._folded = {name.casefold(): seat for seat, name in enumerate(self.names)}

    def find(self, name: object) -> int | None:
        if not isinstance(name, str):
            return None
        seat = self.exact.get(name)
        if seat is None:
            seat = self._folded.get(name.strip().casefold())
        return seat


def parse_rank_or_joker(text: object) -> str | None:
    """A rank in its canonical spelling, "Joker" (any case) included, else None."""
    if isinstance(text, str) and text.strip().casefold() == JOKER.casefold():
        return JOKER
    return parse_rank(text)


def number_message(bound: int, step: int = 1) -> Message:
    if step == 1:
        return message("must be a whole number from 0 to %(bound)s", bound=bound)
    return message("must be a multiple of %(step)s from 0 to %(bound)s", step=step, bound=bound)


def _unset(value: Any) -> bool:
    """A field left empty: absent, null, false, [] or a map of nothing but 0s (a form
    that sends every field with its zeros) say nothing."""
    if isinstance(value, dict):
        return all(_unset(item) or (type(item) is int and item == 0) for item in value.values())
    return value is None or value is False or (isinstance(value, list) and not value)


class EntryReader:
    """Reads one variant's entries for one game."""

    def __init__(
        self,
        variant_id: str,
        fields: Iterable[EntryField],
        seats: Seats,
        bounds: Mapping[str, tuple[int, int]],
        disabled: Mapping[str, str],
    ):
        self.variant_id = variant_id
        self.seats = seats
        # per_player field -> (bound, step); signed_per_player field -> (least, most)
        self.bounds = bounds
        self.disabled = disabled  # field -> why this game does not take it
        self.fields = tuple(f for f in fields if f.name not in disabled)
        self.allowed = frozenset(f.name for f in self.fields) | {"number"}

    def read(self, entry: dict) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
        """``(values, accepted, errors)``: values holds only the fields the entry has."""
        errors: dict[str, str] = {}
        changes: dict[str, Any] = {}
        if not self.allowed.issuperset(entry):
            self._unknown_fields(entry, errors)
        values: dict[str, Any] = {}
        for field in self.fields:
            if field.name in entry:
                value = KINDS[field.kind].read(self, field, entry[field.name], errors, changes)
                if value is not UNSAID:
                    values[field.name] = value
        if changes or "number" in entry:
            accepted = {**entry, **changes}
            accepted.pop("number", None)
        else:
            accepted = entry
        return values, accepted, errors

    def _unknown_fields(self, entry: dict, errors: dict[str, str]) -> None:
        for key in entry:
            if key in self.allowed:
                continue
            reason = self.disabled.get(key)
            if reason is None:
                if self.variant_id[0] in "aeiou":
                    unknown = message(
                        "is not a field of an %(variant)s entry", variant=self.variant_id
                    )
                else:
                    unknown = message(
                        "is not a field of a %(variant)s entry", variant=self.variant_id
                    )
                errors[str(key)] = unknown
            elif not _unset(entry[key]):
                errors[key] = reason

    def by_seat(
        self,
        name: str,
        raw: Any,
        expected: str,
        problem: Callable[[Any], str | None],
        errors: dict[str, str],
        changes: dict,
    ) -> list[Any]:
        """A map of player -> value read by seat (None where a player has none), each
        value checked by ``problem``; keys in another spelling are renamed."""
        names = self.seats.names
        by_seat: list[Any] = [None] * len(names)
        if raw is None:
            return by_seat
        if not isinstance(raw, dict):
            errors[name] = expected
            return by_seat
        exact = self.seats.exact
        renamed = False
        for key, value in raw.items():
            seat = exact.get(key)
            if seat is None:
                seat = self.seats.find(key)
                if seat is None:
                    errors[f"{name}.{key}"] = message("is not a player of this game")
                    continue
                renamed = True
            wrong = problem(value)
            if wrong is None:
                by_seat[seat] = value
            else:
                errors[f"{name}.{names[seat]}"] = wrong
        if renamed:
            self._rename(name, raw, errors, changes)
        return by_seat

    def _rename(self, name: str, raw: dict, errors: dict[str, str], changes: dict) -> None:
        """Key a per-player map by seat spelling; two spellings of one player are an error."""
        renamed: dict[str, Any] = {}
        for key, value in raw.items():
            seat = self.seats.find(key)
            if seat is not None:
                player = self.seats.names[seat]
                if player in renamed:
                    errors[f"{name}.{player}"] = message("is given twice")
                renamed[player] = value
        changes[name] = renamed


UNSAID = object()  # a Kind's read of a field that gives no value (a rank left null)


class Kind:
    """One kind of entry field: how the core reads its value from an entry. The web's
    half (its form widget and API schema) is web.fields'; a new kind is one class
    here, registered with ``@kind``, and one there."""

    name: ClassVar[str]
    needs: ClassVar[tuple[str, ...]] = ()  # of DECLARED: what its fields must declare

    def read(
        self, reader: EntryReader, field: EntryField, raw: Any, errors: dict, changes: dict
    ) -> Any:
        """The value by seat (or as the kind has it), or UNSAID; errors and
        respellings go into ``errors`` and ``changes`` by path."""
        raise NotImplementedError


def kind(cls: type[Kind]) -> type[Kind]:
    """Register ``cls`` as the reader of its kind (a class decorator)."""
    KINDS[cls.name] = cls()
    return cls


@kind
class PlayerKind(Kind):
    """One player, by name (who went out); null for nobody."""

    name = "player"

    def read(self, reader, field, raw, errors, changes):
        if raw is None:
            return None
        seats = reader.seats
        seat = seats.exact.get(raw) if isinstance(raw, str) else None
        if seat is None:
            seat = seats.find(raw)
            if seat is None:
                errors[field.name] = message("is not a player of this game")
            else:
                changes[field.name] = seats.names[seat]
        return seat


@kind
class PerPlayerKind(Kind):
    """A whole number per player, from 0 to the game's bound, in its steps."""

    name = "per_player"

    def read(self, reader, field, raw, errors, changes):
        bound, step = reader.bounds[field.name]
        wrong = number_message(bound, step)

        def problem(value: Any) -> str | None:
            ok = type(value) is int and 0 <= value <= bound and not value % step
            return None if ok else wrong

        expected = message("must be an object with a number for each player")
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)


@kind
class BoolKind(Kind):
    name = "bool"

    def read(self, reader, field, raw, errors, changes):
        if type(raw) is not bool:
            errors[field.name] = message("must be true or false")
        return raw is True


@kind
class RankKind(Kind):
    name = "rank"

    def read(self, reader, field, raw, errors, changes):
        if raw is None:
            return UNSAID
        rank = parse_rank(raw)
        if rank is None:
            errors[field.name] = message("must be a rank: A, 2 to 10, J, Q or K")
        elif rank != raw:
            changes[field.name] = rank
        return rank


@kind
class CardKind(Kind):
    name = "card"

    def read(self, reader, field, raw, errors, changes):
        if raw is None:
            return UNSAID
        card = parse_card(raw)
        if card is None or card[1] is None:
            errors[field.name] = message("must be a card such as 7S, 10H or QS")
            return None
        if card_name(*card) != raw:
            changes[field.name] = card_name(*card)
        return card


@kind
class PlayersKind(Kind):
    """Some of the players: the seats named, in seat order; an empty list for null."""

    name = "players"

    def read(self, reader, field, raw, errors, changes):
        name = field.name
        if raw is None:
            return []
        if not isinstance(raw, list):
            errors[name] = message("must be a list of players")
            return []
        seats: set[int] = set()
        spelled: list[str] = []
        for key in raw:
            seat = reader.seats.find(key)
            if seat is None:
                shown = key if isinstance(key, str) else repr(key)
                errors.setdefault(
                    name, message("%(name)s is not a player of this game", name=shown)
                )
                continue
            player = reader.seats.names[seat]
            if seat in seats:
                errors[f"{name}.{player}"] = message("names %(player)s twice", player=player)
            seats.add(seat)
            spelled.append(player)
        if spelled != raw:
            changes[name] = spelled
        return sorted(seats)


@kind
class ChoicePerPlayerKind(Kind):
    """Each player's choice by seat, None where a player has none."""

    name = "choice_per_player"
    needs = ("choices",)

    def read(self, reader, field, raw, errors, changes):
        choices = field.choices or ()
        wrong = message("must be %(choices)s", choices=" or ".join(choices))

        def problem(value: Any) -> str | None:
            return None if isinstance(value, str) and value in choices else wrong

        expected = message("must be an object with a choice for each player named")
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)


@kind
class SignedPerPlayerKind(Kind):
    """A whole number per player that may be negative, within the game's (least, most)."""

    name = "signed_per_player"

    def read(self, reader, field, raw, errors, changes):
        least, most = reader.bounds[field.name]
        wrong = message("must be a whole number from %(least)s to %(most)s", least=least, most=most)

        def problem(value: Any) -> str | None:
            return None if type(value) is int and least <= value <= most else wrong

        expected = message("must be an object with a number for each player")
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)


@kind
class BoolPerPlayerKind(Kind):
    """true or false for every player (a side that took its pozzetto ...)."""

    name = "bool_per_player"

    def read(self, reader, field, raw, errors, changes):
        wrong = message("must be true or false")

        def problem(value: Any) -> str | None:
            return None if type(value) is bool else wrong

        expected = message("must be an object with true or false for each player")
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)


@kind
class RanksPerPlayerKind(Kind):
    """``length`` ranks per player, "Joker" included (a golf grid ...), by seat in
    their canonical spelling."""

    name = "ranks_per_player"
    needs = ("length",)

    def read(self, reader, field, raw, errors, changes):
        length = field.length or 0
        wrong = message(
            "must be a list of %(count)s ranks: A, 2 to 10, J, Q, K or Joker", count=length
        )
        spelled: dict[int, list[str]] = {}

        def problem(value: Any) -> str | None:
            if not isinstance(value, list) or len(value) != length:
                return wrong
            ranks = [parse_rank_or_joker(item) for item in value]
            if None in ranks:
                return wrong
            if ranks != value:
                spelled[id(value)] = ranks
            return None

        expected = message("must be an object with a list of ranks for each player")
        by_seat = reader.by_seat(field.name, raw, expected, problem, errors, changes)
        if spelled and field.name not in errors:
            given = changes.get(field.name, raw)
            changes[field.name] = {
                player: spelled.get(id(ranks), ranks) for player, ranks in given.items()
            }
            by_seat = [spelled.get(id(ranks), ranks) for ranks in by_seat]
        return by_seat
