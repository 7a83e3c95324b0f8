"""Load test: simulated tables play complete 13-deal games over HTTP against gunicorn.

Starts the real app under gunicorn (gunicorn.conf.py's settings, rate limits off)
on a free loopback port against a fresh database, and beside it the minimal
Flask app of bench/baseline_app.py under the same settings. Then N tables play
at once, as fast as they can: each starts a ``thirteen`` game with
``POST /api/v1/games``, posts its 13 deals with ``POST .../deals`` (Bearer token,
``"number"``), and after every deal the other phones refresh: one loads the view
page ``GET /games/{id}``, one polls ``GET /api/v1/games/{id}`` with its stale
``If-None-Match`` (200) and polls again (304). The baseline's tables post rows
and read them back in the same pattern. Afterwards every acknowledged deal is
looked up in the database itself. Flat out, each table plays game after game
until the phase has at least 1,300 deals; paced, one game each.

    .venv/bin/python bench/bench_load.py               # 10, 50 and 200 tables
    .venv/bin/python bench/bench_load.py --quick       # 10 tables, a few seconds
    .venv/bin/python bench/bench_load.py --json        # the results as JSON
    scripts/with-throwaway-postgres .venv/bin/python bench/bench_load.py

Only 127.0.0.1 is ever contacted. On PostgreSQL (SCOREKEEPER_DATABASE_URL) two
fresh databases are created on that server for the run and dropped after it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import runpy
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from bench.measured import figure, floor
from scorekeeper.db import Database, normalise_url, upgrade_schema

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"
GUNICORN_CONF = ROOT / "gunicorn.conf.py"
PLAYERS = ("Ann", "Bob", "Cy", "Dee")
DEALS = 13
HAND_BOUND = 7 * 25  # seven cards, all wild
SIZES = (10, 50, 200)
QUICK_SIZES = (10,)
# Paced tables post a deal about every THINK seconds: a real table takes a few
# minutes per deal, so this is still over a hundred times a real league night.
THINK, QUICK_THINK = 1.0, 0.2
# Flat out, each table plays one game after another until the phase has at least
# this many deals: one game each at 10 tables would be over in half a second, too
# short a run to measure a rate on.
FLAT_OUT_DEALS, QUICK_FLAT_OUT_DEALS = 1300, 0
# The aim: at 50 tables deal posts run at half the baseline's rate or better,
# and 99 in 100 are answered within 100 ms.
AIM_TABLES, AIM_RATIO, AIM_P99_MS = 50, 0.5, 100.0
# Tables that play one game on each server before the timed phases, so that every
# worker has imported and connected.
WARM_UP_TABLES = 6


# ---------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    def kill(self) -> None:
        """SIGKILL the master and its workers at once, as a power cut of the app would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        self.terminate()
        self.stopped()

    def terminate(self) -> None:
        """Ask it to stop (gunicorn's graceful shutdown); ``stopped`` waits for it."""
        if self.process.poll() is None:
            self.process.terminate()

    def stopped(self) -> None:
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()

    def ready(self, seconds: float = 30) -> Server:
        """This server once it answers; stopped, and an error, if it exits or stays silent."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise RuntimeError(f"gunicorn exited with {code}:\n{self.log_tail()}")
            # The socket takes connections from the start: ready is when an answer comes.
            connection = http.client.HTTPConnection(LOOPBACK, self.port, timeout=1)
            try:
                connection.request("GET", "/static/no-such-file")
                connection.getresponse().read()
                return self
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)
            finally:
                connection.close()
        self.stop()
        raise RuntimeError(f"gunicorn did not answer on port {self.port}:\n{self.log_tail()}")

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def start_gunicorn(*args, **kwargs) -> Server:
    """``launch_gunicorn`` (the same arguments), returned once the server answers."""
    return launch_gunicorn(*args, **kwargs).ready()


def launch_gunicorn(
    app_spec: str,
    log: Path,
    env: dict[str, str] | None = None,
    conf: str = str(GUNICORN_CONF),
    bind_variable: str = "SCOREKEEPER_BIND",
) -> Server:
    """gunicorn with gunicorn.conf.py (or ``conf``, bound by ``bind_variable``: the event
    stream process's) on a free loopback port, not yet waited for (``Server.ready``).

    The port is bound here and handed over (``fd://``): a port found free and bound later
    may be taken meanwhile by another server on the machine, and a check that something
    answers there would then talk to that one."""
    with socket.socket() as listener:
        listener.bind((LOOPBACK, 0))
        listener.listen(128)
        port = listener.getsockname()[1]
        environment = {
            **os.environ,
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",
            **(env or {}),
            bind_variable: f"fd://{listener.fileno()}",
        }
        # No control socket: it would take the place of a real server's one.
        command = [*(sys.executable, "-m", "gunicorn", "-c", conf, "--no-control-socket")]
        with log.open("ab") as out:
            process = subprocess.Popen(
                [*command, app_spec],
                cwd=ROOT,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                pass_fds=(listener.fileno(),),
                # Its own process group, so a kill reaches the workers too; in the
                # caller's session, as make serve's processes share the shell's: the
                # kernel shares the CPU between sessions first (autogroups), so a job
                # worker in a session of its own would take half the cores, whatever
                # its nice (bench/README.md, the club night's fourth look).
                process_group=0,
            )
    return Server(process, port, log)


def start_together(*launches: Callable[[], Server]) -> list[Server]:
    """Servers launched at once, then each waited for: their starts (each imports the
    app) overlap on a machine with a core to spare. All stopped if one fails."""
    servers: list[Server] = []
    try:
        for launch in launches:
            servers.append(launch())
        for server in servers:
            server.ready()
    except BaseException:
        stop_together(servers)
        raise
    return servers


def stop_together(servers: list[Server]) -> None:
    """Every server told to stop first, then each waited for: their graceful shutdowns
    (a worker notices within its poll's second) overlap."""
    for server in servers:
        server.terminate()
    for server in servers:
        server.stopped()


@contextmanager
def together(*launches: Callable[[], Server]) -> Iterator[list[Server]]:
    """``start_together``'s servers, stopped together afterwards."""
    servers = start_together(*launches)
    try:
        yield servers
    finally:
        stop_together(servers)


@contextmanager
def gunicorn(app_spec: str, log: Path, env: dict[str, str] | None = None) -> Iterator[Server]:
    server = start_gunicorn(app_spec, log, env)
    try:
        yield server
    finally:
        server.stop()


def scorekeeper_spec(instance: Path) -> str:
    return f"scorekeeper:create_app_or_exit(instance_path={str(instance)!r})"


def baseline_spec(database_url: str) -> str:
    return f"bench.baseline_app:create_app(database_url={database_url!r})"


def gunicorn_settings() -> dict:
    settings = runpy.run_path(str(GUNICORN_CONF))
    return {name: settings[name] for name in ("worker_class", "workers", "threads", "timeout")}


# ---------------------------------------------------------------- phones


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self):
        return json.loads(self.body)


class Phone:
    """One keep-alive HTTP/1.1 connection to the server, as a phone's browser keeps."""

    def __init__(self, port: int, timeout: float = 30):
        self.port = port
        self.timeout = timeout
        self.connection: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body=None, headers: dict[str, str] | None = None
    ) -> Answer:
        headers = dict(headers or {})
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        start = time.perf_counter()
        reused = self.connection is not None
        try:
            response, data = self._exchange(method, path, payload, headers)
        except ConnectionError:
            if not reused:
                raise
            # The server closed the idle connection (keepalive) as the request
            # went out: nothing was read, so send it again on a new one, as
            # browsers do. A deal carries "number", so a resend never stores twice.
            response, data = self._exchange(method, path, payload, headers)
        seconds = time.perf_counter() - start
        if response.will_close:
            self.close()
        return Answer(
            response.status, {k.lower(): v for k, v in response.getheaders()}, data, seconds
        )

    def _exchange(self, method: str, path: str, payload: bytes | None, headers: dict[str, str]):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(LOOPBACK, self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
            return response, response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def thirteen_entry(rng: random.Random, number: int) -> dict:
    """A plausible deal: someone went out (now and then nobody: the stock ran out)."""
    out = rng.choice(PLAYERS) if rng.random() < 0.95 else None
    hands = {name: rng.randint(0, HAND_BOUND) for name in PLAYERS if name != out}
    return {"number": number, "out": out, "hands": hands}


# ---------------------------------------------------------------- tables


class Failed(Exception):
    """A request that did not get the answer a phone expects."""


@dataclass
class Recorder:
    """What the tables saw: latencies per kind, errors, and every acknowledged deal."""

    seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    # game or row key -> deal numbers that got a success answer, in order
    acked: dict[str, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, answer: Answer, expected: tuple[int, ...]) -> Answer:
        if answer.status not in expected:
            raise Failed(f"{kind}: {answer.status} {answer.body[:200]!r}")
        with self.lock:
            self.seconds.setdefault(kind, []).append(answer.seconds)
        return answer

    def ack(self, key: str, number: int) -> None:
        with self.lock:
            self.acked.setdefault(key, []).append(number)

    def fail(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)

    @property
    def acknowledged(self) -> int:
        return sum(len(numbers) for numbers in self.acked.values())


def play_scorekeeper(
    phones: list[Phone], rng: random.Random, record: Recorder, pause: Callable[[], None]
) -> None:
    """One table's game: start it, then each deal posted and the other phones refresh."""
    scorer, viewer, poller = phones[0], phones[1], phones[2]
    created = record.timed(
        "create",
        scorer.request("POST", "/api/v1/games", {"variant": "thirteen", "players": PLAYERS}),
        (201,),
    ).json()
    game_id = created["game"]["id"]
    authorization = {"Authorization": f"Bearer {created['edit_token']}"}
    etag = record.timed("poll", poller.request("GET", f"/api/v1/games/{game_id}"), (200,))
    etag = etag.headers["etag"]
    for number in range(1, DEALS + 1):
        pause()
        entry = thirteen_entry(rng, number)
        posted = scorer.request("POST", f"/api/v1/games/{game_id}/deals", entry, authorization)
        record.timed("deal", posted, (201,))
        record.ack(game_id, number)
        if posted.json()["version"] != 1 + number:
            raise Failed(f"deal {number} answered version {posted.json()['version']}")
        record.timed("page", viewer.request("GET", f"/games/{game_id}"), (200,))
        path = f"/api/v1/games/{game_id}"
        fresh = record.timed(
            "poll", poller.request("GET", path, None, {"If-None-Match": etag}), (200,)
        )
        etag = fresh.headers["etag"]
        record.timed("poll", poller.request("GET", path, None, {"If-None-Match": etag}), (304,))
    if not posted.json()["finished"]:
        raise Failed(f"game {game_id} is not finished after {DEALS} deals")


def play_baseline(
    phones: list[Phone], rng: random.Random, record: Recorder, pause: Callable[[], None]
) -> None:
    """The same pattern against the baseline: a row per deal, three reads after each."""
    scorer, viewer, poller = phones[0], phones[1], phones[2]
    key = secrets.token_urlsafe(16)
    path = f"/rows/{key}"
    record.timed("poll", poller.request("GET", path), (200,))
    for number in range(1, DEALS + 1):
        pause()
        record.timed("deal", scorer.request("POST", path, thirteen_entry(rng, number)), (201,))
        record.ack(key, number)
        record.timed("page", viewer.request("GET", path), (200,))
        record.timed("poll", poller.request("GET", path), (200,))
        record.timed("poll", poller.request("GET", path), (200,))


Play = Callable[[list[Phone], random.Random, Recorder, Callable[[], None]], None]


def run_tables(
    port: int,
    tables: int,
    play: Play,
    *,
    think: float = 0.0,
    games: int = 1,
    time_limit: float = 120,
) -> dict:
    """N tables at once, each on its own thread with three phones, each playing ``games``
    games in a row; bounded by time_limit.

    With ``think`` 0 every table plays flat out (the server's throughput); with
    ``think`` seconds a table waits 0.5 to 1.5 times that before each deal and
    starts at a random moment within it, as real tables (only far faster) would.
    """
    record = Recorder()
    ready = threading.Barrier(tables + 1)
    deadline = time.monotonic() + time_limit

    def table(index: int) -> None:
        rng = random.Random(index)
        phones = [Phone(port) for _ in range(3)]

        def pause() -> None:
            if time.monotonic() > deadline:
                raise Failed(f"not finished within {time_limit:.0f} s")
            if think:
                time.sleep(rng.uniform(0.5, 1.5) * think)

        ready.wait()
        try:
            if think:
                time.sleep(rng.uniform(0, think))
            for _ in range(games):
                play(phones, rng, record, pause)
        except (Failed, OSError, http.client.HTTPException, ValueError, KeyError) as exc:
            record.fail(f"table {index}: {type(exc).__name__}: {exc}")
        finally:
            for phone in phones:
                phone.close()

    threads = [threading.Thread(target=table, args=(i,), daemon=True) for i in range(tables)]
    for thread in threads:
        thread.start()
    cpu_before = time.process_time()
    ready.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()) + 5)
    elapsed = time.perf_counter() - start
    if any(thread.is_alive() for thread in threads):
        record.fail("a table was still playing after the time limit")
    deals = len(record.seconds.get("deal", []))
    requests = sum(len(values) for values in record.seconds.values())
    return {
        "tables": tables,
        "think_s": think,
        "games_per_table": games,
        "seconds": round(elapsed, 3),
        "deals": deals,
        "requests": requests,
        "deals_per_s": round(deals / elapsed, 1),
        "requests_per_s": round(requests / elapsed, 1),
        "latency_ms": {kind: percentiles(values) for kind, values in record.seconds.items()},
        "client_cpu_s": round(time.process_time() - cpu_before, 2),
        "errors": len(record.errors),
        "error_samples": record.errors[:5],
        "record": record,
    }


