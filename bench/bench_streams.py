"""Event streams side by side: today's gthread streams (a thread each) and the stream
process (scorekeeper.web.common.streams on gunicorn's ASGI worker), with the same watchers.

    .venv/bin/python bench/bench_streams.py                 # 1,000 watchers
    .venv/bin/python bench/bench_streams.py --watchers 300  # fewer
    .venv/bin/python bench/bench_streams.py --json
    scripts/with-throwaway-postgres .venv/bin/python bench/bench_streams.py

For each engine, on a fresh database: ``GAMES`` games, the watchers spread over them
(every phone of a table and then some), all streams opened at once from one asyncio
client; then ``POSTS`` deals posted one after another (a second apart once the last was
told, 0.1 s with --smallest; each to the next game) through the app, and for each the
time from the post's answer to each of that game's watchers' ``version`` event. Also:
streams refused (204 or no answer), the serving processes' CPU seconds while the streams
sat open and while they were told, and their memory (RSS, all processes). The threaded
engine is given the threads its watchers need (3 processes, each with enough threads),
as docs/deployment.md said to.

Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_load import (
    LOOPBACK,
    PLAYERS,
    Phone,
    fresh_databases,
    launch_gunicorn,
    migrate,
    percentiles,
    scorekeeper_spec,
    start_together,
    thirteen_entry,
)
from bench.measured import figure

GAMES = 50
POSTS = 20
IDLE_SECONDS = 10
GAP_SECONDS = 1.0  # between one post's last watcher told and the next post
STREAMS_CONF = "python:scorekeeper.streams_conf"


def streams_spec(instance: Path) -> str:
    return f"scorekeeper.factory:create_streams(instance_path={str(instance)!r})"


def start_streams(instance: Path, log: Path, env: dict[str, str]):
    """The stream process on a free loopback port (bench_load.start_gunicorn)."""
    return launch_streams(instance, log, env).ready()


def launch_streams(instance: Path, log: Path, env: dict[str, str]):
    """``start_streams`` without the wait for its answer (bench_load.start_together)."""
    return launch_gunicorn(
        streams_spec(instance), log, env, conf=STREAMS_CONF, bind_variable="SCOREKEEPER_PUSH_BIND"
    )


@dataclass
class Watcher:
    """One phone's stream: the ``data:`` of each event and when it came."""

    path: str
    status: int | None = None
    events: list[tuple[float, str]] = field(default_factory=list)
    told: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task | None = None
    writer: asyncio.StreamWriter | None = None

    async def open(self, port: int, timeout: float = 30) -> None:
        reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection(LOOPBACK, port), timeout
        )
        request = (
            f"GET {self.path} HTTP/1.1\r\nHost: {LOOPBACK}\r\nAccept: text/event-stream\r\n\r\n"
        )
        self.writer.write(request.encode())
        status = await asyncio.wait_for(reader.readline(), timeout)
        self.status = int(status.split()[1])
        self.task = asyncio.create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        # Chunk sizes come as lines of their own, and are not ``data:`` lines.
        while line := await reader.readline():
            if line.startswith(b"data: "):
                self.events.append((time.monotonic(), line[6:].strip().decode()))
                self.told.set()

    async def close(self) -> None:
        if self.task:
            self.task.cancel()
        if self.writer:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()

    def heard(self, version: str) -> float | None:
        """When this watcher learnt of ``version`` or a later one (a game's versions are
        numbers: a stream woken once for two quick deals says only the second)."""
        if version.isdigit():
            later = (at for at, data in self.events if data.isdigit() and int(data) >= int(version))
            return next(later, None)
        return next((at for at, data in self.events if data == version), None)

    async def poll(self, port: int, path: str, every: float, until: asyncio.Event) -> None:
        """What a page refused a stream does: a conditional GET of ``path`` every ``every``
        seconds from a random start; a new ETag counts as the event of its version."""
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        etag = ""
        try:
            await asyncio.sleep(random.uniform(0, every))
            while not until.is_set():
                head = f"GET {path} HTTP/1.1\r\nHost: {LOOPBACK}\r\nIf-None-Match: {etag}\r\n\r\n"
                writer.write(head.encode())
                lines = [await reader.readline()]
                while lines[-1] not in (b"\r\n", b""):
                    lines.append(await reader.readline())
                fields = dict(
                    line.decode().rstrip().split(": ", 1) for line in lines[1:-1] if b": " in line
                )
                fields = {name.lower(): value for name, value in fields.items()}
                await reader.readexactly(int(fields.get("content-length", 0)))
                if lines[0].split()[1] == b"200" and fields.get("etag", etag) != etag:
                    etag = fields["etag"]
                    version = re.search(r'"v?([^":]+)', etag)[1]
                    self.events.append((time.monotonic(), version))
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(until.wait(), every)
        finally:
            writer.close()


