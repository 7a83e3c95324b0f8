"""A partnership pad's row labels stay inside their column in every language: fr
"Fermeture, pozzetto (moins)" ran into the first side's box of a Burraco pad."""

from __future__ import annotations

import pytest

from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from tests.printing.support import laid_out, printed_in

pytestmark = pytest.mark.sqlite  # the app only for its catalogs


def labels_past_their_cell(html: str) -> list[str]:
    """The side grid's row labels whose text runs past their cell's content box, as
    WeasyPrint lays the page out for its PDF."""
    document = laid_out(html)
    past, stack = [], [page._page_box for page in document.pages]
    while stack:
        box = stack.pop()
        element = getattr(box, "element", None)
        if box.element_tag == "th" and "who" in (element.get("class") or "").split():
            right = box.content_box_x() + box.width
            texts, inner = [], list(box.children)
            while inner:
                child = inner.pop()
                if hasattr(child, "text"):
                    texts.append(child)
                inner.extend(getattr(child, "children", ()))
            if any(text.position_x + text.width > right + 0.5 for text in texts):
                past.append(" ".join(text.text for text in texts))
        stack.extend(getattr(box, "children", ()))
    return past


@pytest.mark.parametrize("language", ["fr", "de", "pl", "hi"])
@pytest.mark.parametrize(("preset", "sides"), [("Burraco", 3), ("Canasta", 2)])
def test_every_side_row_label_fits_its_column(app, language, preset, sides):
    def html(locale: str) -> str:
        pad = blank_pad(preset=preset, players=sides, locale=locale)
        return render_html("pad.html", pads=[pad], pack=None, about=None)

    assert labels_past_their_cell(printed_in(app, language, html)) == []
