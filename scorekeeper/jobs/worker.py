"""The worker: runs the queue's jobs, each in a process of its own, with its time limit.

    python -m scorekeeper.jobs.worker        # make run and make serve start it

It makes the app as the web does (the same settings: the instance folder, the database,
``SCOREKEEPER_REDIS_URL``) and runs every job inside the app's context. ``JOB_WORKERS``
(``SCOREKEEPER_JOB_WORKERS``, default 2) jobs run at once, each in a forked process,
so a job past its time limit is stopped (huey's process workers) and CPU work never
shares a process with table play. The PDFs are made at a lower CPU priority than the
web, each in a child of its job (``JOB_NICE``, ``SCOREKEEPER_JOB_NICE``, default 10
steps of ``nice``; jobs/apart.py): on a 2-core machine a print pack's minutes of CPU
would otherwise take the cores from the tables' deal posts, which then waited their
turn behind it. The worker and its other jobs run at the web's priority: an import
holds SQLite's write turn a step at a time, and a niced holder is preempted by the very
threads waiting for it.

On SQLite the worker also copies the WAL into the database every second
(checkpoints.py), so no table's commit has to.

A module that registers jobs (``@jobs.job``) is listed in TASK_MODULES: the worker
imports it, so the job's name means the same function here as in the app.
"""

from __future__ import annotations

import argparse
import importlib
import logging
from typing import Any

from huey.consumer import Consumer

from scorekeeper import checkpoints, jobs
from scorekeeper.factory import create_app_or_exit
from scorekeeper.printing import load_engine

TASK_MODULES = (
    "scorekeeper.printing.budget",
    "scorekeeper.web.league.cache",
    "scorekeeper.web.league.imports",
    "scorekeeper.web.league.mail",
)
# The most seconds an idle worker waits before it looks at the SQLite queue again
# (Redis wakes it at once).
IDLE_POLL_SECONDS = 0.5


def consumer(workers: int | None = None, instance_path: str | None = None) -> Consumer:
    app = create_app_or_exit(instance_path=instance_path)
    for name in TASK_MODULES:
        importlib.import_module(name)
    # WeasyPrint, which the app leaves to the first PDF (printing/engine.py), imported
    # once here: the job processes forked from this one, and each PDF's child of theirs
    # (jobs/apart.py), start with it instead of paying ~0.9 s of CPU each.
    load_engine()

    queue = app.extensions["scorekeeper.jobs"]

    def in_app(call) -> Any:
        # A request's context: the translations and force_locale work as in a page.
        with app.app_context(), app.test_request_context():
            token = jobs.activate(queue)
            try:
                return call()
            finally:
                jobs.deactivate(token)

    jobs.run_around(in_app)
    huey = queue.huey

    database = app.extensions["scorekeeper.db"]

    @huey.on_startup()
    def fresh_connections() -> None:
        # A forked worker must not use the parent's database connections.
        database.engine.dispose(close=False)
        if database.is_sqlite:  # the WAL copied here, off table play's path
            checkpoints.start_copying(database.engine.url.database)

    return huey.create_consumer(
        workers=workers or int(app.config.get("JOB_WORKERS", 2)),
        worker_type="process",
        max_delay=IDLE_POLL_SECONDS,
        periodic=False,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Run the job queue's worker.")
    parser.add_argument("--instance-path", help="the app's instance folder (as the web's)")
    parser.add_argument("--workers", type=int, help="jobs at once (JOB_WORKERS)")
    options = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(message)s")
    logging.getLogger("weasyprint").setLevel(logging.WARNING)  # one line a step of each PDF
    consumer(options.workers, options.instance_path).run()


if __name__ == "__main__":
    main()
