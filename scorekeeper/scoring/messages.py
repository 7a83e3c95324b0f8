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
    """English text that remembers its message id and parameters."""

    msgid: str
    params: Mapping[str, Any]

    def __new__(cls, msgid: str, params: Mapping[str, Any] | None = None) -> Message:
        params = dict(params or {})
        # As gettext does: the id is a %-format only when there are parameters.
        text = super().__new__(cls, msgid % params if params else msgid)
        text.msgid = msgid
        text.params = params
        return text

    def __getnewargs__(self) -> tuple[str, Mapping[str, Any]]:  # type: ignore[override]
        # copy and pickle rebuild from the id and parameters, not the English text.
        return self.msgid, self.params


def message(msgid: str, **params: Any) -> Message:
    """A Message, e.g. ``message("must be a whole number from 0 to %(bound)s", bound=50)``."""
    return Message(msgid, params)
