"""One widget per entry-field kind: how a deal form shows, reads, prefills and
explains a field of that kind, and what the API's Entry schema says of it.

The scoring core declares the kinds (scoring.entries.KINDS) and reads an entry; a
widget is the web's half of a kind. A new kind is one core class and one widget
class here (registered with ``@widget``): the deal form and the OpenAPI document
ask the registry and never name a kind.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from flask_babel import gettext as _
from wtforms import BooleanField, Field, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from scorekeeper import scoring
from scorekeeper.scoring.cards import RANKS, SUITS
from scorekeeper.translate import translate
from scorekeeper.web.entry_words import (
    COUNTS,
    HEADINGS,
    NOBODY,
    NOBODY_OUT,
    POINT_FIELDS,
    TAPS,
    is_count,
)
from scorekeeper.web.openapi_parts import BOOLEAN, INTEGER, RANK_NAMES, STRING, array, nullable
from scorekeeper.web.presenters import SUIT_SYMBOLS

if TYPE_CHECKING:
    from scorekeeper.web.deal_forms import DealForm

NUMBER = re.compile(r"-?[0-9]{1,9}")  # a minus only where the field takes one
NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", "maxlength": 6}
# A score that may be negative: a phone's number pad has no minus, so the page's
# script adds a ± button beside it; typed, the minus is taken as well.
SIGNED = {"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off", "maxlength": 7}
NULLABLE = "%(expected)s, or null"  # the core's words for an option the API may null


def number_or_text(raw: Any) -> int | str | None:
    """A typed number as an int; blank as None; anything else as typed, for the
    services to refuse with their own message."""
    text = (raw or "").strip() if isinstance(raw, str) else ""
    if not text:
        return None
    return int(text) if NUMBER.fullmatch(text) else text


def new_key() -> str:
    return secrets.token_urlsafe(16)


def clean_key(raw: Any) -> str | None:
    """The form's one-time key if it looks like one we issued (it becomes a DB key)."""
    if isinstance(raw, str) and re.fullmatch(r"[A-Za-z0-9_-]{16,64}", raw):
        return raw
    return None


def attach_errors(fields: Mapping[str, Field], errors: Mapping[str, str]) -> dict[str, str]:
    """Put each service error on its field, in the page's language; return those that
    belong to no field."""
    left = {}
    for path, error in errors.items():
        field = fields.get(path)
        if field is not None and getattr(error, "msgid", None) == NULLABLE:
            error = error.params["expected"]  # a form leaves a field blank, never "null"
        if field is None:
            left[path] = translate(error)
        else:
            field.errors = [*field.errors, translate(error)]
    return left


@dataclass(frozen=True)
class Building:
    """What a widget needs to build its form fields for one game."""

    players: tuple[str, ...]
    fields: tuple[scoring.EntryField, ...]  # the game's entry fields, all kinds
    variant: type[scoring.Variant]
    bounds: Mapping[str, tuple[int, int]]
    taking_part: Sequence[str] | None  # None: everyone

    def has(self, name: str) -> bool:
        return any(f.name == name for f in self.fields)


class Widget:
    """The web's half of one entry-field kind. Its methods take the core's field."""

    kind: ClassVar[str]

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        """The WTForms fields, by attribute name, for ``f`` in this game."""
        raise NotImplementedError

    def initial(self, f: scoring.EntryField, players: Sequence[str]) -> dict[str, Any]:
        """A new deal's data before anything is typed."""
        return {}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        """Put what was typed for ``f`` into ``entry`` (nothing where nothing was)."""
        raise NotImplementedError

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        """The form's data showing ``entry``'s value of ``f`` (correcting a deal)."""
        raise NotImplementedError

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        """The core's error paths for ``f`` (``hands``, ``hands.Bob``) -> form fields."""
        return {f.name: form[f.name]}

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        """The JSON Schema of the field's value, from its description (scoring's
        ``EntryField.describe``), as the API's Entry schema gives it."""
        raise NotImplementedError

    def taps(
        self, form: DealForm, f: scoring.EntryField, seat: int, *, playing: bool
    ) -> list[Field]:
        """The player's one-tap marks of ``f`` beside their number (``playing``: they
        take part in the deal)."""
        return []

    def section(self, f: scoring.EntryField) -> str | None:
        """Where the deal form shows ``f`` (one of SECTIONS), or None where the page
        asks for it by name (the wild rank, the upcard, Press points)."""
        return None


