"""Benchmark table play while a big league import runs (issue 23, finding 7).

One process imports a league export (bench_standings' league: 200 players, 2,000
four-player games of 12 deals, 24,000 deals; --quick: 40 players, 300 games); another
process, as another table's phone would through its own gunicorn worker, records a
deal after deal the whole time, a new 13-deal game after each game's last deal (as a
table plays: one ever longer game would time the game's length, each post deriving
every deal before it). Reports the import's time and steps and the deal posts'
latency while it ran (p50, p99, max, refused), beside the floor: the same table's
posts just before the import, with nothing else running.

Runs on a throwaway SQLite file (the database whose one writer lock the import used
to hold), and also on PostgreSQL when SCOREKEEPER_DATABASE_URL points at one (in a
throwaway schema).

    python bench/bench_import.py             # the full league
    python bench/bench_import.py --quick
    python bench/bench_import.py --smallest  # 8 players, 40 games
    python bench/bench_import.py --json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_standings import PASSWORD, league_document, postgres_schema_url
from bench.measured import figure, floor
from scorekeeper.db import Database, upgrade_schema
from scorekeeper.league import auth, chunks, transfer
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork

PLAYERS = ["Ann", "Bob", "Cy"]
DEALS = 13  # a table's game; then it starts the next
FLOOR_POSTS = 40  # posts timed before the import starts


def play(url: str, started, stop, results) -> None:
    """Another table: FLOOR_POSTS deals alone, then deal after deal until told to stop,
    a new game after every DEALS; the seconds of each post, alone and beside the import."""
    database = Database(url)
    uow = UnitOfWork(database.session_factory)
    entry = {"out": "Ann", "hands": {"Bob": 5, "Cy": 7}}
    game = None
    posted = 0

    def post() -> tuple[float, bool]:
        nonlocal game, posted
        if posted % DEALS == 0:
            game = services.start_game(
                uow, variant="rummy", players=PLAYERS, options={"deals": DEALS}
            )
        posted += 1
        begin = time.perf_counter()
        try:
            services.record_deal(uow, game.game.public_id, game.edit_token, entry)
            refused = False
        except Exception:
            refused = True
        return time.perf_counter() - begin, refused

    alone = [post()[0] for _ in range(FLOOR_POSTS)]
    seconds, refused = [], 0
    started.set()
    while not stop.is_set():
        took, failed = post()
        seconds.append(took)
        refused += failed
    database.dispose()
    results.put((alone, seconds, refused))


def run(url: str, document: dict, instance: str) -> dict:
    # Here, not at the top: the table's process (spawned, so it imports this module
    # again) plays through the service layer and need not import the app's web.
    from scorekeeper import create_app

    database = Database(url)
    upgrade_schema(database.engine)
    database.dispose()
    app = create_app(
        # A random key: the app refuses one easy to guess.
        {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)},
        instance_path=instance,
    )
    database = app.extensions["scorekeeper.db"]
    uow = UnitOfWork(database.session_factory)
    organizer = auth.create_organizer(uow, email="b@example.org", name="B", password=PASSWORD)
    steps = []
    store = chunks.store_games_chunk

    def counted(uow, run):
        steps.append(len(run))
        store(uow, run)

    chunks.store_games_chunk = counted
    context = multiprocessing.get_context("spawn")
    started, stop, results = context.Event(), context.Event(), context.Queue()
    player = context.Process(target=play, args=(url, started, stop, results))
    player.start()
    try:
        if not started.wait(300):
            raise RuntimeError("the table's process did not start within 300 s")
        begin = time.perf_counter()
        transfer.import_document(uow, organizer.id, document)
        import_seconds = time.perf_counter() - begin
    finally:
        stop.set()
        chunks.store_games_chunk = store
    alone, seconds, refused = results.get(timeout=300)
    player.join(60)
    database.dispose()
    alone.sort()
    seconds.sort()
    return {
        "import_s": round(import_seconds, 2),
        "game_steps": len(steps),
        "deals_posted": len(seconds),
        "refused": refused,
        "p50_ms": ms(statistics.median(seconds)) if seconds else None,
        "p99_ms": ms(seconds[int(len(seconds) * 0.99) - 1]) if seconds else None,
        "max_ms": ms(seconds[-1]) if seconds else None,
        "alone_p50_ms": ms(statistics.median(alone)),
        "alone_p99_ms": ms(alone[int(len(alone) * 0.99) - 1]),
    }


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def measured(backend: str, games: int, row: dict) -> list[dict]:
    return [
        figure(
            f"{backend}: a table's deal post while a league of {games} games is imported, p50",
            row["p50_ms"],
            "ms",
            beside=floor("the same table's deal post with nothing else running, p50",
                         row["alone_p50_ms"]),
        ),
        figure(
            f"{backend}: the import of {games} games",
            row["import_s"] * 1000,
            "ms",
            alone="what the organizer waits; the table's posts beside it are the point",
        ),
    ]  # fmt: skip


def imports(players: int, games: int) -> dict:
    """The league imported on SQLite, and on PostgreSQL when SCOREKEEPER_DATABASE_URL
    names one, a table playing beside it."""
    document = league_document(players, games, 12)
    results = []
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'import.sqlite3'}"
        results.append({"backend": "sqlite", **run(url, document, folder)})
    postgres = os.environ.get("SCOREKEEPER_DATABASE_URL", "")
    if postgres.startswith(("postgresql", "postgres:")):
        url, drop = postgres_schema_url(postgres)
        try:
            with tempfile.TemporaryDirectory() as folder:
                results.append({"backend": "postgresql", **run(url, document, folder)})
        finally:
            drop()
    return {
        "runs": results,
        "measured": [item for row in results for item in measured(row["backend"], games, row)],
    }


def smallest() -> dict:
    return imports(8, 40)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 players, 300 games")
    parser.add_argument("--smallest", action="store_true", help="8 players, 40 games")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)
    results = smallest() if args.smallest else imports(*((40, 300) if args.quick else (200, 2000)))
    if args.json:
        print(json.dumps(results))
        return
    for row in results["runs"]:
        print(", ".join(f"{key} {value}" for key, value in row.items()))


if __name__ == "__main__":
    main()
