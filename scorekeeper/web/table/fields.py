"""One widget for every entry-field kind: how a deal form shows, reads, prefills and
explains a field, from what its kind declares (scoring.entries.Kind: its input, its
choices, how a value is written back into its input). A new kind is one core class;
the deal form and the OpenAPI document ask the kinds and never name one.

A kind that needs a control of its own names it (``Kind.control``), and the control
is kept here (CONTROLS): who went out (radio buttons, with nobody) and gin's upcard
(a rank and a suit).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _
from wtforms import BooleanField, Field, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from scorekeeper import scoring
from scorekeeper.scoring.cards import RANKS, SUITS
from scorekeeper.scoring.entries import KINDS, UNSAID, Kind, number_or_text
from scorekeeper.scoring.kinds import NUMERIC
from scorekeeper.translate import translate
from scorekeeper.web.table.entry_words import COUNTS, HEADINGS, NOBODY, NOBODY_OUT, TAPS
from scorekeeper.web.table.presenters import SUIT_SYMBOLS

if TYPE_CHECKING:
    from scorekeeper.web.table.deal_forms import DealForm

__all__ = ["NUMERIC", "number_or_text"]  # web.table.forms takes them here
NULLABLE = "%(expected)s, or null"  # the core's words for an option the API may null
LIST_ITEM = "item %(number)s %(expected)s"  # the core's words for a list option's bad item
CONTRACT_JSON = 'must be {"contract"'  # ... and how the API's contract object is written


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
        if field is None:
            left[path] = translate(error)
        else:
            field.errors = [*field.errors, form_words(error)]
    return left


def form_words(error: Any) -> str:
    """A core message about a house-rule field as a form says it, in the page's
    language: the core speaks of the API's JSON, a form of what is typed in it."""
    msgid = getattr(error, "msgid", None)
    if msgid == NULLABLE:
        error = error.params["expected"]  # a form leaves a field blank, never "null"
    elif msgid == LIST_ITEM and getattr(error.params["expected"], "msgid", "").startswith(
        CONTRACT_JSON
    ):
        # A contract is typed one a line as "cards: contract", not as an object.
        return _(
            "line %(number)s must be the cards, a colon and the contract, "
            "such as \u201c10: 2 groups of 3\u201d",
            number=error.params["number"],
        )
    return translate(error)


@dataclass(frozen=True)
class Building:
    """What a widget needs to build its form fields for one game."""

    players: tuple[str, ...]
    fields: tuple[scoring.EntryField, ...]  # the game's entry fields, all kinds
    variant: type[scoring.Variant]
    bounds: Mapping[str, tuple[int, int]]
    taking_part: Sequence[str] | None  # None: everyone

    def lets_back_in(self) -> bool:
        """Whether a player sitting out may come back (a field they mark: a rejoin)."""
        return any(f.for_sitting_out for f in self.fields)


# The deal form's places for fields: who went out, each player's card points (melds
# before hands), their scores that may be negative, a side's counts (steppers), a grid
# of ranks, one-tap marks beside each player, and the flags below.
SECTIONS = ("out", "points", "scores", "counts", "grid", "taps", "flags")
# Those given with steppers, marks or helpers: the page then links their stylesheet.
MARKED = ("scores", "counts", "grid", "taps")
# The form's fields a control makes, by the kind's ``control``.
MAKERS = {"text": StringField, "checkbox": BooleanField, "select": SelectField}