def percentiles(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)

    def rank(p: float) -> float:
        return round(ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] * 1000, 1)

    return {"p50": rank(50), "p95": rank(95), "p99": rank(99), "max": rank(100)}


# ---------------------------------------------------------------- verification


def verify_scorekeeper(database_url: str, acked: dict[str, list[int]]) -> list[str]:
    """Every acknowledged deal is stored; deals are 1..n with no gap; version is 1 + n."""
    problems = []
    engine = create_engine(normalise_url(database_url))
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                verdict = connection.exec_driver_sql("PRAGMA integrity_check").scalar()
                if verdict != "ok":
                    problems.append(f"integrity_check: {verdict}")
            rows = connection.execute(
                text(
                    "SELECT g.public_id, g.version, d.number FROM games g"
                    " LEFT JOIN deals d ON d.game_id = g.id"
                )
            ).all()
    finally:
        engine.dispose()
    stored: dict[str, list[int]] = {}
    versions: dict[str, int] = {}
    for public_id, version, number in rows:
        versions[public_id] = version
        stored.setdefault(public_id, [])
        if number is not None:
            stored[public_id].append(number)
    for public_id, numbers in acked.items():
        if public_id not in stored:
            problems.append(f"game {public_id} is missing")
            continue
        have = sorted(stored[public_id])
        if missing := sorted(set(numbers) - set(have)):
            problems.append(f"game {public_id} lost acknowledged deals {missing}")
        if have != list(range(1, len(have) + 1)):
            problems.append(f"game {public_id} has deals {have}, not 1..{len(have)}")
        if versions[public_id] != 1 + len(have):
            problems.append(
                f"game {public_id} is at version {versions[public_id]} with {len(have)} deals"
            )
    return problems


