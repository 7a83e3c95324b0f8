"""What WeasyPrint's cascade is given for a printed document: no selector that cannot match.

WeasyPrint matches every selector of the user agent's stylesheet and of ours against
each element, and a quarter of a one-page sheet's render was that cascade. Two kinds
of selector were tried in vain on every element:

- ours for the other documents: sheet.css serves the game sheets, the pads and the
  print pack, and most of its selectors end in ``td`` or ``th``, so each cell was
  tried against them all, walking its ancestors for a class that is on no element of
  the document (a pad's ``.two-up .gin-grid td`` on a game sheet). A document gets the
  stylesheet without the selectors that need a class none of its elements has: they
  could not match, and what is left cascades as the whole did (same rules, same
  order, same specificity). It is parsed once a process for each set of rules kept.
- the user agent's pseudo-element rules written for every element (``::marker``,
  ``::footnote-call``, ``::note-call``...): they gave each element six styles of its
  own (a marker, footnote and note calls) that nothing printed asked for. A document
  gets WeasyPrint's own stylesheet with its markers for list items only and without
  footnotes and notes, which the print stylesheets never make (tests/printing/
  test_layout_work.py checks both).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import pairwise
from pathlib import Path

import tinycss2
import weasyprint.html
from weasyprint import CSS, HTML
from weasyprint.css.counters import CounterStyle


def _selectors(prelude: list) -> list[list]:
    """A rule's prelude split at its commas: one token list a selector."""
    selectors, current = [], []
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            selectors.append(current)
            current = []
        else:
            current.append(token)
    selectors.append(current)
    return selectors


def needed_classes(selector: list) -> frozenset[str]:
    """The classes some element of the document must have for ``selector`` (tokens) to
    match: each ``.name`` outside a functional pseudo-class (``:not(.x)`` needs none).
    Whatever its combinators, each compound names an element that must exist."""
    needed = set()
    for before, token in pairwise(selector):
        if before.type == "literal" and before.value == "." and token.type == "ident":
            needed.add(token.value)
    return frozenset(needed)


class Rules:
    """A stylesheet's rules, each selector with the classes it needs."""

    def __init__(self, text: str):
        # (None, text) for an at-rule, kept whole; else ([(needs, selector)], body)
        self.rules: list[tuple[list[tuple[frozenset[str], str]] | None, str]] = []
        for node in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
            if node.type == "qualified-rule":
                selectors = [
                    (needed_classes(tokens), tinycss2.serialize(tokens).strip())
                    for tokens in _selectors(node.prelude)
                ]
                self.rules.append((selectors, "{" + tinycss2.serialize(node.content) + "}"))
            elif node.type == "at-rule":
                self.rules.append((None, tinycss2.serialize([node])))
        self.vocabulary = frozenset(
            name for selectors, _ in self.rules for needs, _ in selectors or () for name in needs
        )

    def kept(self, classes: Iterable[str]) -> tuple[tuple[int, ...], ...]:
        """For each rule, the indexes of its selectors a document with ``classes`` keeps."""
        present = self.vocabulary.intersection(classes)
        return tuple(
            (0,)
            if selectors is None
            else tuple(at for at, (needs, _) in enumerate(selectors) if needs <= present)
            for selectors, _ in self.rules
        )

    def text(self, kept: tuple[tuple[int, ...], ...]) -> str:
        lines = []
        for (selectors, body), indexes in zip(self.rules, kept, strict=True):
            if selectors is None:
                lines.append(body)
            elif indexes:
                lines.append(", ".join(selectors[at][1] for at in indexes) + " " + body)
        return "\n".join(lines)


def document_classes(document: HTML) -> set[str]:
    """Every class on an element of ``document`` (parsed HTML, SVG included)."""
    classes = set()
    for element in document.etree_element.iter():
        names = element.get("class")
        if names:
            classes.update(names.split())
    return classes


@cache
def rules(path: Path) -> Rules:
    """The stylesheet at ``path``, read once a process."""
    return Rules(path.read_text(encoding="utf-8"))


# ---- the user agent's stylesheet ----

MARKED = "li::marker, summary::marker"  # the list items a printed page has: li (summary)
NOT_PRINTED = ("::footnote-", "::note-")


def user_agent_rules(text: str) -> str:
    """WeasyPrint's user agent stylesheet ``text`` with its pseudo-element rules for
    every element narrowed: markers for list items, no footnotes or notes."""
    rules = []
    for node in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
        if node.type == "qualified-rule":
            prelude = tinycss2.serialize(node.prelude).strip()
            if prelude.startswith(NOT_PRINTED):
                continue
            if prelude == "::marker":
                node.prelude = tinycss2.parse_component_value_list(MARKED + " ")
        rules.append(tinycss2.serialize([node]))
    return "\n".join(rules)


@cache
def user_agent_stylesheet() -> CSS | None:
    """user_agent_rules of WeasyPrint's own, or None where this WeasyPrint keeps its
    stylesheet elsewhere (its own is then used as it is)."""
    text = getattr(weasyprint.html, "UA", None)
    if not isinstance(text, str):
        return None
    return CSS(string=user_agent_rules(text), counter_style=CounterStyle())


class PrintedHTML(HTML):
    """A printed document: WeasyPrint's user agent stylesheet narrowed
    (user_agent_rules); the stylesheet of forms is WeasyPrint's own, if asked for."""

    def _ua_stylesheets(self, forms=False):
        own = super()._ua_stylesheets(forms)
        narrowed = user_agent_stylesheet()
        return own if narrowed is None else [narrowed, *own[1:]]
