"""What the routes that render or compute cost at their bounds, in CPU seconds.

Each case is the heaviest input its route allows (docs/security.md, "What one request
may cost"), made once, cold (nothing kept), in this process: CPU time
(``time.thread_time``), not wall-clock, so a loaded machine reads the same figure.
``BOUNDS`` are what tests/security/test_route_costs.py holds every figure under: about
twice what the 2-core development machine measured, for a slower or busier one. Not
one of the side-by-side benchmarks (``bench_*.py``, bench/run_all.py): a cost table,
not a figure beside its floor.

    .venv/bin/python bench/route_costs.py           # print the figures
    .venv/bin/python bench/route_costs.py --write   # and write them into docs/security.md
"""

from __future__ import annotations

import argparse
import gc
import re
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_sheets import pack_tables  # noqa: E402
from bench.bench_standings import league_document  # noqa: E402
from scorekeeper.factory import create_app  # noqa: E402
from scorekeeper.league import auth, transfer  # noqa: E402
from scorekeeper.printing import (  # noqa: E402
    blank_pad_pdf,
    circle_statement_pdf,
    game_sheet_pdf,
    night_sheets_pdf,
    print_pack_pdf,
)
from scorekeeper.printing.budget import forget_all  # noqa: E402
from scorekeeper.printing.statement import PRINTED_MAX_LINES  # noqa: E402
from scorekeeper.scoring import derive, make_setup  # noqa: E402
from scorekeeper.service_layer import circles, services  # noqa: E402
from scorekeeper.service_layer.results import GameView  # noqa: E402
from scorekeeper.service_layer.unit_of_work import UnitOfWork  # noqa: E402

VIEW_URL = "https://scores.example.org/games/Tq3xVb8Kp2LmN9sRw4YzAa"
SIX = [f"Zoë-Łucja Wójcik-Gutiérrez de Ávila {seat:02d}" for seat in range(6)]
TWENTY = [f"Joueur Numéro {seat} Élisabeth-Ångström" for seat in range(1, 21)]

# CPU seconds each case must stay under (tests/security/test_route_costs.py).
BOUNDS = {
    "sheet": 6.0,
    "night_sheets": 12.0,
    "pack": 30.0,
    "pad": 2.0,
    "standings_pdf": 14.0,
    "standings_page": 3.0,
    "standings_page_kept": 0.5,
    "statement": 7.0,
}
# What each case is, as the docs' table says it.
CASES = {
    "sheet": "a game's sheet: 6 players, 200 deals (`SHEET_MAX_DEALS`)",
    "night_sheets": "a night's sheets: two 6-player sheets of 200 deals (`NIGHT_MAX_DEALS` 400)",
    "pack": "a night's print pack: 50 tables (`NIGHT_MAX_TABLES`)",
    "pad": "a blank pad: the free pad's 20 players",
    "standings_pdf": "the standings PDF: 500 players (`PRINTED_MAX_LINES`)",
    "standings_page": "the standings page of that league, made for an anonymous reader",
    "standings_page_kept": "the same page again, kept for its league version",
    "statement": "a circle's statement: 200 games, 200 expenses (`PRINTED_MAX_LINES`)",
}


def cpu(work: Callable[[], object]) -> float:
    """The CPU seconds ``work`` takes in this thread, nothing kept before it: the
    thread's own time (not the process's, which bills whatever other threads of a test
    worker do meanwhile), after collecting the garbage the case before left."""
    forget_all()
    gc.collect()
    start = time.thread_time()
    work()
    return time.thread_time() - start


def long_game(deals: int = 200) -> GameView:
    """Six players, ``deals`` deals: the longest sheet printed."""
    entries = [
        {
            "out": SIX[n % 6],
            "hands": {name: (n * 7 + seat) % 60 for seat, name in enumerate(SIX) if seat != n % 6},
        }
        for n in range(deals)
    ]
    setup = make_setup(variant="rummy", players=SIX, options={"deals": deals})
    moment = datetime(2024, 11, 8, 20, tzinfo=UTC)
    return GameView("Tq3xVb8Kp2LmN9sRw4YzAa", None, len(entries) + 1, moment, moment, setup,
                    tuple(entries), derive(setup, entries))  # fmt: skip


