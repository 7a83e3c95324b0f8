"""Catalogs for tests: the app's real ones, read as translators wrote them, and small
compiled ones a test app brings of its own.

A test of the machinery (which text is translated, what stays the same) brings its own
few translations; a test of what readers see looks its words up in the real catalogs,
so no translation is written twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

CATALOGS = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations"


@cache  # read once a process (a .po takes 90 ms to parse); callers only read it
def catalog(language: str) -> Catalog:
    """The app's catalog for ``language``, as its .po file has it."""
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=language)


def translated(language: str, msgid: str, **params: object) -> str:
    """The catalog's words for ``msgid`` (English for English), with ``params`` filled."""
    words = msgid
    if language != "en":
        message = catalog(language)[msgid]
        assert message is not None and message.string, f"{msgid!r} has no {language} words"
        words = message.string
    return words % params if params else words


def compiled_catalogs(folder: Path, translations: Mapping[str, Mapping[str, str]]) -> str:
    """Compile {language: {English: translation}} under ``folder``; the value for the
    app's BABEL_TRANSLATION_DIRECTORIES."""
    for language, texts in translations.items():
        catalog = Catalog(locale=language)
        for english, translated in texts.items():
            catalog.add(english, translated, flags=("python-format",))
        messages = folder / language / "LC_MESSAGES"
        messages.mkdir(parents=True)
        with (messages / "messages.mo").open("wb") as compiled:
            write_mo(compiled, catalog)
    return str(folder)
