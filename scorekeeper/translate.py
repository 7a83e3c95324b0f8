"""The scoring core's words in the reader's language, for pages and printed sheets alike.

The core stays pure: its words are ``Message`` strings (English, with a gettext id and
parameters); here they are looked up in Flask-Babel's catalog for this request's (or
``force_locale``'s) language.
"""

from __future__ import annotations

from typing import Any

from flask_babel import LazyString, gettext, pgettext

from scorekeeper import scoring
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
    return gettext(text.msgid, **params)


def lazy_translation(text: str) -> LazyString:
    """``text`` translated when it is shown, not now: for labels and help built at import."""
    return LazyString(translate, text)


def preset_name(preset: str | None) -> str | None:
    """A preset's name in the reader's language (a game stores it in English)."""
    known = scoring.PRESETS.get(preset) if preset else None
    return translate(known.name) if known else preset


def list_item(spec: scoring.OptionSpec, item: Any) -> Any:
    """One item of a list option in the reader's language where it is one of the
    option's own (Phase 10's standard phases, stored in English); a house item as typed."""
    for usual in spec.default or ():
        if isinstance(usual, Message) and usual == item:
            return translate(usual)
    return item


def list_item_typed(spec: scoring.OptionSpec, typed: Any) -> Any:
    """The stored form of an item typed (or left) in the reader's language: one of the
    option's own items as the core spells it, anything else as typed."""
    for usual in spec.default or ():
        if isinstance(usual, Message) and typed in (usual, translate(usual)):
            return str(usual)
    return typed
