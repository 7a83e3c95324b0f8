"""The players' languages: which one a page speaks, through Flask-Babel's catalogs.

The language is, first, the one this device chose with the switcher (a cookie), then
the one the reader's browser asks for (Accept-Language), then English. Pages that
belong to a game or a league may speak that game's or league's language instead
(``speak``), so a French table prints French sheets whoever downloads them.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import timedelta

import flask_babel
from babel import Locale
from babel.support import NullTranslations
from flask import Blueprint, Flask, abort, g, has_request_context, redirect, request, url_for
from flask_babel import Babel, format_date, format_time, get_locale, refresh

from scorekeeper import i18n
from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES
from scorekeeper.translate import translate
from scorekeeper.web.common.edge import safe_next

LANGUAGE_COOKIE = "lang"
# The switcher's choice stays on the device this long.
REMEMBERED_FOR = timedelta(days=365)


def chosen_language() -> str:
    """The language of this response (see the module's docstring)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE  # a command in a terminal: no browser to ask
    spoken = g.get("language")
    if spoken in LANGUAGES:
        return spoken
    remembered = request.cookies.get(LANGUAGE_COOKIE)
    if remembered in LANGUAGES:
        return remembered
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def speak(language: str | None) -> None:
    """This page speaks ``language`` (a game's or a league's), when it has a catalog."""
    if language in LANGUAGES:
        g.language = language
        refresh()  # a string translated earlier in this request fixed the locale


bp = Blueprint("i18n", __name__)


@bp.get("/language/<language>")
def choose(language: str):
    """The switcher: remember this device's language, then back to the page it was on.
    Only a preference cookie is set (nothing stored), so a plain link does."""
    if language not in LANGUAGES:
        abort(404)
    response = redirect(safe_next(request.args.get("next"), url_for("table.home")), 303)
    response.set_cookie(
        LANGUAGE_COOKIE,
        language,
        max_age=REMEMBERED_FOR,
        samesite="Lax",
        secure=request.is_secure,
        httponly=True,
    )
    return response


def page_language() -> dict[str, object]:
    """For every template: the page's language (``<html lang>``) and the switcher's list."""
    return {"page_language": chosen_language(), "languages": LANGUAGES}


def response_language() -> str:
    """The language this response was given in, for its Content-Language header."""
    return str(get_locale() or DEFAULT_LANGUAGE)


class FlaskBabelTranslator:
    """The layers below the web look their words up here (scorekeeper.i18n): Flask-Babel's
    catalog of this request's (or force_locale's) language, the msgid outside an app."""

    def translations(self) -> NullTranslations:
        return flask_babel.get_translations()

    def locale(self) -> Locale | None:
        return get_locale()

    def force_locale(self, locale: str) -> AbstractContextManager[None]:
        return flask_babel.force_locale(locale)


def init_app(app: Flask) -> None:
    i18n.install(FlaskBabelTranslator())
    app.register_blueprint(bp)
    app.context_processor(page_language)
    # One Babel per app: Flask-Babel caches loaded catalogs on the Babel object by
    # language alone, so a shared one would serve one app's catalogs to another.
    Babel(
        app,
        locale_selector=chosen_language,
        default_translation_directories="translations",
    )
    # Templates show the core's words in the page's language: {{ preset.description|translate }}.
    app.add_template_filter(translate)
    # A day's name and a clock time as the page's language writes them (Thursday, 19:30).
    app.add_template_filter(lambda day: format_date(day, "EEEE"), "weekday")
    app.add_template_filter(lambda day: format_date(day, "full"), "fullday")
    app.add_template_filter(lambda clock: format_time(clock, "short"), "clock")
    # Words handed to the scripts (|tojson) as the characters they are: Devanagari escaped
    # as \uXXXX takes twice the bytes, and the table pages have a 14 KB budget.
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
