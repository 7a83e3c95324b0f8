"""A league night's print pack: one PDF, a seating list, then one named pad a table."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
import segno
from pypdf import PdfReader

from scorekeeper.i18n import force_locale
from scorekeeper.printing import PackTable, PrintError, night_sheets_pdf, print_pack_pdf
from scorekeeper.printing.pack import print_pack
from scorekeeper.printing.render import qr_image, render_html
from tests.printing import games
from tests.printing.support import VIEW_URL, pages, paper, picture, words
from tests.tiers import SLOW

TABLES = [
    PackTable(
        "Table 1",
        ["Ann", "Bob", "Cy", "Dee"],
        preset="Crazy Gin with the Press",
        first_dealer="Cy",
        edit_url="https://scores.example/games/g1/edit/t1",
    ),
    PackTable(
        "Table 2",
        ["Eve", "Fay"],
        preset="Hollywood Gin",
        edit_url="https://scores.example/games/g2/edit/t2",
    ),
    PackTable(
        "Table 3",
        ["Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned"],
        variant="rummy500",
        edit_url="https://scores.example/games/g3/edit/t3",
    ),
]


def test_a_pack_is_one_document_seating_list_name_index_a_page_a_table_then_slips(
    tmp_path, output_dir
):
    pdf = print_pack_pdf(TABLES, title="Thursday league, week 6", day=date(2024, 11, 14))
    picture(pdf, output_dir, "pack-three-tables")
    texts = pages(pdf, tmp_path, "-raw")
    # Table 3's eight players, three 14 mm boxes each, take two sheets: a page each.
    index, pads, slips = texts[1], [*texts[2:4], texts[4] + texts[5]], texts[6:]
    assert "Players 5 to 8 of 8, sheet 2 of 2." in " ".join(texts[5].split())
    seating = " ".join(texts[0].split())
    assert "Thursday league, week 6" in seating
    assert "November 14, 2024" in seating
    assert "Table 1 Crazy Gin with the Press 1. Ann, 2. Bob, 3. Cy ★, 4. Dee" in seating
    assert "Table 2 Hollywood Gin 1. Eve ★, 2. Fay" in seating
    everyone = sorted((name, table.label) for table in TABLES for name in table.players)
    assert re.findall(r"^(\w+) (Table \d)", index, re.M) == everyone  # A to Z, with the table
    for table, text in zip(TABLES, pads, strict=True):
        read = " ".join(text.split())
        assert table.label in read and "Thursday league, week 6" in read
        assert "Date: November 14, 2024" in read
        assert " ".join(table.players[:4]) in read and " ".join(table.players[4:]) in read
    assert "\n1 Cy " in pads[0]  # Table 1's first deal is dealt by Cy
    slips_read = " ".join(" ".join(slips).split())
    for table in TABLES:
        assert f"Result slip: {table.label} · Thursday league, week 6 · November 14, 2024" in (
            slips_read
        )
        assert f"{table.players[-1]} ({len(table.players)})" in slips_read


def test_each_pad_carries_the_qr_code_of_its_own_edit_link():
    pack = print_pack(TABLES, title="Week 6", day=date(2024, 11, 14))
    html = render_html("pad.html", pads=pack.pads, pack=pack)
    for table in TABLES:
        assert str(qr_image(table.edit_url)) in html
    assert html.count('<img class="qr"') == len(TABLES)


def test_a_pack_asked_for_in_another_language_encodes_no_qr_code_again(monkeypatch):
    """The worker makes a night's pack in each language and paper size asked (a 50-table
    pack ten times over): each link's code is encoded once per process, and only its
    caption is said again in the reader's language."""
    tables = [
        PackTable(
            f"Table {n}",
            [f"Zoë-Åsa Łukasiewicz-Øvergaard {n}{seat} Ñúñez"[:40] for seat in range(4)],
            preset="Crazy Gin with the Press",
            edit_url=f"https://scores.example/games/gé{n}/edit/encoded-once-{n:02d}",
        )
        for n in range(1, 9)
    ]
    encoded: list[str] = []
    make = segno.make
    monkeypatch.setattr(segno, "make", lambda data, **kw: encoded.append(data) or make(data, **kw))
    htmls = {}
    for locale in ("en_US", "fr_FR"):
        with force_locale(locale):
            pack = print_pack(tables, title="Week 6", day=date(2024, 11, 14), locale=locale)
            htmls[locale] = render_html("pad.html", pads=pack.pads, pack=pack)
    assert sorted(encoded) == sorted(table.edit_url for table in tables)
    assert "QR code of the address" in htmls["en_US"] and "QR" in htmls["fr_FR"]
    for table in tables:
        with force_locale("fr_FR"):
            assert str(qr_image(table.edit_url)) in htmls["fr_FR"]


