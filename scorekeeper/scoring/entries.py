"""Reading an entry: field kinds, player names, whole numbers within bounds.

One pass over the entry checks every field it has and returns the values by
seat, the entry as accepted (player names in their seat spelling) and the
field-level errors. What a value *means* (who may have a hand value, what is
required) is the variant's business.

A kind is one class (``Kind``; the kinds are in scoring.kinds, which the package
loads first so that they are in ``KINDS`` before any variant declares a field): how
the core reads its value, and as plain data what the surfaces need to ask for it (the
form's input, its prefill, the API's JSON Schema), so the web builds every kind with
one generic widget.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from .cards import JOKER, parse_rank
from .messages import Message, message

# The kinds of entry field, by name: each a Kind (below), the classes in scoring.kinds.
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
    # "players" fields only: marked by those sitting the deal out, not by those in it
    # (pool rummy's rejoin: an eliminated player buying back in keeps a number to give).
    for_sitting_out: bool = False
    # "bool" fields (a deal's flags): how the board's grid and the history say the flag
    # ("went rummy"), and the note a sheet prints beside whoever went out ("up for 2").
    said: Message | None = None
    noted: Message | None = None
    # "bool" fields only: set, the deal is void (nobody scores), and the form offers it
    # as the player field's "nobody" (gin's nobody knocked).
    voids_deal: bool = False
    # "bool" fields only: whoever went out with the flag holds nothing, so a reader
    # hearing it gives them 0 in the first plain value (gin's big gin: no deadwood).
    empties_hand: bool = False

    def __post_init__(self) -> None:
        # A variant's own mistakes, caught at import.
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: kind must be one of {', '.join(KINDS)}")
        if (self.voids_deal or self.empties_hand) and self.kind != "bool":
            raise ValueError(f"{self.name}: voids_deal and empties_hand go with bool only")
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


NUMBER = re.compile(r"-?[0-9]{1,9}")  # a minus only where the field takes one


def number_or_text(raw: Any) -> int | str | None:
    """A typed number as an int; blank as None; anything else as typed, for the
    services to refuse with their own message."""
    text = (raw or "").strip() if isinstance(raw, str) else ""
    if not text:
        return None
    return int(text) if NUMBER.fullmatch(text) else text


@cache  # made once per bound: a read makes it for every per-player field it reads
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
        # Each field with its kind's reader, looked up once per game, not once per deal.
        self._readers = tuple((f.name, KINDS[f.kind].read, f) for f in self.fields)

    def read(self, entry: dict) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
        """``(values, accepted, errors)``: values holds only the fields the entry has."""
        errors: dict[str, str] = {}
        changes: dict[str, Any] = {}
        if not self.allowed.issuperset(entry):
            self._unknown_fields(entry, errors)
        values: dict[str, Any] = {}
        for name, read, field in self._readers:
            if name in entry:
                value = read(self, field, entry[name], errors, changes)
                if value is not UNSAID:
                    values[name] = value
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
    """One kind of entry field, whole: how the core reads its value from an entry, and
    as data what the surfaces need to ask for it. A new kind is this one class,
    registered with ``@kind``; web.table.fields builds, reads, prefills and explains its
    form inputs from the declarations below, and the API's schema is ``schema``.

    A form's input: ``control`` is "text", "checkbox" or "select", which any surface
    builds from ``attrs``, ``choices`` and ``label``; or the name of a control a
    surface keeps for a kind that needs its own ("player": who went out, with nobody
    among the choices; "card": a rank and a suit). ``per_seat``: an input per player
    (``<field>_<seat>``, or ``<field>_<choice>_<seat>``: a checkbox per choice), the
    value a map of player -> value; else one input named as the field.
    """

    name: ClassVar[str]
    needs: ClassVar[tuple[str, ...]] = ()  # of DECLARED: what its fields must declare
    control: ClassVar[str] = "text"
    per_seat: ClassVar[bool] = False
    initial: ClassVar[Any] = UNSAID  # an input's data in a new deal (UNSAID: none)

    def read(
        self, reader: EntryReader, field: EntryField, raw: Any, errors: dict, changes: dict
    ) -> Any:
        """The value by seat (or as the kind has it), or UNSAID; errors and
        respellings go into ``errors`` and ``changes`` by path."""
        raise NotImplementedError

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        """The JSON Schema of the field's value, from ``EntryField.describe()``."""
        raise NotImplementedError

    def section(self, field: EntryField) -> str | None:
        """Where a deal form shows the field ("out", "points", "scores", "counts",
        "grid", "taps", "flags"), or None where the page asks for it by name."""
        return None

    def attrs(self, field: EntryField, bound: tuple[int, int] | None) -> dict[str, Any]:
        """The HTML input's attributes (type, inputmode, pattern, min, max, step ...);
        ``bound``: the game's bounds of the field, where it has them."""
        return {}

    def choices(self, field: EntryField) -> tuple[tuple[str, Message | None], ...]:
        """A select's options, or a per-seat checkbox's choices, as (value, label);
        a label None: the surface's words for the value."""
        return ()

    def label(self, field: EntryField) -> str:
        """What labels an input: "words" (the field's), "player" (the player's name),
        or both: "player: words" (a count's, a grid's: punctuated as the page's
        language does, "Ann : …" in French)."""
        return "words"

    def cell(self, field: EntryField, data: Any) -> Any:
        """An input's data (a per-seat choice's: the choices ticked) as the entry
        gives it; UNSAID where nothing was given."""
        return data if data else UNSAID

    def shown(self, field: EntryField, value: Any) -> Any:
        """A value as its input shows it (a deal corrected); UNSAID leaves the input be."""
        return value if value else UNSAID

    def collect(self, field: EntryField, cells: dict[str, Any], entry: Mapping) -> Any:
        """per_seat: the entry's value from each player's ``cell`` (UNSAID where they
        gave none) and the rest of the entry as read so far; UNSAID for none."""
        said = {player: value for player, value in cells.items() if value is not UNSAID}
        return said or UNSAID  # none at all: the services name each one missing

    def spread(self, field: EntryField, value: Any, players: Sequence[str]) -> list[Any]:
        """per_seat: each player's input data showing ``value`` (UNSAID: left be)."""
        if not isinstance(value, Mapping):
            return [UNSAID] * len(players)
        return [self.shown(field, value[p]) if p in value else UNSAID for p in players]


def kind(cls: type[Kind]) -> type[Kind]:
    """Register ``cls`` as the reader of its kind (a class decorator)."""
    KINDS[cls.name] = cls()
    return cls
