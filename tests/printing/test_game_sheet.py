"""The game sheet PDF read back: every figure on paper is the derived state's."""

from __future__ import annotations

import base64
import dataclasses
import io
import re

import pytest
import segno
from PIL import Image
from pypdf import PdfReader

from scorekeeper.printing import PrintError, game_sheet_pdf
from scorekeeper.printing.assets import INLINE_PNG
from scorekeeper.printing.render import qr_image
from scorekeeper.printing.words import TIMES, money
from tests.printing import games
from tests.printing.support import (
    GAME_ID,
    VIEW_URL,
    assert_paper,
    flat,
    game_view,
    line_starting,
    link_targets,
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
        if number <= len(game.state.deals)  # not the blank rows of deals to come
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


def printed_breakdown(text: str) -> dict[str, list[int]]:
    """The gin breakdown's lines as printed: per game, per player."""
    lines = {
        label: numbers(line_starting(text, label).removeprefix(label))
        for label in ("Points", "Box bonus", "Game bonus", "Final", "Margin")
    }
    lines["Boxes"] = [
        int(count) for count in re.findall(rf"(\d+) {TIMES} \d+ =", line_starting(text, "Boxes"))
    ]
    shutout = [line for line in text.splitlines() if line.strip().startswith("Shutout")]
    lines["doubled"] = [shutout[0].count(f"{TIMES}2") if shutout else 0]
    return lines


def assert_breakdown_adds_up(text: str, state) -> None:
    """Each printed final is points + box bonus + game bonus, doubled where the loser
    won no box; and each is the state's final, each margin the state's."""
    printed = printed_breakdown(text)
    games = state.games or [
        {"totals": state.totals, "boxes": state.boxes, "final": state.final, "margin": state.margin}
    ]
    doubled = 0
    for index, game in enumerate(games):
        for seat, name in enumerate(state.players):
            at = 2 * index + seat
            assert printed["Points"][at] == game["totals"][name]
            assert printed["Boxes"][at] == game["boxes"][name]
            added = printed["Points"][at] + printed["Box bonus"][at] + printed["Game bonus"][at]
            final = printed["Final"][at]
            assert final == game["final"][name]
            other = 2 * index + 1 - seat
            if final != added:
                assert final == 2 * added and printed["Boxes"][other] == 0  # the shutout
                doubled += 1
        assert printed["Margin"][index] == game["margin"]
    assert printed["doubled"] == [doubled]


def test_a_gin_sheet_shows_how_the_final_is_reached_and_what_the_margin_pays(tmp_path, output_dir):
    game = games.gin()
    state = game.state
    pdf = sheet(game)
    picture(pdf, output_dir, "sheet-gin-a4")
    [text] = pages(pdf, tmp_path)
    assert deal_rows(pdf, tmp_path, game) == expected_rows(game)
    assert_breakdown_adds_up(text, state)
    words = read(pdf, tmp_path)
    [transfer] = state.settlement["transfers"]
    amount = money(transfer["cents"], "USD", "en_US")
    assert f"The margin pays: {transfer['from']} pays {transfer['to']} {amount}." in words
    assert "Winner: Ann" in words


def test_each_gin_hand_says_knock_gin_big_gin_or_undercut(tmp_path):
    entries = [
        {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 30}},
        {"knocker": "Bob", "hands": {"Bob": 0, "Ann": 12}, "big_gin": True},
        {"knocker": "Ann", "hands": {"Ann": 8, "Bob": 6}},
        {"knocker": "Bob", "hands": {"Bob": 5, "Ann": 20}},
    ]
    game = game_view(entries, preset="Gin Rummy", players=["Ann", "Bob"])
    rows = row_texts(sheet(game), tmp_path)
    marks = ["Ann gin", "Bob big gin", "Ann undercut by Bob", "Bob knock with 5"]
    for number, mark in enumerate(marks, 1):
        assert mark in flat(rows[number]), rows[number]


def test_a_hollywood_sheet_prints_three_games_side_by_side_each_adding_up(tmp_path, output_dir):
    game = games.hollywood()
    state = game.state
    pdf = sheet(game, page_size="Letter")
    picture(pdf, output_dir, "sheet-hollywood-letter")
    assert_paper(pdf, tmp_path, "Letter", "portrait")
    [text] = pages(pdf, tmp_path)
    assert "Game 1" in text and "Game 2" in text and "Game 3" in text
    # Each hand's points stand in the games it scored in, not summed over them.
    for deal in state.deals:
        each = deal.points[deal.winner] // len(deal.scored_in)
        line = line_starting(text, rf"{deal.number}\s+(Ann|Bob)\s")
        row = numbers(re.sub(r"games? \d+(, \d+)*", "", line))
        assert row == [deal.number] + [each] * len(deal.scored_in)
    assert_breakdown_adds_up(text, state)
    words = read(pdf, tmp_path)
    assert f"Match: Ann by {state.margin}" in words
    assert "games 1, 2" in words  # deal 3 scored in two games
    assert "The margin pays: Bob pays Ann" in words


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


