"""Every preset's blank pad and a game of each family's sheet, rendered and read back:
one page each, titled, the card values at the foot (none on the free pad), the
sheet's rows and running totals as derived; and both in every language, no word
printed over another.

The quick tier prints each preset's pad and each family's sheet once: in English or in
German by turns down the list (tiers.alternated; each_in_a_language_by_turns's
``german_turn``), so that it reads back half of them in English (title, card values, the
derived figures) and lays out the other half in German; the slow tier does both for every
one, as before.

In every language: German in every run (for the English half in the slow tier); CI each
pad and each family's sheet in one other language, the next in the next, so each language
prints several; the rest only in the exhaustive tier. Every preset's pad and sheet in
every language, at its most players and with long names, is tests/printing/
test_paper_languages.py's (half of it in CI): what the rest here adds is these tables'
own sizes in that language.
"""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.pad import blank_pad
from scorekeeper.scoring import get_variant
from scorekeeper.translate import translate
from tests.printing.games import GAMES
from tests.printing.sheet_reading import card_lines, read_back, side_rows
from tests.printing.support import (
    VIEW_URL,
    assert_no_overlapping_text,
    each_in_a_language_by_turns,
    game_view,
    numbers,
    pages,
    picture,
    printed_in,
    row_texts,
    word_boxes,
)
from tests.printing.support import words as read
from tests.tiers import alternated

# The turn the English tests take (tiers.alternated); German takes the other.
ENGLISH_TURN = 0

PADS = {
    # preset -> players at the pad
    "Points Rummy": 6,
    "Pool Rummy 101": 4,
    "Pool Rummy 201": 4,
    "Pool Rummy 61": 4,
    "Deals Rummy (2 deals)": 3,
    "Deals Rummy (3 deals)": 3,
    "Five Crowns": 7,
    "Phase 10": 6,
    "Canasta": 2,
    "Hand and Foot": 3,
    "Rummikub": 4,
    "Contract Rummy": 8,
    "Liverpool Rummy": 5,
    "Shanghai": 6,
    "3-13": 8,
    "Kalooki": 5,
    "Scala 40": 6,
    "Golf (9 holes)": 6,
    "Golf (18 holes)": 4,
    "Burraco": 2,
    "Buraco": 3,
    "Free score pad": 5,
}
SHEETS = {
    **GAMES,
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
    "golf": (
        {"variant": "golf", "players": ["A", "B", "C"]},
        [
            {"grids": {"A": ["K", "5", "7", "K", "3", "9"]}, "scores": {"B": 25, "C": 7}},
            {"scores": {"A": -6, "B": 4, "C": 4}},
        ],
    ),
    "burraco": (
        {"variant": "burraco", "players": ["NS", "EW"],
         "seats": ["Nadia", "Émile", "Søren", "Wanjiru"]},
        [
            {
                "out": "NS",
                "melded": {"NS": 560, "EW": 245},
                "hand": {"NS": 15, "EW": 85},
                "clean": {"NS": 1},
                "dirty": {"NS": 1, "EW": 1},
                "pozzetto": {"NS": True, "EW": False},
            }
        ],
    ),
    "free": (
        {"variant": "free", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"]},
        [
            {"scores": {"Ann": 12, "Bob": -3, "Cy": 0, "Dee": 7, "Eve": -20}},
            {"scores": {"Ann": 5, "Bob": 5, "Cy": 1, "Dee": -1, "Eve": 0}},
        ],
    ),
}  # fmt: skip


def slug(preset: str) -> str:
    return preset.lower().replace(" ", "-").replace("(", "").replace(")", "")


def sheets(preset: str) -> int:
    """The pages a pad takes: one, or one a sheet where its players are split (3-13's
    8 players and a wild rank's column, Phase 10's 6 of three columns each)."""
    return len(blank_pad(preset=preset, players=PADS[preset]).groups)


@pytest.mark.parametrize(("preset", "players"), alternated(PADS.items(), ENGLISH_TURN))
def test_every_preset_prints_a_blank_pad_a_page_a_sheet(preset, players, tmp_path, output_dir):
    pdf = blank_pad_pdf(preset=preset, players=players)
    assert picture(pdf, output_dir, f"pad-{slug(preset)}") == sheets(preset)
    text = read(pdf, tmp_path)
    # The free pad's name is already a pad's: its title does not say it twice.
    title = preset if preset == "Free score pad" else f"{preset} score pad"
    assert title in text and "score pad score pad" not in text
    assert ("Counts" in text) is (preset != "Free score pad")  # no card values on a free pad


@pytest.mark.parametrize("name", alternated([(name,) for name in SHEETS], ENGLISH_TURN))
def test_a_game_of_each_family_prints_its_sheet_with_the_derived_figures(
    name, tmp_path, output_dir
):
    setup, entries = SHEETS[name]
    game = game_view(entries, **setup)
    pdf = game_sheet_pdf(game, view_url=VIEW_URL)
    assert picture(pdf, output_dir, f"sheet-{name}") == 1
    sides = side_rows(game)
    if sides is not None:  # a partnership's rows per side: each line's label and figures
        text = " ".join(" ".join(page.split()) for page in pages(pdf, tmp_path, "-raw"))
        own = [translate(label) for label in get_variant(game.setup.variant).pad_side_rows]
        labels = [label for deal in game.state.deals for label in own]
        for label, figures in zip(labels, sides, strict=False):
            assert f"{label} {' '.join(map(str, figures))}" in text, (label, figures)
        return
    if card_lines(game) is not None:  # a golf card: the holes across, a player a row
        assert read_back(word_boxes(pdf, tmp_path), game) == []
        return
    rows = row_texts(pdf, tmp_path)
    played = [deal.number for deal in game.state.deals]
    # The deals played, then (the game goes on) blank rows for the deals to come.
    assert sorted(rows)[: len(played)] == played
    assert sorted(rows) == list(range(1, len(rows) + 1))
    last = game.state.running_totals[-1]
    # Each row ends with the players' deal points and running totals, seat by seat.
    printed = numbers(rows[len(entries)])[-2 * len(game.state.players) :]
    assert printed[1::2] == [last[player] for player in game.state.players]
    text = read(pdf, tmp_path)
    # Who won each deal where nobody goes out: a golf deal is a hole.
    won = {"golf": "Won the hole", "free": "Won the deal"}.get(name)
    assert won is None or won in text
    assert "stock ran out" not in text


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize(
    ("preset", "language"), each_in_a_language_by_turns(PADS, 1 - ENGLISH_TURN)
)
def test_every_pad_fits_its_pages_in_every_language(app, preset, language, tmp_path, output_dir):
    pdf = printed_in(
        app,
        language,
        lambda locale: blank_pad_pdf(preset=preset, players=PADS[preset], locale=locale),
    )
    assert picture(pdf, output_dir, f"pad-{slug(preset)}-{language}") == sheets(preset)
    assert_no_overlapping_text(pdf, tmp_path)


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize(
    ("name", "language"), each_in_a_language_by_turns(SHEETS, 1 - ENGLISH_TURN)
)
def test_every_sheet_fits_one_page_in_every_language(app, name, language, tmp_path, output_dir):
    setup, entries = SHEETS[name]
    game = game_view(entries, **setup)
    pdf = printed_in(
        app, language, lambda locale: game_sheet_pdf(game, view_url=VIEW_URL, locale=locale)
    )
    assert picture(pdf, output_dir, f"sheet-{name}-{language}") == 1
    assert_no_overlapping_text(pdf, tmp_path)
