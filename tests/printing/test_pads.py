"""Blank score pads read back: rows, wild ranks, dealers, room per player, the foot."""

from __future__ import annotations

import pytest

from scorekeeper.printing import PrintError, blank_pad_pdf
from scorekeeper.printing.pad_layout import TARGET_ROWS
from scorekeeper.printing.words import TIMES
from tests.printing.support import assert_paper, pages, picture, words

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def pad_rows(pdf: bytes, tmp_path, sheet: int | None = None) -> list[str]:
    """The grid's rows as read, one string each: "number [dealer] [wild [x2]]"; the
    pad's one page, or its ``sheet`` (0-based) where its players are split."""
    texts = pages(pdf, tmp_path, "-raw")
    [text] = texts if sheet is None else [texts[sheet]]
    grid = text.split("\nCard ")[0]  # the card-value table starts the foot
    rows: list[str] = []
    for line in grid.splitlines():
        if line.split(" ")[0] == str(len(rows) + 1):
            rows.append(line)
        elif rows and line.strip() not in ("", "•") and " " not in line.strip():
            rows[-1] += " " + line.strip()  # a cell's text wrapped onto a line of its own
    return rows


def test_a_thirteen_pad_has_a_row_per_deal_with_its_wild_rank_and_room_per_player(
    tmp_path, output_dir
):
    pdf = blank_pad_pdf(preset="Crazy Gin (13 deals)", players=4)
    picture(pdf, output_dir, "pad-thirteen-a4")
    assert_paper(pdf, tmp_path, "A4", "portrait")
    assert pad_rows(pdf, tmp_path) == [f"{number} {rank}" for number, rank in enumerate(RANKS, 1)]
    foot = words(pdf, tmp_path)
    assert "deal total " * 4 in foot  # two columns a player
    assert "Card A 2 3 4 5 6 7 8 9 10 J Q K wild Counts 1 2 3 4 5 6 7 8 9 10 10 10 10 25" in foot
    assert "Lowest total after deal 13 wins; ties share." in foot
    assert "Press" not in foot


def test_a_thirteen_pad_with_house_rules_marks_doubled_deals_the_joker_deal_and_the_press(
    tmp_path, output_dir
):
    pdf = blank_pad_pdf(
        preset="Crazy Gin with the Press",
        players=4,
        names=["Ann", "", "Cy"],
        options={"wild_sequence": "two_to_ace", "joker_deal": True, "double_on_7_or_king": True},
    )
    picture(pdf, output_dir, "pad-thirteen-press-joker-named")
    ranks = [*RANKS[1:], "A", "Joker"]
    dealers = ["Ann", "", "Cy", ""]
    expected = []
    for number, rank in enumerate(ranks, 1):
        dealer = dealers[(number - 1) % 4]
        doubled = f" {TIMES}2" if rank in ("7", "K") else ""
        expected.append(" ".join(part for part in (str(number), dealer, rank) if part) + doubled)
    assert pad_rows(pdf, tmp_path) == expected
    text = words(pdf, tmp_path)
    assert "Deal Dealer Wild Press" in text
    assert "Ann (deals first)" in text
    assert "K wild Joker Counts 1 2 3 4 5 6 7 8 9 10 10 10 10 25 50" in text
    assert "The Press: when one player trails their nearest rival by 50 or more" in text


def test_ace_to_ace_runs_fourteen_deals_from_aces_back_to_aces(tmp_path):
    pdf = blank_pad_pdf(variant="acetoace", players=3)
    rows = pad_rows(pdf, tmp_path)
    assert rows == [f"{number} {rank}" for number, rank in enumerate([*RANKS, "A"], 1)]


