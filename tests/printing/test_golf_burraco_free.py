"""Pads and sheets of Golf, Burraco and the free pad: holes 1-9 or 1-18, a paper
Burraco pad's rows per side, a free pad with no card values, rendered and read back."""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.errors import PrintError
from scorekeeper.printing.pad import blank_pad
from tests.printing.support import (
    IN_EVERY_LANGUAGE,
    VIEW_URL,
    assert_no_overlapping_text,
    game_view,
    numbers,
    picture,
    printed_in,
    row_texts,
)
from tests.printing.support import words as read

PRESETS = {
    "Golf (9 holes)": 6,
    "Golf (18 holes)": 4,
    "Burraco": 2,
    "Buraco": 3,
    "Free score pad": 5,
}

GAMES = {
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


@pytest.mark.parametrize(("preset", "players"), PRESETS.items())
def test_every_preset_prints_a_blank_pad(preset, players, tmp_path, output_dir):
    pdf = blank_pad_pdf(preset=preset, players=players)
    name = preset.lower().replace(" ", "-").replace("(", "").replace(")", "")
    assert picture(pdf, output_dir, f"pad-{name}") == 1  # one page
    text = read(pdf, tmp_path)
    # The free pad's name is already a pad's: its title does not say it twice.
    title = preset if preset == "Free score pad" else f"{preset} score pad"
    assert title in text and "score pad score pad" not in text
    assert ("Counts" in text) is (preset != "Free score pad")  # no card values on a free pad


@pytest.mark.parametrize(("preset", "holes"), [("Golf (9 holes)", 9), ("Golf (18 holes)", 18)])
def test_a_golf_pad_has_a_row_for_each_hole(preset, holes, tmp_path):
    pad = blank_pad(preset=preset, players=4)
    assert [row.number for row in pad.rows] == list(range(1, holes + 1))
    text = read(blank_pad_pdf(preset=preset, players=4), tmp_path)
    assert f"Lowest total after hole {holes} wins; ties share." in text


def test_a_burraco_pad_has_burracos_closing_and_pozzetto_rows_for_each_deal(tmp_path):
    text = read(blank_pad_pdf(preset="Burraco", players=2), tmp_path)
    assert len(re.findall(r"Melds Burracos Closing, pozzetto \(minus\) Hand \(minus\)", text)) == 4


def test_a_free_pad_takes_one_player_and_as_many_on_paper_as_on_screen():
    assert blank_pad_pdf(preset="Free score pad", players=1)
    assert blank_pad_pdf(preset="Free score pad", players=20)
    with pytest.raises(PrintError) as refused:
        blank_pad_pdf(preset="Free score pad", players=21)
    assert refused.value.errors == {"players": "Free score pad is for 1 to 20 players, not 21"}
    with pytest.raises(PrintError):
        blank_pad_pdf(preset="Golf (9 holes)", players=1)


@pytest.mark.parametrize("name", GAMES)
def test_each_prints_a_game_sheet_with_the_derived_figures(name, tmp_path, output_dir):
    setup, entries = GAMES[name]
    game = game_view(entries, **setup)
    pdf = game_sheet_pdf(game, view_url=VIEW_URL)
    assert picture(pdf, output_dir, f"sheet-{name}") == 1
    rows = row_texts(pdf, tmp_path)
    last = game.state.running_totals[-1]
    printed = numbers(rows[len(entries)])[-2 * len(game.state.players) :]
    assert printed[1::2] == [last[player] for player in game.state.players]
    text = read(pdf, tmp_path)
    # Who won each deal where nobody goes out: a golf deal is a hole.
    won = {"golf": "Won the hole", "free": "Won the deal"}.get(name)
    assert won is None or won in text
    assert "stock ran out" not in text


@pytest.mark.parametrize(
    ("preset", "options", "words"),
    [
        ("Golf (9 holes)", {"jokers": True, "four_of_a_kind": -10},
         "Two Jokers a pack, \u22122 each. Two columns paired in one rank score \u221210 together"),
        ("Buraco", {}, "Game to 3000. Only a side with a clean burraco may close. "
         "A Joker counts 20. A 2 (pinella) counts 10"),
        ("Free score pad", {"higher_wins": False, "zero_sum": True},
         "Lowest total wins. Every deal's scores add up to 0"),
    ],
)  # fmt: skip
def test_house_rules_are_printed_in_words(preset, options, words, tmp_path):
    text = read(blank_pad_pdf(preset=preset, players=3, options=options), tmp_path)
    assert f"House rules: {words}." in " ".join(text.split())


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_pad_prints_in_every_language(app, preset, language, tmp_path, output_dir):
    pdf = printed_in(
        app,
        language,
        lambda locale: blank_pad_pdf(preset=preset, players=PRESETS[preset], locale=locale),
    )
    assert picture(pdf, output_dir, f"pad-{preset}-{language}") == 1
    assert_no_overlapping_text(pdf, tmp_path)


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize("name", GAMES)
def test_every_sheet_prints_in_every_language(app, name, language, tmp_path, output_dir):
    setup, entries = GAMES[name]
    game = game_view(entries, **setup)
    pdf = printed_in(
        app, language, lambda locale: game_sheet_pdf(game, view_url=VIEW_URL, locale=locale)
    )
    assert picture(pdf, output_dir, f"sheet-{name}-{language}") == 1
    assert_no_overlapping_text(pdf, tmp_path)
