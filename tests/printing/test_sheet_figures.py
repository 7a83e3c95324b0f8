"""Every figure on a finished sheet reads back as the game's state, in its own cell.

Each preset at its largest table (the free pad's 20 players, a partnership's two
sides with every seat filled, a free pad of 10 sides of two) with 40-character
accented names, played for up to 14 deals, printed on A4 and Letter: each deal row's
points and running totals and the totals row are read back from the PDF's word boxes
(poppler's ``pdftotext -bbox``) and must equal the derived state, player by player,
and no word may be printed over another or outside the page's margins. A 20-player
free pad printed "11411452" where -114 and 1452 ran into each other, headed its
columns 1 to 20 and named its dealers by seat number.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.printing import game_sheet_pdf
from scorekeeper.printing.seats import seat_tags
from scorekeeper.scoring import PRESETS, get_variant
from tests.plays import PLAYS
from tests.printing.cases import TWENTY_NAMES, played
from tests.printing.layouts import stakes_for
from tests.printing.support import (
    MM,
    VIEW_URL,
    Word,
    WordPage,
    outside_margins,
    overprinted,
    word_boxes,
)
from tests.tiers import sampled

pytestmark = pytest.mark.sqlite  # no database: the SQLite stage's renders suffice

NAMES = TWENTY_NAMES
SIDES = ["Les Écureuils de Saint-Étienne-du-Grès ñ", "Łódź Kraków Gdańsk Wrocław Übermütige ø"]
DEALS = 14
PAPERS = ("A4", "Letter")
FREE_SIDES = "Free score pad, 10 sides of two"
NUMBER = re.compile(r"-?\d+")


def big_scores(n: int, players: list[str]) -> dict:
    """A free pad's scores as a game of many points keeps them: three digits, either sign."""
    return {
        "scores": {
            p: (-1) ** (i * n % 3 == 0) * ((113 + 37 * i + 71 * n) % 999)
            for i, p in enumerate(players)
        }
    }


def golf_scores(n: int, players: list[str]) -> dict:
    """A hole's scores at an eight-player table, within what six cards can score."""
    return {"scores": {p: (7 * n + 5 * i) % 40 - 2 for i, p in enumerate(players)}}


# Where the preset's play (tests/plays.py) is for a smaller table than its largest:
# the deals played here instead (None: tests/printing/cases.py's own, by the deal's cards).
OWN_DEALS = {
    "Free score pad": big_scores,
    FREE_SIDES: big_scores,
    "Golf (9 holes)": golf_scores,
    "Golf (18 holes)": golf_scores,
    "3-13": None,
}


def table(name: str) -> dict:
    """The preset's largest table: its most players, or two sides with every seat."""
    if name == FREE_SIDES:
        return {"preset": "Free score pad", "players": [f"{n[:36]} {i}" for i, n in
                enumerate(NAMES[:10])], "seats": NAMES}  # fmt: skip
    variant = get_variant(PRESETS[name].variant)
    if variant.partnership:
        people = min(variant.max_seats, 2 * variant.seats_per_side[1])
        return {"preset": name, "players": SIDES, "seats": NAMES[:people]}
    return {"preset": name, "players": NAMES[: variant.max_players]}


def finished_sheet(name: str):
    """The preset played at its largest table for up to DEALS deals (fewer if it ends)."""
    setup = table(name)
    deal = OWN_DEALS[name] if name in OWN_DEALS else PLAYS[name].deal
    more = {} if deal is None else {"deal": lambda game, n: deal(n - 1, list(game.players))}
    stakes = stakes_for({"preset": setup["preset"]}, len(setup["players"]))
    view = played(DEALS, stakes=stakes, **more, **setup)
    assert view.entries, f"{name}: no deal could be played"
    return view


