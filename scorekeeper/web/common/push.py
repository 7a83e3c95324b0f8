"""Server-sent events: the view pages and other phones hear of a new version at once.

Where the stream process runs (scorekeeper.web.common.streams: every stream on one asyncio
loop, ``make serve`` starts it), the pages open their streams there: behind nginx at the
same URLs (nginx routes ``/…/events`` to it), or under ``make serve`` on the same host at
``PUSH_PORT`` (``stream_origin``). What follows is the app's own threaded stream, the
fallback where no stream process runs (``make run``, a bare ``gunicorn``).

A watcher's stream waits on this process's ``Changes`` and then asks the database for
the game's version (one indexed lookup). On PostgreSQL every write also sends
``NOTIFY scorekeeper_games, '<game id>'`` in its own transaction (delivered only if it
commits); one thread per process LISTENs and wakes the watchers of that game, so a
deal posted to any app server reaches every watcher within milliseconds. On SQLite
(one machine) the stream looks at the version twice a second instead.

Each stream holds a worker thread (gunicorn's gthread workers answer one request per
thread), so a process takes at most ``PUSH_STREAMS`` streams and answers any more with
204: EventSource then stops and the page keeps its 3-second conditional poll, asking for
a stream again after 5 seconds, then 10, 20... at most a minute apart. A stream
ends after ``STREAM_SECONDS`` and the browser opens a new one a second later, so a
closed tab frees its thread soon even when no write ever fails.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator

import psycopg
from flask import current_app, request
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.service_layer.errors import GameNotFound
from scorekeeper.service_layer.repository import CHANGES_CHANNEL
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from scorekeeper.web.common.db import unit_of_work

STREAM_SECONDS = 55
# Seconds between looks at the version when nothing woke the stream.
LOOK_EVERY = {"sqlite": 0.5, "postgresql": 5.0}
# A comment line now and then: a proxy keeps the connection, a gone client is found.
HEARTBEAT_SECONDS = 15

log = logging.getLogger(__name__)


class Changes:
    """Which games changed, as this process heard: streams wait here, not on the database."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._counts: dict[str, int] = {}

    def mark(self, public_id: str) -> None:
        with self._changed:
            self._counts[public_id] = self._counts.get(public_id, 0) + 1
            self._changed.notify_all()

    def count(self, public_id: str) -> int:
        with self._changed:
            return self._counts.get(public_id, 0)

    def wait(self, public_id: str, seen: int, seconds: float) -> int:
        with self._changed:
            self._changed.wait_for(lambda: self._counts.get(public_id, 0) != seen, seconds)
            return self._counts.get(public_id, 0)


CHANGES = Changes()
_listening = threading.Lock()
_listener: threading.Thread | None = None


def listen(engine: Engine) -> None:
    """Start this process's LISTEN thread (PostgreSQL; once per process, after a fork)."""
    global _listener
    if engine.dialect.name != "postgresql":
        return
    with _listening:
        if _listener is not None and _listener.is_alive():
            return
        url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        _listener = threading.Thread(target=_listen, args=(url,), name="push-listen", daemon=True)
        _listener.start()


def _listen(url: str) -> None:
    while True:
        try:
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute(f"LISTEN {CHANGES_CHANNEL}")
                for notice in connection.notifies():
                    CHANGES.mark(notice.payload)
        except psycopg.Error as error:
            # Streams still look at the version every few seconds meanwhile.
            log.warning("push: LISTEN connection lost (%s); again in 5 s", error)
            time.sleep(5)


def stream_origin(request, port: int | None) -> str | None:
    """The stream process's origin for this page (same host, ``port``), or None: same origin."""
    if not port:
        return None
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    return f"{request.scheme}://{host}:{port}"


def content_security_policy(policy: str, origin: str | None) -> str:
    """The page's policy, letting it reach the stream process at ``origin`` too."""
    if origin is None:
        return policy
    return policy.replace("connect-src 'self'", f"connect-src 'self' {origin}")


class Streams:
    """At most ``most`` streams at once in this process; the rest are told to poll."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.open = 0

    def take(self, most: int) -> bool:
        with self._lock:
            if self.open >= most:
                return False
            self.open += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self.open -= 1


def streams(app) -> Streams:
    """This app's count of open streams."""
    return app.extensions.setdefault("scorekeeper.push", Streams())


def answer(key: str, version, version_now: Callable[[], object], look_every: float | None = None):
    """The response of a stream of ``key`` (a game's id: woken by its changes; any other
    key looks every ``look_every``, else ``LOOK_EVERY``), or 204 when this process's
    streams are all taken."""
    open_streams = streams(current_app)
    if not open_streams.take(current_app.config["PUSH_STREAMS"]):
        return current_app.response_class(status=204)  # all threads this may use are busy
    engine = current_app.extensions["scorekeeper.db"].engine
    listen(engine)
    body = stream(key, version, version_now, look_every or LOOK_EVERY[engine.dialect.name])
    response = current_app.response_class(body, mimetype="text/event-stream")
    response.call_on_close(open_streams.give_back)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def answer_as_page(key: str, version_in: Callable[[UnitOfWork], object], since_type=str):
    """The stream of ``key`` let in as its page is: ``version_in`` is the page's own
    service call, asked now, so a stranger gets the page's 404 before any stream opens.
    It starts from the page's version (``since``): a change made before the stream
    opened (the phone was offline, the stream was opening again) is said at once. The
    stream outlives the request: it reads through units of work of its own."""
    version = request.args.get("since", version_in(unit_of_work()), type=since_type)
    session_factory = current_app.extensions["scorekeeper.db"].session_factory
    return answer(key, version, lambda: version_in(UnitOfWork(session_factory)))


def stream(
    public_id: str, version: int, version_now: Callable[[], int], look_every: float
) -> Iterator[str]:
    """The event stream of one watcher: ``version`` events as the game changes.
    (Its place among the open streams is given back when the response closes.)"""
    yield "retry: 1000\n\n"
    end = time.monotonic() + STREAM_SECONDS
    beat = time.monotonic()
    seen = CHANGES.count(public_id)
    # Looked at before the first wait: a page older than the stream hears so at once.
    while time.monotonic() < end:
        try:
            latest = version_now()
        except (GameNotFound, SQLAlchemyError):
            return  # the game or the database went away: the browser will ask again
        if latest != version:
            version = latest
            beat = time.monotonic()
            yield f"event: version\ndata: {version}\n\n"
        elif time.monotonic() - beat > HEARTBEAT_SECONDS:
            beat = time.monotonic()
            yield ": still here\n\n"
        seen = CHANGES.wait(public_id, seen, look_every)
