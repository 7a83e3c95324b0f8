"""A collapsed-border table's rules drawn a line a rule (printing/borders.py): the same
area painted in the same colours as WeasyPrint's one segment a cell edge, in far fewer
strokes; rules of mixed colours, or not solid, drawn segment by segment as before."""

from __future__ import annotations

import io
from itertools import groupby

import pytest
from pypdf import PdfReader
from weasyprint.formatting_structure.boxes import TableBox

from scorekeeper.printing import game_sheet_pdf
from scorekeeper.printing.borders import joined_segments, list_segments
from scorekeeper.printing.render import laid_out_pdf, render_html
from scorekeeper.printing.sheet import game_sheet
from tests.printing.cases import LONG_NAMES, played
from tests.printing.sheet_reading import golf_scores
from tests.printing.support import VIEW_URL

pytestmark = pytest.mark.sqlite  # the app for its catalogs only: no database


def golf_card():
    """An 18-hole card of 8 players with 40-character accented names, a quarter a hole."""
    return played(
        18,
        players=list(LONG_NAMES),
        stakes={"cents_per_point": 1, "deal_winner_cents": 25},
        preset="Golf (18 holes)",
        deal=lambda game, n: golf_scores(n - 1, list(game.players)),
    )


def tables(box):
    if isinstance(box, TableBox):
        yield box
    for child in getattr(box, "children", ()):
        yield from tables(child)


def collapsed_tables(html: str) -> list:
    document, _ = laid_out_pdf(html)
    return [
        table
        for page in document.pages
        for table in tables(page._page_box)
        if table.style["border_collapse"] == "collapse"
    ]


def painted(segments) -> dict:
    """Each (width, style, colour, direction, line)'s painted stretches, as the union
    of its segments' spans: what a page shows of them."""
    spans: dict = {}
    for x1, y1, x2, y2, width, style, colour in segments:
        horizontal = y1 == y2
        key = (width, style, colour, horizontal, y1 if horizontal else x1)
        spans.setdefault(key, []).append((x1, x2) if horizontal else (y1, y2))
    union = {}
    for key, stretches in spans.items():
        merged: list[list[float]] = []
        for start, end in sorted(stretches):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        union[key] = [tuple(stretch) for stretch in merged]
    return union


def strokes(pdf: bytes) -> int:
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    return page.get_contents().get_data().split(b"\n").count(b"S")


def test_the_golf_cards_rules_paint_what_each_cell_edge_painted_in_a_tenth_of_the_lines():
    html = render_html("game_sheet.html", sheet=game_sheet(golf_card(), view_url=VIEW_URL))
    cards = collapsed_tables(html)
    assert len(cards) == 2  # the two nines
    for card in cards:
        segments = list_segments(card)
        joined = list(joined_segments(segments))
        assert painted(joined) == painted(segments)
        assert len(joined) * 10 < len(segments)
        # The heavy rule over "won the hole" is painted over the thin rules, as before:
        # each width's lines after the thinner ones'.
        widths = [width for width, _ in groupby(s[4] for s in joined)]
        assert widths == sorted(widths) and len(widths) == 2


def test_the_golf_cards_pdf_strokes_its_rules_not_each_cell_edge():
    pdf = game_sheet_pdf(golf_card(), view_url=VIEW_URL)
    # 2 nines of 12 columns and 11 rows: ~550 cell edges, ~50 rules
    assert strokes(pdf) < 120


MIXED = """<!doctype html><html lang="en"><head><style>
table {{ border-collapse: collapse; }}
td {{ border: 0.25mm {style} {colour}; width: 10mm; height: 5mm; }}
td.odd {{ border-color: {odd}; }}
</style></head><body><table>
<tr><td>1</td><td class="odd">2</td><td>3</td></tr>
<tr><td>4</td><td>5</td><td>6</td></tr>
</table></body></html>"""


@pytest.mark.parametrize(
    "style, colour, odd",
    [
        ("solid", "#555", "#c00"),  # one width, two colours: the order picks a corner's
        ("dashed", "#555", "#555"),  # a dash pattern starts again with each segment
        ("solid", "rgba(0, 0, 0, 0.5)", "rgba(0, 0, 0, 0.5)"),  # overlaps paint darker
    ],
)
def test_rules_of_mixed_colours_or_not_solid_are_drawn_edge_by_edge_as_before(style, colour, odd):
    (table,) = collapsed_tables(MIXED.format(style=style, colour=colour, odd=odd))
    segments = list_segments(table)
    assert list(joined_segments(segments)) == segments


def test_one_colour_rules_of_a_plain_table_are_joined():
    (table,) = collapsed_tables(MIXED.format(style="solid", colour="#555", odd="#555"))
    segments = list_segments(table)
    joined = list(joined_segments(segments))
    assert painted(joined) == painted(segments)
    assert len(joined) == 3 + 4  # three rows' edges across, four columns' edges down
