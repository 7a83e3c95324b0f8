"""One SQLite writer at a time per process, waiting in a queue rather than in SQLite.

SQLite has a single write lock per file. A thread that finds it taken waits in SQLite's
busy handler, which sleeps between tries in growing steps (up to 100 ms apart): under a
club night's 50 posts a second, a post that loses the lock twice waits longer than the
posts that came after it (bench/README.md). So a process's threads take their turn here
first, on a lock that wakes the next waiter the moment the holder is done, and only
processes (the web's, the worker's jobs) meet in SQLite's busy handler.

A turn is taken at a transaction's first write statement (where SQLite takes its write
lock: pysqlite begins a deferred transaction there) and given back when the connection
returns to the pool, after its commit or rollback has released SQLite's lock.
"""

from __future__ import annotations

import os
import threading
import weakref

from sqlalchemy import Engine, event

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
HELD = "scorekeeper_write_turn"  # in a pooled connection's info while it holds the turn
_TURNS: weakref.WeakKeyDictionary[Engine, WriteTurns] = weakref.WeakKeyDictionary()
_EVERY: weakref.WeakSet[WriteTurns] = weakref.WeakSet()


class WriteTurns:
    """The process's queue of writers to one SQLite file (an engine's)."""

    def __init__(self, patience_s: float):
        # As long as SQLite's busy timeout: a writer that waited that long goes on to
        # SQLite, whose busy handler then says "locked" as it did before this queue.
        self.patience_s = patience_s
        self._lock = threading.Lock()
        self._guard = threading.Lock()
        self.owner: int | None = None  # the thread holding the turn
        self.depth = 0  # its connections holding it (a thread's second connection waits not)
        self.waiting = 0  # threads waiting for the turn (tests watch it)
        _EVERY.add(self)

    def _forget(self) -> None:
        self._lock, self._guard = threading.Lock(), threading.Lock()
        self.owner, self.depth, self.waiting = None, 0, 0

    def take(self) -> bool:
        """Wait for the turn; False if the patience ran out (then not held)."""
        me = threading.get_ident()
        with self._guard:
            if self.owner == me:
                self.depth += 1
                return True
            self.waiting += 1
        try:
            taken = self._lock.acquire(timeout=self.patience_s)
        finally:
            with self._guard:
                self.waiting -= 1
                if taken:
                    self.owner, self.depth = me, 1
        return taken

    def give_back(self) -> None:
        # May run on another thread than take()'s (a connection checked in by the
        # garbage collector): a plain Lock allows that, an RLock would not.
        with self._guard:
            self.depth -= 1
            if self.depth:
                return
            self.owner = None
        self._lock.release()


def queue_writers(engine: Engine, busy_timeout_ms: int) -> WriteTurns:
    """Make ``engine``'s writers take turns in the process (SQLite engines only)."""
    turns = WriteTurns(busy_timeout_ms / 1000)

    @event.listens_for(engine, "before_cursor_execute")
    def take_turn(connection, _cursor, statement, _parameters, _context, _executemany):
        info = connection.connection.info  # the pooled DBAPI connection's, until checkin
        writes = statement.lstrip()[:7].upper().startswith(WRITES)
        if writes and HELD not in info and turns.take():
            info[HELD] = True

    @event.listens_for(engine, "checkin")  # the engine's pool, and the pools that replace it
    def give_turn_back(_dbapi_connection, record):
        if record is not None and record.info.pop(HELD, False):
            turns.give_back()

    _TURNS[engine] = turns
    return turns


def turns_of(engine: Engine) -> WriteTurns | None:
    """The queue of ``engine``'s writers (None: not SQLite)."""
    return _TURNS.get(engine)


def _forget_all_in_child() -> None:
    for turns in list(_EVERY):
        turns._forget()


# A forked child (gunicorn --preload) starts with queues of its own. Registered once: an
# engine's queue is let go with its engine (a test run makes thousands).
os.register_at_fork(after_in_child=_forget_all_in_child)
