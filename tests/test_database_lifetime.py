"""A database object lives as long as its holder keeps it, and a forked child lets go of
the parent's connections: every process that makes databases one after another (a test
run makes one per test) frees each with its app, and gunicorn's preloaded workers still
open connections of their own."""

from __future__ import annotations

import gc
import os
import weakref

from scorekeeper.db import Database


def test_a_database_let_go_is_freed(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'let-go.sqlite3'}")
    with database.engine.connect():
        pass
    freed = weakref.ref(database)
    database.dispose()
    del database
    gc.collect()
    assert freed() is None


def test_a_forked_child_opens_connections_of_its_own(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'forked.sqlite3'}")
    try:
        with database.engine.connect():
            pass
        assert database.engine.pool.checkedin() == 1  # the parent's, kept in its pool
        child = os.fork()
        if child == 0:  # the child: its pool starts empty, the parent's connection left alone
            os._exit(0 if database.engine.pool.checkedin() == 0 else 1)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        assert database.engine.pool.checkedin() == 1
    finally:
        database.dispose()