def verify_baseline(database_url: str, acked: dict[str, list[int]]) -> list[str]:
    engine = create_engine(normalise_url(database_url))
    try:
        with engine.connect() as connection:
            counts = dict(
                connection.execute(
                    text("SELECT key, count(*) FROM baseline_rows GROUP BY key")
                ).all()
            )
    finally:
        engine.dispose()
    return [
        f"row key {key}: {counts.get(key, 0)} rows stored, {len(numbers)} acknowledged"
        for key, numbers in acked.items()
        if counts.get(key, 0) < len(numbers)
    ]


# ---------------------------------------------------------------- databases


@contextmanager
def fresh_databases(workdir: Path) -> Iterator[tuple[str, str, str]]:
    """(label, app URL, baseline URL): SQLite files in workdir, or new PostgreSQL databases."""
    url = os.environ.get("SCOREKEEPER_DATABASE_URL", "")
    if not url.startswith(("postgresql", "postgres:")):
        yield (
            "sqlite",
            f"sqlite:///{workdir / 'instance' / 'scorekeeper.sqlite3'}",
            f"sqlite:///{workdir / 'baseline.sqlite3'}",
        )
        return
    server = create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    names = [f"scorekeeper_bench_{secrets.token_hex(4)}", f"baseline_bench_{secrets.token_hex(4)}"]
    try:
        with server.connect() as connection:
            for name in names:
                connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        base = make_url(normalise_url(url))
        app_url, baseline_url = (
            base.set(database=name).render_as_string(hide_password=False) for name in names
        )
        yield "postgresql", app_url, baseline_url
    finally:
        with server.connect() as connection:
            for name in names:
                connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        server.dispose()


