"""A small compiled catalog for a test app, so a test can read a page in another language.

The app's real catalogs come with their translators; a test that checks the machinery
(which text is translated, what stays the same) brings its own few translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo


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
