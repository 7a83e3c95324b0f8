"""Benchmark league standings beside the raw SQL aggregate of the same figures.

Builds a league (200 players, 5,000 four-player rummy games of 12 deals: 60,000
deals; fixed seed) by importing it as an export file, then times in one run:

- ``raw``: one hand-written SQL ``GROUP BY`` over the cached per-game results
  (name, games, wins, points, deals and money per player), on the driver connection;
- ``standings``: the standings use case (cache check, aggregate, ratings);
- ``page``: ``GET /leagues/<id>/standings`` through Flask, rendered;
- ``page_ratings_replayed``: the same page with the kept ratings dropped first, so
  that it reads what the floor reads (each game's result) and works out the rest;
- ``public``: ``GET /leagues/<id>/public``, the league's public page (standings and
  every night's results), rendered;
- ``night``: the latest night's page (its 50 tables at a glance, each game derived);
- ``night_304``: that night's polled board while nothing changed (a 304 from one query);
- ``import``: the import, which derives and caches every game's result;
- ``cold``: the first standings page after the import (replays the ratings);
- ``after_correction``: the page right after a deal of a game of the latest
  night was corrected (that game re-derived, the latest night's ratings replayed).

Runs on a throwaway SQLite file, and also on PostgreSQL when
SCOREKEEPER_DATABASE_URL points at one (in a throwaway schema).

Each game's result is kept in ``league_results`` (the import works them out): the
floor reads them, and so does every page timed. The page also keeps the replayed
ratings per league state: ``page_ratings_replayed`` stands beside the floor, ``page``
(the ratings kept) is reported apart.

    python bench/bench_standings.py             # the full league
    python bench/bench_standings.py --quick     # 40 players, 300 games: a CI-size run
    python bench/bench_standings.py --smallest  # 8 players, 6 games of 3 deals, 1 run
    python bench/bench_standings.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text

from bench.measured import figure, floor
from scorekeeper.db import Database, upgrade_schema
from scorekeeper.league import auth, transfer
from scorekeeper.league import services as league
from scorekeeper.league.standings import rating_cache
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork

PASSWORD = "benchmark password"
TABLE = 4
RAW_AGGREGATE = """
SELECT r.member_id, m.name, count(*), sum(CASE WHEN r.won THEN 1 ELSE 0 END),
       sum(r.points), sum(r.deals), sum(r.money_cents)
