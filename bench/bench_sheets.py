"""Benchmark the printed sheets: a finished game's sheet against WeasyPrint's floor.

In one run, alternating so that a busy moment on the machine hits each alike:
  - the score sheet of a finished 13-deal game (Crazy Gin with the Press, four
    players, stakes: grid, settlement, QR code), from game state to PDF bytes;
  - the floor: a minimal WeasyPrint document of one plain table with as many
    cells as the sheet has, from HTML string to PDF bytes;
  - a league print pack of 25 tables (seating list and 25 named pads with QR
    codes) as one PDF document, against the single sheet.
Each figure is the fastest of its runs, in CPU seconds of this process (rendering
is single-threaded; CPU time is steadier than wall time on a shared machine).

    python bench/bench_sheets.py           # 7 runs of each
    python bench/bench_sheets.py --quick   # 3 runs of each
    python bench/bench_sheets.py --json    # a JSON dict of the results
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader
from weasyprint import HTML

from scorekeeper.printing import PackTable, game_sheet_pdf, print_pack_pdf
from scorekeeper.printing.render import render_html
from scorekeeper.printing.sheet import game_sheet
from scorekeeper.scoring import PRESETS, derive, make_setup
from scorekeeper.service_layer.services import GameView

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
VIEW_URL = "https://scores.example/games/Tq3xVb8Kp2LmN9sRw4YzAa"
TABLES = 25


def finished_game() -> GameView:
    setup = make_setup(
        preset="Crazy Gin with the Press",
        players=PLAYERS,
        stakes={"cents_per_point": 2, "round_to": 5},
    )
    entries = []
    for number in range(1, 14):
        out = PLAYERS[number % 4]
        hands = {name: (number * 7 + seat * 11) % 40 for seat, name in enumerate(PLAYERS)}
        entries.append({"out": out, "hands": {n: v for n, v in hands.items() if n != out}})
    state = derive(setup, entries)
    assert state.finished and len(state.deals) == 13
    moment = datetime(2024, 11, 8, 20, tzinfo=UTC)
    return GameView("Tq3xVb8Kp2LmN9sRw4YzAa", "League night", 14, moment, moment, setup,
                    tuple(entries), state)  # fmt: skip


def floor_html(game: GameView) -> tuple[str, int]:
    """One plain table with as many cells as the game's sheet has, and that count."""
    sheet = render_html("game_sheet.html", sheet=game_sheet(game, view_url=VIEW_URL))
    cells = len(re.findall(r"<t[dh][\s>]", sheet))
    columns = 2 * len(PLAYERS) + 6  # the deal grid's width
    rows = -(-cells // columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{row * col}</td>" for col in range(columns)) + "</tr>"
        for row in range(rows)
    )
    return f"<table>{body}</table>", rows * columns


def pack_tables(count: int) -> list[PackTable]:
    presets = ["Crazy Gin with the Press", "500 Rum", "Gin Rummy", "5000 Rummy", "Rummy"]
    tables = []
    for index in range(count):
        preset = presets[index % len(presets)]
        seats = 2 if PRESETS[preset].variant == "gin" else 4
        names = [f"Player {index * 4 + seat + 1}" for seat in range(seats)]
        tables.append(
            PackTable(
                f"Table {index + 1}",
                names,
                preset=preset,
                first_dealer=names[index % seats],
                edit_url=f"https://scores.example/games/g{index:03}/edit/{'t' * 32}",
            )
        )
    return tables


def fastest(work, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def run(repeat: int) -> dict:
    game = finished_game()
    floor, cells = floor_html(game)

    def sheet():
        return game_sheet_pdf(game, view_url=VIEW_URL)

    def plain():
        return HTML(string=floor).write_pdf()

    tables = pack_tables(TABLES)

    def pack():
        return print_pack_pdf(tables, title="Week 6")

    sheet(), plain()  # warm up: fonts, the parsed stylesheet, templates
    sheet_s = floor_s = pack_s = float("inf")
    for _ in range(repeat):
        sheet_s = min(sheet_s, fastest(sheet, 1))
        floor_s = min(floor_s, fastest(plain, 1))
    for _ in range(max(2, repeat // 3)):  # a pack takes seconds: fewer runs
        pack_s = min(pack_s, fastest(pack, 1))
        sheet_s = min(sheet_s, fastest(sheet, 1))
    pages = len(PdfReader(io.BytesIO(pack())).pages)
    results = {
        "benchmark": "printing.sheets",
        "runs": repeat,
        "cells": cells,
        "sheet_ms": round(sheet_s * 1000, 1),
        "floor_ms": round(floor_s * 1000, 1),
        "sheet_vs_floor": round(sheet_s / floor_s, 2),
        "pack_tables": TABLES,
        "pack_pages": pages,
        "pack_ms": round(pack_s * 1000, 1),
        "pack_vs_sheet": round(pack_s / sheet_s, 1),
        "pack_ms_per_table": round(pack_s * 1000 / TABLES, 1),
    }
    results["summary"] = {
        "13-deal game sheet (ms)": results["sheet_ms"],
        f"plain table of {cells} cells (ms)": results["floor_ms"],
        "sheet / floor": f"{results['sheet_vs_floor']}x (aim 1.5x)",
        f"{TABLES}-table print pack (ms)": results["pack_ms"],
        "pack / sheet": f"{results['pack_vs_sheet']}x (aim 25x)",
    }
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs; the fastest counts")
    parser.add_argument("--quick", action="store_true", help="3 runs of each")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results = run(3 if args.quick else args.repeat)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for measure, value in results["summary"].items():
        print(f"{measure:36}{value:>20}")
    print(f"{'pack pages':36}{results['pack_pages']:>20}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
