"""Background jobs: work too heavy for a request runs in a worker process.

A request that needs a PDF, an import or another heavy piece of work puts a job on the
queue and answers at once; a worker process (``make run`` and ``make serve`` start one,
``scorekeeper/jobs/worker.py``) runs it with a time limit. The queue is huey's:

- SQLite in the instance folder (``instance/jobs.sqlite3``) by default: one machine,
  any number of app and worker processes;
- Redis when ``SCOREKEEPER_REDIS_URL`` is set: several app servers share one queue;
- in the calling thread (huey's immediate mode) in tests, where the worker is not the
  point (``JOBS_IMMEDIATE``; a test app has it unless it says otherwise).

A job is a plain function registered with ``@job`` at import, in a module the worker
imports (``worker.TASK_MODULES``)::

    from scorekeeper import jobs

    @jobs.job(seconds=30)
    def send_mail(to: str, subject: str, body: str) -> None:
        ...

    job_id = jobs.enqueue(send_mail, "ann@example.org", "Night 3", "...")
    jobs.state(job_id)   # "waiting", "done" or "failed"
    jobs.result(job_id)  # what the function returned (once "done"), else None
    jobs.take(job_id)    # the same, removed from the queue's store (read once)

Arguments and results are pickled: plain data, dataclasses of plain data. A job's
function runs inside the app's context (``worker.py`` makes the app), so it may use the
database and the translations as a request does.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from contextvars import ContextVar, Token
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from huey import MemoryHuey, RedisHuey, SqliteHuey
from huey.api import Huey, TaskWrapper
from huey.exceptions import TaskException

from scorekeeper.jobs.apart import lower_and_apart
from scorekeeper.jobs.store import DEFAULT_LIMIT, FileStore, MemoryStore, RedisStore, Store

# Seconds a job may run before the worker stops it (each job may ask for its own).
DEFAULT_SECONDS = 60


@dataclass(frozen=True)
class Settings:
    """Where the queue is: ``redis_url`` if set, else the SQLite file; ``immediate``
    runs each job in the thread that enqueues it. Made files are kept in Redis too,
    else in ``renders_folder``, up to ``renders_limit`` bytes (``store``)."""

    sqlite_path: str
    renders_folder: str
    redis_url: str | None = None
    immediate: bool = False
    renders_limit: int = DEFAULT_LIMIT
    nice: int = 0  # steps of nice below the worker for a job registered ``apart``


@dataclass(frozen=True)
class _Registered:
    function: Callable[..., Any]
    seconds: int
    retries: int = 0
    retry_delay: float = 0
    retry_backoff: float = 0
    apart: bool = False


class Queue:
    """One app's queue and made files, as its Settings describe them."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.huey = _make(settings)
        if settings.redis_url:
            self.files: Store = RedisStore(settings.redis_url, settings.renders_limit)
        elif settings.renders_folder:
            self.files = FileStore(settings.renders_folder, settings.renders_limit)
        else:
            self.files = MemoryStore()
        self.wrappers: dict[str, TaskWrapper] = {}
        for name in _registered:
            self.wrap(name)

    def wrap(self, name: str) -> None:
        entry = _registered[name]

        def run(*args: Any, **kwargs: Any) -> Any:
            def call() -> Any:
                return entry.function(*args, **kwargs)

            if entry.apart and self.settings.nice > 0 and not self.settings.immediate:
                return _around(partial(lower_and_apart, call, self.settings.nice))
            return _around(call)

        self.wrappers[name] = self.huey.task(
            name=name,
            timeout=entry.seconds,
            retries=entry.retries,
            retry_delay=entry.retry_delay,
            retry_backoff=entry.retry_backoff,
        )(run)


_registered: dict[str, _Registered] = {}
# Each queue lives as long as an app keeps it (app.extensions): a test run makes an app,
# so a queue, per test, and kept them all. The queue without an app is kept for good.
_queues: weakref.WeakValueDictionary[Settings, Queue] = weakref.WeakValueDictionary()
# The queue of the app serving this request (web.init_app) or running this job (the
# worker); none: a script or a unit test without an app, whose jobs run where asked.
_current: ContextVar[Queue | None] = ContextVar("scorekeeper_jobs", default=None)


# Run around every job in the worker (worker.py: inside the app's context).
def _around(call: Callable[[], Any]) -> Any:
    return call()


