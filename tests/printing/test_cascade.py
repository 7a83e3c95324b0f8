"""What WeasyPrint's cascade is given for a printed document (printing/cascade.py): no
selector that needs a class the document lacks, and the user agent's pseudo-element
rules for list items only; the PDF is the one the whole stylesheets make."""

from __future__ import annotations

from datetime import date

import pytest
import tinycss2
import weasyprint.html
from weasyprint import HTML
from weasyprint.css import get_all_computed_styles

from scorekeeper.printing import PackTable, blank_pad_html
from scorekeeper.printing.assets import STATIC, STYLESHEET, STYLESHEETS
from scorekeeper.printing.cascade import Rules, document_classes, needed_classes, user_agent_rules
from scorekeeper.printing.engine import (
    StaticOnlyFetcher,
    _document,
    _page_numbers,
    font_config,
    named_stylesheet,
    stylesheet_for,
)
from scorekeeper.printing.pack import print_pack
from scorekeeper.printing.render import OnePdf, _page_words, render_html
from scorekeeper.printing.sheet import game_sheet
from tests.printing import games
from tests.printing.cases import LONG_NAMES, played
from tests.printing.sheet_reading import NAMES, SIDES
from tests.printing.support import VIEW_URL

RULES = """
@page { margin: 13mm }
.grid td, .pad-grid td, td.t { padding: 1mm }
.two-up .gin-grid.games-1 td { height: 5mm }
td:not(.gap) { color: #000 }
.sheet h1 + .meta { margin: 0 }
"""


def test_a_selector_needs_each_class_it_names_outside_a_functional_pseudo_class():
    rules = Rules(RULES)
    needs = [needs for selectors, _ in rules.rules for needs, _ in selectors or ()]
    assert needs == [
        {"grid"}, {"pad-grid"}, {"t"}, {"two-up", "gin-grid", "games-1"}, set(),
        {"sheet", "meta"},
    ]  # fmt: skip


def test_a_document_keeps_the_selectors_its_classes_can_match_in_their_order():
    rules = Rules(RULES)
    kept = rules.text(rules.kept({"grid", "t", "gin-grid", "games-1", "meta", "other"}))
    assert kept.splitlines() == [
        "@page { margin: 13mm }",
        ".grid td, td.t { padding: 1mm }",
        "td:not(.gap) { color: #000 }",
    ]


def burraco():
    def deal(game, n):
        a, b = SIDES
        return {"out": a if n % 2 else b, "melded": {a: 120 + 5 * n, b: 90}, "hand": {a: 10, b: 25},
                "clean": {a: 1}, "dirty": {b: 1}, "pozzetto": {a: True, b: n % 6 != 3}}  # fmt: skip

    return played(4, preset="Burraco", players=SIDES, seats=NAMES[:4], deal=deal)


def golf():
    def hole(game, n):
        return {
            "scores": {name: (7 * n + 5 * seat) % 40 - 2 for seat, name in enumerate(LONG_NAMES)}
        }

    stakes = {"cents_per_point": 1, "deal_winner_cents": 25}
    return played(18, preset="Golf (18 holes)", players=LONG_NAMES, stakes=stakes, deal=hole)


def sheet_html(view) -> str:
    return render_html("game_sheet.html", sheet=game_sheet(view, view_url=VIEW_URL))


def documents() -> dict[str, str]:
    tables = [PackTable(f"Table {n}", LONG_NAMES[:4], preset="500 Rum") for n in (1, 2)]
    pack = print_pack(tables, title="Week 6", day=date(2024, 11, 14))
    return {
        "13-deal sheet": sheet_html(games.thirteen_with_the_press()),
        "Hollywood sheet": sheet_html(games.hollywood()),
        "Burraco sheet": sheet_html(burraco()),
        "finished golf card": sheet_html(golf()),
        "golf pad": blank_pad_html(preset="Golf (18 holes)", players=8, names=LONG_NAMES),
        "pack": render_html("pad.html", pads=pack.pads, pack=pack),
    }