def migrate(database_url: str) -> None:
    database = Database(database_url)
    try:
        upgrade_schema(database.engine)
    finally:
        database.dispose()


# ---------------------------------------------------------------- the run


def run(
    sizes: tuple[int, ...],
    *,
    think: float = THINK,
    flat_out_deals: int = FLAT_OUT_DEALS,
    time_limit: float = 120,
    warm_up_tables: int = WARM_UP_TABLES,
) -> dict:
    """Both servers side by side; for each table count a flat-out and a paced phase each."""
    results: dict = {
        "benchmark": "load",
        "gunicorn": gunicorn_settings(),
        "cores": os.cpu_count(),
        "deals_per_game": DEALS,
        "players": len(PLAYERS),
        "think_s": think,
        "runs": [],
    }
    acked: dict[str, dict[str, list[int]]] = {"scorekeeper": {}, "baseline": {}}
    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as tmp:
        workdir = Path(tmp)
        (workdir / "instance").mkdir()
        with fresh_databases(workdir) as (label, app_url, baseline_url):
            results["database"] = label
            migrate(app_url)
            env = {"SCOREKEEPER_DATABASE_URL": app_url}
            with together(
                partial(launch_gunicorn, scorekeeper_spec(workdir / "instance"),
                        workdir / "app.log", env),
                partial(launch_gunicorn, baseline_spec(baseline_url), workdir / "baseline.log"),
            ) as (app, baseline):  # fmt: skip
                targets = (
                    ("scorekeeper", app, play_scorekeeper),
                    ("baseline", baseline, play_baseline),
                )
                # A few games first (WARM_UP_TABLES).
                for name, server, play in targets:
                    warm_up = run_tables(server.port, warm_up_tables, play, time_limit=time_limit)
                    acked[name].update(warm_up.pop("record").acked)
                for tables, pace in [(t, p) for t in sizes for p in (0.0, think)]:
                    games = 1 if pace else max(1, math.ceil(flat_out_deals / (tables * DEALS)))
                    for name, server, play in targets:
                        outcome = run_tables(
                            server.port,
                            tables,
                            play,
                            think=pace,
                            games=games,
                            time_limit=time_limit,
                        )
                        acked[name].update(outcome.pop("record").acked)
                        results["runs"].append({"server": name, **outcome})
            problems = verify_scorekeeper(app_url, acked["scorekeeper"])
            problems += verify_baseline(baseline_url, acked["baseline"])
    results["verified"] = {
        "acknowledged_deals": sum(len(v) for v in acked["scorekeeper"].values()),
        "problems": problems[:20],
    }
    results["ratios"] = {
        str(tables): round(
            phase(results, "scorekeeper", tables, 0.0)["deals_per_s"]
            / max(phase(results, "baseline", tables, 0.0)["deals_per_s"], 0.1),
            2,
        )
        for tables in sizes
    }
    results["errors"] = sum(run["errors"] for run in results["runs"])
    results["aims"] = aims(results, sizes)
    results["summary"] = summary(results, sizes)
    results["measured"] = measured(results, sizes)
    return results


