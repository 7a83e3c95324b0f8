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

The processes of one machine (gunicorn's, the worker's jobs) take turns the same way
once each has its own: the holder of a process's turn locks a file beside the database
(``<database>-writers``, ``flock``) before it writes, so a process whose writer lost
SQLite's lock to another process tries again within a couple of milliseconds of its
release, rather than after SQLite's next sleep (up to 100 ms: a club night's posts, in
three web processes and beside the worker's import, waited there 0.2 to 0.6 s).
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
import weakref

from sqlalchemy import Engine, event

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
HELD = "scorekeeper_write_turn"  # in a pooled connection's info while it holds the turn
_TURNS: weakref.WeakKeyDictionary[Engine, WriteTurns] = weakref.WeakKeyDictionary()
_EVERY: weakref.WeakSet[WriteTurns] = weakref.WeakSet()


class WriteTurns:
    """The process's queue of writers to one SQLite file (an engine's)."""

    def __init__(self, patience_s: float, machine_file: str | None = None):
        # As long as SQLite's busy timeout: a writer that waited that long goes on to
        # SQLite, whose busy handler then says "locked" as it did before this queue.
        self.patience_s = patience_s
        self.machine_file = machine_file  # the machine's turn (None: the process's only)
        self._fd: int | None = None
        self._fd_pid = 0
        self._lock = threading.Lock()
        self._guard = threading.Lock()
        self.owner: int | None = None  # the thread holding the turn
        self.depth = 0  # its connections holding it (a thread's second connection waits not)
        self.waiting = 0  # threads waiting for the turn, the process's or the machine's
        _EVERY.add(self)

    def _forget(self) -> None:
        if self._fd is not None:  # the parent's: a lock on it is the parent's to give back
            os.close(self._fd)
        self._fd = None
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
        taken = False
        try:
            deadline = time.monotonic() + self.patience_s
            taken = self._lock.acquire(timeout=self.patience_s)
            if taken and not self._machines_turn(deadline):
                self._lock.release()
                taken = False
        finally:
            with self._guard:
                self.waiting -= 1
                if taken:
                    self.owner, self.depth = me, 1
        return taken

    def _machines_turn(self, deadline: float) -> bool:
        """The machine's turn, for the process's turn holder: the file's lock, tried
        every few hundred microseconds to 2 ms until ``deadline`` (flock has no time
        limit of its own). True where there is no file to lock."""
        fd = self._file()
        if fd is None:
            return True
        pause = 0.0002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(pause)
                pause = min(pause * 2, 0.002)

    def _file(self) -> int | None:
        """This process's own descriptor of the machine's turn file (a forked child's
        would share its parent's lock), opened on first use."""
        if self.machine_file is None:
            return None
        if self._fd is None or self._fd_pid != os.getpid():
            try:
                self._fd = os.open(self.machine_file, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:  # no room to make it (a read-only folder): the process's turns
                self.machine_file = None
                return None
            self._fd_pid = os.getpid()
        return self._fd

    def give_back(self) -> None:
        # May run on another thread than take()'s (a connection checked in by the
        # garbage collector): a plain Lock allows that, an RLock would not; so does flock.
        with self._guard:
            self.depth -= 1
            if self.depth:
                return
            self.owner = None
            if self._fd is not None and self.machine_file is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._lock.release()


def queue_writers(engine: Engine, busy_timeout_ms: int) -> WriteTurns:
    """Make ``engine``'s writers take turns in the process and, for a database file, with
    the machine's other processes (SQLite engines only)."""
    path = engine.url.database
    on_disk = path not in (None, "", ":memory:") and not path.startswith("file:")
    turns = WriteTurns(busy_timeout_ms / 1000, f"{path}-writers" if on_disk else None)

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
