"""Sheets in every language: Hindi names in Devanagari (an embedded font, real glyphs),
long German words that never overflow a cell, the PDF's language and the locale of its
numbers, money and dates matching the language it is written in."""

from __future__ import annotations

import io
import subprocess

import pytest
from pypdf import PdfReader

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.seats import initials
from scorekeeper.service_layer import services
from scorekeeper.web.table.presenters import page_locale
from tests.printing.cases import played
from tests.printing.support import VIEW_URL, assert_paper, pages, picture

A4 = {"page_size": "A4"}
# Eight players: Hindi names, and German-like names of one long word each (up to 40
# characters, the longest a name may be), the words that overflow narrow cells.
NAMES = [
    "अनीता शर्मा",
    "Donaudampfschifffahrtsgesellschaftskapit",
    "राजेश कुमार श्रीवास्तव",
    "Rindfleischetikettierungsüberwachungsauf",
    "प्रियंका चतुर्वेदी",
    "Grundstücksverkehrsgenehmigungszuständig",
    "सुब्रमण्यम वेंकटरमन",
    "Kraftfahrzeughaftpflichtversicherungen",
]


def embedded_fonts(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "fonts.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdffonts", str(path)], check=True, capture_output=True, text=True
    ).stdout


def assert_fits_one_page_with_devanagari(pdf: bytes, tmp_path, size: str, sheets: int = 1) -> None:
    """On a page (or a page a sheet, where the players are split), the legend whole."""
    assert len(pages(pdf, tmp_path)) == sheets
    assert_paper(pdf, tmp_path, size, "landscape")
    fonts = embedded_fonts(pdf, tmp_path)
    assert "Noto-Sans-Devanagari" in fonts, fonts  # real glyphs, not boxes
    text = pages(pdf, tmp_path, "-raw")[0]
    for name in NAMES[1::2]:  # each long word whole (the legend), never cut at a cell's edge
        assert name in text


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_a_pad_of_eight_hindi_and_long_german_names_fits_its_page(tmp_path, output_dir, size):
    pdf = blank_pad_pdf(preset="500 Rum", players=8, names=NAMES, page_size=size)
    picture(pdf, output_dir, f"pad-hindi-german-8-{size.lower()}")
    # Three 14 mm boxes a player: two sheets of four players.
    assert_fits_one_page_with_devanagari(pdf, tmp_path, size, sheets=2)


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_a_sheet_of_eight_hindi_and_long_german_names_fits_its_page(tmp_path, output_dir, size):
    view = played(14, preset="500 Rum", players=NAMES, stakes={"cents_per_point": 1})
    pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
    picture(pdf, output_dir, f"sheet-hindi-german-8-{size.lower()}")
    assert_fits_one_page_with_devanagari(pdf, tmp_path, size)


@pytest.mark.parametrize(
    ("accept", "chosen", "locale"),
    [
        ("fr-CA,fr;q=0.9", None, "fr_CA"),  # a Canadian reading French: Canadian figures
        ("de-DE", "en", "en_US"),  # a German browser on an English page: no German dates
        ("en-GB", "fr", "fr_FR"),  # a page in French for an English reader
        ("hi-IN", None, "hi_IN"),
    ],
)
def test_numbers_and_dates_follow_the_language_the_page_is_written_in(app, accept, chosen, locale):
    headers = {"Accept-Language": accept}
    if chosen:
        headers["Cookie"] = f"lang={chosen}"
    with app.test_request_context("/", headers=headers):
        assert page_locale() == locale


def test_a_french_sheet_says_so_in_the_pdf_and_its_dates_are_french(app):
    view = played(3, preset="500 Rum", players=["Ann", "Bob", "Cy"])
    with app.test_request_context("/", headers={"Accept-Language": "fr-CA"}):
        pdf = game_sheet_pdf(view, view_url=VIEW_URL, locale=page_locale())
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.trailer["/Root"]["/Lang"] == "fr"
    assert "novembre 2024" in reader.pages[0].extract_text()


def test_a_hindi_name_is_tagged_by_its_words_initials_not_cut_at_its_vowel_signs():
    assert initials("अनीता शर्मा") == "अश"
    assert initials("राजेश कुमार श्रीवास्तव") == "रकश"
    assert initials("अनीता") == "अनी"


def test_a_sheet_asked_for_in_another_language_is_made_anew_and_says_its_language(
    client, uow, tmp_path
):
    started = services.start_game(
        uow, variant="rummy", players=["अनीता शर्मा", "Bob"], stakes={"cents_per_point": 1}
    )
    game_id = started.game.public_id
    services.record_deal(
        uow, game_id, started.edit_token, {"out": "Bob", "hands": {"अनीता शर्मा": 17}}
    )
    url = f"/games/{game_id}/sheet.pdf"
    english = client.get(url, headers={"Accept-Language": "en-US"}, query_string=A4)
    client.set_cookie("lang", "fr")  # the switcher: French, whatever the browser says
    french = client.get(url, headers={"Accept-Language": "en-US"}, query_string=A4)
    client.set_cookie("lang", "en")
    again = client.get(url, headers={"Accept-Language": "fr-CA"}, query_string=A4)
    langs = [
        PdfReader(io.BytesIO(response.data)).trailer["/Root"]["/Lang"]
        for response in (english, french, again)
    ]
    assert langs == ["en", "fr", "en"]
    # English chosen in a Canadian French browser: English (US) money, not French
    # (17 points at 1¢, rounded to 5¢).
    assert "$0.15" in PdfReader(io.BytesIO(again.data)).pages[0].extract_text()
    assert "0,15" in PdfReader(io.BytesIO(french.data)).pages[0].extract_text()
