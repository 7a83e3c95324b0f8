"""Benchmark the printed sheets, each against WeasyPrint's floor for its size.

In one run, alternating so that a busy moment on the machine hits each alike, nine
documents from data to PDF bytes, each beside its floor: a minimal WeasyPrint
document of one plain table with as many cells, from HTML string to PDF bytes:
  - the sheet of a finished 13-deal game (Crazy Gin with the Press, four players,
    stakes: grid, settlement, QR code);
  - the sheet of a finished Hollywood gin match (three games side by side, each
    game's breakdown);
  - the sheet of a 51-deal 500 Rum game of eight players (three or four pages,
    the header and totals carried on each);
  - a blank 500 Rum pad for four named players;
  - a blank free pad for twenty named players (three sheets of 7, 7 and 6 players);
  - a golf card: the blank 18-hole Golf pad of eight named players (two nines);
  - a finished golf card: the sheet of that 18-hole game played, its card filled in
    (strokes, Out, In and the total, who won each hole and what it paid);
  - the sheet of a finished Burraco game (two sides of two, the rows per side);
  - a league print pack of 25 tables (seating chart and 25 named pads with QR codes).
Each figure is the fastest of its runs, in CPU seconds of this process (rendering
is single-threaded; CPU time is steadier than wall time on a shared machine).

The app keeps every PDF it made by the hash of its HTML (printing/budget.py), so a
second print of the same sheet is a lookup: each timed render starts with that cache
emptied, as the floor has none, and the lookup is timed apart ("from the cache").

    python bench/bench_sheets.py             # 5 runs of each (2 of the pack)
    python bench/bench_sheets.py --quick     # 2 runs of each
    python bench/bench_sheets.py --smallest  # 1 run of the 13-deal sheet
    python bench/bench_sheets.py --json      # a JSON dict of the results
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import time
from datetime import UTC, date, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader
from weasyprint import HTML

from bench.measured import figure, floor
from scorekeeper.printing import PackTable, blank_pad_pdf, budget, game_sheet_pdf, print_pack_pdf
from scorekeeper.printing.pack import print_pack
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import render_html
from scorekeeper.printing.sheet import game_sheet
from scorekeeper.scoring import PRESETS, derive, make_setup
from scorekeeper.service_layer.results import GameView

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
VIEW_URL = "https://scores.example/games/Tq3xVb8Kp2LmN9sRw4YzAa"
TABLES = 25
TWENTY = [f"Joueur Numéro {seat} Élisabeth-Ångström" for seat in range(1, 21)]


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


def played(preset: str, players: list[str], entries: list[dict]) -> GameView:
    setup = make_setup(preset=preset, players=players, stakes={"cents_per_point": 1})
    moment = datetime(2024, 11, 8, 20, tzinfo=UTC)
    return GameView("Tq3xVb8Kp2LmN9sRw4YzAa", None, len(entries) + 1, moment, moment, setup,
                    tuple(entries), derive(setup, entries))  # fmt: skip


def hollywood_match() -> GameView:
    gins = [("Ann", 0, 30), ("Ann", 5, 3), ("Bob", 0, 25), ("Ann", 0, 30), ("Ann", 4, 20)]
    entries = [
        {"knocker": who, "hands": {who: own, other: theirs}}
        for who, own, theirs in gins * 3
        for other in ["Bob" if who == "Ann" else "Ann"]
    ]
    setup = make_setup(preset="Hollywood Gin", players=["Ann", "Bob"])
    for end in range(1, len(entries) + 1):  # as many hands as the match takes
        if derive(setup, entries[:end]).finished:
            return played("Hollywood Gin", ["Ann", "Bob"], entries[:end])
    raise AssertionError("the Hollywood match does not end")


def long_500_rum(deals: int = 51) -> GameView:
    eight = [f"Joueur Numéro {seat} Élisabeth-Ångström" for seat in range(1, 9)]
    entries = [
        {
            "out": eight[number % 8],
            "melds": {name: (number + seat) % 9 for seat, name in enumerate(eight)},
            "hands": {
                name: (number * seat) % 3
                for seat, name in enumerate(eight)
                if name != eight[number % 8]
            },
        }
        for number in range(1, deals + 1)
    ]
    return played("500 Rum", eight, entries)


def burraco_game(deals: int = 4) -> GameView:
    """A Burraco game of two sides of two, each deal with its burracos and pozzetti."""
    seats = ["Nadia Ørsted", "Émile Ångström", "Søren Łukasiewicz", "Wanjiru Müller"]
    setup = make_setup(variant="burraco", players=["NS", "EW"], seats=seats)
    entries = [
        {
            "out": ("NS", "EW")[number % 2],
            "melded": {"NS": 300 + 40 * number, "EW": 200 + 25 * number},
            "hand": {"NS": 15, "EW": 40},
            "clean": {"NS": 1},
            "dirty": {"NS": number % 2, "EW": 1},
            "pozzetto": {"NS": True, "EW": True},
        }
        for number in range(1, deals + 1)
    ]
    moment = datetime(2024, 11, 8, 20, tzinfo=UTC)
    return GameView("Tq3xVb8Kp2LmN9sRw4YzAa", None, deals + 1, moment, moment, setup,
                    tuple(entries), derive(setup, entries))  # fmt: skip


def golf_game(names: list[str]) -> GameView:
    """An 18-hole Golf game played to its end, a quarter a hole to each hole's winner."""
    entries = [
        {"scores": {name: (7 * hole + 5 * seat) % 40 - 2 for seat, name in enumerate(names)}}
        for hole in range(18)
    ]
    setup = make_setup(preset="Golf (18 holes)", players=names,
                       stakes={"cents_per_point": 1, "deal_winner_cents": 25})  # fmt: skip
    state = derive(setup, entries)
    assert state.finished
    moment = datetime(2024, 11, 8, 20, tzinfo=UTC)
    return GameView("Tq3xVb8Kp2LmN9sRw4YzAa", None, 19, moment, moment, setup,
                    tuple(entries), state)  # fmt: skip