class Widget:
    """The web's half of every kind, made from its declarations: the form inputs of a
    field (one, or one per player, or one per player and choice), their reading,
    prefill and errors. Its methods take the core's field."""

    def __init__(self, kind: Kind):
        self.kind = kind

    def section(self, f: scoring.EntryField) -> str | None:
        """Where the deal form shows ``f`` (one of SECTIONS), or None where the page
        asks for it by name (the wild rank, the upcard, Press points)."""
        return self.kind.section(f)

    def keys(self, f: scoring.EntryField, seat: int | None) -> list[str]:
        """The inputs of ``f`` (a player's, by seat; None: the field's own)."""
        if seat is None:
            return [f.name]
        if self.kind.per_seat and self.kind.choices(f):
            return [f"{f.name}_{choice}_{seat}" for choice, _label in self.kind.choices(f)]
        return [f"{f.name}_{seat}"]

    def seats(self, f: scoring.EntryField, players: Sequence[str]) -> list[int | None]:
        return list(range(len(players))) if self.kind.per_seat else [None]

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        """The WTForms fields, by attribute name, for ``f`` in this game."""
        kind = self.kind
        make = MAKERS[kind.control]
        render = {**kind.attrs(f, b.bounds.get(f.name)), **not_for_out(f)}
        built: dict[str, Field] = {}
        for seat in self.seats(f, b.players):
            player = None if seat is None else b.players[seat]
            labels = self.labels(f, player)
            for key, label in zip(self.keys(f, seat), labels, strict=True):
                if kind.control == "select":
                    built[key] = make(label, choices=self.options(f), render_kw=render)
                else:
                    built[key] = make(label, render_kw=render)
        return built

    def options(self, f: scoring.EntryField) -> list[SelectChoice]:
        return [SelectChoice(value, said(value, label)) for value, label in self.kind.choices(f)]

    def labels(self, f: scoring.EntryField, player: str | None) -> list[str]:
        """Each input's label: the kind says how (``Kind.label``), the page's words."""
        if self.kind.per_seat and self.kind.choices(f):
            return [said(choice, label) for choice, label in self.kind.choices(f)]
        style, what = self.kind.label(f), self.words(f)
        if player is None or style == "words":
            return [what]
        if style == "player":
            return [player]
        # "player: words", punctuated as the page's language does ("Ann : …" in French).
        return [_("%(name)s: %(what)s", name=player, what=what)]

    def words(self, f: scoring.EntryField) -> str:
        """What the page calls ``f``: the variant's label, else the page's words for
        its place, else the field's help."""
        if f.label:
            return translate(f.label)
        words = {"counts": COUNTS, "taps": TAPS}.get(self.kind.section(f) or "", HEADINGS)
        return words.get(f.name) or translate(f.help)

    def initial(self, f: scoring.EntryField, players: Sequence[str]) -> dict[str, Any]:
        """A new deal's data before anything is typed."""
        if self.kind.initial is UNSAID:
            return {}
        return {
            key: self.kind.initial for seat in self.seats(f, players) for key in self.keys(f, seat)
        }

    def given(self, form: DealForm, f: scoring.EntryField, seat: int | None) -> Any:
        """What an input holds (a player's choices: those ticked)."""
        keys = self.keys(f, seat)
        if seat is not None and self.kind.choices(f):
            choices = self.kind.choices(f)
            return [
                choice
                for (choice, _label), key in zip(choices, keys, strict=True)
                if form[key].data
            ]
        return form[keys[0]].data

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        """Put what was typed for ``f`` into ``entry`` (nothing where nothing was)."""
        kind = self.kind
        if kind.per_seat:
            cells = {
                player: kind.cell(f, self.given(form, f, seat))
                for seat, player in enumerate(form.players)
            }
            value = kind.collect(f, cells, entry)
        else:
            value = kind.cell(f, self.given(form, f, None))
        if value is not UNSAID:
            entry[f.name] = value

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        """The form's data showing ``entry``'s value of ``f`` (correcting a deal)."""
        if not self.kind.per_seat:
            shown = self.kind.shown(f, entry.get(f.name))
            return {} if shown is UNSAID else {f.name: shown}
        data: dict[str, Any] = {}
        for seat, shown in enumerate(self.kind.spread(f, entry.get(f.name), players)):
            if shown is UNSAID:
                continue
            if self.kind.choices(f):  # a tick for each choice shown
                data.update({f"{f.name}_{choice}_{seat}": True for choice in shown})
            else:
                data[self.keys(f, seat)[0]] = shown
        return data

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        """The core's error paths for ``f`` (``hands``, ``hands.Bob``) -> form fields: a
        player's beside their first input, the field's beside the first on the page."""
        if not self.kind.per_seat:
            return {f.name: form[f.name]}
        marks = self.section(f) == "taps"
        fields: dict[str, Field] = {}
        for seat, player in enumerate(form.players):
            first = form[self.keys(f, seat)[0]]
            fields[f"{f.name}.{player}"] = first
            if f.name not in fields and (not marks or first in form.taps(seat)):
                fields[f.name] = first
        return fields

    def taps(
        self, form: DealForm, f: scoring.EntryField, seat: int, *, playing: bool
    ) -> list[Field]:
        """The player's one-tap marks of ``f`` beside their number (``playing``: they
        take part in the deal). A mark for those sitting out (a rejoin) is theirs; a mark every
        player starts with (a pozzetto) is everyone's; the rest for those playing (a
        correction, not knowing who sat out, offers every mark)."""
        if self.section(f) != "taps":
            return []
        everyone = form.taking_part is None or self.kind.initial is not UNSAID
        if everyone or f.for_sitting_out != playing:
            return [form[key] for key in self.keys(f, seat)]
        return []


