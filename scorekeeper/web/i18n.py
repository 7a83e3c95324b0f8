"""The players' languages: which one a page speaks, through Flask-Babel's catalogs.

The language is, first, the one this device chose with the switcher (a cookie), then
the one the reader's browser asks for (Accept-Language), then English. Pages that
belong to a game or a league may speak that game's or league's language instead
(``speak``), so a French table prints French sheets whoever downloads them.
"""

from __future__ import annotations

from flask import Flask, g, request
from flask_babel import Babel, refresh

# The languages with a catalog, each named in its own language for the switcher.
LANGUAGES = {
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "pl": "Polski",
    "de": "Deutsch",
    "hi": "हिन्दी",
}
DEFAULT_LANGUAGE = "en"
LANGUAGE_COOKIE = "lang"

babel = Babel()


def chosen_language() -> str:
    """The language of this response (see the module's docstring)."""
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
        refresh()  # Flask-Babel keeps the locale it chose first in this request


def init_app(app: Flask) -> None:
    babel.init_app(
        app,
        locale_selector=chosen_language,
        default_translation_directories="translations",
    )
