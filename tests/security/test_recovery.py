"""Finding 5: writes recover by themselves once a read-only database file is writable again.

SQLite opens a file it may not write read-only, and such a connection stays
read-only after the file's mode is put back. The app discards a connection
that fails that way, so a later request opens a fresh one: writes recover
within two requests, without a restart (before: every write 503 until restarted).

File modes do not bind root, so as root the requests run with the effective
user ``nobody``, who owns the database's folder for the test.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

NOBODY = 65534
pytestmark = pytest.mark.sqlite


@pytest.fixture
def folder() -> Iterator[Path]:
    # Not under pytest's own folders: they are 0700 up to pytest-of-<user>, which every
    # pytest session of the same user (a second suite on the machine) sets back to 0700.
    path = Path(tempfile.mkdtemp(prefix="scorekeeper-readonly-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path)


@pytest.fixture
def app_config(app_config, migrated_template, folder):
    database = folder / "scorekeeper.sqlite3"
    shutil.copyfile(migrated_template, database)
    return {**app_config, "DATABASE_URL": f"sqlite:///{database}"}


@contextmanager
def as_an_ordinary_user(folder: Path) -> Iterator[None]:
    if os.geteuid() != 0:
        yield
        return
    for path in [folder, *folder.iterdir()]:
        os.chown(path, NOBODY, NOBODY)
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def test_writes_recover_once_the_file_is_writable_again(client, database, folder):
    def start_game() -> int:
        answer = client.post("/api/v1/games", json={"variant": "rummy", "players": ["Ann", "Bob"]})
        return answer.status_code

    assert start_game() == 201  # every module a request needs is loaded now
    database.dispose()
    path = folder / "scorekeeper.sqlite3"
    with as_an_ordinary_user(folder):
        # Another worker keeps the database open (and its -wal and -shm writable) throughout.
        other_worker = sqlite3.connect(path)
        other_worker.execute("SELECT count(*) FROM games").fetchone()
        try:
            path.chmod(0o444)
            database.dispose()  # connections opened from now on are read-only
            refused = [start_game() for _ in range(3)]
            path.chmod(0o644)
            recovered = [start_game() for _ in range(10)]
        finally:
            other_worker.close()
    assert refused == [503, 503, 503]
    # SQLite may hand the first new connection the read-only file handle of one
    # it closed (it keeps them while another connection holds locks): one more 503.
    assert recovered[1:] == [201] * 9
    assert recovered[0] in (201, 503)
