"""Reading a finished sheet back: the games printed at their largest tables, and each
row's figures found in the PDF's word boxes (tests/printing/test_sheet_figures.py and
the families' printing tests)."""

from __future__ import annotations

import re

from scorekeeper.scoring import PRESETS, get_variant
from tests.plays import PLAYS
from tests.printing.cases import TWENTY_NAMES, played
from tests.printing.layouts import stakes_for
from tests.printing.support import (
    MM,
    Word,
    WordPage,
    outside_margins,
    overprinted,
)

NAMES = TWENTY_NAMES
SIDES = ["Les Écureuils de Saint-Étienne-du-Grès ñ", "Łódź Kraków Gdańsk Wrocław Übermütige ø"]
DEALS = 14
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
    caption = re.search(r"Players (\d+) to (\d+) of (\d+),", page.text)
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


def card_lines(view) -> list[tuple[int, ...]] | None:
    """A golf card's figure lines from the state, nine by nine and player by player:
    the strokes of each hole played, the nine's subtotal once its holes are all played
    (a card of one nine has none), the total on the last; None where the sheet is not
    a card."""
    state = view.state
    variant = get_variant(view.setup.variant)
    if variant.sheet_paper(state, view.setup.options).grid.kind != "card":
        return None
    points = {deal.number: deal.points for deal in state.deals}
    parts = variant.card(view.setup.options)["nines"]
    lines = []
    for part in parts:
        for player in state.players:
            line = [points[hole][player] for hole in part["holes"] if hole in points]
            if part["subtotal"] and all(hole in points for hole in part["holes"]):
                line.append(sum(line))
            if part["total"]:
                line.append(state.totals[player])
            lines.append(tuple(line))
    return lines


def card_winners(view, tags: dict[str, str], tie: str = "tie") -> list[str]:
    """Who won each hole played, as the card's last row prints it: a tag, or a tie."""
    return [tags[deal.winner] if deal.winner else tie for deal in view.state.deals]


def read_card(
    pages: list[WordPage], headings: list[str], label_mm: float, nines: int, hole: str = "Hole"
) -> tuple[list[tuple[int, ...]], list[str]]:
    """A golf card's figure lines as printed, nine by nine and player by player (each
    ``headings``' row, found by its first word in the names' column under the card's
    first head, ``hole`` in the sheet's language), and the words of the rows of who
    won each hole (each the row under a nine's last player: the tag, what it paid), of
    its ``nines`` tables (not the settlement's names under it)."""
    label_right = 13 * MM + label_mm * MM
    firsts = {heading.split()[0] for heading in headings}
    lines, won = [], []
    for page in pages:
        top = [w for w in page.words if w.text == hole and w.right <= label_right]
        if not top:
            continue
        labels = sorted(
            (w for w in page.words if w.right <= label_right and w.top > top[0].bottom),
            key=lambda word: word.top,
        )
        players = 0
        for start in labels:
            if nines == 0:
                break
            if start.text in firsts and players < len(headings):
                players += 1
                lines.append(tuple(numeric(_band(page, start, label_right, 0.5))))
            elif players == len(headings):  # the row under a nine's last player
                won += [w.text for w in _band(page, start, label_right, 1.5)]
                players, nines = 0, nines - 1
    return lines, won


def _band(page: WordPage, start: Word, left: float, below: float) -> list[Word]:
    """The words right of ``left`` on ``start``'s line, and down to ``below`` lines
    under it (the row of who won has what each hole paid under the tag), left to right."""
    height = start.bottom - start.top
    return sorted(
        (
            w
            for w in page.words
            if w.left >= left and -0.5 * height < w.top - start.top < below * height
        ),
        key=lambda word: word.left,
    )


def read_back(pages: list[WordPage], view) -> list[str]:
    """What on the sheet differs from the game's state."""
    state = view.state
    sides = side_rows(view)
    if sides is not None:
        return read_sides(pages, sides)
    card = card_lines(view)
    if card is not None:
        return _card_problems(pages, view, card)
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


def _card_problems(pages: list[WordPage], view, expected: list[tuple[int, ...]]) -> list[str]:
    """What on a golf card differs from the state: every player's line in every nine,
    who won each hole (by the tag the grid's narrow columns print) and, where the
    stakes pay a hole's winner, what each hole won paid."""
    from scorekeeper.printing.seats import narrow_labels
    from scorekeeper.printing.sheet import CELL_PADDING_MM, CELL_PT, DEALER_MM, game_sheet
    from scorekeeper.scoring.settlement import deal_winnings
    from tests.printing.support import VIEW_URL

    problems = []
    for number, page in enumerate(pages, 1):
        problems += [f"page {number}: {a!r} over {b!r}" for a, b in overprinted(page)]
        problems += [f"page {number}: {w!r} off the margins" for w in outside_margins(page)]
    sheet = game_sheet(view, view_url=VIEW_URL)
    headings = [seat.heading for seat in sheet.seats]
    nines = len(sheet.grid.data["nines"])
    lines, won = read_card(pages, headings, sheet.label_mm, nines)
    if lines != expected:
        problems.append(f"card: read {lines}, state {expected}")
    tags = narrow_labels(sheet.seats, DEALER_MM - CELL_PADDING_MM, CELL_PT)
    winners = card_winners(view, tags)
    read_winners = [word for word in won if not any(c.isdigit() for c in word)]
    if read_winners != winners:
        problems.append(f"card: holes won by {read_winners}, state {winners}")
    paid = [word for word in won if any(c.isdigit() for c in word)]
    won_holes = sum(deal.winner is not None for deal in view.state.deals)
    cents = deal_winnings(view.setup.stakes, len(view.state.players))
    if len(paid) != (won_holes if cents else 0):
        problems.append(f"card: {len(paid)} holes' stakes printed, {won_holes} holes won")
    return problems