async def open_all(port: int, paths: list[str], at_once: int = 200) -> list[Watcher]:
    """Every stream, ``at_once`` connecting at a time (a room's phones, not a SYN flood)."""
    watchers = [Watcher(path) for path in paths]
    gate = asyncio.Semaphore(at_once)

    async def one(watcher: Watcher) -> None:
        async with gate:
            with contextlib.suppress(OSError, asyncio.TimeoutError, ValueError, IndexError):
                await watcher.open(port)

    await asyncio.gather(*(one(w) for w in watchers))
    return watchers


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process group's processes (gunicorn and its workers),
    with their children's that ended (a PDF's child of its job, jobs/apart.py)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pid:  # the process group's id: gunicorn's own pid
                total += sum(int(value) for value in fields[11:15]) / tick
    return total


def rss_mb(pid: int) -> float:
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pid:
                total += int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    return round(total / 2**20, 1)


async def tell(
    phone: Phone, games: list[tuple[str, dict]], watchers: list[Watcher], posts: int
) -> list[float]:
    """Posts deals one after another, ``GAP_SECONDS`` apart once the last was told; the
    wait from each answer to each watcher's event."""
    by_game: dict[str, list[Watcher]] = {}
    for watcher in watchers:
        if watcher.status == 200:
            by_game.setdefault(watcher.path.split("/")[2], []).append(watcher)
    waits: list[float] = []
    rng = random.Random(7)
    for number in range(posts):
        game_id, authorization = games[number % len(games)]
        deal = 1 + number // len(games)
        entry = thirteen_entry(rng, deal)
        path = f"/api/v1/games/{game_id}/deals"
        answer = await asyncio.to_thread(phone.request, "POST", path, entry, authorization)
        assert answer.status == 201, answer.body
        answered = time.monotonic()
        version = str(deal + 1)
        told = by_game.get(game_id, [])
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(_all_heard(told, version), 10)
        waits += [(w.heard(version) or answered + 10) - answered for w in told]
        await asyncio.sleep(GAP_SECONDS)
    return waits


async def _all_heard(watchers: list[Watcher], version: str) -> None:
    while not all(w.heard(version) for w in watchers):
        await asyncio.sleep(0.005)


async def measure(app_port: int, stream_port: int, pid: int, count: int, posts: int) -> dict:
    phone = Phone(app_port)
    games = [await asyncio.to_thread(start_game, phone) for _ in range(min(GAMES, max(1, count)))]
    paths = [f"/games/{games[i % len(games)][0]}/events?since=1" for i in range(count)]
    started = time.monotonic()
    watchers = await open_all(stream_port, paths)
    opened = time.monotonic() - started
    refused = sum(1 for w in watchers if w.status != 200)
    before = cpu_seconds(pid)
    await asyncio.sleep(IDLE_SECONDS)
    idle = cpu_seconds(pid) - before
    before = cpu_seconds(pid)
    waits = await tell(phone, games, watchers, posts)
    telling = cpu_seconds(pid) - before
    memory = rss_mb(pid)
    await asyncio.gather(*(w.close() for w in watchers))
    phone.close()
    return {
        "watchers": count,
        "refused": refused,
        "open_seconds": round(opened, 2),
        "shown_ms": percentiles(waits) if waits else None,
        "missed": sum(1 for wait in waits if wait >= 10),
        "idle_cpu_s_per_10s": round(idle, 2),
        "telling_cpu_s": round(telling, 2),
        "cpu_ms_per_watcher_minute": round((idle / IDLE_SECONDS) * 60 / max(1, count) * 1000, 3),
        "rss_mb": memory,
    }