def job(
    seconds: int = DEFAULT_SECONDS,
    *,
    retries: int = 0,
    retry_delay: float = 0,
    retry_backoff: float = 0,
    apart: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function as a job the worker runs, stopped after ``seconds``; a job
    that raises is run again up to ``retries`` times, ``retry_delay`` seconds later,
    the delay multiplied by ``retry_backoff`` (if given) each time. A job ``apart`` only
    computes (it writes no database): the worker runs it in a child of its own, its
    queue's ``nice`` steps lower (apart.py), so its CPU never delays table play.

    The function itself is returned unchanged: calling it runs it here, ``enqueue``
    runs it in the worker."""

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        name = _name(function)
        _registered[name] = _Registered(
            function, seconds, retries, retry_delay, retry_backoff, apart
        )
        for made in _queues.values():
            made.wrap(name)
        return function

    return register


def _name(function: Callable[..., Any]) -> str:
    return f"{function.__module__}.{function.__qualname__}"


def configure(settings: Settings) -> Queue:
    """The queue ``settings`` describe: one per process for as long as something keeps
    it (create_app keeps it in ``app.extensions["scorekeeper.jobs"]``)."""
    queue = _queues.get(settings)
    if queue is None:
        queue = _queues[settings] = Queue(settings)
    return queue


def activate(queue: Queue) -> Token:
    """Use ``queue`` in this context (a request, the worker) until ``deactivate``."""
    return _current.set(queue)


def deactivate(token: Token) -> None:
    _current.reset(token)


def _active() -> Queue:
    return _current.get() or _without_app()


# Without an app: jobs run in the calling thread, their files kept in memory.
NO_APP = Settings(sqlite_path="", renders_folder="", immediate=True)


@cache
def _without_app() -> Queue:
    """The queue without an app, made once and kept for good (with its made files)."""
    return configure(NO_APP)


def settings_of(config: dict[str, Any], instance_path: str) -> Settings:
    """The queue an app's config asks for: REDIS_URL, else instance/jobs.sqlite3."""
    return Settings(
        sqlite_path=str(Path(instance_path) / "jobs.sqlite3"),
        renders_folder=str(Path(instance_path) / "renders"),
        redis_url=config.get("REDIS_URL") or None,
        immediate=bool(config.get("JOBS_IMMEDIATE")),
        renders_limit=int(config.get("RENDER_CACHE_BYTES") or DEFAULT_LIMIT),
        nice=int(config.get("JOB_NICE") or 0),
    )


def _make(settings: Settings) -> Huey:
    if settings.immediate:
        return MemoryHuey("scorekeeper", immediate=True)
    if settings.redis_url:
        return RedisHuey("scorekeeper", url=settings.redis_url)
    os.makedirs(os.path.dirname(settings.sqlite_path) or ".", exist_ok=True)
    return SqliteHuey("scorekeeper", filename=settings.sqlite_path)


def queue() -> Huey:
    """The active huey instance (the worker's consumer runs it)."""
    return _active().huey


def files() -> Store:
    """Where made files are kept for every process and server (store.py); this
    process's memory without an app."""
    return _active().files


def immediate() -> bool:
    """Whether jobs run in the thread that enqueues them (tests, no app)."""
    return _active().huey.immediate


def run_around(around: Callable[[Callable[[], Any]], Any]) -> None:
    """Run every job through ``around(call)`` (the worker: inside the app's context)."""
    global _around
    _around = around


def enqueue(function: Callable[..., Any], *args: Any, job_id: str | None = None) -> str:
    """Put ``function(*args)`` on the queue; its job id (``job_id`` if given: a job
    enqueued again under the same id while waiting runs once more, so callers that
    must not repeat work check first, as budget.cached_pdf does)."""
    active = _active()
    task = active.wrappers[_name(function)].s(*args)
    if job_id is not None:
        task.id = job_id
    active.huey.enqueue(task)
    return task.id


def state(job_id: str) -> str:
    """ "done" (its result is kept), "failed" or "waiting" (queued or running)."""
    try:
        value = queue().result(job_id, preserve=True)
    except TaskException:
        return "failed"
    return "waiting" if value is None else "done"


def take(job_id: str) -> Any:
    """What the job returned, once done, and forget it (a result that holds links
    is read once); None before, or if it failed."""
    try:
        return queue().result(job_id)
    except TaskException:
        return None


def result(job_id: str) -> Any:
    """What the job returned, once done; None before (or if it returned None)."""
    try:
        return queue().result(job_id, preserve=True)
    except TaskException:
        return None