FROM league_results r JOIN league_members m ON m.id = r.member_id
WHERE r.league_id = {league_id} GROUP BY r.member_id, m.name
"""


def game_document(rng: random.Random, names: list[str], deals: int, moment: str) -> dict:
    entries = []
    for number in range(1, deals + 1):
        out = rng.choice(names)
        hands = {name: rng.randint(0, 60) for name in names if name != out}
        entries.append(
            {"number": number, "entry": {"out": out, "hands": hands}, "recorded_at": moment}
        )
    return {
        "format": transfer.GAME_FORMAT,
        "version": transfer.FORMAT_VERSION,
        "title": None,
        "created_at": moment,
        "setup": {
            "variant": "rummy",
            "preset": "Rummy",
            "options": {"deals": deals},
            "players": names,
            "first_dealer": names[0],
            "stakes": {"cents_per_point": 1, "round_to": 5, "mode": "pairs"},
        },
        "deals": entries,
        "revisions": [],
    }


def league_document(players: int, games: int, deals: int, seed: int = 7) -> dict:
    """An export file of a league that played ``games`` games, ``players // 4`` tables a night."""
    rng = random.Random(seed)
    members = [{"id": i + 1, "name": f"Player {i + 1:03d}", "aliases": []} for i in range(players)]
    per_night = players // TABLE
    nights = []
    start = date(2024, 1, 4)
    for night_number in range(-(-games // per_night)):
        held_on = start + timedelta(days=7 * night_number)
        moment = f"{held_on.isoformat()}T20:00:00+00:00"
        present = rng.sample(members, per_night * TABLE)
        tables = []
        for table_number in range(min(per_night, games - night_number * per_night)):
            seated = present[table_number * TABLE : (table_number + 1) * TABLE]
            names = [member["name"] for member in seated]
            tables.append(
                {
                    "number": table_number + 1,
                    "source": "phone",
                    "paper_totals": None,
                    "closed": False,
                    "seats": [member["id"] for member in seated],
                    "game": game_document(rng, names, deals, moment),
                }
            )
        nights.append(
            {
                "held_on": held_on.isoformat(),
                "season": str(held_on.year),
                "seating": "random",
                "started": True,
                "tables": tables,
            }
        )
    return {
        "format": transfer.LEAGUE_FORMAT,
        "version": transfer.FORMAT_VERSION,
        "league": {
            "name": "Benchmark league",
            "variant": "rummy",
            "preset": "Rummy",
            "options": {"deals": deals},
            "stakes": {"cents_per_point": 1, "round_to": 5, "mode": "pairs"},
            "table_size": TABLE,
            "published": True,
        },
        "members": members,
        "nights": nights,
    }


def timed(action, repeat: int) -> dict:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return {
        "median_ms": round(statistics.median(samples), 2),
        "best_ms": round(samples[0], 2),
        "worst_ms": round(samples[-1], 2),
    }


def run(url: str, document: dict, repeat: int, instance: str) -> dict:
    # Here, not at the top: the app (its web, its printing) is a second and a half of
    # imports that bench_import's and the club night's table processes, which take only
    # league_document from here, need not pay.
    from scorekeeper import create_app

    database = Database(url)
    upgrade_schema(database.engine)
    database.dispose()
    app = create_app(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": secrets.token_hex(32),  # the app refuses one easy to guess
            "RATELIMIT_ENABLED": False,
            "SESSION_COOKIE_SECURE": False,
            "WTF_CSRF_ENABLED": False,
        },
        instance_path=instance,
    )
    db = app.extensions["scorekeeper.db"]
    uow = UnitOfWork(db.session_factory)
    organizer = auth.create_organizer(uow, email="bench@example.org", name="B", password=PASSWORD)

    started = time.perf_counter()
    public_id = transfer.import_document(uow, organizer.id, document).league_id
    import_s = time.perf_counter() - started

    client = app.test_client()
    client.post("/account/login", data={"email": "bench@example.org", "password": PASSWORD})
    path = f"/leagues/{public_id}/standings"

    started = time.perf_counter()
    first = client.get(path)
    cold_ms = (time.perf_counter() - started) * 1000
    assert first.status_code == 200, first.status_code

    with db.session_factory() as session:
        league_id = session.execute(
            text("SELECT id FROM leagues WHERE public_id = :p"), {"p": public_id}
        ).scalar_one()
    raw_sql = RAW_AGGREGATE.format(league_id=int(league_id))

    def raw():
        with db.engine.connect() as connection:
            rows = connection.exec_driver_sql(raw_sql).fetchall()
        assert len(rows) == len(document["members"])

    def use_case():
        league.league_standings(UnitOfWork(db.session_factory), public_id, organizer.id, None)

    def page():
        assert client.get(path).status_code == 200

    def page_ratings_replayed():
        with rating_cache.lock:
            rating_cache.entries.clear()
        page()

    def public():
        assert client.get(f"/leagues/{public_id}/public").status_code == 200

    view = league.league_view(uow, public_id, organizer.id)
    night_path = f"/leagues/{public_id}/nights/{view.nights[0].id}"

    def night():
        assert client.get(night_path).status_code == 200

    tag = client.get(f"{night_path}/board").headers["ETag"]

    def night_unchanged():
        board = client.get(f"{night_path}/board", headers={"If-None-Match": tag})
        assert board.status_code == 304

    # Warm every path once (connections, template compilation).
    for action in (raw, page, public, night):
        action()
    results = {
        "raw": timed(raw, repeat),
        "standings": timed(use_case, repeat),
        "page": timed(page, repeat),
        "page_ratings_replayed": timed(page_ratings_replayed, repeat),
        "public": timed(public, repeat),
        "night": timed(night, repeat),
        "night_304": timed(night_unchanged, repeat),
    }

    table = view.nights[0].tables[0]
    game = services.load_game(uow, table.game_id)
    entry = dict(game.entries[0])
    hands = dict(entry["hands"])
    first_loser = next(iter(hands))
    hands[first_loser] = (hands[first_loser] + 1) % 61
    entry["hands"] = hands

    def correct_then_page():
        services.correct_deal(uow, table.game_id, table.edit_token, 1, entry)
        hands[first_loser] = (hands[first_loser] + 1) % 61

    corrections = []
    for _ in range(repeat):
        correct_then_page()
        started = time.perf_counter()
        page()
        corrections.append((time.perf_counter() - started) * 1000)

    db.dispose()
    page_ms = results["page"]["median_ms"]
    raw_ms = results["raw"]["median_ms"]
    return {
        "backend": db.engine.dialect.name,
        "players": len(document["members"]),
        "games": sum(len(n["tables"]) for n in document["nights"]),
        "deals": sum(len(t["game"]["deals"]) for n in document["nights"] for t in n["tables"]),
        "import_s": round(import_s, 2),
        "cold_page_ms": round(cold_ms, 1),
        **results,
        "after_correction_page_median_ms": round(statistics.median(corrections), 1),
        "page_over_raw": round(page_ms / raw_ms, 2) if raw_ms else None,
        "measured": measured(db.engine.dialect.name, results),
    }


def measured(backend: str, results: dict) -> list[dict]:
    results_kept = "each game's result (league_results)"
    raw = floor(
        "one SQL GROUP BY over each game's result, on the driver connection",
        results["raw"]["median_ms"],
        cache=results_kept,
    )
    return [
        figure(
            f"{backend}: standings page, ratings replayed",
            results["page_ratings_replayed"]["median_ms"],
            "ms",
            cache=results_kept,
            beside=raw,
        ),
        figure(
            f"{backend}: standings page, nothing changed (ratings kept too)",
            results["page"]["median_ms"],
            "ms",
            cache=f"{results_kept} and the ratings",
            alone="a reload: what a page costs when nothing changed",
        ),
    ]


def postgres_schema_url(url: str) -> tuple[str, callable]:
    """A throwaway schema on the PostgreSQL server, and how to drop it."""
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = Database(url)
    with admin.engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in url else "?"

    def drop():
        with admin.engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()

    return f"{url}{separator}options=-csearch_path%3D{schema}", drop


def league_runs(players: int, games: int, deals: int, repeat: int) -> dict:
    """The league on SQLite, and on PostgreSQL when SCOREKEEPER_DATABASE_URL names one."""
    document = league_document(players, games, deals)
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        sqlite_url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        runs.append(run(sqlite_url, document, repeat, str(Path(folder) / "i1")))
        postgres = os.environ.get("SCOREKEEPER_DATABASE_URL", "")
        if postgres.startswith(("postgresql", "postgres:")):
            url, drop = postgres_schema_url(postgres)
            try:
                runs.append(run(url, document, repeat, str(Path(folder) / "i2")))
            finally:
                drop()
    return {"runs": runs, "measured": [item for one in runs for item in one.pop("measured")]}


def smallest() -> dict:
    return league_runs(8, 6, 3, 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--deals", type=int, default=12, help="deals per game (12)")
    parser.add_argument("--repeat", type=int, default=15, help="timed runs of each")
    parser.add_argument("--quick", action="store_true", help="40 players, 300 games, 5 runs")
    parser.add_argument("--smallest", action="store_true", help="8 players, 6 games, 1 run")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.players, args.games, args.repeat = 40, 300, 5
    if args.smallest:
        results = smallest()
    else:
        results = league_runs(args.players, args.games, args.deals, args.repeat)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for result in results["runs"]:
        print(
            f"{result['backend']}: {result['players']} players, {result['games']} games, "
            f"{result['deals']} deals (import {result['import_s']} s)"
        )
        print(f"  first page (replays the ratings) {result['cold_page_ms']:9.1f} ms")
        for name in (
            "raw",
            "standings",
            "page",
            "page_ratings_replayed",
            "public",
            "night",
            "night_304",
        ):
            figures = result[name]
            print(
                f"  {name:<10} median {figures['median_ms']:8.2f} ms"
                f"   best {figures['best_ms']:8.2f}   worst {figures['worst_ms']:8.2f}"
            )
        print(f"  page after a correction    {result['after_correction_page_median_ms']:9.1f} ms")
        print(f"  page / raw aggregate       {result['page_over_raw']:9.2f} x")


if __name__ == "__main__":
    main()
