"""Push under gunicorn: how long a new deal takes to reach N watching phones, and whether
ordinary pages stay quick while the watchers' streams hold worker threads.

    .venv/bin/python bench/bench_push.py [--watchers 10 200] [--threads 4 64]

Starts gunicorn (gthread, one worker per run, the project's gunicorn.conf.py otherwise)
on a throwaway SQLite database (or SCOREKEEPER_DATABASE_URL), opens N event streams on
one game, posts deals through the API and times each stream's ``version`` event. A
stream beyond PUSH_STREAMS is answered 204: that phone keeps the 3 s poll, so its wait
is counted as the poll's (half the period on average, 3 s at most), not measured.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = 8771
GUNICORN = str(ROOT / ".venv/bin/gunicorn")


def request(method: str, path: str, body: dict | None = None, token: str | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


class Watcher(threading.Thread):
    """One phone's event stream; records when each version event arrives."""

    def __init__(self, game: str):
        super().__init__(daemon=True)
        self.game = game
        self.arrived: dict[int, float] = {}
        self.status = 0
        self.ready = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
        connection.request("GET", f"/games/{self.game}/events")
        response = connection.getresponse()
        self.status = response.status
        self.ready.set()
        if response.status != 200:
            return
        while True:
            line = response.fp.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                self.arrived[int(line[6:])] = time.monotonic()


def run(watchers: int, threads: int, deals: int) -> dict:
    streams = max(threads - 2, 1)  # two threads kept for pages and posts
    env = {
        **os.environ,
        "SCOREKEEPER_BIND": f"127.0.0.1:{PORT}",
        "WEB_CONCURRENCY": "1",
        "SCOREKEEPER_THREADS": str(threads),
        "SCOREKEEPER_PUSH_STREAMS": str(streams),
        "SCOREKEEPER_SESSION_COOKIE_SECURE": "false",
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
    }
    with tempfile.TemporaryDirectory() as folder:
        env.setdefault("SCOREKEEPER_DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
        server = subprocess.Popen(
            # Streams end with the server: no graceful wait for them.
            [GUNICORN, "-c", str(ROOT / "gunicorn.conf.py"), "--graceful-timeout", "1"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    request("GET", "/")
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("gunicorn did not start")
            _status, body = request(
                "POST", "/api/v1/games", {"preset": "Crazy Gin (13 deals)", "players": ["A", "B"]}
            )
            created = json.loads(body)
            game, token = created["game"]["id"], created["edit_token"]
            phones = [Watcher(game) for _ in range(watchers)]
            for phone in phones:
                phone.start()
                phone.ready.wait(10)
            pushed = [p for p in phones if p.status == 200]
            page_times = []
            waits = []
            for number in range(1, deals + 1):
                started = time.monotonic()
                request("GET", f"/games/{game}")
                page_times.append(time.monotonic() - started)
                posted = time.monotonic()
                _status, body = request(
                    "POST",
                    f"/api/v1/games/{game}/deals",
                    {"out": "A", "hands": {"B": number}},
                    token,
                )
                version = json.loads(body)["version"]
                until = time.monotonic() + 5
                while time.monotonic() < until and any(version not in p.arrived for p in pushed):
                    time.sleep(0.005)
                waits += [p.arrived[version] - posted for p in pushed if version in p.arrived]
                time.sleep(0.3)
        finally:
            server.terminate()
            server.wait(10)
    waits.sort()
    return {
        "watchers": watchers,
        "threads": threads,
        "pushed": len(pushed),
        "polling": watchers - len(pushed),
        "push_p50_ms": round(statistics.median(waits) * 1000, 1) if waits else None,
        "push_max_ms": round(waits[-1] * 1000, 1) if waits else None,
        "page_p50_ms": round(statistics.median(page_times) * 1000, 1),
        "page_max_ms": round(max(page_times) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--watchers", type=int, nargs="+", default=[10, 200])
    parser.add_argument("--threads", type=int, nargs="+", default=[4, 64])
    parser.add_argument("--deals", type=int, default=10)
    args = parser.parse_args()
    columns = ["watchers", "threads", "on push", "polling", "push p50 ms", "push max ms"]
    columns += ["page p50 ms", "page max ms"]
    print("| " + " | ".join(columns) + " |")
    print("|---|---|---|---|---|---|---|---|")
    for threads in args.threads:
        for watchers in args.watchers:
            r = run(watchers, threads, args.deals)
            keys = ["watchers", "threads", "pushed", "polling", "push_p50_ms", "push_max_ms"]
            keys += ["page_p50_ms", "page_max_ms"]
            print("| " + " | ".join(str(r[key]) for key in keys) + " |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
