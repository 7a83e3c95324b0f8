"""The kinds of entry field (scoring.entries.KINDS), each one class: how the core
reads a field of that kind and, as plain data, what the surfaces need to ask for it
(its form input, prefill and JSON Schema: see ``entries.Kind``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from .cards import JOKER, RANKS, card_name, parse_card, parse_rank
from .entries import UNSAID, Kind, kind, number_message, number_or_text, parse_rank_or_joker
from .messages import message

# The HTML inputs the kinds ask for: a number typed on the phone's number pad; a
# score that may be negative (a phone's pad has no minus, so the page's script adds a
# ± button beside it; typed, the minus is taken as well).
NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", "maxlength": 6}
SIGNED = {"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off", "maxlength": 7}
# Per-player card points, typed as numbers; every other per-player field but Press
# points (a partnership's canastas, books and red threes) is a count, given with steppers.
POINT_FIELDS = ("melds", "hands", "melded", "hand", "racks")
# A rank as an entry names it: Golf's grids hold jokers too.
RANK_NAMES = [*RANKS, JOKER]
WHOLE = {"type": "integer"}

# What a read says when a value is wrong, made once rather than for every field of every
# deal: nearly every entry is right, and building these Messages each time cost about a
# tenth of deriving a game (bench/bench_scoring.py).
EXPECTED_NUMBERS = message("must be an object with a number for each player")
EXPECTED_CHOICES = message("must be an object with a choice for each player named")
EXPECTED_BOOLS = message("must be an object with true or false for each player")
EXPECTED_RANKS = message("must be an object with a list of ranks for each player")
NOT_A_BOOL = message("must be true or false")
NOT_A_RANK = message("must be a rank: A, 2 to 10, J, Q or K")
NOT_A_CARD = message("must be a card such as 7S, 10H or QS")


@cache
def whole_number_check(bound: int, step: int) -> Callable[[Any], str | None]:
    """What is wrong with a per-player number, None if nothing: from 0 to ``bound`` in
    ``step``s (the check is made once per bound, not per field read)."""
    wrong = number_message(bound, step)

    def problem(value: Any) -> str | None:
        ok = type(value) is int and 0 <= value <= bound and not value % step
        return None if ok else wrong

    return problem


@cache
def not_a_choice(choices: tuple[str, ...]) -> str:
    return message("must be %(choices)s", choices=" or ".join(choices))


@cache
def not_in_range(least: int, most: int) -> str:
    return message("must be a whole number from %(least)s to %(most)s", least=least, most=most)


@cache
def not_ranks(length: int) -> str:
    return message("must be a list of %(count)s ranks: A, 2 to 10, J, Q, K or Joker", count=length)


def by_player(item: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a map of player -> ``item``."""
    return {"type": "object", "additionalProperties": item}


def or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [schema, {"type": "null"}]}


def one_value(field, raw, parse, spell, wrong, errors, changes) -> Any:
    """A value of one (a rank, a card) as ``parse`` reads it, UNSAID for null; None
    and ``wrong`` where it reads none; respelled as ``spell`` writes it."""
    if raw is None:
        return UNSAID
    value = parse(raw)
    if value is None:
        errors[field.name] = wrong
    elif spell(value) != raw:
        changes[field.name] = spell(value)
    return value


@kind
class PlayerKind(Kind):
    """One player, by name (who went out); null for nobody."""

    name = "player"
    control = "player"

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

    def schema(self, described):
        return or_null({"type": "string"})

    def section(self, field):
        return "out"


class Numbers(Kind):
    """A whole number per player, typed."""

    per_seat = True

    def schema(self, described):
        return by_player(WHOLE)

    def label(self, field):
        return "player"

    def cell(self, field, data):
        number = number_or_text(data)
        return UNSAID if number is None else number

    def shown(self, field, value):
        return str(value)


@kind
class PerPlayerKind(Numbers):
    """A whole number per player, from 0 to the game's bound, in its steps: card
    points (typed), or a side's counts (steppers)."""

    name = "per_player"

    def read(self, reader, field, raw, errors, changes):
        problem = whole_number_check(*reader.bounds[field.name])
        return reader.by_seat(field.name, raw, EXPECTED_NUMBERS, problem, errors, changes)

    def section(self, field):
        if field.name in POINT_FIELDS:
            return "points"
        return None if field.name == "press_points" else "counts"

    def attrs(self, field, bound):
        if self.section(field) != "counts":
            return dict(NUMERIC)
        # A count's input: a number field the phone's keypad and the +/- buttons fill.
        stepper = {"type": "number", "inputmode": "numeric", "min": 0, "autocomplete": "off"}
        return stepper if bound is None else {**stepper, "max": bound[0]}

    def label(self, field):
        return "player: words" if self.section(field) == "counts" else "player"


@kind
class BoolKind(Kind):
    name = "bool"
    control = "checkbox"

    def read(self, reader, field, raw, errors, changes):
        if type(raw) is not bool:
            errors[field.name] = NOT_A_BOOL
        return raw is True

    def schema(self, described):
        return {"type": "boolean"}

    def section(self, field):
        return "flags"

    def cell(self, field, data):
        return True if data else UNSAID

    def shown(self, field, value):
        return bool(value)


@kind
class RankKind(Kind):
    """A rank (the wild rank the dealer called): a select."""

    name = "rank"
    control = "select"

    def read(self, reader, field, raw, errors, changes):
        wrong = NOT_A_RANK
        return one_value(field, raw, parse_rank, str, wrong, errors, changes)

    def schema(self, described):
        return {"type": "string", "enum": RANK_NAMES}

    def choices(self, field):
        return (("", message("Choose")), *((rank, rank) for rank in RANKS))


