"""A club night under push: 50 tables of 4 post their deals at table pace while 300
watchers keep streams open (the phones of every table and 2 venue screens), with
today's threaded streams and with the stream process side by side in the same run.

    .venv/bin/python bench/bench_club_night.py             # SQLite, make serve's defaults
    .venv/bin/python bench/bench_club_night.py --quick     # 10 tables, 60 watchers
    .venv/bin/python bench/bench_club_night.py --json
    scripts/with-throwaway-postgres .venv/bin/python bench/bench_club_night.py  # 2 servers

Each engine gets a fresh database with a league night of ``TABLES`` tables (Thirteen,
13 deals each), seated and started, and its venue screen open. Then:

- ``threads`` (today's code, make serve before the stream process): gunicorn.conf.py's
  defaults (3 processes of 4 threads, 2 streams each); every watcher asks the app for
  its stream, and one refused (204) falls back to the page's 3-second poll;
- ``push``: the same app plus the stream process (make serve now), where every
  watcher's stream goes.

On PostgreSQL two app servers share the database, and a Redis of the run's own for the
job queue and the rate limits (docs/deployment.md, several app servers): tables post to
either by turns, and with ``threads`` the watchers stream from either by turns too.
``--engine push`` (or ``threads``) runs only that one. Each table posts its 13
deals a ``THINK`` apart (0.5 to 1.5 times; a real table takes minutes), on its own
thread. Measured: each deal post's answer time; for every watcher of that game, the
time from the post's answer to the watcher's ``version`` event of that version; for
the screens, the time from each answer to the screen's next event (a screen's version
is a hash, so this is the next event, which may be an earlier post's); streams refused;
errors; acknowledged deals not in the database afterwards; the serving processes' CPU
seconds over the run, and per watcher per minute.

Meanwhile, as the issue's club night asks (``--alone`` leaves it out), the job worker
runs beside the app as ``make serve`` starts it, and bench/club_night_load.py adds a
season's import (30 nights of 40 members), 10 print packs of the night and 20 anonymous
standings requests a second (the league is published): their times are reported too.

Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from datetime import date
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_load import (
    HAND_BOUND,
    Phone,
    Recorder,
    fresh_databases,
    launch_gunicorn,
    migrate,
    percentiles,
    scorekeeper_spec,
    start_together,
    verify_scorekeeper,
)
from bench.bench_streams import Watcher, cpu_seconds, launch_streams, open_all
from bench.club_night_load import Load
from bench.measured import figure
from scorekeeper.db import Database
from scorekeeper.league import auth, table_links
from scorekeeper.league import services as league
from scorekeeper.league.views import Rules
from scorekeeper.service_layer.unit_of_work import UnitOfWork

TABLES, QUICK_TABLES = 50, 10
WATCHERS_PER_TABLE = 6  # four phones and two onlookers; 2 screens make 300 at 50 tables
SCREENS = 2
DEALS = 13
THINK = 1.0
SETTLE_SECONDS = 3.5  # after the last post: its events, and the 3-second polls, on their way
EMAIL = "olga@example.org"
REDIS_IN_MEMORY = ("--save", "", "--appendonly", "no")
RULES = Rules("thirteen", None, {}, None, 4)


def entry(rng: random.Random, names: tuple[str, ...], number: int) -> dict:
    out = rng.choice(names)
    return {
        "number": number,
        "out": out,
        "hands": {n: rng.randint(0, HAND_BOUND) for n in names if n != out},
    }


def club_night(url: str, secret: str, tables: int) -> dict:
    """A league night of ``tables`` tables, started, and its screen opened (in process)."""
    database = Database(url, link_key=table_links.link_key(secret))

    def uow() -> UnitOfWork:
        return UnitOfWork(database.session_factory)

    try:
        olga = auth.create_organizer(
            uow(), email=EMAIL, name="Olga", password="correct horse battery"
        ).id
        lid = league.create_league(uow(), olga, name="Thursday Club", rules=RULES)
        names = [f"Spielerin Nummer {n:03d} Łukasiewicz" for n in range(tables * 4)]
        league.add_members(uow(), lid, olga, names)
        members = [m.id for m in league.league_view(uow(), lid, olga).members]
        night_id = league.create_night(
            uow(),
            lid,
            olga,
            held_on=date(2026, 3, 5),
            season=None,
            present=members,
            method="random",
            rng=random.Random(7),
        )
        league.start_night(uow(), lid, olga, night_id)
        _, night = league.night_view(uow(), lid, olga, night_id)
        key = table_links.link_key(secret)
        games = [(t.game_id, t.names, table_links.derive(key, t.game_id, 1)) for t in night.tables]
        token = league.open_screen(uow(), lid, olga, night_id)
        league.set_published(uow(), lid, olga, True)  # its standings: anyone's to read
        return {
            "games": games,
            "screen": f"/leagues/{lid}/nights/{night_id}/screen/{token}",
            "league": lid,
            "night": night_id,
        }
    finally:
        database.dispose()


def play(
    ports: list[int], games: list, think: float, deals: int, record: Recorder, answered: dict
) -> None:
    """Every table on its own thread, posting its ``deals`` deals ``think`` apart."""

    def table(index: int, game_id: str, names: tuple[str, ...], token: str) -> None:
        rng = random.Random(index)
        phone = Phone(ports[index % len(ports)])
        auth = {"Authorization": f"Bearer {token}"}
        time.sleep(rng.uniform(0, think))
        try:
            for number in range(1, deals + 1):
                time.sleep(think * rng.uniform(0.5, 1.5))
                path = f"/api/v1/games/{game_id}/deals"
                posted = phone.request("POST", path, entry(rng, names, number), auth)
                record.timed("deal", posted, (201,))
                # Per server too: one serving only posts beside one serving the side load.
                record.timed(f"deal@{index % len(ports)}", posted, (201,))
                record.ack(game_id, number)
                answered[(game_id, str(number + 1))] = time.monotonic()
        except Exception as error:
            record.fail(f"table {index}: {error}")
        finally:
            phone.close()

    threads = [threading.Thread(target=table, args=(i, *g)) for i, g in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def play_apart(
    ports: list[int], games: list, think: float, deals: int
) -> tuple[dict, dict, list, dict]:
    """``play`` in a process of its own: the tables' seconds, acknowledged deals, errors
    and answer times (time.monotonic is the machine's clock, the same in every process).

    The tables are other devices than the 300 watchers' phones and the side load: in
    the bench's own process a post's answer waited for that process's interpreter lock
    behind the watchers' events before its clock stopped, and counted as the server's."""
    record, answered = Recorder(), {}
    play(ports, games, think, deals, record, answered)
    return record.seconds, record.acked, record.errors, answered


def play_in_a_process(ports: list[int], games: list, think: float, record: Recorder) -> dict:
    """``play_apart`` in a fresh process; its figures put in ``record``; the answer times.

    DEALS goes along: the process imports this module afresh, where it is the default."""
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as tables:
        playing = tables.submit(play_apart, ports, games, think, DEALS)
        seconds, acked, errors, answered = playing.result()
    record.seconds.update(seconds)
    record.acked.update(acked)
    record.errors.extend(errors)
    return answered


async def watch_night(
    stream_ports: list[int],
    night: dict,
    think: float,
    app_ports: list[int],
    pids: list[int],
    side: bool = True,
    until_told: bool = False,
) -> dict:
    """The night's watchers, its tables and the side load; with ``until_told`` the run
    ends once every watcher has shown the last deal (``told``), not after SETTLE_SECONDS.
    """
    games = night["games"]
    paths = [f"/games/{g[0]}/events?since=1" for g in games for _ in range(WATCHERS_PER_TABLE)]
    paths += [f"{night['screen']}/events"] * SCREENS
    by_port: dict[int, list[str]] = {}
    for i, path in enumerate(paths):
        by_port.setdefault(stream_ports[i % len(stream_ports)], []).append(path)
    watchers: list[Watcher] = []
    ports = {}
    for port, some in by_port.items():
        opened = await open_all(port, some)
        ports.update({id(w): port for w in opened})
        watchers += opened
    # A page refused its stream polls, as game.js does: the scoreboard every 3 s, the
    # venue screen's board every half second.
    done = asyncio.Event()
    polls = [
        asyncio.create_task(w.poll(ports[id(w)], *fallback(w.path), done))
        for w in watchers
        if w.status != 200
    ]
    record = Recorder()
    load = Load(app_ports[0], stream_ports[0], night["league"], night["night"], EMAIL)
    before = sum(cpu_seconds(pid) for pid in pids)
    load_average = [os.getloadavg()[0]]  # the machine's, others' work included
    started = time.monotonic()
    if side:
        await asyncio.to_thread(load.start)
    answered = await asyncio.to_thread(play_in_a_process, app_ports, games, think, record)
    if until_told:
        await told(watchers, answered, SETTLE_SECONDS)
    else:  # the full wait: the CPU per watcher-minute counts the same span in every run
        await asyncio.sleep(SETTLE_SECONDS)
    side_figures = await asyncio.to_thread(load.finish) if side else {}
    minutes = (time.monotonic() - started) / 60
    cpu = sum(cpu_seconds(pid) for pid in pids) - before
    load_average.append(os.getloadavg()[0])
    done.set()
    await asyncio.gather(*polls, return_exceptions=True)
    await asyncio.gather(*(w.close() for w in watchers))
    return {
        **summary([w for w in watchers if w.status == 200], answered, "stream"),
        **summary([w for w in watchers if w.status != 200], answered, "poll"),
        "deals": record.acknowledged,
        "deal_ms": percentiles(record.seconds.get("deal", [0.0])),
        "deal_ms_by_server": [
            percentiles(record.seconds.get(f"deal@{n}", [0.0])) for n in range(len(app_ports))
        ],
        "errors": len(record.errors),
        "first_errors": record.errors[:3],
        "cpu_s": round(cpu, 1),
        "cpu_ms_per_watcher_minute": round(cpu * 1000 / len(watchers) / minutes, 1),
        "acked": record.acked,
        "load_average": [round(value, 2) for value in load_average],
        **side_figures,
    }


async def told(watchers: list[Watcher], answered: dict, seconds: float) -> None:
    """Until every watcher has shown its game's last deal (a screen, whose versions are
    hashes: an event after the last answer), or ``seconds``. Each one's figures are then
    what the full wait gives: ``summary`` takes the first event at or after a version.
    """
    last_at = max(answered.values(), default=0.0)
    last: dict[str, int] = {}
    for game, version in answered:
        last[game] = max(last.get(game, 0), int(version))

    def shown(watcher: Watcher) -> bool:
        if "/screen/" in watcher.path:
            return any(at >= last_at for at, _ in watcher.events)
        version = last.get(watcher.path.split("/")[2])
        return version is None or watcher.heard(str(version)) is not None

    deadline = time.monotonic() + seconds
    while not all(shown(w) for w in watchers) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


def fallback(path: str) -> tuple[str, float]:
    """What the page of a refused stream polls, and how often."""
    stream = path.split("?", 1)[0].removesuffix("/events")
    if "/screen/" in stream:
        return f"{stream}/board", 0.5
    return f"{stream}/scoreboard", 3.0


def summary(watchers: list[Watcher], answered: dict, how: str) -> dict:
    """How soon ``watchers`` (on streams, or polling) showed each deal of their game."""
    waits, missed = [], 0
    for watcher in watchers:
        if "/screen/" in watcher.path:
            for at in answered.values():
                after = [t for t, _ in watcher.events if t >= at]
                if after:
                    waits.append(min(after) - at)
            continue
        game_id = watcher.path.split("/")[2]
        for (game, version), at in answered.items():
            if game == game_id:
                heard = watcher.heard(version)
                if heard is None:
                    missed += 1
                else:
                    waits.append(max(0.0, heard - at))
    return {
        f"on_{how}": len(watchers),
        f"{how}_shown_ms": percentiles(waits) if waits else None,
        f"{how}_missed": missed,
    }


def start_worker(instance: Path, log: Path, env: dict[str, str]) -> subprocess.Popen:
    """The job worker beside the app, as make serve starts it (its default 2 jobs at once)."""
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.jobs.worker", "--instance-path", str(instance)],
            cwd=Path(__file__).resolve().parent.parent,
            env={**os.environ, **env},
            stdout=out,
            stderr=subprocess.STDOUT,
            process_group=0,  # in the web's session, as make serve starts it (start_gunicorn)
        )


@contextmanager
def shared_redis(folder: Path) -> Iterator[dict[str, str]]:
    """A Redis of the run's own, on a socket file (no port another may take), as two app
    servers share one: the job queue's and the rate limits' settings for it."""
    socket = folder / "redis.sock"
    process = subprocess.Popen(
        ["redis-server", "--port", "0", "--unixsocket", str(socket), *REDIS_IN_MEMORY],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while not socket.exists():  # it answers once its socket file is there
            if process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {process.returncode}")
            time.sleep(0.05)
        yield {
            "SCOREKEEPER_REDIS_URL": f"unix://{socket}",
            "SCOREKEEPER_RATELIMIT_STORAGE_URI": f"redis+unix://{socket}",
        }
    finally:
        process.kill()
        process.wait(timeout=10)


def run(
    tables: int,
    think: float,
    side: bool = True,
    page_job_size: int | None = None,
    engines: tuple[str, ...] = ("threads", "push"),
    until_told: bool = False,
) -> dict:
    results: dict = {"benchmark": "club_night", "tables": tables, "engines": {}}
    secret = secrets.token_hex(32)
    with tempfile.TemporaryDirectory(prefix="bench-club-night-") as work:
        for engine in engines:
            folder = Path(work) / engine
            (folder / "instance").mkdir(parents=True)
            with fresh_databases(folder) as (label, url, _baseline), ExitStack() as stack:
                migrate(url)
                results["database"] = label
                night = club_night(url, secret, tables)
                env = {
                    "SCOREKEEPER_DATABASE_URL": url,
                    "SCOREKEEPER_SECRET_KEY": secret,
                    # The standings' readers and the packs come from addresses of their own.
                    "SCOREKEEPER_PROXY_COUNT": "1",
                }
                if label == "postgresql":  # two app servers share the queue and the limits
                    env.update(stack.enter_context(shared_redis(folder)))
                if page_job_size is not None:  # the standings made by the worker past it
                    env["SCOREKEEPER_LEAGUE_PAGE_JOB_SIZE"] = str(page_job_size)
                servers = []
                worker = None
                try:
                    if side:
                        worker = start_worker(folder / "instance-a", folder / "w.log", env)
                    names = ("a", "b") if label == "postgresql" else ("a",)
                    launches = [
                        partial(launch_gunicorn, scorekeeper_spec(folder / f"instance-{name}"),
                                folder / f"{name}.log", env)
                        for name in names
                    ]  # fmt: skip
                    if engine == "push":
                        # Its instance the app's, as make serve runs it: the job queue's store.
                        instance, log = folder / "instance-a", folder / "s.log"
                        launches.append(partial(launch_streams, instance, log, env))
                    servers = start_together(*launches)
                    app_ports = [s.port for s in servers[: len(names)]]
                    stream_ports = [s.port for s in servers[len(names) :]] or app_ports
                    pids = [s.process.pid for s in servers]
                    if worker is not None:
                        pids.append(worker.pid)  # its forked jobs' CPU is not counted
                    figures = asyncio.run(
                        watch_night(stream_ports, night, think, app_ports, pids, side, until_told)
                    )
                finally:
                    for server in servers:
                        server.kill()
                    if worker is not None:
                        os.killpg(worker.pid, signal.SIGKILL)
                        worker.wait(timeout=30)
                acked = figures.pop("acked")
                figures["lost"] = len(verify_scorekeeper(url, acked))
                results["engines"][engine] = figures
    return results


def measured(results: dict) -> list[dict]:
    """The aims, for bench/run_all.py: today's code's figures beside the stream process's."""
    found = []
    for engine, label in (("push", "stream process"), ("threads", "today's threads")):
        figures = results["engines"].get(engine)
        if figures is None:  # left out (--engine)
            continue
        # Where some poll, theirs: the slower, and today most of the room.
        shown = figures["poll_shown_ms"] or figures["stream_shown_ms"]
        found += [
            figure(f"{label}: deal posts, p99", figures["deal_ms"]["p99"], "ms", budget=100),
            figure(f"{label}: a deal shown to every watcher, p99", shown["p99"], "ms", budget=1000),
        ]
        if figures["on_stream"]:  # the rest poll (errors and deals lost: in the JSON)
            share = 100 * figures["on_stream"] / (figures["on_stream"] + figures["on_poll"])
            why = "the watchers a stream took; the rest poll"
            found.append(figure(f"{label}: watchers on a stream", share, "%", alone=why))
    return found


def main(argv: list[str] | None = None) -> None:
    global DEALS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--smallest",
        action="store_true",
        help="2 tables, 3 deals each, no side load; ends once every watcher was told",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--alone", action="store_true", help="no import, packs or readers")
    parser.add_argument(
        "--page-job-size", type=int, help="LEAGUE_PAGE_JOB_SIZE (0: every standings by a job)"
    )
    parser.add_argument(
        "--engine", choices=("threads", "push"), help="only this one (default: both)"
    )
    options = parser.parse_args(argv)
    tables = QUICK_TABLES if options.quick else TABLES
    think = THINK
    if options.smallest:
        tables, think, DEALS = 2, 0.2, 3
    side = not (options.alone or options.smallest)
    engines = (options.engine,) if options.engine else ("threads", "push")
    results = run(tables, think, side, options.page_job_size, engines, options.smallest)
    results["measured"] = measured(results)
    if options.json:
        print(json.dumps(results, indent=2))
        return
    print(f"club night: {results['tables']} tables, {results['database']}")
    for engine, figures in results["engines"].items():
        print(f"  {engine}: {json.dumps(figures)}")


if __name__ == "__main__":
    main()
