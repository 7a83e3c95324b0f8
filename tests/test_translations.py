"""Every word a user reads is marked for translation and translated in every language.

Three checks, as CI runs them: no template text outside ``_()`` (the templates' own
words, read with Jinja's lexer), the catalog template matches what the extractor finds
today (``make catalogs`` was run after the last marked string), and every language's
catalog translates every message, with the same placeholders as English.
"""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from jinja2 import Environment

from scorekeeper.web.common.i18n import DEFAULT_LANGUAGE, LANGUAGES
from tests.catalogs import CATALOGS, catalog

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted((ROOT / "scorekeeper" / "templates").rglob("*.html"))
# Attributes a reader (or a screen reader) meets as words.
READ_ATTRIBUTES = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')
# The app's name, a proper noun: the same in every language.
NOT_TRANSLATED = re.compile(r"\bScorekeeper\b")
TAG = re.compile(r"<[^>]*>")
# Attributes written outside a tag: a partial of attributes, or a block inside a tag.
ATTRIBUTE = re.compile(r"""[\w-]+=(?:"[^"]*"|'[^']*')""")
ENTITY = re.compile(r"&#?\w+;")
EXPRESSION = "\x00"  # where a {{ }} or {% %} stood


def literal_text(path: Path) -> str:
    """The template's own text, with every Jinja expression and statement replaced."""
    env = Environment(extensions=["jinja2.ext.i18n"])
    parts = []
    for _line, kind, value in env.lex(path.read_text()):
        parts.append(value if kind == "data" else EXPRESSION)
    return "".join(parts)


def unmarked_words(path: Path) -> list[str]:
    text = literal_text(path)
    found = [value for value in READ_ATTRIBUTES.findall(text)]
    body = ATTRIBUTE.sub(
        " ", TAG.sub(" ", re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S))
    )
    found += body.split(EXPRESSION)
    words = []
    for piece in found:
        piece = NOT_TRANSLATED.sub(" ", ENTITY.sub(" ", piece.replace(EXPRESSION, " ")))
        if re.search(r"[^\W\d_]{2,}", piece):
            words.append(" ".join(piece.split()))
    return words


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_text_is_left_unmarked(template: Path):
    assert unmarked_words(template) == []


def test_unmarked_template_text_is_found(tmp_path: Path):
    page = tmp_path / "page.html"
    page.write_text(
        '<p>{{ _("Deal %(n)s", n=1) }}</p><a href="{{ url }}" aria-label="Undo">{{ n }}</a>'
        "<p>Keep it</p>"
    )
    assert unmarked_words(page) == ["Undo", "Keep it"]


def extracted_ids(pot: Path) -> set[str]:
    with pot.open("rb") as file:
        return {str(m.id) for m in read_po(file) if m.id}


def test_the_catalog_template_holds_every_marked_string(tmp_path: Path):
    """What make catalogs would extract today is what the catalogs were made from."""
    fresh = tmp_path / "messages.pot"
    makefile = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    command = re.search(r"pybabel (.*?extract .*?) -o \S+ ([^\n]*)", makefile)
    assert command, "the Makefile's catalogs target extracts"
    options, sources = command.group(1).split(), command.group(2).split()
    pybabel = Path(sys.executable).parent / "pybabel"
    subprocess.run(
        [str(pybabel), *options, "-o", str(fresh), *sources],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    committed = extracted_ids(CATALOGS / "messages.pot")
    today = extracted_ids(fresh)
    assert sorted(today - committed) == [], "marked but not in the catalogs: run make catalogs"
    assert sorted(committed - today) == [], "in the catalogs but no longer marked: make catalogs"


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {DEFAULT_LANGUAGE}))
def test_every_language_translates_every_string(language: str):
    messages = catalog(language)
    template = extracted_ids(CATALOGS / "messages.pot")
    ids = {str(m.id) for m in messages if m.id}
    assert sorted(template - ids) == [], "not in this language's catalog: make catalogs"
    untranslated = [
        m.id
        for m in messages
        if m.id and (m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string))
    ]
    assert untranslated == []
    problems = [(message.id, [str(e) for e in errors]) for message, errors in messages.check()]
    assert problems == []
    # Babel's check lets a translation drop a placeholder or a tag; the reader would
    # then miss a number, a name or a bold word.
    differing = [
        message.id
        for message in messages
        if message.id and kept_parts(message.id) != kept_parts(message.string)
    ]
    assert differing == []


# What a translation must keep: placeholders (Python's and the scripts' {name}) and tags.
KEPT = re.compile(r"%\(\w+\)[sdr]|\{\w+\}|</?[a-z]+\b")


def kept_parts(text: str | tuple[str, ...]) -> set[str]:
    """Every form of a plural together: a singular may leave out the count."""
    forms = text if isinstance(text, tuple) else (text,)
    return {part for form in forms for part in KEPT.findall(form)}


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {DEFAULT_LANGUAGE}))
def test_each_catalogs_plural_forms_follow_babels_plural_rules(language: str):
    """Counts that CLDR puts in one plural category share one form, and no form serves
    two categories (Hindi's 0 takes the singular, as CLDR says)."""
    form_of = gettext.c2py(catalog(language).plural_expr)
    category_of = Locale.parse(language).plural_form
    forms: dict[str, set[int]] = {}
    for count in range(1000):
        forms.setdefault(category_of(count), set()).add(form_of(count))
    assert all(len(used) == 1 for used in forms.values()), forms
    assert len({next(iter(used)) for used in forms.values()}) == len(forms)
