"""The SQLite WAL is copied into the database by the job worker, a real process on
loopback as ``make serve`` runs it, and never by the commit of a table's deal post
(scorekeeper/checkpoints.py): past SQLite's 1,000 pages, the copy ran in whichever
commit came next, while every other writer waited its turn."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from scorekeeper.db import BACKSTOP_PAGES, Database
from tests.waiting import wait_until

from .support import start_worker, stop_worker

pytestmark = pytest.mark.sqlite

# Two thousand pages of four kilobytes: twice what SQLite would copy at a commit.
ROWS, ROW_BYTES = 2_000, 4_000


def test_the_apps_commits_leave_the_copy_to_the_worker(database_url):
    database = Database(database_url)
    try:
        with database.engine.connect() as connection:
            pages = connection.execute(text("PRAGMA wal_autocheckpoint")).scalar()
        assert pages == BACKSTOP_PAGES > 1_000
    finally:
        database.dispose()


def test_the_worker_copies_the_wal_into_the_database(tmp_path, database_url):
    path = Path(make_url(database_url).database)
    # A writer that never copies, kept open (the last connection to close copies the
    # WAL): only someone else's checkpoint can grow the database's file.
    writer = sqlite3.connect(path)
    process = None
    try:
        writer.execute("PRAGMA wal_autocheckpoint=0")
        writer.execute("CREATE TABLE filler (stuff BLOB)")
        writer.executemany("INSERT INTO filler VALUES (?)", [(os.urandom(ROW_BYTES),)] * ROWS)
        writer.commit()
        before = path.stat().st_size
        assert before < ROWS * ROW_BYTES  # the rows are in the WAL, not in the database
        env = {"SCOREKEEPER_DATABASE_URL": database_url}
        process = start_worker(tmp_path / "instance", tmp_path / "worker.log", env)
        wait_until(
            lambda: path.stat().st_size > before + ROWS * ROW_BYTES // 2,
            "the worker copied the WAL into the database",
        )
    finally:
        if process is not None:
            stop_worker(process)
        writer.close()
