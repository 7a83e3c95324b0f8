"""Benchmark a circle's page beside its floor (docs/circles.md).

Builds a circle of 30 members with 200 finished four-player rummy games of 6 deals with
stakes, 60 expenses and 30 payments (fixed seed), on a throwaway SQLite file, then
times, alternating so that a busy moment hits each alike:

- ``floor``: the same app answering the circle page's own bytes from a route that does
  nothing else (request handling, headers, compression: what any page costs);
- ``page``: ``GET /circles/<id>`` on a phone that keeps the circle (the edit view), with
  nothing changed since the last read (the derived circle and the page's rendered body
  are kept per version; each read writes its own CSRF token and one-time key in);
- ``view``: the same page from the view link (read only);
- ``api``: ``GET /api/v1/circles/<id>``;
- ``after_correction``: the page right after a deal of one of its games was corrected
  (that game derived again, the circle's ledger and stats worked out again);
- ``cold``: the page with every cached game, circle, presentation and body dropped (the
  200 games' stored results read again, the page worked out and rendered);
- ``game``: a plain game page (``GET /games/<id>``, one of the circle's games) in the
  same run, the measure the circle page is held to: ``page_over_game`` aims at 1.5 or
  less (a figure with that budget);
- ``person``: a member's record page (``GET /circles/<id>/people/<name>``) beside them.

Each figure is the median of its runs in milliseconds of wall time. The target: the
page under 100 ms on SQLite, and the page with its stylesheets and script within the
14 KB budget, gzipped (bench_pages.py's budget).

The floor and ``cold`` keep nothing between runs; ``page``, ``view``, ``api`` and
``after_correction`` read what the app keeps per version (reported apart, not as
ratios to the floor).

    python bench/bench_circle.py             # 200 games, 30 members
    python bench/bench_circle.py --quick     # 40 games, 12 members
    python bench/bench_circle.py --smallest  # 4 games, 6 members, 1 run
    python bench/bench_circle.py --json
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Response

from bench.measured import figure
from bench.measured import floor as floor_figure
from scorekeeper import create_app
from scorekeeper.service_layer import circles, services
from scorekeeper.service_layer.results import VIEWS
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from scorekeeper.web.circles import body as circle_body
from scorekeeper.web.circles import pages as web_circles

TARGET_MS = 100
RATIO = 1.5  # the circle page over a game page, at most
BUDGET_GZIP = 14 * 1024
STATIC = Path(__file__).resolve().parent.parent / "scorekeeper" / "static"


def build(app, members: int, games: int, seed: int = 7) -> tuple[str, str, list]:
    rng = random.Random(seed)
    uow = UnitOfWork(app.extensions["scorekeeper.db"].session_factory)
    names = [f"Member {n:02d} Ñandú-Öström" for n in range(members)]
    started = circles.create_circle(uow, name="Bench circle", members=names, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    played = []
    for _ in range(games):
        players = rng.sample(names, 4)
        game = circles.start_game(
            uow,
            circle_id,
            token,
            {
                "variant": "rummy",
                "players": players,
                "options": {"deals": 6},
                "stakes": {"cents_per_point": 1, "round_to": 5, "mode": "pairs"},
            },
        )
        for _deal in range(6):
            out = rng.choice(players)
            hands = {name: rng.randint(0, 60) for name in players if name != out}
            services.record_deal(
                uow, game.game.public_id, game.edit_token, {"out": out, "hands": hands}
            )
        played.append((game.game.public_id, game.edit_token, players))
    for _ in range(games * 3 // 10):
        circles.add_expense(
            uow,
            circle_id,
            token,
            {
                "paid_by": rng.choice(names),
                "cents": rng.randint(100, 9000),
                "shared_by": rng.sample(names, 5),
            },
        )
    for _ in range(games * 3 // 20):
        payer, payee = rng.sample(names, 2)
        circles.add_payment(
            uow, circle_id, token, {"from": payer, "to": payee, "cents": rng.randint(50, 2000)}
        )
    return circle_id, token, played


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def run(members: int, games: int, runs: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                # A random one: the app refuses a key that is easy to guess.
                "SECRET_KEY": secrets.token_hex(32),
                "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
                "RATELIMIT_ENABLED": False,
                "WTF_CSRF_ENABLED": False,
            },
            instance_path=folder,
        )
        floor_body: list[bytes] = []

        @app.get("/bench-floor")
        def floor():
            return Response(floor_body[0], mimetype="text/html")

        circle_id, token, played = build(app, members, games)
        editor = app.test_client()
        editor.get(f"/circles/{circle_id}/edit/{token}")
        reader = app.test_client()
        page_url = f"/circles/{circle_id}"
        gz = {"Accept-Encoding": "gzip"}
        page = editor.get(page_url, headers=gz)
        assert page.status_code == 200, page.status_code
        body = editor.get(page_url).data
        floor_body.append(body)

        uow = UnitOfWork(app.extensions["scorekeeper.db"].session_factory)
        rng = random.Random(11)
        figures: dict[str, list[float]] = {
            name: []
            for name in (
                "floor",
                "page",
                "view",
                "api",
                "after_correction",
                "cold",
                "game",
                "person",
            )
        }
        game_url = f"/games/{played[0][0]}"
        person_url = f"{page_url}/people/{quote(played[0][2][0])}"
        for _ in range(runs):
            # The change first: every figure after it but after_correction reads a circle
            # that has not changed since it was last read (by anyone, in any role).
            game_id, game_token, players = rng.choice(played)
            entry = {"out": players[0], "hands": {n: rng.randint(0, 60) for n in players[1:]}}
            services.correct_deal(uow, game_id, game_token, 1, entry)
            figures["after_correction"].append(timed(lambda: editor.get(page_url, headers=gz)))
            reader.get(page_url, headers=gz)
            figures["floor"].append(timed(lambda: editor.get("/bench-floor", headers=gz)))
            figures["game"].append(timed(lambda: reader.get(game_url, headers=gz)))
            figures["person"].append(timed(lambda: reader.get(person_url, headers=gz)))
            figures["page"].append(timed(lambda: editor.get(page_url, headers=gz)))
            figures["view"].append(timed(lambda: reader.get(page_url, headers=gz)))
            figures["api"].append(timed(lambda: reader.get(f"/api/v1/circles/{circle_id}")))
        for _ in range(max(3, runs // 5)):
            VIEWS.clear()
            circles._VIEWS.clear()
            web_circles._PRESENTED.clear()
            web_circles._WRITTEN.clear()
            circle_body.forget()
            figures["cold"].append(timed(lambda: editor.get(page_url, headers=gz)))

        weight = len(gzip.compress(body)) + sum(
            len(gzip.compress((STATIC / name).read_bytes()))
            for name in ("app.css", "circle.css", "app.js")
        )
        app.extensions["scorekeeper.db"].dispose()

    result = {
        "members": members,
        "games": games,
        "ms": {name: round(statistics.median(values), 2) for name, values in figures.items()},
        "page_html_bytes": len(body),
        "page_weight_gzip": weight,
        "within_14kb": weight <= BUDGET_GZIP,
    }
    result["page_under_100ms"] = result["ms"]["page"] < TARGET_MS
    result["page_over_game"] = round(result["ms"]["page"] / result["ms"]["game"], 2)
    ms = {name: statistics.median(values) for name, values in figures.items()}
    plain = floor_figure("the same app answering the page's bytes from a route doing nothing else",
                  ms["floor"])  # fmt: skip
    kept = "each game's and the circle's derived figures, kept per version"
    kept_body = kept + "; the circle page's rendered body, kept per version"
    result["measured"] = [
        figure(f"circle page, {games} games, nothing kept (every game derived)", ms["cold"],
               "ms", beside=plain),
        figure("circle page, nothing changed since the last read", ms["page"], "ms",
               cache=kept_body, budget=TARGET_MS),
        figure("circle page right after a deal was corrected (that game derived again)",
               ms["after_correction"], "ms", cache=kept, budget=TARGET_MS),
        figure("circle page, nothing changed, over a plain game page of one of its games "
               "timed beside it", result["page_over_game"], "x", cache=kept_body, budget=RATIO),
        figure("a person's page in the circle", ms["person"], "ms", cache=kept,
               budget=TARGET_MS),
        figure("circle page with its CSS and JS, gzipped", weight, "bytes",
               budget=BUDGET_GZIP),
    ]  # fmt: skip
    return result


def smallest() -> dict:
    return run(6, 4, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smallest", action="store_true", help="4 games, 6 members, 1 run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = smallest() if args.smallest else run(*((12, 40, 9) if args.quick else (30, 200, 21)))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"circle of {result['members']} members, {result['games']} games (median ms)")
        for name, value in result["ms"].items():
            print(f"  {name:18} {value:8.2f}")
        print(f"  circle page / game page: {result['page_over_game']} (aim <= {RATIO})")
        print(
            f"  page HTML {result['page_html_bytes']} bytes; page + CSS + JS gzipped "
            f"{result['page_weight_gzip']} bytes"
        )
        print(
            f"  page < {TARGET_MS} ms: {result['page_under_100ms']}; "
            f"within 14 KB: {result['within_14kb']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
