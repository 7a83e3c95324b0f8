"""A rate-limit storage that every gunicorn worker on this machine shares: a SQLite file.

The ``limits`` library's ``memory://`` counts in each process, so three workers
allowed three times every limit (a PDF limit of 30 a minute let 90 through);
its shared storages need a Redis or memcached server. This one keeps the
fixed-window counters in a small SQLite file of its own in the instance folder
(never the scores' database, so it adds no lock there):
``scorekeeper-sqlite:////path/to/ratelimits.sqlite3``.
Several app servers still need Redis (docs/deployment.md: Several app servers).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time

from limits.storage import Storage

from scorekeeper.db import create_private_file

SCHEMA = """CREATE TABLE IF NOT EXISTS counters (
    key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires REAL NOT NULL)"""
# One statement: a new or expired window starts at `amount`, a running one grows.
INCREMENT = """INSERT INTO counters (key, value, expires) VALUES (:key, :amount, :expires)
ON CONFLICT (key) DO UPDATE SET
    value = CASE WHEN expires <= :now THEN :amount ELSE value + :amount END,
    expires = CASE WHEN expires <= :now THEN :expires ELSE expires END
RETURNING value"""
# Expired counters are dropped now and then, not on every request.
PRUNE_EVERY = 500


class SQLiteFileStorage(Storage):
    STORAGE_SCHEME = ["scorekeeper-sqlite"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: str):
        self.path = uri.split("://", 1)[1].removeprefix("/")
        self.local = threading.local()
        self.increments = 0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        create_private_file(self.path)

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (a forked worker opens its own)."""
        held = getattr(self.local, "held", None)
        if held is None or held[0] != os.getpid():
            connection = sqlite3.connect(self.path, timeout=5, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=OFF")  # counts, not scores
            connection.execute(SCHEMA)
            held = self.local.held = (os.getpid(), connection)
        return held[1]

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        connection = self.connection()
        self.increments += 1
        if self.increments % PRUNE_EVERY == 0:
            connection.execute("DELETE FROM counters WHERE expires <= ?", (now,))
        row = connection.execute(
            INCREMENT, {"key": key, "amount": amount, "expires": now + expiry, "now": now}
        ).fetchone()
        return int(row[0])

    def _row(self, key: str) -> tuple[int, float] | None:
        row = (
            self.connection()
            .execute("SELECT value, expires FROM counters WHERE key = ?", (key,))
            .fetchone()
        )
        return None if row is None or row[1] <= time.time() else (int(row[0]), float(row[1]))

    def get(self, key: str) -> int:
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row[1] if row else time.time()

    def check(self) -> bool:
        try:
            self.connection().execute("SELECT 1")
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        return self.connection().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        self.connection().execute("DELETE FROM counters WHERE key = ?", (key,))
