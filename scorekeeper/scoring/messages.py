"""Words the core says to players, in English, ready to be translated by the web layer.

The core stays standard-library only, so it cannot ask Flask-Babel for the reader's
language. Instead each user-visible text is a ``Message``: a ``str`` whose value is the
English text (so comparisons, JSON and logs see exactly the English words), which also
keeps its gettext message id and parameters. The web layer looks the id up in the
reader's catalog and fills in the parameters, translating those that are Messages too.

``pybabel extract`` finds the ids through the ``message`` keyword (see the Makefile).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Message(str):
    """English text that remembers its message id, parameters and context."""

    msgid: str
    params: Mapping[str, Any]
    # gettext's msgctxt: the same English worded apart in another game's terms.
    context: str | None
    # ngettext's plural id, and the count that chooses between the two (None: no plural).
    plural: str | None

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any] | None = None,
        context: str | None = None,
        plural: str | None = None,
    ) -> Message:
        params = dict(params or {})
        english = plural if plural is not None and params.get("num") != 1 else msgid
        # As gettext does: the id is a %-format only when there are parameters.
        text = super().__new__(cls, english % params if params else english)
        text.msgid = msgid
        text.params = params
        text.context = context
        text.plural = plural
        return text

    def __getnewargs__(self) -> tuple[str, Mapping[str, Any], str | None, str | None]:  # type: ignore[override]
        # copy and pickle rebuild from the id and parameters, not the English text.
        return self.msgid, self.params, self.context, self.plural


def message(msgid: str, **params: Any) -> Message:
    """A Message, e.g. ``message("must be a whole number from 0 to %(bound)s", bound=50)``."""
    return Message(msgid, params)


def ngettext(singular: str, plural: str, num: int, **params: Any) -> Message:
    """A Message worded by a count, as gettext's ngettext (``num`` is a parameter too)."""
    return Message(singular, {"num": num, **params}, plural=plural)


def pgettext(context: str, msgid: str, **params: Any) -> Message:
    """A Message with a context, for English that one game words apart from another
    (Shanghai's "2 sets of 3" is not Phase 10's). Named as gettext's own, so that
    ``pybabel extract``'s default keywords find it with its context."""
    return Message(msgid, params, context)
