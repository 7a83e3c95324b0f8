"""The event streams' own process: every watcher's stream on one asyncio loop, no thread each.

Served by gunicorn's ASGI worker (``gunicorn -c python:scorekeeper.streams_conf``;
``make serve`` starts it beside the app, see gunicorn_conf) at the app's own stream
URLs, which nginx routes here:

- ``/games/<id>/events``: a ``version`` event each time the game changes (the view
  link, the table view, other phones of the table);
- ``/leagues/<id>/nights/<n>/screen/<token>/events``: a ``version`` event each time the
  venue screen's night changes (any of its games, its seating, its rows);
- ``/leagues/<id>/nights/<n>/events?pass=...``: the same for the organizer's night
  page, let in by the signed pass it carries (passes; this process reads no login);
- ``/jobs/<id>/events``: one ``version`` event once a job is done (the "being made"
  page of a PDF then loads it: job_events).

A stream is let in as the app lets in the page it belongs to, through the same service
call (``services.current_version``, ``league.screen_version``): an unknown game or a
closed or wrong screen link is a 404, and a screen link closed later ends its streams
(a night page's pass is checked, then ``league.night_version`` with its organizer).

What a stream waits on is a ``Topic``: one per game or screen link, shared by all its
watchers, whose version is read once per change for all of them. What wakes the topics
is one look per process, not one per stream: on PostgreSQL one ``LISTEN`` connection
(psycopg's async connection), woken by the ``NOTIFY`` every game write sends from any
app server; on SQLite the database's change counter (``PRAGMA data_version`` on one
connection of this process), looked at ``SQLITE_LOOK_SECONDS`` apart, which moves only
when another connection committed. A night's seating and rows send no NOTIFY: on
PostgreSQL the screens' topics are looked at ``NIGHT_LOOK_SECONDS`` apart besides. A
job's state is in the queue's own store, which the worker writes without a word to
the database: the jobs' topics are looked at ``JOB_LOOK_SECONDS`` apart, only while
someone waits on one.
The measured comparison with gthread threads is in docs/deployment.md.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import psycopg
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.league import services as league
from scorekeeper.league.access import Forbidden, LoginRequired, NotFound
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import GameNotFound
from scorekeeper.service_layer.repository import CHANGES_CHANNEL
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from scorekeeper.web.common import job_events, passes

# A comment line now and then: a proxy keeps the connection, a gone client is found.
HEARTBEAT_SECONDS = 15
SQLITE_LOOK_SECONDS = 0.1
NIGHT_LOOK_SECONDS = 0.3
JOB_LOOK_SECONDS = 0.5
# PostgreSQL: every topic is read again this often, in case a NOTIFY was lost (the
# LISTEN connection dropped and came back).
ALL_LOOK_SECONDS = 5.0
# Streams one process holds at most; past it, 204 (the page polls): its open files.
MOST_STREAMS = 10_000
GAME_EVENTS = re.compile(r"/games/([^/]+)/events")
SCREEN_EVENTS = re.compile(r"/leagues/([^/]+)/nights/(\d+)/screen/([^/]+)/events")
JOB_EVENTS = re.compile(r"/jobs/([^/]+)/events")
NIGHT_EVENTS = re.compile(r"/leagues/([^/]+)/nights/(\d+)/events")
# Where the read refuses a watcher: the game or the link is not (or no longer) there.
GONE = (GameNotFound, NotFound, Forbidden, LoginRequired)

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Topic:
    """What a set of streams watches: a game, a venue screen link's night, or a job.
    Its key's first word says which ("game", "screen", "job")."""

    key: tuple
    read: Callable[[], Any]  # the version now; raises one of GONE when it is gone
    night: bool
    version: Any = None
    gone: bool = False
    streams: int = 0
    read_at: float = float("-inf")  # the loop's time of the last read (a screen's: limited)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def tell(self, version: Any) -> None:
        if version != self.version:
            self.version = version
            self.changed.set()
            self.changed = asyncio.Event()