@kind
class CardKind(Kind):
    """A card (gin's upcard): a rank and a suit, the web's own control."""

    name = "card"
    control = "card"

    def read(self, reader, field, raw, errors, changes):
        def whole_card(text: Any) -> tuple[str, str] | None:
            card = parse_card(text)
            return card if card is not None and card[1] is not None else None

        def spelled(card: tuple[str, str]) -> str:
            return card_name(*card)

        wrong = NOT_A_CARD
        return one_value(field, raw, whole_card, spelled, wrong, errors, changes)

    def schema(self, described):
        return {"type": "string"}


@kind
class PlayersKind(Kind):
    """Some of the players: the seats named, in seat order; an empty list for null.
    A form gives a tap each (a wrong show, a rejoin, a phase done)."""

    name = "players"
    control = "checkbox"
    per_seat = True

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

    def schema(self, described):
        return or_null({"type": "array", "items": {"type": "string"}})

    def section(self, field):
        return "taps"

    def cell(self, field, data):
        return bool(data)  # ticked

    def collect(self, field, cells, entry):
        # Whoever went out is one of them where the field says so (a phase done).
        out = entry.get("out") if field.includes_out else None
        chosen = [player for player, ticked in cells.items() if ticked or player == out]
        return chosen or UNSAID

    def spread(self, field, value, players):
        if not isinstance(value, list):
            return [UNSAID] * len(players)
        return [player in value for player in players]


@kind
class ChoicePerPlayerKind(Kind):
    """Each player's choice by seat, None where a player has none; a form gives a
    tap per choice (a first or middle drop)."""

    name = "choice_per_player"
    needs = ("choices",)
    control = "checkbox"
    per_seat = True

    def read(self, reader, field, raw, errors, changes):
        choices = field.choices or ()
        wrong = not_a_choice(tuple(choices))

        def problem(value: Any) -> str | None:
            return None if isinstance(value, str) and value in choices else wrong

        expected = EXPECTED_CHOICES
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)

    def schema(self, described):
        choices = described.get("choices")
        return by_player({"type": "string", "enum": choices} if choices else {"type": "string"})

    def section(self, field):
        return "taps"

    def choices(self, field):
        return tuple((choice, None) for choice in field.choices or ())

    def cell(self, field, data):
        if not data:
            return UNSAID
        # Two taps for one player: sent as both, for the core to refuse.
        return data[0] if len(data) == 1 else " and ".join(data)

    def shown(self, field, value):
        return [value] if value in (field.choices or ()) else UNSAID


@kind
class SignedPerPlayerKind(Numbers):
    """A whole number per player that may be negative, within the game's (least, most)."""

    name = "signed_per_player"

    def read(self, reader, field, raw, errors, changes):
        least, most = reader.bounds[field.name]
        wrong = not_in_range(least, most)

        def problem(value: Any) -> str | None:
            return None if type(value) is int and least <= value <= most else wrong

        expected = EXPECTED_NUMBERS
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)

    def section(self, field):
        return "scores"

    def attrs(self, field, bound):
        return dict(SIGNED)


@kind
class BoolPerPlayerKind(Kind):
    """true or false for every player (a side that took its pozzetto ...); a new deal
    starts with every one true, so one tap marks the side that did not."""

    name = "bool_per_player"
    control = "checkbox"
    per_seat = True
    initial = True

    def read(self, reader, field, raw, errors, changes):
        wrong = NOT_A_BOOL

        def problem(value: Any) -> str | None:
            return None if type(value) is bool else wrong

        expected = EXPECTED_BOOLS
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)

    def schema(self, described):
        return by_player({"type": "boolean"})

    def section(self, field):
        return "taps"

    def cell(self, field, data):
        return bool(data)

    def collect(self, field, cells, entry):
        return dict(cells)  # names every player, a tap for true

    def spread(self, field, value, players):
        return [isinstance(value, Mapping) and value.get(p) is True for p in players]


@kind
class RanksPerPlayerKind(Kind):
    """``length`` ranks per player, "Joker" included (a golf grid ...), by seat in
    their canonical spelling; a form's grid, typed or filled by the grid helper."""

    name = "ranks_per_player"
    needs = ("length",)
    per_seat = True

    def read(self, reader, field, raw, errors, changes):
        length = field.length or 0
        wrong = not_ranks(length)
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

        expected = EXPECTED_RANKS
        by_seat = reader.by_seat(field.name, raw, expected, problem, errors, changes)
        if spelled and field.name not in errors:
            given = changes.get(field.name, raw)
            changes[field.name] = {
                player: spelled.get(id(ranks), ranks) for player, ranks in given.items()
            }
            by_seat = [spelled.get(id(ranks), ranks) for ranks in by_seat]
        return by_seat

    def schema(self, described):
        length = described.get("length")  # so many ranks for each player
        more = {"minItems": length, "maxItems": length} if length else {}
        return by_player({"type": "array", "items": {"type": "string", "enum": RANK_NAMES}, **more})

    def section(self, field):
        return "grid"

    def attrs(self, field, bound):
        return {"autocomplete": "off", "spellcheck": "false"}

    def label(self, field):
        return "player: words"

    def cell(self, field, data):
        text = data if isinstance(data, str) else ""
        return text.replace(",", " ").split() if text.strip() else UNSAID

    def shown(self, field, value):
        return " ".join(map(str, value)) if isinstance(value, list) else UNSAID
