"""The game sheet PDF read back: every figure on paper is the derived state's."""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import PrintError, game_sheet_pdf
from scorekeeper.printing.words import TIMES, money
from tests.printing import games
from tests.printing.support import (
    GAME_ID,
    VIEW_URL,
    assert_paper,
    flat,
    game_view,
    line_starting,
    numbers,
    pages,
    picture,
    row_texts,
)
from tests.printing.support import words as read


def sheet(game, **kwargs) -> bytes:
    return game_sheet_pdf(game, view_url=VIEW_URL, **kwargs)


def deal_rows(pdf: bytes, tmp_path, game) -> dict[int, list[int]]:
    """Each deal's figures as printed: deal points and running total, player by player."""
    width = 2 * len(game.state.players)
    return {
        number: numbers(re.sub(r"incl\.\s+\d+", "", text))[-width:]
        for number, text in row_texts(pdf, tmp_path).items()
    }


def expected_rows(game) -> dict[int, list[int]]:
    state = game.state
    return {
        deal.number: [
            figure for name in state.players for figure in (deal.points[name], running[name])
        ]
        for deal, running in zip(state.deals, state.running_totals, strict=True)
    }


def test_a_thirteen_sheet_prints_every_deal_total_winner_and_payment_of_the_state(
    tmp_path, output_dir
):
    game = games.thirteen_with_the_press(title="League night")
    state = game.state
    pdf = sheet(game)
    picture(pdf, output_dir, "sheet-thirteen-press-stakes-a4")
    [text] = pages(pdf, tmp_path)
    words = read(pdf, tmp_path)

    assert "League night" in words
    assert "Crazy Gin with the Press" in words
    assert "The Press: 50 behind" in words  # the house rule that differs, in words
    assert "November 8, 2024" in words
    assert "Seats: 1. Ann (dealt first), 2. Bob, 3. Cy, 4. Dee" in words
    assert deal_rows(pdf, tmp_path, game) == expected_rows(game)
    assert numbers(line_starting(text, "Totals")) == [state.totals[p] for p in state.players]
    assert f"Winner: {state.winners[0]}" in words
    for name, cents in state.settlement["balances"].items():
        assert f"{name} {money(cents, 'USD', 'en_US', signed=True)}" in words
    for payment in state.settlement["payments"] + state.settlement["transfers"]:
        amount = money(payment["cents"], "USD", "en_US")
        assert f"{payment['from']} → {payment['to']} {amount}" in words
    assert "$0.02 a point, rounded to $0.05; everyone settles with everyone" in words


def test_press_deals_are_marked_and_voluntary_points_shown_beside_the_deal(tmp_path):
    game = games.thirteen_with_the_press()
    pdf = sheet(game)
    pressed = {deal.number for deal in game.state.deals if deal.press}
    assert pressed  # the game must have Press deals to show
    marked = {
        number
        for number, text in row_texts(pdf, tmp_path).items()
        if " P " in text and f"{TIMES}2" in text
    }
    assert marked == pressed
    assert "incl. 26 press" in read(pdf, tmp_path)


def test_a_gin_sheet_prints_points_boxes_final_scores_and_margin(tmp_path, output_dir):
    game = games.gin()
    state = game.state
    pdf = sheet(game)
    picture(pdf, output_dir, "sheet-gin-a4")
    [text] = pages(pdf, tmp_path)
    assert deal_rows(pdf, tmp_path, game) == expected_rows(game)
    row = numbers(line_starting(text, r"Game\s+\d"))
    assert row == [
        figure
        for name in state.players
        for figure in (state.totals[name], state.boxes[name], state.final[name])
    ] + [state.margin]
    assert "undercut by Bob" in read(pdf, tmp_path)
    assert "Winner: Ann" in read(pdf, tmp_path)


def test_a_hollywood_sheet_prints_each_game_and_the_match(tmp_path, output_dir):
    game = games.hollywood()
    state = game.state
    pdf = sheet(game, page_size="Letter")
    picture(pdf, output_dir, "sheet-hollywood-letter")
    assert_paper(pdf, tmp_path, "Letter", "portrait")
    [text] = pages(pdf, tmp_path)
    for number, played in enumerate(state.games, 1):
        row = numbers(line_starting(text, rf"Game {number}\s"))
        assert row[0] == number
        assert row[1:] == [
            figure
            for name in state.players
            for figure in (
                played["totals"][name],
                played["boxes"][name],
                played["final"][name],
            )
        ] + [played["margin"]]
    match = numbers(line_starting(text, "Match"))
    assert match == [state.final["Ann"], state.final["Bob"], state.margin]
    assert "games 1, 2" in read(pdf, tmp_path)  # deal 3 scored in two games


def test_a_60_deal_game_of_eight_paginates_in_landscape_with_the_header_on_every_page(
    tmp_path, output_dir
):
    game = games.long_500_rum()
    pdf = sheet(game)
    picture(pdf, output_dir, "sheet-500-rum-60-deals-8-players")
    assert_paper(pdf, tmp_path, "A4", "landscape")
    texts = pages(pdf, tmp_path)
    assert len(texts) > 1
    for number, text in enumerate(texts, 1):
        header = " ".join(game.state.players)
        assert header in flat(text), f"no header row on page {number}"
        assert f"page {number} of {len(texts)}" in text
        assert f"Game {GAME_ID}" in text
    assert deal_rows(pdf, tmp_path, game) == expected_rows(game)


def test_a_game_in_progress_says_what_comes_next_and_settles_as_if_it_ended_now(tmp_path):
    words = read(sheet(games.block_rummy_per_deal()), tmp_path)
    assert "In progress after deal 3; deal 4 is dealt by Ann" in words
    assert "Settlement if the game ended now" in words
    assert "€0.10 from each player to whoever goes out, every deal" in words
    assert "each deal's losers pay its winner" in words
    assert "went rummy" in words
    assert "stock ran out; Ann wins the block" in words
    assert "Winner:" not in words


def test_names_and_titles_with_markup_print_as_the_text_typed(tmp_path):
    players = ["<b>Bo</b>", "<img src=x>", "Cy & Dee", '"Q"']
    game = game_view(
        [{"out": "<b>Bo</b>", "hands": {"<img src=x>": 5, "Cy & Dee": 7, '"Q"': 3}}],
        title="<script>alert(1)</script>",
        variant="rummy",
        players=players,
    )
    words = read(sheet(game), tmp_path)
    assert "<script>alert(1)</script>" in words
    for name in players:
        assert name in words


def test_letter_paper_is_letter_sized(tmp_path, output_dir):
    pdf = sheet(games.thirteen_with_the_press(), page_size="Letter")
    picture(pdf, output_dir, "sheet-thirteen-letter")
    assert_paper(pdf, tmp_path, "Letter", "portrait")


@pytest.mark.parametrize("size", ["A0", "", "letter-ish"])
def test_an_unknown_page_size_is_refused_by_name(size):
    with pytest.raises(PrintError) as refused:
        sheet(games.gin(), page_size=size)
    assert "page_size" in refused.value.errors
