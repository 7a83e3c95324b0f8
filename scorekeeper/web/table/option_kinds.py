"""How a house-rule form shows and reads an option, one class to each kind of option
(``OptionSpec.kind``: bool, list, choice, int, text): the new-game page's field, the
blank-pad form's (where blank keeps the game's own rule), the value a field first
shows, the value typed, and the hints the template adds. ``option_kind`` is the web's
one place that looks at an option's kind; the forms, the pad form and the template
(``spec|option_kind``) ask the object it gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice

from scorekeeper import scoring
from scorekeeper.scoring.entries import number_or_text
from scorekeeper.scoring.kinds import NUMERIC
from scorekeeper.translate import lazy_translation, list_item, list_item_typed

BLANK = object()  # a number field left blank: the option keeps its default
KEEP = SelectChoice("", _l("As the game plays it"))  # the pad form's blank


def list_text(value: Any) -> str:
    if value is None:
        return ""
    # Contract Rummy's contracts: "cards: contract" a line, such as "10: 2 groups of 3".
    return "\n".join(
        f"{item['cards']}: {item['contract']}" if isinstance(item, Mapping) else str(item)
        for item in value
    )


def list_field(label: Any, default: str, description: Any) -> TextAreaField:
    """A list option's field, one item a line (Phase 10's house phases are sentences)."""
    return TextAreaField(label, default=default, description=description)


def _contract_item(line: str) -> Any:
    """A line "10: 2 groups of 3" as a contract; anything else as typed, for the core to
    refuse naming the item."""
    cards, colon, text = line.partition(":")
    if colon and cards.strip().isdigit():
        return {"contract": text.strip(), "cards": int(cards)}
    return line


def _same(item: str) -> Any:
    return item


# A list's items by what they are (``OptionSpec.items``): typed one a line (sentences,
# contracts) or else separated by commas or spaces too, and each read from its text.
ITEMS: dict[str, tuple[bool, Callable[[str], Any]]] = {
    "text": (True, _same),
    "contract": (True, _contract_item),
    "card": (False, _same),
    "int": (False, number_or_text),
}


def list_items(spec: scoring.OptionSpec, text: str | None) -> list[Any] | None:
    """A list option as typed: one item a line (numbers and cards may also be
    separated by commas or spaces); nothing typed is null where the option may be."""
    by_line, read = ITEMS[spec.items]
    if by_line:
        items = [line.strip() for line in (text or "").splitlines() if line.strip()]
    else:
        items = [item for item in re.split(r"[\s,]+", text or "") if item]
    if not items and spec.nullable:
        return None
    return [read(item) for item in items]


class TextOption:
    """A text option (and the base of the others): a text field, read trimmed."""

    checkbox = False  # shown as a checkbox, its label beside it
    says_usual = True  # the hint says the usual value, where the option has one
    says_blank = False  # the hint says what blank means, where there is no usual value

    def field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        default = "" if spec.default is None else str(spec.default)
        render = {"autocomplete": "off"}
        return StringField(label, default=default, render_kw=render, description=description)

    def pad_field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        return StringField(label, default="", description=description)

    def shown(self, spec: scoring.OptionSpec, value: Any, given: bool) -> Any:
        """The field's first data for ``value`` (``given``: a league's saved rule)."""
        return "" if value is None else str(value)

    def value(self, spec: scoring.OptionSpec, data: Any) -> Any:
        return (data or "").strip()

    def pad_data(self, given: str) -> Any:
        """The pad form's answer as the field data ``value`` reads."""
        return given


class IntOption(TextOption):
    says_blank = True

    def field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        default = "" if spec.default is None else str(spec.default)
        return StringField(label, default=default, render_kw=dict(NUMERIC), description=description)

    def shown(self, spec: scoring.OptionSpec, value: Any, given: bool) -> Any:
        if value is None and given and spec.nullable:
            return "none"  # a null given, where blank is the usual
        return super().shown(spec, value, given)

    def value(self, spec: scoring.OptionSpec, data: Any) -> Any:
        # Blank leaves the option to its default, which may hang on the others
        # (Indian rummy's penalties on the format); "none" is null where allowed.
        value = number_or_text(data)
        if isinstance(value, str) and value.casefold() == "none" and spec.nullable:
            return None
        return BLANK if value is None else value


class ChoiceOption(TextOption):
    def _choices(self, spec: scoring.OptionSpec) -> list[SelectChoice]:
        said = spec.choice_label
        return [SelectChoice(str(c), lazy_translation(said(c))) for c in spec.choices]

    def field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        choices = self._choices(spec)
        return SelectField(
            label, choices=choices, default=str(spec.default), description=description
        )

    def pad_field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        choices = [KEEP, *self._choices(spec)]
        return SelectField(label, choices=choices, default="", description=description)

    def value(self, spec: scoring.OptionSpec, data: Any) -> Any:
        by_text = {str(choice): choice for choice in spec.choices}
        return by_text.get(data, data)


class BoolOption(TextOption):
    checkbox = True
    says_usual = False

    def field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        return BooleanField(label, default=spec.default, description=description)

    def pad_field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        choices = [KEEP, SelectChoice("yes", _l("Yes")), SelectChoice("no", _l("No"))]
        return SelectField(label, choices=choices, default="", description=description)

    def shown(self, spec: scoring.OptionSpec, value: Any, given: bool) -> Any:
        return value

    def value(self, spec: scoring.OptionSpec, data: Any) -> Any:
        return bool(data)

    def pad_data(self, given: str) -> Any:
        return given == "yes"


class ListOption(TextOption):
    """A list, typed one item a line (or, for numbers and cards, comma-separated)."""

    says_usual = False

    def field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        return list_field(label, list_text(spec.default), description)

    def pad_field(self, spec: scoring.OptionSpec, label: Any, description: Any) -> Field:
        return list_field(label, "", description)

    def shown(self, spec: scoring.OptionSpec, value: Any, given: bool) -> Any:
        return list_text(None if value is None else [list_item(spec, item) for item in value])

    def value(self, spec: scoring.OptionSpec, data: Any) -> Any:
        items = list_items(spec, data)
        return None if items is None else [list_item_typed(spec, item) for item in items]


OPTION_KINDS: dict[str, TextOption] = {
    "bool": BoolOption(),
    "list": ListOption(),
    "choice": ChoiceOption(),
    "int": IntOption(),
    "text": TextOption(),
}


def option_kind(spec: scoring.OptionSpec) -> TextOption:
    return OPTION_KINDS[spec.kind]


def option_value(spec: scoring.OptionSpec, data: Any) -> Any:
    """One house-rule field's data as the option's value (or as typed, to be refused):
    the one reader of every form that takes house rules (the new-game page, a league's
    rules, the blank-pad form), so a list typed one item a line reads the same on each."""
    return option_kind(spec).value(spec, data)
