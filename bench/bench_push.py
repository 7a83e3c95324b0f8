"""Push and poll under load: how long a posted deal takes to show on the view link of
10 and 200 watching phones while the load test's tables post deals at their usual pace,
and the load test's deal latency with and without the watchers.

    .venv/bin/python bench/bench_push.py            # 50 paced tables, as the load test's aim
    .venv/bin/python bench/bench_push.py --quick    # 10 tables at the quick pace
    .venv/bin/python bench/bench_push.py --json     # the results as JSON
    scripts/with-throwaway-postgres .venv/bin/python bench/bench_push.py

One gunicorn (gunicorn.conf.py's 3 gthread workers, with docs/deployment.md's setting for many
watchers: 64 threads and 62 streams each) on a fresh database (bench_load's). Each phase
runs one round of bench_load's paced tables (one 13-deal game each) and meanwhile posts
a deal every ``DEAL_EVERY`` paces to one watched game:

- the load alone, just before each of the others: what that phase's deal p99 is
  compared with (on a shared machine the load from other work drifts during a run);
- poll: each phone fetches the scoreboard with ``If-None-Match`` every 3 s from a
  random start, as the page's script does without push;
- push: each phone keeps ``/games/<id>/events`` open and fetches the scoreboard on a
  ``version`` event, as the page does; a phone refused a stream (204) polls instead
  and is counted with the pollers.

A deal is shown on a phone when the phone has a scoreboard of that version or later;
the wait runs from sending the post to that scoreboard's arrival. Each phase also notes
the machine's 1-minute load average as it ends.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_load import (
    AIM_TABLES,
    PLAYERS,
    QUICK_SIZES,
    QUICK_THINK,
    THINK,
    Phone,
    fresh_databases,
    gunicorn,
    migrate,
    percentiles,
    play_scorekeeper,
    run_tables,
    scorekeeper_spec,
    thirteen_entry,
)

WATCHERS = (10, 200)
THREADS, STREAMS = 64, 62  # per process: docs/deployment.md's setting for many watchers
POLL_SECONDS = 3.0  # the page's poll period (static/game.js)
# The watched game gets a deal every this many paces of the load's tables, at most
# WATCHED_DEALS a phase: the last is posted a poll period before the load's end.
DEAL_EVERY, WATCHED_DEALS = 1.2, 8


def version_of(etag: str) -> int:
    """The game's version in the scoreboard's ETag: "v7", or W/"v7" once gzip has made it
    weak (a weak one was once read as no version, and every watcher failed)."""
    found = re.fullmatch(r'(?:W/)?"v(\d+)(?::[\w-]+)?"', etag)
    if found is None:
        raise ValueError(f"not a scoreboard ETag: {etag!r}")
    return int(found.group(1))


def failures(results: dict) -> list[str]:
    """What makes a run measure nothing or measure wrongly: errors, deals a watcher never
    showed, a watching phase with no figure."""
    found = []
    for p in results["phases"]:
        if p["load_errors"] or p["watcher_errors"] or p["not_shown"]:
            found.append(
                f"{p['label']}: {p['load_errors']} load errors, {p['watcher_errors']} watcher"
                f" errors, {p['not_shown']} deals not shown"
            )
        if p["watchers"] and not (p["push_shown_ms"] or p["poll_shown_ms"]):
            found.append(f"{p['label']}: no deal shown on any watcher")
    return found


class Watcher(threading.Thread):
    """One phone on the view link: on push (falling back to the poll) or polling."""

    def __init__(self, port: int, game: str, push: bool, seed: int):
        super().__init__(daemon=True)
        self.port, self.game, self.push = port, game, push
        self.rng = random.Random(seed)
        self.scoreboard = Phone(port)
        self.etag = ""
        self.shown: list[tuple[int, float]] = []  # (version, when it arrived)
        self.pushed = False
        self.failed = ""
        self.ready = threading.Event()
        self.stopping = threading.Event()
        self.stream: http.client.HTTPConnection | None = None

    def fetch(self) -> None:
        answer = self.scoreboard.request(
            "GET", f"/games/{self.game}/scoreboard", None, {"If-None-Match": self.etag}
        )
        if answer.status == 200:
            self.etag = answer.headers["etag"]
            self.shown.append((version_of(self.etag), time.perf_counter()))

    def run(self) -> None:
        try:
            self.fetch()  # the page as loaded
            if self.push and self.listen():
                return
            self.ready.set()
            self.stopping.wait(self.rng.uniform(0, POLL_SECONDS))
            while not self.stopping.is_set():
                self.fetch()
                self.stopping.wait(POLL_SECONDS)
        except (OSError, http.client.HTTPException, ValueError, KeyError) as exc:
            if not self.stopping.is_set():
                self.failed = f"{type(exc).__name__}: {exc}"
        finally:
            self.ready.set()
            self.scoreboard.close()

    def listen(self) -> bool:
        """The event stream until it ends; False at once when refused (204)."""
        self.stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        self.stream.request("GET", f"/games/{self.game}/events")
        response = self.stream.getresponse()
        if response.status != 200:
            response.read()
            return False
        self.pushed = True
        self.ready.set()
        while line := response.fp.readline():
            if line.startswith(b"data: "):
                self.fetch()
        return True

    def stop(self) -> None:
        self.stopping.set()
        if self.stream is not None and self.stream.sock is not None:
            with contextlib.suppress(OSError):  # already closed
                self.stream.sock.shutdown(socket.SHUT_RDWR)


def start_game(phone: Phone) -> tuple[str, dict[str, str]]:
    answer = phone.request("POST", "/api/v1/games", {"variant": "thirteen", "players": PLAYERS})
    created = answer.json()
    return created["game"]["id"], {"Authorization": f"Bearer {created['edit_token']}"}


def post_deal(phone: Phone, game: str, authorization: dict, number: int) -> tuple[int, float]:
    """(version, when the post was sent)."""
    sent = time.perf_counter()
    entry = thirteen_entry(random.Random(number), number)
    answer = phone.request("POST", f"/api/v1/games/{game}/deals", entry, authorization)
    if answer.status != 201:
        raise RuntimeError(f"watched game's deal {number}: {answer.status} {answer.body[:200]!r}")
    return answer.json()["version"], sent


def waits(watcher: Watcher, posts: list[tuple[int, float]]) -> tuple[list[float], int]:
    """Seconds from each post to its showing on this phone, and how many never showed."""
    found, missed = [], 0
    for version, sent in posts:
        arrivals = [when for shown, when in watcher.shown if shown >= version and when >= sent]
        if arrivals:
            found.append(min(arrivals) - sent)
        else:
            missed += 1
    return found, missed


def phase(port: int, watchers: int, push: bool, tables: int, think: float) -> dict:
    scorer = Phone(port)
    game, authorization = start_game(scorer)
    phones = [Watcher(port, game, push, seed) for seed in range(watchers)]
    for watcher in phones:
        watcher.start()
    for watcher in phones:
        watcher.ready.wait(30)
    load: dict = {}
    loading = threading.Thread(
        target=lambda: load.update(run_tables(port, tables, play_scorekeeper, think=think))
    )
    loading.start()
    posts = []
    while loading.is_alive() and len(posts) < WATCHED_DEALS:
        time.sleep(DEAL_EVERY * think)
        posts.append(post_deal(scorer, game, authorization, len(posts) + 1))
    loading.join()
    # Every poller has asked once more since the last post.
    time.sleep(max(0.0, posts[-1][1] + POLL_SECONDS + 0.5 - time.perf_counter()))
    for watcher in phones:
        watcher.stop()
    for watcher in phones:
        watcher.join(10)
    if push:
        # A closed stream holds its server thread until a write to it fails: two more
        # deals (a look apart) make two writes, so the next phase finds the threads free.
        for number in (len(posts) + 1, len(posts) + 2):
            post_deal(scorer, game, authorization, number)
            time.sleep(0.7)
    scorer.close()
    by_push: dict[bool, list[float]] = {True: [], False: []}
    missed = 0
    for watcher in phones:
        found, lost = waits(watcher, posts)
        by_push[watcher.pushed] += found
        missed += lost
    latency = load["latency_ms"]
    mode = "no watchers" if not watchers else "push" if push else "poll"
    return {
        "label": f"{mode}, {watchers} watchers" if watchers else mode,
        "watchers": watchers,
        "on_push": sum(w.pushed for w in phones),
        "polling": sum(not w.pushed for w in phones),
        "watched_deals": len(posts),
        "push_shown_ms": percentiles(by_push[True]) if by_push[True] else None,
        "poll_shown_ms": percentiles(by_push[False]) if by_push[False] else None,
        "not_shown": missed,
        "watcher_errors": sum(bool(w.failed) for w in phones),
        "load_deal_ms": latency.get("deal"),
        "load_page_ms": latency.get("page"),
        "load_deals": load["deals"],
        "load_errors": load["errors"],
        "machine_load_1min": round(os.getloadavg()[0], 1),
    }


def run(quick: bool = False, watcher_counts: tuple[int, ...] = WATCHERS) -> dict:
    tables = QUICK_SIZES[0] if quick else AIM_TABLES
    think = QUICK_THINK if quick else THINK
    results: dict = {
        "benchmark": "push",
        "tables": tables,
        "think_s": think,
        "threads": THREADS,
        "streams_per_process": STREAMS,
        "phases": [],
    }
    with tempfile.TemporaryDirectory(prefix="scorekeeper-push-") as tmp:
        workdir = Path(tmp)
        (workdir / "instance").mkdir()
        with fresh_databases(workdir) as (label, app_url, _baseline_url):
            results["database"] = label
            migrate(app_url)
            env = {
                "SCOREKEEPER_DATABASE_URL": app_url,
                "SCOREKEEPER_THREADS": str(THREADS),
                "SCOREKEEPER_PUSH_STREAMS": str(STREAMS),
                # Open streams end with the server: no graceful wait for them.
                "GUNICORN_CMD_ARGS": "--graceful-timeout 1",
            }
            with gunicorn(scorekeeper_spec(workdir / "instance"), workdir / "app.log", env) as app:
                run_tables(app.port, 6, play_scorekeeper)  # every worker imported, connected
                # Each watching phase right after the load alone, which it is compared
                # with: the shared machine's load drifts over a run.
                for push in (False, True):
                    for watchers in watcher_counts:
                        alone = phase(app.port, 0, False, tables, think)
                        watched = phase(app.port, watchers, push, tables, think)
                        results["phases"].append(watched | {"alone_deal_ms": alone["load_deal_ms"]})
                        print(f"  {watched['label']}: done", file=sys.stderr)
    return results


def triple(latency: dict | None) -> str:
    return f"{latency['p50']} / {latency['p95']} / {latency['max']}" if latency else "-"


def rows(results: dict) -> list[dict[str, str]]:
    """One row of figures per phase, named by its label, for bench_pages and run_all."""
    return [
        {
            "label": f"{results['database']}, {p['label']}",
            "on push / polling": f"{p['on_push']} / {p['polling']}",
            "push: shown after ms p50 / p95 / max": triple(p["push_shown_ms"]),
            "poll: shown after ms p50 / p95 / max": triple(p["poll_shown_ms"]),
            "load deal p99 ms: alone, then watched": (
                f"{p['alone_deal_ms']['p99']}, then {p['load_deal_ms']['p99']}"
            ),
            "load view page p99 ms": str(p["load_page_ms"]["p99"]),
            "machine load": str(p["machine_load_1min"]),
            "not shown; errors": f"{p['not_shown']}; {p['watcher_errors'] + p['load_errors']}",
        }
        for p in results["phases"]
    ]


def report(results: dict) -> str:
    table = rows(results)
    return "\n".join(
        [
            f"On {results['database']}: {results['tables']} paced tables (~{results['think_s']} s"
            f" a deal) beside the watched game; gunicorn 3 workers x {results['threads']}"
            f" threads, {results['streams_per_process']} streams each",
            "",
            "| phase | " + " | ".join(list(table[0])[1:]) + " |",
            "|---" * len(table[0]) + "|",
            *("| " + " | ".join(row.values()) + " |" for row in table),
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 tables at the quick pace")
    parser.add_argument("--watchers", type=int, nargs="+", default=list(WATCHERS))
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    results = run(args.quick, tuple(args.watchers))
    print(json.dumps(results, indent=2) if args.json else report(results))
    for failure in failures(results):
        print(f"bench_push: {failure}", file=sys.stderr)
    return 1 if failures(results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
