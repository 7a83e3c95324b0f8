"""A process's writers to SQLite wait their turn in the process (scorekeeper/write_turns.py),
not in SQLite's busy handler, whose sleeps grow up to 100 ms between tries."""

from __future__ import annotations

import os
import threading

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from scorekeeper.db import Database
from scorekeeper.write_turns import turns_of
from tests.waiting import wait_until

NAME = "Zoë Łukasiewicz-Brzęczyszczykiewicz, Thursday's table 12"


@pytest.fixture
def database(tmp_path):
    def open_one(busy_timeout_ms: int = 5000) -> Database:
        found = Database(
            f"sqlite:///{tmp_path / 'turns.sqlite3'}", sqlite_busy_timeout_ms=busy_timeout_ms
        )
        with found.engine.begin() as connection:
            connection.execute(
                text("CREATE TABLE IF NOT EXISTS deals (n INTEGER PRIMARY KEY, who TEXT)")
            )
        opened.append(found)
        return found

    opened: list[Database] = []
    yield open_one
    for each in opened:
        each.dispose()


def post(database: Database, number: int) -> None:
    with database.engine.begin() as connection:
        connection.execute(text("INSERT INTO deals VALUES (:n, :who)"), {"n": number, "who": NAME})


def test_a_second_writer_waits_for_the_processs_turn_then_writes(database):
    db = database()
    turns = turns_of(db.engine)
    holder = db.engine.connect()
    holder.execute(text("INSERT INTO deals VALUES (1, :who)"), {"who": NAME})
    assert turns.owner == threading.get_ident()
    writer, failed = posting_in_a_thread(db, 2)
    # It waits on the process's lock: its INSERT has not reached SQLite.
    wait_until(lambda: turns.waiting == 1, "the second writer waiting for its turn")
    assert writer.is_alive()
    holder.commit()
    holder.close()  # back to the pool: the turn goes to the waiting writer
    writer.join(timeout=60)
    assert not writer.is_alive() and not failed
    with db.engine.connect() as connection:
        assert connection.execute(text("SELECT n FROM deals ORDER BY n")).scalars().all() == [1, 2]
    assert (turns.owner, turns.depth, turns.waiting) == (None, 0, 0)


def test_a_writer_out_of_patience_hears_database_locked_as_before(database):
    db = database(busy_timeout_ms=0)  # no wait at all, in the queue or in SQLite
    turns = turns_of(db.engine)
    with db.engine.connect() as holder:
        holder.execute(text("INSERT INTO deals VALUES (1, :who)"), {"who": NAME})
        writer, failed = posting_in_a_thread(db, 2)
        writer.join(timeout=60)
        assert "database is locked" in str(failed[0])
        holder.commit()
    assert (turns.owner, turns.depth, turns.waiting) == (None, 0, 0)
    post(db, 2)  # the turn is free again


def test_a_threads_second_connection_does_not_wait_on_its_own_turn(database):
    # SQLite still refuses it (the first connection holds its lock), at once, not after
    # the process's queue waited for a turn the thread itself holds.
    db = database(busy_timeout_ms=0)
    turns = turns_of(db.engine)
    with db.engine.connect() as first:
        first.execute(text("INSERT INTO deals VALUES (1, :who)"), {"who": NAME})
        with pytest.raises(OperationalError, match="database is locked"):
            post(db, 2)
        assert (turns.owner, turns.depth) == (threading.get_ident(), 1)
        first.commit()
    assert (turns.owner, turns.depth, turns.waiting) == (None, 0, 0)


def test_postgresql_and_reads_take_no_turn(database):
    db = database()
    turns = turns_of(db.engine)
    with db.engine.connect() as reader:
        reader.execute(text("SELECT count(*) FROM deals")).scalar_one()
        assert turns.owner is None
    assert turns_of(Database("postgresql://nobody@127.0.0.1:9/none").engine) is None


def test_a_writer_of_another_process_waits_for_the_machines_turn_then_writes(database):
    # Two opened databases are two processes' (each its turns, its own descriptor of the
    # file whose lock is the machine's turn): the second waits for that lock, woken within
    # milliseconds of its release, not in SQLite's busy handler (sleeps up to 100 ms).
    first, other = database(), database()
    theirs = turns_of(other.engine)
    holder = first.engine.connect()
    holder.execute(text("INSERT INTO deals VALUES (1, :who)"), {"who": NAME})
    writer, failed = posting_in_a_thread(other, 2)
    wait_until(lambda: theirs.waiting == 1, "the other process's writer waiting for its turn")
    assert writer.is_alive() and theirs.owner is None
    holder.commit()
    holder.close()
    writer.join(timeout=60)
    assert not writer.is_alive() and not failed
    with other.engine.connect() as connection:
        assert connection.execute(text("SELECT n FROM deals ORDER BY n")).scalars().all() == [1, 2]
    assert (theirs.owner, theirs.depth, theirs.waiting) == (None, 0, 0)
    post(first, 3)  # the machine's turn is free again for the first one too


def test_a_forked_child_takes_the_machines_turn_with_a_descriptor_of_its_own(database):
    db = database()
    turns = turns_of(db.engine)
    post(db, 1)  # the turn file opened here, in the parent
    pid = os.fork()
    if pid == 0:  # the child: a writer of its own, while the parent holds nothing
        code = 0
        try:
            post(db, 2)
            code = 0 if turns._fd_pid == os.getpid() else 3  # not the parent's
        except BaseException:
            code = 4
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    post(db, 3)
    with db.engine.connect() as connection:
        assert connection.execute(text("SELECT n FROM deals ORDER BY n")).scalars().all() == [
            1,
            2,
            3,
        ]


def posting_in_a_thread(db, number: int) -> tuple[threading.Thread, list[BaseException]]:
    """A second writer posting deal ``number`` on a thread of its own, started; what it
    raised is kept for the test to report."""
    failed: list[BaseException] = []

    def second() -> None:
        try:
            post(db, number)
        except BaseException as error:  # reported to the test
            failed.append(error)

    writer = threading.Thread(target=second)
    writer.start()
    return writer, failed
