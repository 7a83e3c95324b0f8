"""The deal number's and dealer's heads never break inside a word: a word wider than
its column prints shortened with a full stop, and a key under the grid spells it out
(fr "Donne" printed "Donn|e", de "Runde" "Run-|de" over the deal column's 9 mm)."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.printing.seats import lead_heads
from tests.printing.cases import LONG_NAMES, played
from tests.printing.support import VIEW_URL, broken_heads, flat, laid_out, printed_in, words

# language -> the deal word, its printed head, and a piece of the word a break leaves
HEADS = {
    "fr": ("Donne", "Don.", "Donn"),
    "de": ("Runde", "Run.", "Run-"),
    "pl": ("Rozdanie", "Roz.", "Rozda-"),
}


def test_a_word_wider_than_its_column_is_shortened_with_a_key():
    heads = lead_heads("Rozdanie", "Rozdający", deal_mm=7.0, dealer_mm=15.0, size_pt=8.0)
    assert (heads.deal, heads.dealer) == ("Roz.", "Rozdają.")
    assert heads.key == ("Roz.: Rozdanie", "Rozdają.: Rozdający")
    fitting = lead_heads("Deal", "Plays first", deal_mm=7.0, dealer_mm=15.0, size_pt=8.0)
    assert (fitting.deal, fitting.dealer, fitting.key) == ("Deal", "Plays first", ())


def assert_whole_heads(text: str, language: str) -> None:
    word, head, broken = HEADS[language]
    printed = text.split()
    assert head in printed
    assert broken not in printed and f"{broken}-" not in printed
    assert f"{head}: {word}" in flat(text)  # the key under the grid


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize("language", HEADS)
def test_an_eight_player_pads_heads_are_whole_words_or_keyed(app, language, tmp_path):
    pdf = printed_in(
        app,
        language,
        lambda locale: blank_pad_pdf(
            variant="rummy500", players=8, names=LONG_NAMES[:8], locale=locale
        ),
    )
    assert_whole_heads(words(pdf, tmp_path), language)


@pytest.mark.sqlite
@pytest.mark.parametrize("language", ["pl", "de"])
def test_a_sheets_heads_are_whole_words_or_keyed(app, language, tmp_path):
    game = played(3, players=LONG_NAMES[:6], variant="rummy500")
    pdf = printed_in(
        app, language, lambda locale: game_sheet_pdf(game, view_url=VIEW_URL, locale=locale)
    )
    assert_whole_heads(words(pdf, tmp_path), language)


def test_a_narrow_columns_head_wider_than_its_column_is_shortened_with_a_key():
    # Bold "Comodín" is 13.9 mm at 8 pt: it broke "Comod-|ín" over a wild rank's 13 mm.
    heads = lead_heads(
        "Mano",
        "Reparte",
        deal_mm=7.0,
        dealer_mm=15.0,
        size_pt=8.0,
        marks=[("Comodín", 13.0), ("Press", 13.0)],
    )
    assert heads.marks == ("Como.", "Press")
    assert heads.key == ("Como.: Comodín",)


@pytest.mark.sqlite
def test_a_pads_wild_rank_head_is_a_whole_word_or_keyed(app, tmp_path):
    def pad(locale):
        model = blank_pad(preset="3-13", players=8, names=LONG_NAMES[:8], locale=locale)
        return render_html("pad.html", pads=[model], pack=None, about=None)

    html = printed_in(app, "es", pad)
    assert broken_heads(laid_out(html)) == []
    assert "Como.: Comodín" in html