# The deal form's places for fields: who went out, each player's card points (melds
# before hands), their scores that may be negative, a side's counts (steppers), a grid
# of ranks, one-tap marks beside each player, and the flags below.
SECTIONS = ("out", "points", "scores", "counts", "grid", "taps", "flags")
# Those given with steppers, marks or helpers: the page then links their stylesheet.
MARKED = ("scores", "counts", "grid", "taps")
WIDGETS: dict[str, Widget] = {}


def widget(cls: type[Widget]) -> type[Widget]:
    """Register ``cls`` as the widget of its kind (a class decorator)."""
    WIDGETS[cls.kind] = cls()
    return cls


def widget_for(kind: str) -> Widget:
    return WIDGETS[kind]


class PerSeat(Widget):
    """A value per player, one form field each, named ``<field>_<seat>``."""

    def cells(self, f: scoring.EntryField, players: Sequence[str]) -> list[tuple[str, str]]:
        return [(f"{f.name}_{seat}", name) for seat, name in enumerate(players)]

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        fields: dict[str, Field] = {f.name: form[f"{f.name}_0"]}
        for key, name in self.cells(f, form.players):
            fields[f"{f.name}.{name}"] = form[key]
        return fields


class Numbers(PerSeat):
    """A whole number per player, typed."""

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        values = {name: number_or_text(form[key].data) for key, name in self.cells(f, form.players)}
        values = {name: v for name, v in values.items() if v is not None}
        if values:  # none at all: the services name each one missing
            entry[f.name] = values

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        if not isinstance(value, Mapping):
            return {}
        return {key: str(value[name]) for key, name in self.cells(f, players) if name in value}

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": INTEGER}


@widget
class PerPlayer(Numbers):
    """Card points per player (numbers), or a side's counts (steppers)."""

    kind = "per_player"

    def section(self, f: scoring.EntryField) -> str | None:
        if f.name in POINT_FIELDS:
            return "points"
        return "counts" if is_count(f) else None

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        if f.name not in POINT_FIELDS and (f.name in COUNTS or f.label):
            label = translate(f.label) if f.label else COUNTS[f.name]
            render = stepper(b.bounds.get(f.name))
            return {
                key: StringField(f"{name}: {label}", render_kw=render)
                for key, name in self.cells(f, b.players)
            }
        return {key: StringField(name, render_kw=NUMERIC) for key, name in self.cells(f, b.players)}


@widget
class SignedPerPlayer(Numbers):
    kind = "signed_per_player"

    def section(self, f: scoring.EntryField) -> str | None:
        return "scores"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        return {key: StringField(name, render_kw=SIGNED) for key, name in self.cells(f, b.players)}


@widget
class RanksPerPlayer(PerSeat):
    """A grid of ranks per player (Golf), typed or filled by the grid helper."""

    kind = "ranks_per_player"

    def section(self, f: scoring.EntryField) -> str | None:
        return "grid"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        what = translate(f.label or f.help)
        render = {"autocomplete": "off", "spellcheck": "false"}
        return {
            key: StringField(_("%(name)s: %(what)s", name=name, what=what), render_kw=render)
            for key, name in self.cells(f, b.players)
        }

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        grids = {
            name: form[key].data.replace(",", " ").split()
            for key, name in self.cells(f, form.players)
            if (form[key].data or "").strip()
        }
        if grids:
            entry[f.name] = grids

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        if not isinstance(value, Mapping):
            return {}
        return {
            key: " ".join(map(str, value[name]))
            for key, name in self.cells(f, players)
            if isinstance(value.get(name), list)
        }

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        length = described.get("length")  # so many ranks for each player
        more = {"minItems": length, "maxItems": length} if length else {}
        ranks = array({"type": "string", "enum": RANK_NAMES}, **more)
        return {"type": "object", "additionalProperties": ranks}