def test_a_wide_table_turns_its_own_page_to_landscape(tmp_path):
    pdf = print_pack_pdf(TABLES, title="Week 6", day=date(2024, 11, 14), page_size="Letter")
    sizes = paper(pdf, tmp_path)
    # Seating list, index, two portrait pads, the 8-player pad's two landscape sheets
    # (three 14 mm boxes a player), the slips.
    assert sizes[:6] == [(215.9, 279.4)] * 4 + [(279.4, 215.9)] * 2
    assert set(sizes[6:]) == {(215.9, 279.4)}


def test_every_bad_table_is_named_in_the_error():
    tables = [
        TABLES[0],
        PackTable("Table 2", ["Eve", "Fay", "Gus"], preset="Gin Rummy"),
        PackTable("Table 3", ["Hal", "hal"], variant="rummy"),
    ]
    with pytest.raises(PrintError) as refused:
        print_pack_pdf(tables, title="Week 6")
    assert set(refused.value.errors) == {"tables.1.players", "tables.2.names.1"}


def test_an_empty_pack_is_refused():
    with pytest.raises(PrintError) as refused:
        print_pack_pdf([], title="Week 6")
    assert "tables" in refused.value.errors


def test_a_pack_of_names_with_markup_prints_them_as_typed(tmp_path):
    table = PackTable("<i>Top</i> table", ["<b>Al</b>", "Bo & Cy"], variant="gin")
    text = words(print_pack_pdf([table], title="<script>x</script>"), tmp_path)
    assert "<script>x</script>" in text
    assert "<i>Top</i> table" in text
    assert "1. <b>Al</b> ★, 2. Bo & Cy" in text


def test_the_tallest_landscape_pad_still_fits_its_page(tmp_path, output_dir):
    eight = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    table = PackTable(
        "Table 9",
        eight,
        preset="Crazy Gin with the Press",
        options={"double_on_7_or_king": True, "joker_deal": True, "out_bonus": 15},
        edit_url="https://scores.example/games/g9/edit/t9",
    )
    pdf = print_pack_pdf([table], title="Week 6", day=date(2024, 11, 14), page_size="A4")
    picture(pdf, output_dir, "pack-thirteen-eight-players-landscape")
    # The seating list and its index, the pad on two landscape sheets of four (eight
    # players' 14 mm boxes beside the wild rank's and the Press's columns), the slip.
    portrait, landscape = (210.0, 297.0), (297.0, 210.0)
    assert paper(pdf, tmp_path) == [portrait] * 2 + [landscape] * 2 + [portrait]


def test_each_table_pad_carries_the_leagues_stakes(tmp_path):
    table = PackTable("Table 1", ["Ann", "Bob"], variant="gin", stakes={"cents_per_point": 2})
    text = words(print_pack_pdf([table], title="Week 6", day=date(2024, 11, 14)), tmp_path)
    assert "Settlement ($0.02 a point, rounded to $0.05; everyone settles with everyone)" in text


def test_a_nights_finished_sheets_print_as_one_pdf_each_with_its_own_pages(tmp_path, output_dir):
    played = [(games.gin(), VIEW_URL), (games.long_500_rum(), VIEW_URL)]
    pdf = night_sheets_pdf(played, title="Thursday 2024-11-14", page_size="Letter")
    picture(pdf, output_dir, "night-sheets-letter")
    texts = pages(pdf, tmp_path)
    assert "Gin Rummy game" in texts[0] and "page 1 of 1" in texts[0]
    assert "500 Rum game" in texts[1] and f"page 1 of {len(texts) - 1}" in texts[1]
    assert PdfReader(io.BytesIO(pdf)).metadata["/Title"] == "Thursday 2024-11-14"
    with pytest.raises(PrintError):
        night_sheets_pdf([], title="Nothing")


# Twelve tables' pack (about 2 s) in the slow tier: in the quick tier tests/printing/
# test_paper_languages.py's two-table pack stands for it (the standings code's address,
# the slips' own footer on their page).
@SLOW
def test_the_standings_code_has_its_address_and_each_slip_page_names_only_its_slips(tmp_path):
    tables = [
        PackTable(f"Table {n}", ["Ann", "Bob", "Cy", "Dee"], preset="500 Rum", edit_url=VIEW_URL)
        for n in range(1, 13)
    ]
    pdf = print_pack_pdf(
        tables,
        title="Week 6",
        day=date(2024, 11, 14),
        public_url="https://scores.example/leagues/l1abcdef",
    )
    texts = pages(pdf, tmp_path, "-layout")
    assert "scores.example/leagues/l1abcdef" in "".join(texts[0].split())
    slip_pages = [text for text in texts if "Result slip:" in text]
    assert slip_pages
    for text in slip_pages:
        footer = [line for line in text.splitlines() if line.strip()][-1]
        assert footer.split()[:2] == ["Result", "slips"], footer  # not the last table's pad
        on_page = set(re.findall(r"Result slip: (Table \d+)", text))
        assert set(re.findall(r"Table \d+", text)) == on_page