def expected_rows(view) -> dict[int, list[tuple[int, ...]]]:
    """Each deal's figures per player, as the sheet prints them left to right."""
    state = view.state
    if state.games:  # Hollywood: each hand's points in the games it scored in
        rows = {}
        for deal in state.deals:
            figures = []
            for game in range(len(state.games)):
                for player in state.players:
                    scored = deal.winner == player and game in deal.scored_in
                    figures.append((deal.points[player] // len(deal.scored_in),) if scored else ())
            rows[deal.number] = figures
        return rows
    return {
        deal.number: [(deal.points[p], running[p]) for p in state.players]
        for deal, running in zip(state.deals, state.running_totals, strict=True)
    }


def numeric(words: list[Word]) -> list[int]:
    """The whole numbers among ``words`` left to right, leaving out a cell's note
    ("incl. 26 press")."""
    found = []
    ordered = sorted(words, key=lambda word: word.left)
    for index, word in enumerate(ordered):
        if NUMBER.fullmatch(word.text) and not (index and ordered[index - 1].text == "incl."):
            found.append(int(word.text))
    return found


def grid_rows(page: WordPage) -> dict[int, list[Word]]:
    """Each deal row's words on ``page``, by deal number: the words in the band around
    its number (first column), in type as tall as the number's or nearly."""
    first_column = 13 * MM + 9 * MM
    numbers = [
        word
        for word in page.words
        if word.right <= first_column and word.left >= 13 * MM - 1 and word.text.isdigit()
    ]
    numbers.sort(key=lambda word: word.top)
    rows = {}
    for index, number in enumerate(numbers):
        center = (number.top + number.bottom) / 2
        gaps = [
            abs(center - (other.top + other.bottom) / 2)
            for other in numbers[max(0, index - 1) : index + 2]
            if other is not number
        ]
        height = number.bottom - number.top
        # Half way to the next row's number, and no further than a line: a cell with a
        # note under its points stands half a line higher; the totals row is a line down.
        half = min(min(gaps, default=24) / 2, height)
        rows[int(number.text)] = [
            word
            for word in page.words
            if abs((word.top + word.bottom) / 2 - center) < half
            and word.bottom - word.top > 0.85 * height
        ]
    return rows


def group_on(page: WordPage, players: int) -> tuple[int, int]:
    """The players (first, stop) the page's table holds, from its caption if split."""
    caption = re.search(r"Players (\d+) to (\d+) of (\d+)\.", page.text)
    if caption is None:
        return 0, players
    assert int(caption[3]) == players
    return int(caption[1]) - 1, int(caption[2])


def side_rows(view) -> list[tuple[int, ...]] | None:
    """A partnership sheet's figure lines, deal by deal, in its pad's rows per side
    (melds, burracos ...), then the totals; None where the sheet is the usual grid."""
    state = view.state
    paper = get_variant(view.setup.variant).sheet_paper(state, view.setup.options)
    if paper.grid.kind != "sides":
        return None
    lines = [figures for deal in paper.grid.data["deals"] for figures in deal]
    for deal, figures in zip(state.deals, paper.grid.data["deals"], strict=True):
        parts = [sum(row) for row in zip(*figures[0:4], strict=True)]
        assert parts == [deal.points[side] for side in state.players], (
            f"deal {deal.number}: its rows do not add up to its points"
        )
    return [*lines, tuple(state.totals[side] for side in state.players)]


def read_sides(pages: list[WordPage], expected: list[tuple[int, ...]]) -> list[str]:
    """What on a partnership sheet differs from its expected figure lines: every number
    under a table's head and right of the dealer column, line by line, page by page."""
    problems, read = [], []
    for number, page in enumerate(pages, 1):
        problems += [f"page {number}: {a!r} over {b!r}" for a, b in overprinted(page)]
        problems += [f"page {number}: {w!r} off the margins" for w in outside_margins(page)]
        heads = [w for w in page.words if w.text == "Dealer"]
        if not heads:
            continue
        figures = [
            w
            for w in page.words
            if w.top > heads[0].bottom
            and w.left > 39 * MM
            and NUMBER.fullmatch(w.text)
            and w.bottom < page.height - 16 * MM  # not the footer's "page 1 of 2"
        ]
        lines: dict[int, list[Word]] = {}
        for word in figures:
            lines.setdefault(round(word.top), []).append(word)
        read += [tuple(numeric(words)) for _, words in sorted(lines.items())]
    if read != expected:
        problems.append(f"read {read}, state {expected}")
    return problems


def read_back(pages: list[WordPage], view) -> list[str]:
    """What on the sheet differs from the game's state."""
    state = view.state
    sides = side_rows(view)
    if sides is not None:
        return read_sides(pages, sides)
    players = len(state.players)
    expected = expected_rows(view)
    seen: dict[tuple[int, int], int] = {}
    problems = []
    totals_seen = set()
    for number, page in enumerate(pages, 1):
        problems += [f"page {number}: {a!r} over {b!r}" for a, b in overprinted(page)]
        problems += [f"page {number}: {w!r} off the margins" for w in outside_margins(page)]
        start, stop = group_on(page, players)
        for deal, words in grid_rows(page).items():
            if deal not in expected:
                continue  # a blank row of an unfinished game
            want = [value for cell in expected[deal][start:stop] for value in cell]
            got = numeric(words)[-len(want) :] if want else []
            if got != want:
                problems.append(f"page {number}, deal {deal}: read {got}, state {want}")
            for seat in range(start, stop):
                seen[deal, seat] = seen.get((deal, seat), 0) + 1
        totals = [w for w in page.words if w.text == "Totals"]
        if totals and not state.games:
            row = [w for w in page.words if abs(w.top - totals[0].top) < 4]
            want = [state.totals[p] for p in state.players[start:stop]]
            got = numeric(row)[-len(want) :]
            if got != want:
                problems.append(f"page {number}, totals: read {got}, state {want}")
            totals_seen.update(range(start, stop))
    for deal in expected:
        for seat in range(players):
            if seen.get((deal, seat)) != 1:
                problems.append(
                    f"deal {deal}, seat {seat + 1}: printed {seen.get((deal, seat), 0)}"
                )
    if not state.games and totals_seen != set(range(players)):
        problems.append(f"totals printed for seats {sorted(totals_seen)}")
    return problems


CASES = [*PRESETS, FREE_SIDES]
QUICK = ["Free score pad", FREE_SIDES, "Burraco", "Crazy Gin with the Press", "Hollywood Gin"]


@pytest.mark.parametrize("name", sampled(CASES, quick=QUICK))
def test_every_figure_on_a_sheet_reads_back_as_the_games_state_in_a_cell_of_its_own(name, tmp_path):
    view = finished_sheet(name)
    problems = []
    for size in PAPERS:
        pdf = game_sheet_pdf(view, view_url=VIEW_URL, page_size=size)
        problems += [f"{size}: {problem}" for problem in read_back(word_boxes(pdf, tmp_path), view)]
    assert not problems, "\n".join(problems[:20])


def test_a_twenty_player_sheet_heads_and_deals_by_initials_with_the_seats_as_key(tmp_path):
    view = finished_sheet("Free score pad")
    pages = word_boxes(game_sheet_pdf(view, view_url=VIEW_URL), tmp_path)
    tags = seat_tags(view.state.players)
    assert len(set(tags)) == 20 and not any(tag.isdigit() for tag in tags)
    # A name broken after its hyphen at a line's end reads back as "Grünewald- Weiß".
    text = " ".join(" ".join(page.text for page in pages).split()).replace("- ", "-")
    for seat, (name, tag) in enumerate(zip(view.state.players, tags, strict=True), 1):
        assert f"{seat}. {name} ({tag})" in text
    for deal in view.state.deals:  # the dealer column names each dealer by their tag
        rows = [grid_rows(page).get(deal.number, []) for page in pages]
        assert all(tags[view.state.players.index(deal.dealer)] in [w.text for w in row]
                   for row in rows if row)  # fmt: skip
    assert "Players 1 to 10 of 20." in text or "Players 1 to 7 of 20." in text


def test_a_sides_sheet_names_each_seat_by_its_tag_in_the_dealer_column(tmp_path):
    view = finished_sheet("Burraco")
    pdf = game_sheet_pdf(view, view_url=VIEW_URL)
    (page,) = word_boxes(pdf, tmp_path)
    (head,) = [w for w in page.words if w.text == "Dealer"]
    (totals,) = [w for w in page.words if w.text == "Totals"]
    dealer_column = [
        w for w in page.words if 22 * MM < w.left < 39 * MM and head.bottom < w.top < totals.top
    ]
    tags = seat_tags([*view.setup.players, *view.setup.seats])[2:]
    assert {w.text for w in dealer_column} & set(tags)
    for word in dealer_column:  # no name wrapped over lines: each word a tag or a side's
        assert word.text in {*tags, *seat_tags(view.setup.players), "Totals"}, word.text
