"""The scoring core's words in the reader's language, for pages and printed sheets alike.

The core stays pure: its words are ``Message`` strings (English, with a gettext id and
parameters); here they are looked up in the catalog of this request's (or
``force_locale``'s) language, through scorekeeper.i18n (Flask-Babel's, in an app).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper import scoring
from scorekeeper.i18n import LazyString, gettext, ngettext, pgettext
from scorekeeper.scoring.messages import Message


def translate(text: str) -> str:
    """``text`` in this response's language.

    A scoring core ``Message`` is looked up by its id in the catalog and its
    parameters filled in, those that are Messages translated first; any other
    string (a player's name, text already translated) is returned as it is.
    """
    if not isinstance(text, Message):
        return text
    params = {
        name: translate(value) if isinstance(value, str) else value
        for name, value in text.params.items()
    }
    if text.context is not None:
        return pgettext(text.context, text.msgid, **params)
    if text.plural is not None:
        return ngettext(text.msgid, text.plural, **params)
    return gettext(text.msgid, **params)


def lazy_translation(text: str) -> LazyString:
    """``text`` translated when it is shown, not now: for labels and help built at import."""
    return LazyString(translate, text)


def preset_name(preset: str | None) -> str | None:
    """A preset's name in the reader's language (a game stores it in English)."""
    known = scoring.PRESETS.get(preset) if preset else None
    return translate(known.name) if known else preset


def _usual_items(spec: scoring.OptionSpec) -> list[Message]:
    """The items a list option names in words of its own: those of its default and of
    the presets that set it (Contract Rummy's contracts, Shanghai's too)."""
    lists = [spec.default or ()]
    lists += [p.options.get(spec.name) or () for p in scoring.PRESETS.values()]
    return [
        text
        for items in lists
        for item in items
        if isinstance(text := item.get("contract") if isinstance(item, Mapping) else item, Message)
    ]


def list_item(spec: scoring.OptionSpec, item: Any) -> Any:
    """One item of a list option in the reader's language where it is one of the
    option's own (Phase 10's standard phases, stored in English); a house item as typed.
    A contract ({"contract": text, "cards": n}) has its text so."""
    if isinstance(item, Mapping) and "contract" in item:
        return {**item, "contract": list_item(spec, item["contract"])}
    for usual in _usual_items(spec):
        if usual == item:
            return translate(usual)
    return item


def list_item_typed(spec: scoring.OptionSpec, typed: Any) -> Any:
    """The stored form of an item typed (or left) in the reader's language: one of the
    option's own items as the core spells it, anything else as typed."""
    if isinstance(typed, Mapping) and "contract" in typed:
        return {**typed, "contract": list_item_typed(spec, typed["contract"])}
    for usual in _usual_items(spec):
        if typed in (usual, translate(usual)):
            return str(usual)
    return typed