def measured(results: dict, sizes: tuple[int, ...]) -> list[dict]:
    """Deal posts a second beside the baseline app's, and the paced p99 against the aim."""
    db, think, found = results["database"], results["think_s"], []
    for tables in sizes:
        ours, base = (phase(results, name, tables, 0.0) for name in ("scorekeeper", "baseline"))
        paced = phase(results, "scorekeeper", tables, think)["latency_ms"].get("deal") or {}
        found += [
            figure(
                f"{db}, {tables} tables flat out: the app's deal posts a second",
                ours["deals_per_s"],
                "deals/s",
                beside=floor("the baseline app (bench/baseline_app.py), the same tables",
                             base["deals_per_s"]),
                better="higher",
            ),
            figure(
                f"{db}, {tables} tables paced ({think} s): deal post p99",
                paced.get("p99", 0),
                "ms",
                budget=AIM_P99_MS,
            ),
        ]  # fmt: skip
    return found


def smallest() -> dict:
    """One table each way, paced briskly, after one table's game of warm-up: both servers
    started, every path taken, each figure from a game's 13 deal posts."""
    return run((1,), think=0.02, flat_out_deals=0, time_limit=60, warm_up_tables=1)


def phase(results: dict, server: str, tables: int, think: float) -> dict:
    return next(
        run
        for run in results["runs"]
        if (run["server"], run["tables"], run["think_s"]) == (server, tables, think)
    )


def aims(results: dict, sizes: tuple[int, ...]) -> dict[str, bool]:
    if AIM_TABLES not in sizes:
        return {}
    paced = phase(results, "scorekeeper", AIM_TABLES, results["think_s"])
    return {
        f"deal throughput >= {AIM_RATIO}x the baseline's at {AIM_TABLES} tables": (
            results["ratios"][str(AIM_TABLES)] >= AIM_RATIO
        ),
        f"deal p99 < {AIM_P99_MS:.0f} ms at {AIM_TABLES} paced tables": (
            paced["latency_ms"].get("deal", {}).get("p99", math.inf) < AIM_P99_MS
        ),
    }