def test_a_gin_pad_is_one_game_with_the_box_grid(tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="Gin Rummy", players=2, names=["Ann", "Bob"])
    picture(pdf, output_dir, "pad-gin-a4")
    assert_paper(pdf, tmp_path, "A4", "portrait")
    assert len(pages(pdf, tmp_path)) == 1
    text = words(pdf, tmp_path)
    assert f"Points Boxes {TIMES} 25 Game bonus +100 Shutout {TIMES}2 Final Margin" in text
    assert "Game 2" not in text
    assert text.count("Ann") == 2  # the seats line and the grid


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_a_hollywood_pad_puts_three_games_side_by_side_on_one_page(size, tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="Hollywood Gin", players=2, page_size=size)
    picture(pdf, output_dir, f"pad-hollywood-{size.lower()}")
    assert_paper(pdf, tmp_path, size, "portrait")
    assert len(pages(pdf, tmp_path)) == 1
    text = words(pdf, tmp_path)
    assert "Game 1 Game 2 Game 3" in text
    assert "Hollywood: a player's 1st win scores in game 1" in text


def test_a_5000_rummy_pad_has_rows_for_a_long_game_and_the_big_card_values(tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="5000 Rummy", players=5, page_size="Letter")
    picture(pdf, output_dir, "pad-rummy5000-letter")
    # Five players' melds, hand and total, 14 mm each, are wider than portrait Letter.
    assert_paper(pdf, tmp_path, "Letter", "landscape")
    assert len(pad_rows(pdf, tmp_path)) == TARGET_ROWS["landscape"]
    text = words(pdf, tmp_path)
    assert "Counts 100 5 5 5 5 5 5 5 5 10 10 10 10 100 200 100" in text  # A..K, wild, wild A, Joker
    assert "Every value is a multiple of 5." in text


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_eight_named_players_get_a_landscape_pad_with_every_name_and_dealer(
    size, tmp_path, output_dir
):
    pdf = blank_pad_pdf(preset="500 Rum", players=8, names=EIGHT, first_dealer="cy", page_size=size)
    picture(pdf, output_dir, f"pad-500-rum-8-players-{size.lower()}")
    assert_paper(pdf, tmp_path, size, "landscape")
    # Eight players' three 14 mm boxes: two sheets of four, each with every deal's dealer.
    count = TARGET_ROWS["landscape"]
    for sheet in (0, 1):
        rows = pad_rows(pdf, tmp_path, sheet)
        assert rows == [f"{number} {EIGHT[(number + 1) % 8]}" for number in range(1, count + 1)]
    text = words(pdf, tmp_path)
    assert " ".join(EIGHT[:4]) in text and " ".join(EIGHT[4:]) in text  # each sheet's heads
    assert "Cy (deals first)" in text


def test_a_narrow_table_can_still_be_printed_landscape(tmp_path):
    pdf = blank_pad_pdf(variant="rummy", players=3, orientation="landscape")
    assert_paper(pdf, tmp_path, "A4", "landscape")


def test_a_fixed_number_of_deals_gives_that_many_rows(tmp_path):
    pdf = blank_pad_pdf(variant="rummy", players=4, options={"deals": 10})
    assert len(pad_rows(pdf, tmp_path)) == 10


def test_names_with_markup_print_as_typed(tmp_path):
    names = ["<b>Bo</b>", "<img src=x>", "A & B"]
    text = words(blank_pad_pdf(variant="rummy", players=3, names=names), tmp_path)
    assert "1. <b>Bo</b> (BBB) (deals first), 2. <img src=x> (ISX), 3. A & B (AB)" in text


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"preset": "Gin Rummy", "players": 3}, "players"),
        ({"variant": "acetoace", "players": 6}, "players"),
        ({"players": 9, "variant": "rummy500"}, "players"),
        ({"players": "four", "variant": "rummy500"}, "players"),
        ({"preset": "Nonsense"}, "preset"),
        ({"variant": "poker"}, "variant"),
        ({"variant": "rummy", "options": {"target": -5}}, "options.target"),
        ({"variant": "rummy", "names": ["Ann", "ann"]}, "names.1"),
        ({"variant": "rummy", "names": ["x" * 41]}, "names.0"),
        ({"variant": "rummy", "names": ["A", "B", "C", "D", "E"]}, "names"),
        ({"variant": "rummy", "names": ["Ann"], "first_dealer": "Zed"}, "first_dealer"),
        ({"variant": "rummy", "page_size": "A3"}, "page_size"),
        ({"variant": "rummy", "orientation": "sideways"}, "orientation"),
    ],
)
def test_a_pad_that_cannot_be_printed_names_the_argument_at_fault(arguments, field):
    with pytest.raises(PrintError) as refused:
        blank_pad_pdf(**arguments)
    assert field in refused.value.errors


