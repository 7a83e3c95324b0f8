"""The SQLite WAL copied into the database in the background, never by table play.

In WAL mode every commit appends to ``<database>-wal``; once it holds 1,000 pages,
SQLite has the next committing connection copy them into the database (a checkpoint,
with its sync to disk). On a club night that was a table's deal post: after a season's
import the copy took 0.1 s and more, in the post's commit, while it held the write turn
every other writer waited for (write_turns.py), and the slowest posts of a night were
those (bench/README.md, the club night's fifth look: deal posts p99 125 and 148 ms;
17 and 52 ms with the worker copying).

So the app's connections leave the copy to a backstop of 10,000 pages (db.py), and the
job worker (``make run`` and ``make serve`` start it) copies every ``EVERY_SECONDS``
from a connection of its own, at the web's CPU priority. Its checkpoints are PASSIVE:
they copy what no reader still needs and wait for nobody, so a writer never waits for
one either.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

EVERY_SECONDS = 1.0

log = logging.getLogger(__name__)


def checkpoint(path: str) -> tuple[int, int, int]:
    """One PASSIVE checkpoint of the SQLite database at ``path``: SQLite's (busy, pages
    in the WAL, pages copied)."""
    connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=rw", uri=True)
    try:
        return connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    finally:
        connection.close()


def start_copying(path: str) -> None:
    """Checkpoint ``path`` every EVERY_SECONDS on a daemon thread, for the process's life.

    Each of the worker's processes starts one: two PASSIVE checkpoints at once cost the
    second a look, SQLite letting one copy at a time."""

    def keep_copying() -> None:
        while True:
            time.sleep(EVERY_SECONDS)
            try:
                checkpoint(path)
            except sqlite3.Error as error:  # moved, locked for a moment: again next time
                log.warning("checkpoint of %s skipped: %s", path, error)

    threading.Thread(target=keep_copying, daemon=True).start()
