"""What WeasyPrint is spared when it lays out a sheet or a pad (printing/engine.py and
the stylesheet): work that changes nothing printed, measured by what it is asked to do."""

from __future__ import annotations

import io
import zlib
from collections import Counter
from datetime import date

import pytest
import weasyprint.layout.preferred
from pypdf import PdfReader

from scorekeeper.i18n import force_locale
from scorekeeper.printing import PackTable, game_sheet_pdf
from scorekeeper.printing.pack import print_pack
from scorekeeper.printing.render import laid_out_pdf, render_html
from scorekeeper.printing.sheet import game_sheet
from tests.printing import games
from tests.printing.cases import LONG_NAMES, played
from tests.printing.support import VIEW_URL, pages

MM = 25.4 / 96
STAKES = {"cents_per_point": 700}  # amounts of thousands: "$1,234.00", "1 234,00 $US"


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


@pytest.mark.parametrize("locale", ["en_US", "fr_FR", "pl_PL", "hi_IN"])
def test_a_payments_amount_is_printed_whole_on_one_line(tmp_path, locale):
    """A payment's amount has no box of its own (templates/print/game_sheet.html): its
    currency and figure stay together by the line-break rules alone."""
    view = played(13, preset="Crazy Gin (13 deals)", players=LONG_NAMES, stakes=STAKES)
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, locale=locale)
    with force_locale(locale):
        settled = game_sheet(view, view_url=VIEW_URL, locale=locale).settlement
    amounts = Counter(
        " ".join(p.amount.text.split()) for p in (*settled.payments, *settled.transfers)
    )
    assert len(settled.payments) >= 20
    signed = [" ".join(money.text.split()) for _, money in settled.balances]
    lines = []
    for text in pages(pdf, tmp_path, "-raw"):
        for line in text.splitlines():
            line = " ".join(line.split())
            for balance in signed:  # "+$140.00" holds "$140.00": not a payment
                line = line.replace(balance, "")
            lines.append(line)
    for amount, times in amounts.items():
        assert sum(line.count(amount) for line in lines) >= times, amount


def test_a_sheets_parts_are_the_bodys_own_children_not_in_a_wrapper():
    """WeasyPrint lays a page out ~15% slower when one block holds all of it (the
    sheet's <article> did): a sheet, one document, puts its classes on the body."""
    sheet = game_sheet(games.thirteen_with_the_press(), view_url=VIEW_URL, page_size="Letter")
    html = render_html("game_sheet.html", sheet=sheet)
    assert '<body class="sheet letter-portrait">' in html
    assert "<article" not in html and "<div" not in html


def test_a_pdfs_streams_are_compressed_at_zlibs_default_level_not_its_slowest(monkeypatch):
    """pydyf asks zlib for level 9 (engine._ZlibAtLevel): a sheet's streams were ~3% of
    its PDF's making at that level, for a PDF 1-2% smaller than level 6 makes it."""
    levels = []
    compressobj = zlib.compressobj

    def asked(level=zlib.Z_DEFAULT_COMPRESSION, *args, **kwargs):
        levels.append(level)
        return compressobj(level, *args, **kwargs)

    monkeypatch.setattr(zlib, "compressobj", asked)
    sheet = game_sheet(games.thirteen_with_the_press(), view_url=VIEW_URL)
    _, pdf = laid_out_pdf(render_html("game_sheet.html", sheet=sheet))
    assert levels and set(levels) == {6}, levels
    reader = PdfReader(io.BytesIO(pdf))
    assert "Crazy Gin" in reader.pages[0].extract_text()
