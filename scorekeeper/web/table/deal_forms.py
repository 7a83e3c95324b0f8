"""The entry of one deal: a form built for the game from its entry fields, each
shown, read, prefilled and explained by its kind's widget (web.table.fields).

The form only carries what was typed. Every rule is the scoring core's, reached
through the services; their field paths (``hands.Bob``) are mapped back onto these
fields so each message shows beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import Field, HiddenField

from scorekeeper import scoring
from scorekeeper.scoring.kinds import POINT_FIELDS
from scorekeeper.translate import translate
from scorekeeper.web.table.entry_words import COLUMNS, HEADINGS
from scorekeeper.web.table.fields import (
    MARKED,
    Building,
    attach_errors,
    new_key,
    number_or_text,
    widget_for,
)
from scorekeeper.web.table.presenters import enabled_fields


class DealForm(FlaskForm):
    number = HiddenField()
    key = HiddenField()

    # Set by deal_form: the game's entry fields and players.
    entry_fields: tuple[scoring.EntryField, ...] = ()
    players: tuple[str, ...] = ()
    variant: str = ""
    # Who takes part in the deal, where the variant names them (None: everyone).
    taking_part: tuple[str, ...] | None = None
    # How the grid helper scores a grid (Golf), from the variant; None without a grid.
    grid_rules: dict[str, Any] | None = None

    @property
    def knocks(self) -> bool:
        """Whether the deal's player knocked rather than went out (gin), as the variant says."""
        return bool(self.variant) and scoring.get_variant(self.variant).knocks

    @property
    def out_words(self) -> scoring.OutWords:
        """How the form says whoever ended the deal (out, knocked, closed)."""
        return scoring.get_variant(self.variant).out_words if self.variant else scoring.WENT_OUT

    def section(self, name: str) -> list[scoring.EntryField]:
        """The fields shown in one place of the form (web.table.fields.SECTIONS), in order."""
        return [f for f in self.entry_fields if widget_for(f).section(f) == name]

    def player_field(self) -> tuple[scoring.EntryField, Field] | None:
        out = self.section("out")
        return (out[0], self["out"]) if out else None

    def per_player(self) -> list[scoring.EntryField]:
        """melds before hands: the order players count their cards in; then scores."""
        points = sorted(self.section("points"), key=lambda f: POINT_FIELDS.index(f.name))
        return points + self.section("scores")

    def grid(self) -> scoring.EntryField | None:
        """A field of ranks per player (Golf's six cards), given with the grid helper."""
        return next(iter(self.section("grid")), None)

    def signed(self, name: str) -> bool:
        return any(f.name == name for f in self.section("scores"))

    def counts_legend(self) -> str:
        """The counts' heading: the variant's own words for them, else the old families'."""
        labels = [translate(f.label) for f in self.counts() if f.label]
        return ", ".join(labels) if labels else _("Canastas, books and red threes")

    def counts(self) -> list[scoring.EntryField]:
        """A side's canastas, books and red threes: small whole numbers."""
        return self.section("counts")

    def taps(self, seat: int) -> list[Field]:
        """The player's one-tap marks (a drop, a wrong show, a rejoin, a phase done)."""
        playing = self.taking_part is None or self.players[seat] in self.taking_part
        return [
            mark
            for f in self.entry_fields
            for mark in widget_for(f).taps(self, f, seat, playing=playing)
        ]

    def has_marks(self) -> bool:
        """Whether the form has one-tap marks or steppers (their stylesheet is then linked)."""
        return any(self.section(name) for name in MARKED)

    def out_of_game(self, seat: int) -> bool:
        """Not taking part in this deal (eliminated, or watching a tie-break)."""
        return self.taking_part is not None and self.players[seat] not in self.taking_part

    def sits_out(self, seat: int) -> bool:
        """Out of the deal with no way in: no number to give. A player who may
        rejoin keeps their number, given when they tap Rejoins."""
        return self.out_of_game(seat) and not any(f.for_sitting_out for f in self.entry_fields)

    def has(self, name: str) -> bool:
        return any(f.name == name for f in self.entry_fields)

    def flags(self) -> list[Field]:
        return [self[f.name] for f in self.section("flags")]

    def heading(self, name: str) -> str:
        own = next((f.label for f in self.entry_fields if f.name == name and f.label), None)
        if own is not None:
            return translate(own)
        if name == "hands":
            words = scoring.get_variant(self.variant).hands_heading
            return translate(words) if words is not None else _("Points left in hand")
        return HEADINGS.get(name, name.replace("_", " ").capitalize())

    def column(self, name: str) -> str:
        """A number's column head, and its name in the cell's label and in errors: the
        variant's own label first (gin's Deadwood, never "in hand")."""
        if any(f.name == name and f.label for f in self.entry_fields):
            return self.heading(name)
        return COLUMNS.get(name, self.heading(name))

    def cell(self, name: str, seat: int) -> Field:
        return self[f"{name}_{seat}"]

    def entry(self) -> dict[str, Any]:
        """The entry as typed, for services.record_deal / correct_deal."""
        entry: dict[str, Any] = {}
        number = number_or_text(self.number.data)
        if number is not None:
            entry["number"] = number
        for f in self.entry_fields:
            widget_for(f).read(self, f, entry)
        return entry

    def error_fields(self) -> dict[str, Field]:
        fields: dict[str, Field] = {}
        for f in self.entry_fields:
            fields.update(widget_for(f).error_fields(self, f))
        return fields

    def show_errors(self, errors: Mapping[str, str]) -> dict[str, str]:
        return attach_errors(self.error_fields(), errors)

    def problems(self) -> list[tuple[str, str, str]]:
        """(field id, what it is, message) for each refused field, in the page's order:
        the error summary links each one to its field."""
        shown: list[tuple[Field, str]] = []
        if "out" in self:
            shown.append((self["out"], self.heading(self.player_field()[0].name)))
        if self.has("wild"):
            shown.append((self["wild"], self.heading("wild")))
        if self.has("upcard"):
            shown.append((self["upcard_rank"], _("Upcard")))
        for seat, name in enumerate(self.players):
            for f in self.per_player():
                shown.append(
                    (
                        self.cell(f.name, seat),
                        _("%(name)s, %(column)s", name=name, column=self.column(f.name).lower()),
                    )
                )
            grid = self.grid()
            if grid is not None:
                shown.append((self.cell(grid.name, seat), _("%(name)s, grid", name=name)))
        shown += [(flag, flag.label.text) for flag in self.flags()]
        if self.has("press_points"):
            shown += [
                (self.cell("press_points", seat), _("%(name)s, press points", name=name))
                for seat, name in enumerate(self.players)
            ]
        first_of = {"out": "out-0", "upcard_rank": "upcard_rank"}
        return [
            (first_of.get(field.id, field.id), label, message)
            for field, label in shown
            for message in field.errors
        ]