def paper_cases() -> dict[str, float]:
    game = long_game()
    return {
        "sheet": cpu(lambda: game_sheet_pdf(game, view_url=VIEW_URL)),
        "night_sheets": cpu(
            lambda: night_sheets_pdf([(game, VIEW_URL), (game, VIEW_URL)], title="Night 3")
        ),
        "pack": cpu(lambda: print_pack_pdf(pack_tables(50), title="Thursday Club")),
        "pad": cpu(lambda: blank_pad_pdf(variant="free", players=20, names=TWENTY)),
    }


def league_cases(app) -> dict[str, float]:
    uow = UnitOfWork(app.extensions["scorekeeper.db"].session_factory)
    olga = auth.create_organizer(
        uow, email="olga@example.org", name="Olga", password="correct horse battery"
    ).id
    public_id = transfer.import_document(
        uow, olga, league_document(players=500, games=125, deals=2)
    ).league_id
    client = app.test_client()
    figures = {
        "standings_pdf": cpu(lambda: client.get(f"/leagues/{public_id}/standings.pdf")),
        "standings_page": cpu(lambda: client.get(f"/leagues/{public_id}/standings")),
    }
    start = time.thread_time()
    client.get(f"/leagues/{public_id}/standings")
    figures["standings_page_kept"] = time.thread_time() - start
    return figures


def statement_case(app) -> dict[str, float]:
    uow = UnitOfWork(app.extensions["scorekeeper.db"].session_factory)
    started = circles.create_circle(uow, name="Famille à Łódź", members=SIX, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    # The expenses first: each write loads the circle, and a game costs a load far more
    # than an expense does (its result read back), so expenses added among the games
    # took twice the setup's CPU for the same 200 and 200 on the statement.
    for number in range(PRINTED_MAX_LINES):
        expense = {"paid_by": SIX[number % 6], "cents": 100 + number, "shared_by": SIX}
        circles.add_expense(uow, circle_id, token, {**expense, "note": f"n°{number}"})
    for number in range(PRINTED_MAX_LINES):
        players = [SIX[number % 6], SIX[(number + 1) % 6], SIX[(number + 2) % 6]]
        game = circles.start_game(
            uow, circle_id, token, {"variant": "rummy", "players": players, "options": {"deals": 1}}
        )
        hands = {name: 10 + number % 7 for name in players[1:]}
        services.record_deal(
            uow, game.game.public_id, game.edit_token, {"out": players[0], "hands": hands}
        )
    view = circles.load_circle(uow, circle_id)
    with app.test_request_context():
        return {"statement": cpu(lambda: circle_statement_pdf(view, view_url=VIEW_URL))}


def measure(app) -> dict[str, float]:
    """Every case's CPU seconds (``app``: a test app on a database of its own)."""
    return {**paper_cases(), **league_cases(app), **statement_case(app)}


def table(figures: dict[str, float]) -> str:
    lines = ["| case, at its bound | CPU measured | bound (tested) |", "|---|---|---|"]
    for name, what in CASES.items():
        lines.append(f"| {what} | {figures[name]:.2f} s | {BOUNDS[name]:g} s |")
    return "\n".join(lines)


BEGIN, END = "<!-- route costs: bench/route_costs.py --write -->", "<!-- end of route costs -->"


def write(figures: dict[str, float], docs: Path = ROOT / "docs" / "security.md") -> None:
    text = docs.read_text()
    block = f"{BEGIN}\n{table(figures)}\n{END}"
    text, count = re.subn(re.escape(BEGIN) + ".*?" + re.escape(END), block, text, flags=re.S)
    if count != 1:
        raise SystemExit(f"{docs} has no route costs block to write")
    docs.write_text(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write docs/security.md's table")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as instance:
        app = create_app(
            {"TESTING": True, "SECRET_KEY": "x" * 32, "RATELIMIT_ENABLED": False},
            instance_path=instance,
        )
        figures = measure(app)
        app.extensions["scorekeeper.db"].dispose()
    print(table(figures))
    if options.write:
        write(figures)


if __name__ == "__main__":
    main()