def whole_stylesheets_pdf(html: str) -> bytes:
    """``html``'s PDF from WeasyPrint's own user agent stylesheet and the whole of ours."""
    document = HTML(string=html, base_url=f"{STATIC.as_uri()}/", url_fetcher=StaticOnlyFetcher())
    return document.write_pdf(
        stylesheets=[named_stylesheet(""), _page_numbers(_page_words())],
        font_config=font_config(),
        pdf_variant="pdf/ua-1",
    )


@pytest.mark.parametrize("name", list(documents()))
def test_a_document_prints_as_the_whole_stylesheets_print_it(name):
    html = documents()[name]
    assert OnePdf(html, "", _page_words())() == whole_stylesheets_pdf(html)


def selectors(stylesheet) -> int:
    """How many selectors WeasyPrint's matcher holds (each one it may try on an element)."""
    matcher = stylesheet.matcher
    indexed = (matcher.id_selectors, matcher.class_selectors, matcher.lower_local_name_selectors)
    return sum(len(entries) for index in indexed for entries in index.values()) + len(
        matcher.other_selectors
    )


def test_no_cell_is_tried_against_a_selector_needing_a_class_the_document_lacks():
    for name, html in documents().items():
        document = _document(html)
        classes = document_classes(document)
        kept = stylesheet_for(document)
        whole = named_stylesheet("")
        assert selectors(kept) < selectors(whole) / 2, (name, selectors(kept))
        for selector_classes in kept.matcher.class_selectors:
            assert selector_classes in classes, (name, selector_classes)


def test_the_kept_rules_are_parsed_once_for_documents_of_one_kind():
    first, second = (_document(documents()["Burraco sheet"]) for _ in range(2))
    assert stylesheet_for(first) is stylesheet_for(second)


def test_the_user_agents_markers_are_for_list_items_and_it_has_no_footnotes_or_notes():
    narrowed = user_agent_rules(weasyprint.html.UA)
    assert narrowed != weasyprint.html.UA
    assert "li::marker, summary::marker" in narrowed
    assert "::footnote" not in narrowed and "::note" not in narrowed
    for path in (STYLESHEET, *STATIC.glob("league/*.css")):
        assert "footnote" not in path.read_text() and "note-" not in path.read_text(), path
    document = _document(documents()["13-deal sheet"])
    (user_agent,) = document._ua_stylesheets()
    assert not [entry for entry in user_agent.matcher.other_selectors if entry[3]]


def test_an_ordinary_element_gets_no_style_for_a_pseudo_element_nothing_prints():
    html = documents()["Burraco sheet"]
    styles = {}
    for document in (_document(html), HTML(string=html)):
        computed = get_all_computed_styles(document, font_config=font_config())
        styles[type(document).__name__] = {pseudo for _, pseudo in computed.get_computed_styles()}
    assert styles["HTML"] >= {"marker", "footnote-call", "note-call"}
    assert styles["PrintedHTML"] <= {None, "before", "after"}


def test_a_list_items_marker_keeps_the_user_agents_style():
    html = "<ul><li>Knock with 10 or less.</li></ul>"
    computed = get_all_computed_styles(_document(html), font_config=font_config())
    (item,) = [element for element, pseudo in computed.get_computed_styles() if pseudo == "marker"]
    assert item.tag == "li"
    assert computed(item, "marker")["white_space"] == "pre"


def test_a_class_on_an_svg_element_counts():
    html = '<p class="a b"></p><svg><path class="qrline"/></svg>'
    assert document_classes(_document(html)) == {"a", "b", "qrline"}
    assert needed_classes([]) == frozenset()


@pytest.mark.parametrize("style", list(STYLESHEETS))
def test_a_document_with_every_class_keeps_the_whole_stylesheet(style):
    """Each of the print stylesheets read into rules and written back whole, as
    WeasyPrint parses them (only whitespace and comments differ)."""

    def parsed(text: str) -> list[str]:
        rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
        return ["".join(tinycss2.serialize([rule]).split()) for rule in rules]

    rules = Rules(STYLESHEETS[style].read_text())
    assert parsed(rules.text(rules.kept(rules.vocabulary))) == parsed(
        STYLESHEETS[style].read_text()
    )
