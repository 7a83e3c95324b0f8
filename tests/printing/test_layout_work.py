"""What WeasyPrint is spared when it lays out a sheet or a pad (printing/render.py and
the stylesheet): work that changes nothing printed, measured by what it is asked to do."""

from __future__ import annotations

from datetime import date

import weasyprint.layout.preferred

from scorekeeper.printing import PackTable
from scorekeeper.printing.pack import print_pack
from scorekeeper.printing.render import laid_out_pdf, render_html
from scorekeeper.printing.sheet import game_sheet
from tests.printing import games
from tests.printing.cases import LONG_NAMES
from tests.printing.support import VIEW_URL

MM = 25.4 / 96


def measured_tables(monkeypatch) -> list[str]:
    """The classes of each table WeasyPrint measures cell by cell (its words at their
    narrowest and widest), as the layouts run."""
    measured = []
    measure = weasyprint.layout.preferred.table_and_columns_preferred_widths

    def counting(context, box, outer=True):
        table = box.get_wrapped_table()
        if table not in context.tables:
            measured.append(table.element.get("class") or table.element_tag)
        return measure(context, box, outer)

    monkeypatch.setattr(weasyprint.layout.preferred, "table_and_columns_preferred_widths", counting)
    return measured


def qr_cells_mm(document) -> list[float]:
    """The widths of the QR code's box and of its two cells (the address, the code)."""
    found, stack = [], [page._page_box for page in document.pages]
    while stack:
        box = stack.pop()
        element = getattr(box, "element", None)
        is_table_part = type(box).__name__ in ("TableBox", "TableCellBox")
        of_the_code = box.element_tag in ("figure", "figcaption") or "qr-link" in (
            getattr(element, "get", lambda *_: "")("class") or ""
        )
        if is_table_part and of_the_code:
            found.append((box.element_tag, round(box.border_width() * MM, 1)))
        stack.extend(getattr(box, "children", ()))
    return sorted(found)


def test_the_qr_codes_box_is_sized_without_measuring_its_words(monkeypatch):
    sheet = game_sheet(games.thirteen_with_the_press(), view_url=VIEW_URL)
    tables = [PackTable("Table 1", LONG_NAMES[:4], preset="500 Rum")]
    pack = print_pack(tables, title="Week 6", day=date(2024, 11, 14))
    measured = measured_tables(monkeypatch)
    document, _ = laid_out_pdf(render_html("game_sheet.html", sheet=sheet))
    laid_out_pdf(render_html("pad.html", pads=pack.pads, pack=pack))
    assert measured and not [name for name in measured if "qr-box" in name], measured
    # As wide as before: 64 mm, the code's cell 24 mm, the address the rest.
    assert qr_cells_mm(document) == [("a", 24.0), ("figcaption", 40.0), ("figure", 64.0)]
