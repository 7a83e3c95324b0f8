"""Words in the reader's language, for every layer below the web.

The league's use cases, the printed sheets and the core's messages mark their words
with ``gettext`` (``_``), ``lazy_gettext`` (``_l``) and ``ngettext`` from here, never
from Flask-Babel: which catalog and which language a word is looked up in is the web's
business. ``scorekeeper.web.common.i18n`` installs Flask-Babel as the translator when an app
is made (``install``); until then (a script, a unit test without an app) the words are
English, as written. The extractor finds them by these names (babel.cfg, ``make
catalogs``), as it did when they came from Flask-Babel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Protocol

from babel import Locale
from babel.support import NullTranslations

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


class Translator(Protocol):
    """Where words are looked up: Flask-Babel in an app (web.common.i18n), English outside."""

    def translations(self) -> NullTranslations: ...

    def locale(self) -> Locale | None: ...

    def force_locale(self, locale: str) -> AbstractContextManager[None]: ...


class English:
    """No catalog and no reader: the words as written."""

    def translations(self) -> NullTranslations:
        return NullTranslations()

    def locale(self) -> Locale | None:
        return None

    def force_locale(self, locale: str) -> AbstractContextManager[None]:
        return nullcontext()


_translator: Translator = English()


def install(translator: Translator) -> None:
    """Look words up with ``translator`` from now on (the web does, at create_app)."""
    global _translator
    _translator = translator


def get_translations() -> NullTranslations:
    """The catalog of this response's (or ``force_locale``'s) language."""
    return _translator.translations()


def get_locale() -> Locale | None:
    """This response's language; None outside one."""
    return _translator.locale()


def force_locale(locale: str) -> AbstractContextManager[None]:
    """Words (and figures) inside speak ``locale``, whoever reads the page."""
    return _translator.force_locale(locale)


# Filled in as Flask-Babel does: a %-format only when given parameters (num for plurals).
def gettext(string: str, **variables: Any) -> str:
    text = get_translations().ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    return get_translations().ungettext(singular, plural, num) % variables


def pgettext(context: str, string: str, **variables: Any) -> str:
    text = get_translations().upgettext(context, string)
    return text % variables if variables else text


class LazyString:
    """A word looked up when it is shown, not when it is made (labels built at import).

    Behaves as the str it becomes: Jinja (``__html__``), JSON, comparison, formatting.
    """

    def __init__(self, func: Callable[..., str], *args: Any, **kwargs: Any) -> None:
        self._func = func
        self._args = args
        self._kwargs = kwargs

    def __str__(self) -> str:
        return str(self._func(*self._args, **self._kwargs))

    def __getattr__(self, attr: str) -> Any:
        if attr == "__setstate__":
            raise AttributeError(attr)
        string = str(self)
        if hasattr(string, attr):
            return getattr(string, attr)
        raise AttributeError(attr)

    def __repr__(self) -> str:
        return f"l{str(self)!r}"

    def __html__(self) -> str:
        return str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __getitem__(self, key: Any) -> str:
        return str(self)[key]

    def __iter__(self) -> Iterator[str]:
        return iter(str(self))

    def __contains__(self, item: object) -> bool:
        return item in str(self)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __mul__(self, other: int) -> str:
        return str(self) * other

    def __rmul__(self, other: int) -> str:
        return other * str(self)

    def __mod__(self, other: Any) -> str:
        return str(self) % other

    def __eq__(self, other: object) -> bool:
        return str(self) == other

    def __ne__(self, other: object) -> bool:
        return str(self) != other

    def __lt__(self, other: str) -> bool:
        return str(self) < other

    def __le__(self, other: str) -> bool:
        return str(self) <= other

    def __gt__(self, other: str) -> bool:
        return str(self) > other

    def __ge__(self, other: str) -> bool:
        return str(self) >= other

    def __hash__(self) -> int:
        return hash(str(self))


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    return LazyString(gettext, string, **variables)


_ = gettext
_l = lazy_gettext