class Hub:
    """This process's topics, and the one watch over the database that wakes them."""

    def __init__(self, app) -> None:
        self.app = app
        self.database = app.extensions["scorekeeper.db"]
        self.topics: dict[tuple, Topic] = {}
        self.open = 0
        self.reads = 0  # topic reads since start: what the looks cost the database
        self._dirty: set[tuple] = set()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    def uow(self) -> UnitOfWork:
        return UnitOfWork(self.database.session_factory)

    def _read(self, read: Callable[[], Any]) -> Any:
        with self.app.app_context():
            self.reads += 1
            return read()

    async def topic(self, key: tuple, read: Callable[[], Any], night: bool) -> Topic:
        """The topic of ``key``, read once if new; raises one of GONE for a refused link."""
        topic = self.topics.get(key)
        if topic is None or topic.gone:
            version = await asyncio.to_thread(self._read, read)
            topic = self.topics.setdefault(key, Topic(key, read, night))
            topic.gone = False
            topic.tell(version)
        return topic

    def mark(self, keys) -> None:
        self._dirty.update(keys)
        self._wake.set()

    def mark_nights(self) -> None:
        self.mark(key for key, topic in self.topics.items() if topic.night)

    def mark_jobs(self) -> None:
        if waited := [key for key in self.topics if key[0] == "job"]:
            self.mark(waited)

    def _read_all(self, topics: list[Topic]) -> list[Any]:
        """Each topic's version now (GONE, or None when the database would not say): the
        games' in one query, each screen's by its own service call."""
        games = [topic.key[1] for topic in topics if topic.key[0] == "game"]
        with self.app.app_context():
            try:
                versions = services.current_versions(self.uow(), games) if games else {}
                self.reads += 1
            except SQLAlchemyError as error:
                log.warning("streams: cannot read the games' versions (%s)", error)
                return [None] * len(topics)
            seen = []
            for topic in topics:
                if topic.key[0] == "game":
                    seen.append(versions.get(topic.key[1], GONE))
                    continue
                self.reads += 1
                try:
                    seen.append(topic.read())
                except GONE:
                    seen.append(GONE)
                except SQLAlchemyError as error:
                    log.warning("streams: cannot read %s (%s)", topic.key, error)
                    seen.append(None)
            return seen

    def _due(self, keys: set[tuple]) -> list[Topic]:
        """The marked topics to read now; a screen's night (a costlier read, changed by
        every table) waits until ``NIGHT_LOOK_SECONDS`` after its last read."""
        now = asyncio.get_running_loop().time()
        due, later = [], set()
        for key in keys:
            topic = self.topics.get(key)
            if topic is None:
                continue
            if topic.night and now < topic.read_at + NIGHT_LOOK_SECONDS:
                later.add(key)
                continue
            topic.read_at = now
            due.append(topic)
        if later:
            self._dirty |= later
            wait = min(self.topics[key].read_at for key in later) + NIGHT_LOOK_SECONDS - now
            asyncio.get_running_loop().call_later(max(wait, 0.01), self._wake.set)
        return due

    async def refresh(self) -> None:
        """Reads the marked topics again (one thread hop for all) and wakes their streams."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            keys, self._dirty = self._dirty, set()
            topics = self._due(keys)
            if not topics:
                continue
            try:
                seen = await asyncio.to_thread(self._read_all, topics)
            except Exception:  # a bug here must not end every stream's wake-ups
                log.exception("streams: reading %d topics failed", len(topics))
                continue
            for topic, version in zip(topics, seen, strict=True):
                if version is GONE:
                    topic.gone = True
                    topic.changed.set()
                    topic.changed = asyncio.Event()
                elif version is not None:
                    topic.tell(version)

    def start(self) -> None:
        dialect = self.database.engine.dialect.name
        watch = self._listen if dialect == "postgresql" else self._count_changes
        self._tasks = [
            asyncio.create_task(self.refresh()),
            asyncio.create_task(watch()),
            asyncio.create_task(self._every(JOB_LOOK_SECONDS, self.mark_jobs)),
        ]
        if dialect == "postgresql":
            self._tasks.append(
                asyncio.create_task(self._every(NIGHT_LOOK_SECONDS, self.mark_nights))
            )
            self._tasks.append(asyncio.create_task(self._every(ALL_LOOK_SECONDS, self.mark_all)))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def mark_all(self) -> None:
        self.mark(self.topics)

    async def _every(self, seconds: float, mark: Callable[[], None]) -> None:
        while True:
            await asyncio.sleep(seconds)
            mark()

    async def _listen(self) -> None:
        url = self.database.engine.url.set(drivername="postgresql")
        url = url.render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANGES_CHANNEL}")
                    self.mark(self.topics)  # what changed while no one listened
                    async for notice in conn.notifies():
                        self.mark([("game", notice.payload)])
                        self.mark_nights()
            except psycopg.Error as error:
                log.warning("streams: LISTEN connection lost (%s); again in 5 s", error)
                await asyncio.sleep(5)

    async def _count_changes(self) -> None:
        """SQLite: one connection's ``data_version``, which moves when another commits."""
        path = Path(self.database.engine.url.database).resolve()
        counter = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        try:
            seen = None
            while True:
                now = await asyncio.to_thread(_data_version, counter)
                if now != seen:
                    seen = now
                    self.mark(self.topics)
                await asyncio.sleep(SQLITE_LOOK_SECONDS)
        finally:
            counter.close()


