"""Starting on a folder or disk that cannot be written: one clear line, exit 1, no traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.bench_load import GUNICORN_CONF, LOOPBACK, free_port
from tests.ops.support import init_db, run, the_one_line
from tests.tiers import SLOW

# The quick tier (tests/tiers.py) keeps gunicorn's broken start (the last test): the same
# one-line report of a start that cannot go on stands for the four of init-db's, which
# the slow tier runs.


@SLOW
def test_an_instance_folder_that_cannot_be_created_is_one_error_line(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    instance = tmp_path / "a-file" / "instance"

    line = the_one_line(init_db(instance))

    assert line == f"Error: cannot create the instance folder {instance}: Not a directory"


@SLOW
def test_a_read_only_instance_folder_is_one_error_line(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o555)

    line = the_one_line(init_db(instance, ordinary_user=True))

    assert line == (
        f"Error: cannot write the secret key into the instance folder {instance}: Permission denied"
    )
    assert list(instance.iterdir()) == []


@SLOW
@pytest.mark.sqlite
def test_a_read_only_database_file_is_one_error_line(tmp_path, database_url):
    database = Path(database_url.removeprefix("sqlite:///"))
    database.chmod(0o444)
    env = {
        "SCOREKEEPER_DATABASE_URL": database_url,
        "SCOREKEEPER_SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n",
    }

    line = the_one_line(init_db(tmp_path / "instance", env=env, ordinary_user=True))

    assert line == f"Error: cannot write the database {database}: the file is read-only"


@SLOW
@pytest.mark.sqlite
def test_a_full_disk_at_the_first_start_is_one_error_line(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    instance = tmp_path / "instance"

    line = the_one_line(init_db(instance, file_size_limit=16 * 1024))

    database = instance / "scorekeeper.sqlite3"
    assert line.startswith(f"Error: cannot create the schema in sqlite:///{database}: ")
    assert line.endswith(("disk I/O error", "database or disk is full"))


def test_gunicorn_on_a_broken_setup_stops_with_one_error_line(tmp_path):
    env = {
        "SCOREKEEPER_BIND": f"{LOOPBACK}:{free_port()}",
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.sqlite3'}",
        "SCOREKEEPER_SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n",
    }
    command = [sys.executable, "-m", "gunicorn", "-c", str(GUNICORN_CONF), "--no-control-socket"]

    line = the_one_line(run(command, env=env))

    assert line.startswith("Error: cannot open the database sqlite:///")
    assert line.endswith("unable to open database file")
