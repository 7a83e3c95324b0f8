"""A deal's marks: a figure the points alone do not explain carries its sign and a short
note in the deal's row, on the game page and on the printed sheet alike (the variant
declares them, scoring.surface.Mark; the game summary words them for both).

Scala 40 at four: Anna closes in one go (the others' points doubled), Carla had not
laid down (100, doubled) and is out at 101; Carla buys back in at the highest total
still in (her figure, -135, is that and her hand), Dario had not laid down and is out.
Shanghai: Ann goes out in one turn for -25, and without a wild card for -50.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.service_layer import services
from tests.printing.support import flat, pages

SCALA = ["Anna Maria Bianchi", "Bruno Ferraro", "Carla Esposito", "Dario Ricci"]
SCALA_DEALS = [
    {
        "out": "Anna Maria Bianchi",
        "one_turn": True,
        "not_opened": ["Carla Esposito"],
        "hands": {"Bruno Ferraro": 30, "Dario Ricci": 20},
    },
    {
        "out": "Bruno Ferraro",
        "rejoin": ["Carla Esposito"],
        "not_opened": ["Dario Ricci"],
        "hands": {"Anna Maria Bianchi": 10, "Carla Esposito": 5},
    },
]
DEALS_PLAYED = 2
SHANGHAI = ["Ann", "Bob", "Cy"]
SHANGHAI_DEALS = [
    {"out": "Ann", "one_turn": True, "hands": {"Bob": 30, "Cy": 12}},
    {"out": "Bob", "one_turn": True, "no_joker": True, "hands": {"Ann": 8, "Cy": 40}},
]
# Per deal, per player (seat order): the marks the row carries, and the figure they explain.
SCALA_MARKS = {
    "en": {
        1: [
            ("★ went out in one turn: the others' points doubled",),
            (),
            ("○ had not laid down: the fixed penalty", "✕ eliminated"),
            (),
        ],
        2: [
            (),
            (),
            ("↺ bought back in",),
            ("○ had not laid down: the fixed penalty", "✕ eliminated"),
        ],
    },
}
SHANGHAI_MARKS = {
    1: [("★ went out in one turn",), (), ()],
    2: [(), ("★ went out in one turn without a wild card",), ()],
}


def play(uow, preset: str, players: list[str], deals: list[dict]) -> str:
    started = services.start_game(uow, preset=preset, players=players)
    for entry in deals:
        services.record_deal(uow, started.game.public_id, started.edit_token, entry)
    return started.game.public_id


def page_cells(page: str, number: int) -> list[str]:
    """The cells of deal ``number``'s row on the game page, in seat order, as text."""
    rows = re.findall(r'<tr><th scope="row">(.*?)</tr>', page, re.S)
    row = next(row for row in rows if re.search(rf"^\s*(<a [^>]*>)?{number}\b", row))
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    return [" ".join(re.findall(r'<small class="mk">([^<]*)</small>', cell)) for cell in cells]


def sheet_marks(pdf: bytes, tmp_path) -> dict[int, list[str]]:
    """Each deal's marks on the sheet, left to right: printed on the line over the deal's
    row (where a paper pad writes a deal's breakdown), after the row before it."""
    (text,) = pages(pdf, tmp_path, "-raw")
    grid = re.split(r"^(?:Totals|Summen|Razem)", text, flags=re.M)[0]
    found, start = {}, 0
    for number in range(1, DEALS_PLAYED + 1):  # each row starts a line with its number
        row = re.compile(rf"^{number} ", re.M).search(grid, start)
        found[number] = marks_in(grid[start : row.start()])
        start = row.end()
    return found


def marks_in(text: str) -> list[str]:
    return re.findall(r"[✕↺○★] [^;✕↺○★]*[^;✕↺○★\s]", flat(text))


@pytest.mark.parametrize(
    ("preset", "players", "deals", "marks"),
    [
        ("Scala 40", SCALA, SCALA_DEALS, SCALA_MARKS["en"]),
        ("Shanghai", SHANGHAI, SHANGHAI_DEALS, SHANGHAI_MARKS),
    ],
    ids=["scala40", "shanghai"],
)
def test_each_marked_figure_carries_its_sign_and_note_on_the_page_and_the_sheet(
    client, uow, tmp_path, preset, players, deals, marks
):
    game_id = play(uow, preset, players, deals)
    page = unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    for number, expected in marks.items():
        cells = page_cells(page, number)
        assert [tuple(marks_in(cell)) for cell in cells] == expected, cells
    pdf = client.get(f"/games/{game_id}/sheet.pdf").data
    for number, printed in sheet_marks(pdf, tmp_path).items():
        assert printed == [mark for cell in marks[number] for mark in cell]


def test_the_marks_explain_the_figures_they_stand_beside(uow):
    state = services.load_game(uow, play(uow, "Scala 40", SCALA, SCALA_DEALS)).state
    first, second = state.deals
    assert first.points["Carla Esposito"] == 200  # not laid down: 100, doubled
    assert second.points["Carla Esposito"] == 5 + 60 - 200  # back in at Bruno's 60
    shanghai = services.load_game(uow, play(uow, "Shanghai", SHANGHAI, SHANGHAI_DEALS)).state
    assert [deal.points[deal.entry["out"]] for deal in shanghai.deals] == [-25, -50]


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_marks_are_in_the_readers_language(client, uow, tmp_path, language):
    game_id = play(uow, "Scala 40", SCALA, SCALA_DEALS)
    headers = {"Accept-Language": language}
    page = unescape(client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True))
    english = {mark for cells in SCALA_MARKS["en"].values() for cell in cells for mark in cell}
    shown = {mark for cell in page_cells(page, 2) for mark in marks_in(cell)}
    assert len(shown) == 3 and not shown & english
    printed = sheet_marks(client.get(f"/games/{game_id}/sheet.pdf", headers=headers).data, tmp_path)
    assert len(printed[1]) == 3 and not set(printed[2]) & english