def test_the_qr_code_has_a_four_module_quiet_zone_and_is_a_link_with_its_address_printed(
    tmp_path,
):
    src = re.search(r'src="([^"]+)"', qr_image(VIEW_URL)).group(1)
    image = Image.open(io.BytesIO(base64.b64decode(src.removeprefix(INLINE_PNG)))).convert("L")
    size = image.width
    assert (size - 2 * 4 - 17) % 4 == 0  # a QR symbol is 17 + 4 x version modules wide
    # A pixel a module: the code's own modules inside four of white.
    modules = segno.make(VIEW_URL, error="m").matrix
    dark = [[image.getpixel((x, y)) < 128 for x in range(size)] for y in range(size)]
    assert dark == [
        [4 <= x < size - 4 and 4 <= y < size - 4 and bool(modules[y - 4][x - 4])
         for x in range(size)] for y in range(size)
    ]  # fmt: skip
    pdf = sheet(games.gin())
    (page,) = PdfReader(io.BytesIO(pdf)).pages
    (code,) = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert (code["/Width"], code["/Interpolate"]) == (size, False)  # printed unsmoothed
    assert link_targets(pdf) == {VIEW_URL}
    assert "scores.example/games/" + GAME_ID in read(pdf, tmp_path).replace(" ", "")
    assert "SCOREKEEPER_PUBLIC_BASE_URL" not in read(pdf, tmp_path)


def test_the_qr_code_is_an_image_of_grey_pixels_that_the_pdf_keeps_grey():
    # WeasyPrint converted a 1-bit PNG to RGB and encoded it twice more; an 8-bit grey
    # one it embeds as it is, black and white as before.
    src = re.search(r'src="([^"]+)"', qr_image(VIEW_URL)).group(1)
    image = Image.open(io.BytesIO(base64.b64decode(src.removeprefix(INLINE_PNG))))
    assert image.mode == "L"
    assert {grey for grey, count in enumerate(image.histogram()) if count} == {0, 255}
    (page,) = PdfReader(io.BytesIO(sheet(games.gin()))).pages
    (code,) = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert (code["/ColorSpace"], code["/BitsPerComponent"]) == ("/DeviceGray", 8)


def test_an_unfinished_game_prints_its_remaining_deals_as_blank_rows_with_dealer_and_wild(
    tmp_path, output_dir
):
    played = games.thirteen_with_the_press().entries[:5]
    game = game_view(
        played,
        preset="Crazy Gin with the Press",
        players=games.FOUR,
        options={"double_on_7_or_king": True},
    )
    pdf = sheet(game)
    picture(pdf, output_dir, "sheet-thirteen-unfinished")
    rows = {number: flat(text) for number, text in row_texts(pdf, tmp_path).items()}
    assert sorted(rows) == list(range(1, 14))
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    for number in range(6, 14):
        dealer = games.FOUR[(number - 1) % 4]
        doubled = f" {TIMES}2" if ranks[number - 1] in ("7", "K") else ""
        assert rows[number] == f"{number} {dealer} {ranks[number - 1]}{doubled}"
    assert "Totals so far" in read(pdf, tmp_path)


def test_an_unfinished_game_to_a_target_gets_blank_rows_to_carry_on(tmp_path):
    rows = row_texts(sheet(games.block_rummy_per_deal()), tmp_path)
    assert sorted(rows) == list(range(1, 4 + 6))
    assert flat(rows[4]) == "4 Ann" and flat(rows[5]) == "5 Bob"


def test_a_game_id_with_ff_reads_back_whole(tmp_path):
    """An id is copied from paper or the PDF's text letter by letter: no two letters are
    printed as one ligature, which the text gave back as a space (a CI run's random id)."""
    game_id = "Nijx6DNilhff5I8_dcPN5A"
    played = game_view(
        [{"out": "Ann", "hands": {"Bob": 17}}],
        title="Tonight",
        variant="rummy",
        players=["Ann", "Bob"],
    )
    game = dataclasses.replace(played, public_id=game_id)
    pdf = game_sheet_pdf(game, view_url=f"http://localhost/games/{game_id}", page_size="Letter")
    assert f"Game {game_id}" in read(pdf, tmp_path)