class Taps(PerSeat):
    """One-tap marks beside each player: a message about a player shows beside their
    first mark of that kind; one about the whole field beside the first on the page."""

    def first(self, f: scoring.EntryField, seat: int) -> str:
        return f"{f.name}_{seat}"

    def section(self, f: scoring.EntryField) -> str | None:
        return "taps"

    def taps(
        self, form: DealForm, f: scoring.EntryField, seat: int, *, playing: bool
    ) -> list[Field]:
        return [form[f"{f.name}_{seat}"]]

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        fields: dict[str, Field] = {}
        for seat, name in enumerate(form.players):
            first = form[self.first(f, seat)]
            fields[f"{f.name}.{name}"] = first
            if f.name not in fields and first in form.taps(seat):
                fields[f.name] = first
        return fields


def not_for_out(f: scoring.EntryField) -> dict[str, str]:
    """A mark the page's script hides beside whoever went out: they cannot have it, or
    have it already (Phase 10's phase done)."""
    return {"data-not-out": ""} if f.excludes_out or f.includes_out else {}


@widget
class BoolPerPlayer(Taps):
    """true or false for every player; a new deal starts with every one true (each
    side took its pozzetto), so one tap marks the side that did not."""

    kind = "bool_per_player"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        label = translate(f.label or f.help)
        return {key: BooleanField(label) for key, _name in self.cells(f, b.players)}

    def initial(self, f: scoring.EntryField, players: Sequence[str]) -> dict[str, Any]:
        return {key: True for key, _name in self.cells(f, players)}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        # Names every player, a tap for true.
        entry[f.name] = {name: bool(form[key].data) for key, name in self.cells(f, form.players)}

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        return {
            key: isinstance(value, Mapping) and value.get(name) is True
            for key, name in self.cells(f, players)
        }

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": BOOLEAN}


@widget
class Players(Taps):
    """Some of the players (a wrong show, a rejoin, a phase done): a tap each."""

    kind = "players"

    def taps(
        self, form: DealForm, f: scoring.EntryField, seat: int, *, playing: bool
    ) -> list[Field]:
        # A rejoin is for a player sitting out; the rest for those playing (a
        # correction, not knowing who sat out, offers every mark).
        if form.taking_part is None or (f.name == "rejoin") != playing:
            return [form[f"{f.name}_{seat}"]]
        return []

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        label = TAPS.get(f.name, f.help)
        return {
            key: BooleanField(label, render_kw=not_for_out(f))
            for key, _name in self.cells(f, b.players)
        }

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        chosen = [
            name
            for key, name in self.cells(f, form.players)
            if form[key].data or (f.includes_out and entry.get("out") == name)
        ]
        if chosen:
            entry[f.name] = chosen

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        if not isinstance(value, list):
            return {}
        return {key: name in value for key, name in self.cells(f, players)}

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return nullable(array(STRING))


@widget
class ChoicePerPlayer(Taps):
    """One of a few choices per player (a first or middle drop): a tap per choice."""

    kind = "choice_per_player"

    def first(self, f: scoring.EntryField, seat: int) -> str:
        return f"{f.name}_{(f.choices or ())[0]}_{seat}"

    def taps(
        self, form: DealForm, f: scoring.EntryField, seat: int, *, playing: bool
    ) -> list[Field]:
        if not playing:
            return []
        return [form[f"{f.name}_{choice}_{seat}"] for choice in f.choices or ()]

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        return {
            f"{f.name}_{choice}_{seat}": BooleanField(
                TAPS.get(choice, choice), render_kw=not_for_out(f)
            )
            for seat in range(len(b.players))
            for choice in f.choices or ()
        }

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        choices: dict[str, Any] = {}
        for seat, name in enumerate(form.players):
            picked = [c for c in f.choices or () if form[f"{f.name}_{c}_{seat}"].data]
            if picked:
                # Two taps for one player: sent as both, for the core to refuse.
                choices[name] = picked[0] if len(picked) == 1 else " and ".join(picked)
        if choices:
            entry[f.name] = choices

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        if not isinstance(value, Mapping):
            return {}
        return {
            f"{f.name}_{value[name]}_{seat}": True
            for seat, name in enumerate(players)
            if value.get(name) in (f.choices or ())
        }

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        choices = described.get("choices")
        item = {"type": "string", "enum": choices} if choices else STRING
        return {"type": "object", "additionalProperties": item}