def said(choice: str, label: Any) -> str:
    """A choice's words: the kind's, else the page's (a drop's), else the choice."""
    return translate(label) if label is not None else TAPS.get(choice, choice)


def not_for_out(f: scoring.EntryField) -> dict[str, str]:
    """A mark the page's script hides beside whoever went out: they cannot have it, or
    have it already (Phase 10's phase done)."""
    return {"data-not-out": ""} if f.excludes_out or f.includes_out else {}


class Voiding(Widget):
    """The flag that voids a deal (``voids_deal``, gin's nobody knocked): no input of its
    own, the player field's "nobody" choice, whose value is the flag's name."""

    def section(self, f: scoring.EntryField) -> str | None:
        return None

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        return {}

    def initial(self, f: scoring.EntryField, players: Sequence[str]) -> dict[str, Any]:
        return {}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        if form["out"].data == f.name:
            entry[f.name] = True

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        return {"out": f.name} if entry.get(f.name) else {}

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        return {f.name: form["out"]}


class Player(Widget):
    """Who went out (or knocked): one radio button per player, and nobody where the
    variant allows it. Its form field is ``out`` whatever the field's name."""

    def build(self, f: scoring.EntryField, b: Building) -> dict[str, Field]:
        # Who may go out: those in the deal, or anyone where a player may rejoin.
        anyone = b.taking_part is None or b.lets_back_in()
        choices = [
            SelectChoice(str(seat), name)
            for seat, name in enumerate(b.players)
            if anyone or name in b.taking_part
        ]
        void = next((g for g in b.fields if g.voids_deal), None)
        if void is not None:
            choices.append(SelectChoice(void.name, NOBODY["knocker"]))
        elif b.variant.allows_nobody_out:
            choices.append(SelectChoice("none", NOBODY_OUT[b.variant.runs_out]))
        return {"out": RadioField(HEADINGS[f.name], choices=choices)}

    def read(self, form: DealForm, f: scoring.EntryField, entry: dict[str, Any]) -> None:
        choice = form["out"].data
        if choice == "none":
            entry[f.name] = None
        elif choice is not None and choice.isdigit() and int(choice) < len(form.players):
            entry[f.name] = form.players[int(choice)]

    def prefill(
        self, f: scoring.EntryField, entry: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        value = entry.get(f.name)
        if value in players:
            return {"out": str(players.index(value))}
        return {"out": "none"} if f.name in entry else {}

    def error_fields(self, form: DealForm, f: scoring.EntryField) -> dict[str, Field]:
        return {f.name: form["out"]}


class Card(Widget):
    """A card (gin's upcard): a rank select and a suit's radio buttons."""

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


# The controls of their own that kinds name (``Kind.control``); every other kind is
# built by the one Widget from its declarations.
CONTROLS: dict[str, type[Widget]] = {"player": Player, "card": Card}


def widget_for(f: scoring.EntryField) -> Widget:
    """The widget of a field: the one Widget, made from its kind's declarations, or
    the control of its own the kind names."""
    declared = KINDS[f.kind]
    if f.voids_deal:
        return Voiding(declared)
    return CONTROLS.get(declared.control, Widget)(declared)
