"""Pads and sheets for Rummikub, Contract Rummy, 3-13 and Kalooki (RULES.md sections
16-18, 20 and 23): the rows a paper pad of each game has, rendered and read back."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from tests.printing.support import (
    IN_EVERY_LANGUAGE,
    VIEW_URL,
    assert_no_overlapping_text,
    game_view,
    picture,
    printed_in,
    row_texts,
)
from tests.printing.support import words as read

PRESETS = {
    # preset -> players at the pad
    "Rummikub": 4,
    "Contract Rummy": 8,
    "Liverpool Rummy": 5,
    "Shanghai": 6,
    "3-13": 8,
    "Kalooki": 5,
    "Scala 40": 6,
}
GAMES = {
    "rummikub": (
        {"variant": "rummikub", "players": ["Ann", "Bob", "Cy", "Dee"]},
        [{"out": "Ann", "racks": {"Bob": 5, "Cy": 16, "Dee": 3}}],
    ),
    "contract": (
        {"preset": "Contract Rummy", "players": ["Ann", "Bob", "Cy"]},
        [{"out": "Ann", "hands": {"Bob": 47, "Cy": 16}}],
    ),
    "threethirteen": (
        {"preset": "3-13", "players": ["Ann", "Bob", "Cy"]},
        [{"out": "Ann", "hands": {"Bob": 20, "Cy": 21}}],
    ),
    "kalooki": (
        {"preset": "Kalooki", "players": ["Ann", "Bob", "Cy"], "stakes": {"entry_cents": 200}},
        [{"out": "Ann", "hands": {"Bob": 45, "Cy": 160}}],
    ),
}


def slug(preset: str) -> str:
    return preset.lower().replace(" ", "-")


@pytest.mark.parametrize(("preset", "players"), PRESETS.items())
def test_every_preset_prints_a_one_page_blank_pad(preset, players, tmp_path, output_dir):
    pdf = blank_pad_pdf(preset=preset, players=players)
    assert picture(pdf, output_dir, f"pad-{slug(preset)}") == 1
    assert f"{preset} score pad" in read(pdf, tmp_path)


def test_the_contract_rummy_pad_has_each_deals_contract_and_cards(tmp_path):
    text = read(blank_pad_pdf(preset="Contract Rummy", players=8), tmp_path)
    assert "2 groups of 3 (10 cards)" in text
    assert "3 sequences of 4 (12 cards)" in text


def test_the_shanghai_pad_has_its_ten_contracts_of_eleven_cards(tmp_path):
    text = read(blank_pad_pdf(preset="Shanghai", players=4), tmp_path)
    for contract in ("2 sets of 3", "1 set of 3 + 1 run of 10", "3 runs of 5"):
        assert contract in text
    assert text.count("11 cards") == 10
    assert "10 contracts, one a deal, on the rows below" in text


def test_the_three_thirteen_pad_has_eleven_rows_with_the_wild_rank(tmp_path):
    pdf = blank_pad_pdf(preset="3-13", players=4)
    rows = row_texts(pdf, tmp_path)
    assert sorted(rows) == list(range(1, 12))
    assert rows[1].split()[:1] == ["1"] and " 3 " in f" {rows[1]} "
    assert " K " in f" {rows[11]} "


def test_the_house_rules_of_shanghai_and_a_rummikub_league_are_in_words(tmp_path):
    text = read(blank_pad_pdf(preset="Shanghai", players=4), tmp_path)
    assert "2 to 10 count 5 each" in text
    assert "Going out in one turn without a joker scores \u221250" in text
    league = {"loser_cap": 25, "winner_bonus": 50, "rank_by": "wins"}
    text = read(blank_pad_pdf(preset="Rummikub", players=4, options=league), tmp_path)
    assert "A loser loses at most 25 a deal" in text
    assert "The deal's winner adds 50" in text
    assert "The most deals won wins, then the highest total" in text


def test_the_rummikub_pad_names_who_plays_first(tmp_path):
    text = read(blank_pad_pdf(preset="Rummikub", players=4), tmp_path)
    assert "Plays first" in text


@pytest.mark.parametrize("name", GAMES)
def test_every_game_prints_a_sheet_with_its_deals(name, tmp_path, output_dir):
    setup, entries = GAMES[name]
    game = game_view(entries, **setup)
    pdf = game_sheet_pdf(game, view_url=VIEW_URL)
    picture(pdf, output_dir, f"sheet-{name}")
    rows = row_texts(pdf, tmp_path)
    assert 1 in rows


CONTRACT_WORD = {"en": "Contract", "fr": "Contrat", "es": "Contrato", "pl": "Kontrakt",
                 "de": "Kontrakt", "hi": "कॉन्ट्रैक्ट"}  # fmt: skip


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_pad_fits_one_page_in_every_language(app, preset, language, tmp_path, output_dir):
    pdf = printed_in(
        app,
        language,
        lambda locale: blank_pad_pdf(preset=preset, players=PRESETS[preset], locale=locale),
    )
    assert picture(pdf, output_dir, f"pad-{slug(preset)}-{language}") == 1
    assert_no_overlapping_text(pdf, tmp_path)
    text = read(pdf, tmp_path)
    if preset in ("Contract Rummy", "Shanghai"):
        assert CONTRACT_WORD[language] in text


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("name", GAMES)
def test_every_sheet_fits_one_page_in_every_language(app, name, language, tmp_path, output_dir):
    setup, entries = GAMES[name]
    game = game_view(entries, **setup)
    pdf = printed_in(
        app, language, lambda locale: game_sheet_pdf(game, view_url=VIEW_URL, locale=locale)
    )
    assert picture(pdf, output_dir, f"sheet-{name}-{language}") == 1
    assert_no_overlapping_text(pdf, tmp_path)


def test_shanghai_is_worded_in_rummys_terms_and_phase_10_in_its_own(app, tmp_path):
    """The same English as Phase 10's phases, worded apart: German Shanghai has Sätze
    and Reihen where Phase 10 has Drillinge and Folgen; Polish Shanghai sekwensy, not strity."""
    shanghai = {
        language: read(
            printed_in(
                app,
                language,
                lambda locale: blank_pad_pdf(preset="Shanghai", players=4, locale=locale),
            ),
            tmp_path,
        )
        for language in ("de", "pl")
    }
    assert "2 Sätze zu 3" in shanghai["de"] and "1 Satz zu 3 + 1 Reihe zu 4" in shanghai["de"]
    assert "Drilling" not in shanghai["de"]
    assert "1 trójka + 1 sekwens z 4" in shanghai["pl"] and "strit" not in shanghai["pl"]
    # Phase 10's own words: tests/web/test_new_game_defaults.py (Drilling, Folge).