def triple(latency: dict | None) -> str:
    return f"{latency['p50']} / {latency['p95']} / {latency['p99']}" if latency else "-"


def summary(results: dict, sizes: tuple[int, ...]) -> dict[str, str]:
    """The headline figures, one line each, for bench/run_all.py's table."""
    db, think = results["database"], results["think_s"]
    lines = {}
    for tables in sizes:
        flat_out = phase(results, "scorekeeper", tables, 0.0)
        base = phase(results, "baseline", tables, 0.0)
        paced = phase(results, "scorekeeper", tables, think)["latency_ms"]
        lines[f"{db}, {tables} tables flat out: deal posts/s (baseline; ratio)"] = (
            f"{flat_out['deals_per_s']} ({base['deals_per_s']}; {results['ratios'][str(tables)]}x)"
        )
        lines[f"{db}, {tables} tables flat out: deal p50 / p95 / p99 ms"] = triple(
            flat_out["latency_ms"].get("deal")
        )
        lines[f"{db}, {tables} tables paced ({think} s): deal p50 / p95 / p99 ms"] = triple(
            paced.get("deal")
        )
        lines[f"{db}, {tables} tables paced ({think} s): view page p50 / p95 / p99 ms"] = triple(
            paced.get("page")
        )
    verified = results["verified"]
    lines[f"{db}: errors; acknowledged deals missing"] = (
        f"{results['errors']}; {len(verified['problems'])} problems"
        f" in {verified['acknowledged_deals']} deals"
    )
    return lines


def print_report(results: dict) -> None:
    settings = results["gunicorn"]
    print(
        f"Load test on {results['database']}: gunicorn {settings['worker_class']}, "
        f"{settings['workers']} workers x {settings['threads']} threads, {results['cores']} cores;"
        f" {results['players']} players x {results['deals_per_game']} deals per table;"
        f" paced tables wait ~{results['think_s']} s before each deal"
    )
    print(
        f"{'tables':>6} {'pace':>5}  {'server':<12}{'deals/s':>8}{'req/s':>8}   "
        f"{'deal p50/p95/p99 ms':>20}   {'page p50/p95/p99 ms':>20}   "
        f"{'poll p50/p95/p99 ms':>20} {'errors':>6}"
    )
    for run in results["runs"]:
        cells = [
            f"{triple(run['latency_ms'][kind]):>20}" if kind in run["latency_ms"] else f"{'-':>20}"
            for kind in ("deal", "page", "poll")
        ]
        pace = f"{run['think_s']}s" if run["think_s"] else "flat"
        print(
            f"{run['tables']:>6} {pace:>5}  {run['server']:<12}{run['deals_per_s']:>8}"
            f"{run['requests_per_s']:>8}   {'   '.join(cells)} {run['errors']:>6}"
        )
        for sample in run["error_samples"]:
            print(f"        {sample}")
    for tables, ratio in results["ratios"].items():
        print(f"flat-out deal throughput at {tables} tables: {ratio}x the baseline's")
    verified = results["verified"]
    verdict = "all present, numbered 1..n, versions consistent"
    print(
        f"{verified['acknowledged_deals']} acknowledged deals looked up in the database: "
        + (verdict if not verified["problems"] else "PROBLEMS")
    )
    for problem in verified["problems"]:
        print(f"  {problem}")
    for aim, met in results["aims"].items():
        print(f"aim: {aim}: {'met' if met else 'MISSED'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", help=f"table counts (default {SIZES})")
    parser.add_argument(
        "--think",
        type=float,
        help=f"seconds paced tables wait per deal ({THINK}; quick {QUICK_THINK})",
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_SIZES} tables only, faster pace"
    )
    parser.add_argument("--time-limit", type=float, default=120, help="seconds per phase (120)")
    parser.add_argument("--smallest", action="store_true", help="one table, paced briskly")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    sizes = tuple(args.tables or (QUICK_SIZES if args.quick else SIZES))
    think = args.think if args.think is not None else (QUICK_THINK if args.quick else THINK)
    flat_out_deals = QUICK_FLAT_OUT_DEALS if args.quick else FLAT_OUT_DEALS
    if args.smallest:
        results = smallest()
    else:
        results = run(sizes, think=think, flat_out_deals=flat_out_deals, time_limit=args.time_limit)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print_report(results)
    return 1 if results["errors"] or results["verified"]["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