def start_game(phone: Phone) -> tuple[str, dict]:
    answer = phone.request("POST", "/api/v1/games", {"variant": "thirteen", "players": PLAYERS})
    assert answer.status == 201, answer.body
    created = answer.json()
    return created["game"]["id"], {"Authorization": f"Bearer {created['edit_token']}"}


def run(count: int, posts: int = POSTS) -> dict:
    results = {"benchmark": "streams", "engines": {}}
    secret = secrets.token_hex(32)
    with tempfile.TemporaryDirectory(prefix="bench-streams-") as work:
        workdir = Path(work)
        for engine in ("threads", "asgi"):
            folder = workdir / engine
            (folder / "instance").mkdir(parents=True)
            with fresh_databases(folder) as (label, url, _baseline):
                migrate(url)
                results["database"] = label
                # A key of the run's own: the app and the stream process start together,
                # and would otherwise race to write the instance's first one.
                env = {"SCOREKEEPER_DATABASE_URL": url, "SCOREKEEPER_SECRET_KEY": secret}
                if engine == "threads":
                    # docs/deployment.md's advice, scaled: every watcher a thread.
                    threads = count // 2 + 3  # connections spread unevenly
                    env |= {
                        "SCOREKEEPER_THREADS": str(threads),
                        "SCOREKEEPER_PUSH_STREAMS": str(threads - 2),
                    }
                spec = scorekeeper_spec(folder / "instance")
                launches = [partial(launch_gunicorn, spec, folder / "app.log", env)]
                if engine == "asgi":
                    instance, log = folder / "instance", folder / "streams.log"
                    launches.append(partial(launch_streams, instance, log, env))
                app, *others = start_together(*launches)
                streams = others[0] if others else None
                try:
                    server = streams or app
                    figures = asyncio.run(
                        measure(app.port, server.port, server.process.pid, count, posts)
                    )
                    results["engines"][engine] = figures
                finally:
                    for process in (streams, app):
                        if process is not None:
                            process.kill()
    return results


def measured(results: dict) -> list[dict]:
    """The headline figures for bench/run_all.py: each engine's p99 against the aim of a
    second, and what a watcher costs while the room watches (the two side by side)."""
    found = []
    for engine, label in (("asgi", "stream process"), ("threads", "gthread threads")):
        figures = results["engines"][engine]
        count = figures["watchers"]
        if figures["shown_ms"]:
            what = f"{label}: a deal shown to {count} watchers, p99"
            found.append(figure(what, figures["shown_ms"]["p99"], "ms", budget=1000))
        cost = figures["cpu_ms_per_watcher_minute"]
        why = "what a watcher costs while nothing changes; the other engine's beside it"
        if cost:  # none measurable in a short run
            found.append(figure(f"{label}: CPU per watcher-minute", cost, "ms", alone=why))
    return found


def main(argv: list[str] | None = None) -> None:
    global IDLE_SECONDS, GAP_SECONDS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--posts", type=int, default=POSTS)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--smallest", action="store_true", help="20 watchers, 3 deals 0.1 s apart, 1 s idle"
    )
    options = parser.parse_args(argv)
    if options.smallest:
        # The idle second is the least in which the CPU clock (10 ms ticks) sees a watcher.
        options.watchers, options.posts, IDLE_SECONDS, GAP_SECONDS = 20, 3, 1, 0.1
    results = run(options.watchers, options.posts)
    results["measured"] = measured(results)
    if options.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{options.watchers} watchers on {GAMES} games, {results['database']}")
    for engine, figures in results["engines"].items():
        print(f"  {engine}: {json.dumps(figures)}")


if __name__ == "__main__":
    main()