def _data_version(counter: sqlite3.Connection) -> int | None:
    try:
        return counter.execute("PRAGMA data_version").fetchone()[0]
    except sqlite3.Error:
        return None  # busy or moved: looked at again next time


class Streams:
    """The ASGI application: the two stream URLs, and the hub started with the worker."""

    def __init__(self, app) -> None:
        self.app = app
        self.hub: Hub | None = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.hub = Hub(self.app)
                self.hub.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.hub is not None:
                    await self.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _topic_of(self, path: str, query: dict) -> tuple[tuple, Callable[[], Any], bool] | None:
        hub = self.hub
        if match := NIGHT_EVENTS.fullmatch(path):
            return self._night_of(match[1], int(match[2]), query.get("pass", [""])[0])
        if match := GAME_EVENTS.fullmatch(path):
            public_id = match[1]
            return (
                ("game", public_id),
                lambda: services.current_version(hub.uow(), public_id),
                False,
            )
        if match := SCREEN_EVENTS.fullmatch(path):
            public_id, night_id, token = match[1], int(match[2]), match[3]

            def read() -> str:
                return league.screen_version(hub.uow(), public_id, night_id, token)

            return ("screen", public_id, night_id, token), read, True
        if (match := JOB_EVENTS.fullmatch(path)) and job_events.JOB_ID.fullmatch(match[1]):
            job_id = match[1]
            return ("job", job_id), lambda: job_events.job_version(self.app, job_id), False
        return None

    def _night_of(self, public_id: str, night_id: int, token: str):
        """An organizer's night page, let in by its pass (passes) where a page is let
        in by its login, then by the same service call as the page's poll."""
        who = passes.night_watcher(self.app.secret_key, public_id, night_id, token)
        if who is None:
            return None
        hub = self.hub

        def read() -> str:
            return league.night_version(hub.uow(), public_id, who, night_id)

        return ("night", public_id, night_id, who), read, True

    async def _http(self, scope, receive, send) -> None:
        if self.hub is None:  # a server without the lifespan protocol
            self.hub = Hub(self.app)
            self.hub.start()
        hub = self.hub
        query = parse_qs(scope.get("query_string", b"").decode())
        found = self._topic_of(scope["path"], query) if scope["method"] in ("GET", "HEAD") else None
        if found is None:
            return await _plain(send, 404)
        if hub.open >= MOST_STREAMS:
            return await _plain(send, 204)
        try:
            topic = await hub.topic(*found)
        except GONE:
            return await _plain(send, 404)
        except SQLAlchemyError:
            return await _plain(send, 503)
        since = query.get("since", [None])[0]
        hub.open += 1
        topic.streams += 1
        try:
            await _stream(topic, since, receive, send)
        except OSError:
            pass  # the watcher went away mid-write
        finally:
            hub.open -= 1
            topic.streams -= 1
            if not topic.streams:
                hub.topics.pop(topic.key, None)


async def _plain(send, status: int) -> None:
    headers = [(b"content-length", b"0"), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


STREAM_HEADERS = [
    (b"content-type", b"text/event-stream"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
    # make serve: the pages are on the app's port, the streams on this one.
    (b"access-control-allow-origin", b"*"),
]


async def _stream(topic: Topic, since: str | None, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
    await send({"type": "http.response.body", "body": b"retry: 1000\n\n", "more_body": True})
    # The page's own version: a change made before the stream opened is said at once.
    told = since if since is not None else str(topic.version)
    gone = asyncio.ensure_future(_left(receive))
    try:
        while not topic.gone:
            if str(topic.version) != told:
                told = str(topic.version)
                event = f"event: version\ndata: {told}\n\n".encode()
                await send({"type": "http.response.body", "body": event, "more_body": True})
            changed = asyncio.ensure_future(topic.changed.wait())
            done, _ = await asyncio.wait(
                {gone, changed}, timeout=HEARTBEAT_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            changed.cancel()
            if gone in done:
                return
            if not done:
                beat = {
                    "type": "http.response.body",
                    "body": b": still here\n\n",
                    "more_body": True,
                }
                await send(beat)
        await send({"type": "http.response.body", "body": b"", "more_body": False})
    finally:
        gone.cancel()


async def _left(receive) -> None:
    """Returns once the watcher hung up (the request's own empty body comes first)."""
    while (await receive())["type"] != "http.disconnect":
        pass