def deal_form(
    setup: scoring.Setup,
    *,
    entry: Mapping[str, Any] | None = None,
    number: int,
    taking_part: Iterable[str] | None = None,
    **kwargs: Any,
) -> DealForm:
    """The entry form for this game; prefilled from ``entry`` when correcting a deal.
    ``taking_part`` (the next deal's ``players``) leaves out players sitting it out.

    It reads the request's form only when given ``formdata``: a form shown after
    another phone's deal must not be filled with this phone's stale values.
    """
    kwargs.setdefault("formdata", None)
    fields = enabled_fields(setup)
    players = tuple(setup.players)
    variant = scoring.get_variant(setup.variant)
    building = Building(
        players=players,
        fields=fields,
        variant=variant,
        bounds=variant(setup).bounds(),
        taking_part=taking_part,
    )
    attrs: dict[str, Any] = {"entry_fields": fields, "players": players, "variant": setup.variant}
    for f in fields:
        attrs.update(widget_for(f).build(f, building))
    attrs["grid_rules"] = variant.grid_rules(setup.options)
    form_class = type("GameDealForm", (DealForm,), attrs)
    form_class.taking_part = None if taking_part is None else tuple(taking_part)
    data: dict[str, Any] = {"number": str(number), "key": new_key()}
    for f in fields:
        data.update(widget_for(f).initial(f, players))
    if entry is not None:
        for f in fields:
            data.update(widget_for(f).prefill(f, entry, players))
    return form_class(data=data, **kwargs)
