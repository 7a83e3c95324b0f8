"""The circle page's body, rendered once per circle version (docs/circles.md).

The phones at a table reload the same circle after every deal, and its body (a line per
member in several lists, 30 games, 30 records, each with its links) cost a plain game
page's time several times over to render. Nothing in it depends on the reader but the
language, the settle-up host, whether they may edit, and two things each request makes
anew: the form's CSRF token and the one-time key of the expense and payment forms. So
the body is rendered once per (circle version, language, host, edit right) with marks in
their place, and each request writes its own into the marks.

A mark starts with ``<``: the page's text, names and notes are escaped before they reach
the body, so no member or note can spell one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from cachetools import LRUCache
from flask import render_template
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from scorekeeper.service_layer.circles import CircleView
from scorekeeper.web.circles.forms import SPLITS
from scorekeeper.web.table.fields import new_key
from scorekeeper.web.table.presenters import page_locale

CSRF_MARK = "<!--csrf-->"
KEY_MARK = "<!--key-->"
CSRF_FIELD = Markup(f'<input type="hidden" name="csrf_token" value="{CSRF_MARK}">')

# A body is about 70 KB at 30 members and 200 games.
_BODIES: LRUCache[tuple[str, int, str, int | None, bool], str] = LRUCache(maxsize=48)
_LOCK = threading.Lock()


def rendered(
    view: CircleView,
    host: int | None,
    editable: bool,
    present: Callable[[], dict[str, Any]],
    **context: Any,
) -> Markup:
    """The page's body for this request. ``present``: what the page shows (called only
    when the body is rendered); ``context``: what a refused form gives back (its fields
    and messages), never kept."""
    key = (view.public_id, view.version, str(page_locale()), host, editable)
    with _LOCK:
        made = None if context else _BODIES.get(key)
    if made is None:
        made = render_template(
            "circles/_circle_body.html",
            view=view,
            c=present(),
            editable=editable,
            csrf=CSRF_FIELD,
            key=Markup(KEY_MARK),
            splits=SPLITS,
            **context,
        )
        if not context:
            with _LOCK:
                _BODIES[key] = made
    if editable:
        made = made.replace(CSRF_MARK, str(escape(generate_csrf())))
        made = made.replace(KEY_MARK, new_key())
    return Markup(made)


def forget() -> None:
    """Every kept body dropped (a benchmark's cold read)."""
    with _LOCK:
        _BODIES.clear()