@pytest.mark.parametrize(
    ("game", "columns"),
    [
        ({"preset": "500 Rum"}, "melds hand total"),
        ({"preset": "5000 Rummy"}, "melds hand total"),
        ({"preset": "Ace to Ace"}, "melds hand total"),
        ({"preset": "Rummy"}, "deal total"),
        ({"preset": "Crazy Gin (13 deals)"}, "deal total"),
    ],
)
def test_a_pad_has_the_columns_its_game_is_scored_in_and_a_final_row_to_sign_off(
    tmp_path, game, columns
):
    pdf = blank_pad_pdf(players=3, **game, stakes={"cents_per_point": 2, "round_to": 5})
    read = words(pdf, tmp_path)
    assert f"{columns} " * 3 in read
    assert "Totals / Final" in read
    assert "Winner:" in read and "Initials:" in read
    assert "Settlement ($0.02 a point, rounded to $0.05; everyone settles with everyone)" in read
    assert len(pages(pdf, tmp_path)) == 1


def test_a_pad_without_stakes_leaves_the_rate_to_write_in(tmp_path):
    read = words(blank_pad_pdf(preset="Rummy", players=2), tmp_path)
    assert "Settlement at a point: who pays whom" in read


def test_a_gin_pad_has_a_box_column_and_marks_to_circle_on_every_hand(tmp_path, output_dir):
    pdf = blank_pad_pdf(preset="Gin Rummy", players=2, names=["Ann", "Bob"], page_size="Letter")
    picture(pdf, output_dir, "pad-gin-letter")
    read = words(pdf, tmp_path)
    assert "hand total box " * 2 in read
    rows = [line for line in pages(pdf, tmp_path, "-raw")[0].splitlines() if "K G BG U" in line]
    assert len(rows) == 14  # every hand
    assert "K knock, G gin, BG big gin, U undercut" in read


def test_a_pad_can_have_as_many_rows_as_asked(tmp_path):
    pdf = blank_pad_pdf(preset="500 Rum", players=4, rows=10)
    assert len(pad_rows(pdf, tmp_path)) == 10
    with pytest.raises(PrintError) as refused:
        blank_pad_pdf(preset="500 Rum", players=4, rows=0)
    assert "rows" in refused.value.errors


def test_two_up_prints_two_copies_and_refuses_what_does_not_fit_half_a_page(tmp_path, output_dir):
    # Two players' 14 mm boxes fit a portrait half: side by side on a landscape sheet.
    pdf = blank_pad_pdf(preset="Crazy Gin (13 deals)", players=2, two_up=True)
    picture(pdf, output_dir, "pad-thirteen-two-up-a4")
    assert_paper(pdf, tmp_path, "A4", "landscape")
    [text] = pages(pdf, tmp_path, "-raw")
    assert text.count("Crazy Gin (13 deals) score pad") == 2
    # Four players' need a landscape half: one above the other on a portrait sheet.
    pdf = blank_pad_pdf(preset="Rummy", players=4, two_up=True)
    picture(pdf, output_dir, "pad-rummy-two-up-stacked-a4")
    assert_paper(pdf, tmp_path, "A4", "portrait")
    [text] = pages(pdf, tmp_path, "-raw")
    assert text.count("Rummy score pad") == 2
    for too_big in ({"players": 6}, {"players": 4}, {"players": 3, "rows": 20}):
        with pytest.raises(PrintError) as refused:
            blank_pad_pdf(preset="500 Rum", two_up=True, **too_big)
        assert "two_up" in refused.value.errors