def floor_html(html: str, columns: int) -> tuple[str, int]:
    """One plain table with as many cells as ``html`` has (``columns`` wide), and that count."""
    cells = len(re.findall(r"<t[dh][\s>]", html))
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


def cold(make):
    """``make`` as the first print of its document: the app's PDF cache emptied first."""

    def render():
        budget.forget_all()
        return make()

    return render


def run(
    repeat: int, tables_in_pack: int = TABLES, long_deals: int = 51, only: tuple[str, ...] = ()
) -> dict:
    """Each document (``only`` those named, if given) beside its floor."""
    thirteen, hollywood, long_game = finished_game(), hollywood_match(), long_500_rum(long_deals)
    burraco, golf = burraco_game(), golf_game(TWENTY[:8])
    names = ["Maria Fernanda", "Christopher", "Alexander Petrov", "Elisabeth Schmidt"]
    tables = pack_tables(tables_in_pack)
    pack = print_pack(tables, title="Week 6", day=date(2024, 11, 14))
    documents = {
        # name: (make the PDF, its HTML, the grid's width in cells, runs)
        "13-deal sheet": (
            lambda: game_sheet_pdf(thirteen, view_url=VIEW_URL),
            render_html("game_sheet.html", sheet=game_sheet(thirteen, view_url=VIEW_URL)),
            2 * 4 + 6,
            repeat,
        ),
        "Hollywood sheet": (
            lambda: game_sheet_pdf(hollywood, view_url=VIEW_URL),
            render_html("game_sheet.html", sheet=game_sheet(hollywood, view_url=VIEW_URL)),
            3 * 2 + 3,
            repeat,
        ),
        f"{long_deals}-deal 8-player sheet": (
            lambda: game_sheet_pdf(long_game, view_url=VIEW_URL),
            render_html("game_sheet.html", sheet=game_sheet(long_game, view_url=VIEW_URL)),
            2 * 8 + 3,
            repeat,
        ),
        "500 Rum pad": (
            lambda: blank_pad_pdf(preset="500 Rum", players=4, names=names),
            render_html(
                "pad.html", pads=[blank_pad(preset="500 Rum", players=4, names=names)], pack=None
            ),
            3 * 4 + 2,
            repeat,
        ),
        "20-player free pad": (
            lambda: blank_pad_pdf(variant="free", players=20, names=TWENTY),
            render_html(
                "pad.html", pads=[blank_pad(variant="free", players=20, names=TWENTY)], pack=None
            ),
            2 * 7 + 2,  # the widest of its three sheets
            repeat,
        ),
        "golf card (18 holes, 8 players)": (
            lambda: blank_pad_pdf(preset="Golf (18 holes)", players=8, names=TWENTY[:8]),
            render_html(
                "pad.html",
                pads=[blank_pad(preset="Golf (18 holes)", players=8, names=TWENTY[:8])],
                pack=None,
            ),
            11 + 1,  # the back nine's holes, In and the total, beside the names
            repeat,
        ),
        "finished golf card (18 holes, 8 players)": (
            lambda: game_sheet_pdf(golf, view_url=VIEW_URL),
            render_html("game_sheet.html", sheet=game_sheet(golf, view_url=VIEW_URL)),
            11 + 1,  # as the blank card's
            repeat,
        ),
        "Burraco sheet": (
            lambda: game_sheet_pdf(burraco, view_url=VIEW_URL),
            render_html("game_sheet.html", sheet=game_sheet(burraco, view_url=VIEW_URL)),
            2 * 2 + 3,
            repeat,
        ),
        f"{tables_in_pack}-table pack": (
            lambda: print_pack_pdf(tables, title="Week 6", day=date(2024, 11, 14)),
            render_html("pad.html", pads=pack.pads, pack=pack),
            2 * 4 + 2,
            max(2, repeat // 3),  # a pack takes seconds: fewer runs
        ),
    }
    results: dict = {"benchmark": "printing.sheets", "runs": repeat, "documents": {}}
    summary, measured = {}, []
    for name, (make, html, columns, runs) in documents.items():
        if only and name not in only:
            continue
        plain_html, cells = floor_html(html, columns)
        render = cold(make)

        def plain(plain_html=plain_html):
            return HTML(string=plain_html).write_pdf()

        render(), plain()  # warm up: fonts, the parsed stylesheet, templates
        made_s = floor_s = float("inf")
        for _ in range(runs):  # alternating: a busy moment hits both alike
            made_s = min(made_s, fastest(render, 1))
            floor_s = min(floor_s, fastest(plain, 1))
        pages = len(PdfReader(io.BytesIO(make())).pages)
        kept_s = fastest(make, max(3, runs))  # made just above: each run a lookup
        results["documents"][name] = {
            "pages": pages,
            "cells": cells,
            "ms": round(made_s * 1000, 1),
            "floor_ms": round(floor_s * 1000, 1),
            "vs_floor": round(made_s / floor_s, 2),
            "from_cache_ms": round(kept_s * 1000, 2),
        }
        summary[f"{name} ({pages} p.)"] = (
            f"{made_s * 1000:.0f} ms, floor {floor_s * 1000:.0f} ms ({cells} cells): "
            f"{made_s / floor_s:.2f}x; from the cache {kept_s * 1000:.2f} ms"
        )
        measured += [
            figure(
                f"{name}: data to PDF, first print (PDF cache emptied)",
                made_s * 1000,
                "ms",
                beside=floor(f"WeasyPrint: a plain table of {cells} cells to PDF", floor_s * 1000),
            ),
            figure(
                f"{name}: printed again (the same PDF from the cache)",
                kept_s * 1000,
                "ms",
                cache="the PDF",
                alone="a lookup: what a second print costs, not the renderer",
            ),
        ]
    results["summary"] = summary
    results["measured"] = measured
    return results


def smallest() -> dict:
    """One run of the 13-deal sheet: the path from a game to its PDF, in a second or two."""
    return run(1, tables_in_pack=2, long_deals=9, only=("13-deal sheet",))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs; the fastest counts")
    parser.add_argument("--quick", action="store_true", help="2 runs of each")
    parser.add_argument("--smallest", action="store_true", help="1 run of small documents")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results = smallest() if args.smallest else run(2 if args.quick else args.repeat)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for measure, value in results["summary"].items():
        print(f"{measure:32}{value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