@widget
class Player(Widget):
    """Who went out (or knocked): one radio button per player, and nobody where the
    variant allows it. Its form field is ``out`` whatever the field's name."""

    kind = "player"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        # Who may go out: those in the deal, or anyone where a player may rejoin.
        anyone = b.taking_part is None or b.has("rejoin")
        choices = [
            SelectChoice(str(seat), name)
            for seat, name in enumerate(b.players)
            if anyone or name in b.taking_part
        ]
        if f.name == "knocker" and b.has("void"):
            choices.append(SelectChoice("void", NOBODY["knocker"]))
        elif b.variant.allows_nobody_out:
            choices.append(SelectChoice("none", NOBODY_OUT[b.variant.runs_out]))
        return {"out": RadioField(HEADINGS[f.name], choices=choices)}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        choice = form["out"].data
        if choice == "void":
            entry["void"] = True
        elif choice == "none":
            entry[f.name] = None
        elif choice is not None and choice.isdigit() and int(choice) < len(form.players):
            entry[f.name] = form.players[int(choice)]

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        if entry.get("void"):
            return {"out": "void"}
        if value in players:
            return {"out": str(players.index(value))}
        return {"out": "none"} if f.name in entry else {}

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        return {f.name: form["out"], "void": form["out"]}

    def section(self, f: scoring.EntryField) -> str | None:
        return "out"

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return nullable(STRING)


@widget
class Flag(Widget):
    """Something that happened or not (a big gin): one checkbox. ``void`` has none:
    the player widget offers "nobody knocked" among its choices."""

    kind = "bool"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        if f.name == "void":
            return {}
        return {f.name: BooleanField(HEADINGS.get(f.name, f.help))}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        if f.name != "void" and form[f.name].data:
            entry[f.name] = True

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        return {f.name: bool(entry.get(f.name))}

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        return {} if f.name == "void" else {f.name: form[f.name]}

    def section(self, f: scoring.EntryField) -> str | None:
        return None if f.name == "void" else "flags"

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return BOOLEAN


@widget
class Rank(Widget):
    """A rank (the wild rank the dealer called): a select."""

    kind = "rank"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        choices = [SelectChoice("", _("Choose")), *(SelectChoice(r) for r in RANKS)]
        return {f.name: SelectField(HEADINGS[f.name], choices=choices)}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        if form[f.name].data:
            entry[f.name] = form[f.name].data

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        return {f.name: value} if value else {}

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return {"type": "string", "enum": RANK_NAMES}


@widget
class Card(Widget):
    """A card (gin's upcard): a rank select and a suit's radio buttons."""

    kind = "card"

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        return {
            "upcard_rank": SelectField(
                _("Upcard rank"),
                choices=[SelectChoice("", _("Rank")), *(SelectChoice(r) for r in RANKS)],
            ),
            "upcard_suit": RadioField(
                _("Upcard suit"), choices=[SelectChoice(s, SUIT_SYMBOLS[s]) for s in SUITS]
            ),
        }

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        rank, suit = form["upcard_rank"].data, form["upcard_suit"].data
        if rank or suit:
            entry[f.name] = f"{rank or ''}{suit or ''}"

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        return {"upcard_rank": value[:-1], "upcard_suit": value[-1]} if value else {}

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        return {f.name: form["upcard_rank"]}

    def schema(self, described: Mapping[str, Any]) -> dict[str, Any]:
        return STRING


def stepper(bound: tuple[int, int] | None) -> dict[str, Any]:
    """A count's input: a number field the phone's keypad and the +/- buttons fill."""
    render = {"type": "number", "inputmode": "numeric", "min": 0, "autocomplete": "off"}
    if bound is not None:
        render["max"] = bound[0]
    return render
