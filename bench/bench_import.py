"""Benchmark table play while a big league import runs (issue 23, finding 7).

One process imports a league export (bench_standings' league: 200 players, 2,000
four-player games of 12 deals, 24,000 deals; --quick: 40 players, 300 games); another
process, as another table's phone would through its own gunicorn worker, records a
deal after deal on its own game the whole time. Reports the import's time and steps
and the deal posts' latency while it ran (p50, p99, max, refused).

Runs on a throwaway SQLite file (the database whose one writer lock the import used
to hold), and also on PostgreSQL when SCOREKEEPER_DATABASE_URL points at one (in a
throwaway schema).

    python bench/bench_import.py            # the full league
    python bench/bench_import.py --quick
    python bench/bench_import.py --json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_standings import PASSWORD, league_document, postgres_schema_url
from scorekeeper import create_app
from scorekeeper.db import Database, upgrade_schema
from scorekeeper.league import auth, chunks, transfer
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork

PLAYERS = ["Ann", "Bob", "Cy"]


def play(url: str, game_id: str, token: str, started, stop, results) -> None:
    """Another table: deal after deal until told to stop; each post's seconds."""
    database = Database(url)
    uow = UnitOfWork(database.session_factory)
    seconds, refused = [], 0
    started.set()
    while not stop.is_set():
        entry = {"out": "Ann", "hands": {"Bob": 5, "Cy": 7}}
        begin = time.perf_counter()
        try:
            services.record_deal(uow, game_id, token, entry)
        except Exception:
            refused += 1
        seconds.append(time.perf_counter() - begin)
    database.dispose()
    results.put((seconds, refused))


def run(url: str, document: dict, instance: str) -> dict:
    database = Database(url)
    upgrade_schema(database.engine)
    database.dispose()
    app = create_app(
        {"DATABASE_URL": url, "SECRET_KEY": "bench-key:Wq8rT2mZ6vN4pL0sX7cJ3yK5"},
        instance_path=instance,
    )
    database = app.extensions["scorekeeper.db"]
    uow = UnitOfWork(database.session_factory)
    organizer = auth.create_organizer(uow, email="b@example.org", name="B", password=PASSWORD)
    table = services.start_game(uow, variant="rummy", players=PLAYERS, options={"target": 100_000})
    steps = []
    store = chunks.store_games_chunk

    def counted(uow, run):
        steps.append(len(run))
        store(uow, run)

    chunks.store_games_chunk = counted
    context = multiprocessing.get_context("spawn")
    started, stop, results = context.Event(), context.Event(), context.Queue()
    player = context.Process(
        target=play,
        args=(url, table.game.public_id, table.edit_token, started, stop, results),
    )
    player.start()
    started.wait(60)
    begin = time.perf_counter()
    transfer.import_document(uow, organizer.id, document)
    import_seconds = time.perf_counter() - begin
    stop.set()
    seconds, refused = results.get(timeout=120)
    player.join(60)
    chunks.store_games_chunk = store
    database.dispose()
    seconds.sort()
    return {
        "import_s": round(import_seconds, 2),
        "game_steps": len(steps),
        "deals_posted": len(seconds),
        "refused": refused,
        "p50_ms": round(statistics.median(seconds) * 1000, 1) if seconds else None,
        "p99_ms": round(seconds[int(len(seconds) * 0.99) - 1] * 1000, 1) if seconds else None,
        "max_ms": round(seconds[-1] * 1000, 1) if seconds else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 players, 300 games")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    players, games = (40, 300) if args.quick else (200, 2000)
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
    if args.json:
        print(json.dumps(results))
        return
    for row in results:
        print(", ".join(f"{key} {value}" for key, value in row.items()))


if __name__ == "__main__":
    main()
