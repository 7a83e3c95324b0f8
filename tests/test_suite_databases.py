"""The suite never touches a database it did not make (see tests/databases.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import inspect

from scorekeeper import create_app
from scorekeeper.db import Database

from .conftest import ON_POSTGRES, POSTGRES_SERVER_URL, migrate_empty
from .databases import (
    TEST_DATABASE_VARIABLE,
    Snapshot,
    create_postgres_database,
    drop_postgres_database,
)

# These reach the run's database server by their own fixtures, not the suite's.
pytestmark = pytest.mark.both_databases

ROOT = Path(__file__).resolve().parent.parent
# One league test and one that imports no league module: a subset without the
# league models once broke every test on PostgreSQL.
INNER_TESTS = [
    "tests/league/test_services.py::test_a_night_of_nine_is_seated_at_three_tables_of_three",
    "tests/service/test_services.py::test_an_invalid_game_is_refused_with_field_errors_and_stores_nothing",
]


# And one test for each database: the other database's one must be deselected, not skipped.
ONE_FOR_EACH_DATABASE = [
    "tests/test_backup.py::test_backup_refuses_to_overwrite_a_file",
    "tests/test_backup.py::test_backup_on_postgresql_points_to_pg_dump",
]
# And one that never reaches a database: the PostgreSQL run leaves it to the SQLite one.
NO_DATABASE = "tests/scoring/test_gin.py::test_the_undercut_example_of_the_rules"
# What the inner run says of its five tests on each database.
INNER_SUMMARY = "3 passed, 2 deselected" if ON_POSTGRES else "4 passed, 1 deselected"


@contextmanager
def a_precious_url(place: Path) -> Iterator[str]:
    """A database set up for real use, on the database the run tests."""
    if not ON_POSTGRES:
        yield f"sqlite:///{place / 'precious.sqlite3'}"
        return
    url = create_postgres_database(POSTGRES_SERVER_URL, prefix="precious")
    try:
        yield url
    finally:
        drop_postgres_database(POSTGRES_SERVER_URL, url)


def game_ids(url: str) -> list[str]:
    database = Database(url)
    try:
        with database.engine.connect() as connection:
            return connection.exec_driver_sql("SELECT public_id FROM games").scalars().all()
    finally:
        database.dispose()


def store_a_game(url: str, place: Path) -> str:
    """One game stored through the app, as real use would: its id."""
    app = create_app(
        {"DATABASE_URL": url, "SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"},
        instance_path=str(place / "real"),
    )
    try:
        answer = app.test_client().post(
            "/api/v1/games", json={"variant": "rummy", "players": ["Ann", "Bob"]}
        )
    finally:
        app.extensions["scorekeeper.db"].dispose()
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert game_ids(url) == [answer.get_json()["game"]["id"]]
    return answer.get_json()["game"]["id"]


@pytest.fixture
def precious_url(tmp_path) -> Iterator[str]:
    with a_precious_url(tmp_path) as url:
        yield url


@pytest.fixture
def precious_game(precious_url, tmp_path) -> str:
    return store_a_game(precious_url, tmp_path)


@pytest.fixture(scope="module")
def inner_run(tmp_path_factory) -> Iterator[tuple[subprocess.CompletedProcess, str, str]]:
    """One run of the suite's own tests as a process of its own (so its conftest is imported
    afresh), pointed at a real database: the run, the database and its game. Both tests
    below read the one run: a second pytest process would cost as much again."""
    place = tmp_path_factory.mktemp("precious")
    with a_precious_url(place) as url:
        game = store_a_game(url, place)
        # The worst case: both variables name the real database. The suite must
        # make its own database beside it (PostgreSQL) or use its own files (SQLite).
        env = {**os.environ, "SCOREKEEPER_DATABASE_URL": url}
        if ON_POSTGRES:
            env[TEST_DATABASE_VARIABLE] = url
        tests = [*INNER_TESTS, *ONE_FOR_EACH_DATABASE, NO_DATABASE]
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", *tests],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        yield run, url, game


def test_a_database_holding_data_the_suite_did_not_make_is_refused_in_one_line(
    precious_url, precious_game
):
    with pytest.raises(pytest.exit.Exception) as refused:
        migrate_empty(precious_url)

    message = str(refused.value)
    assert message.startswith("refusing to use ")
    assert "games" in message and "\n" not in message
    assert game_ids(precious_url) == [precious_game]


def test_a_run_pointed_at_a_real_database_leaves_its_game_in_place(inner_run):
    run, precious_url, precious_game = inner_run
    assert run.returncode == 0, run.stdout + run.stderr
    assert INNER_SUMMARY in run.stdout
    assert game_ids(precious_url) == [precious_game]


def test_the_other_databases_tests_are_reported_as_deselected(inner_run):
    run, _, _ = inner_run
    assert run.returncode == 0, run.stdout + run.stderr
    summary = run.stdout.strip().splitlines()[-1]
    assert "skipped" not in summary
    assert INNER_SUMMARY in summary
    assert f"PASSED {ONE_FOR_EACH_DATABASE[1 if ON_POSTGRES else 0]}" in run.stdout


def test_a_test_that_never_reaches_the_database_runs_once_in_the_sqlite_run(inner_run):
    # The scoring core's tests use no database: the PostgreSQL run would repeat them. The
    # inner run's summary counts it deselected there (INNER_SUMMARY), as it runs here.
    run, _, _ = inner_run
    assert run.returncode == 0, run.stdout + run.stderr
    for test in INNER_TESTS:
        assert f"PASSED {test}" in run.stdout, run.stdout
    assert (f"PASSED {NO_DATABASE}" in run.stdout) is not ON_POSTGRES, run.stdout
    assert INNER_SUMMARY in run.stdout.strip().splitlines()[-1]


@pytest.mark.postgres
def test_each_test_on_postgresql_starts_from_empty_tables_and_sequences_at_their_start(
    client, database, emptier
):
    # What the emptier after each test leaves: every table the migrations made empty but
    # Alembic's own, and every sequence unused (its next value is its start, as fresh).
    answer = client.post("/api/v1/games", json={"variant": "rummy", "players": ["Ann", "Bob"]})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    used = "SELECT count(*) FROM pg_sequences WHERE last_value IS NOT NULL"
    with database.engine.connect() as connection:
        assert connection.exec_driver_sql(used).scalar() > 0

    emptier()

    with database.engine.connect() as connection:
        tables = inspect(connection).get_table_names()
        counts = {
            name: connection.exec_driver_sql(f'SELECT count(*) FROM "{name}"').scalar()
            for name in tables
        }
        assert counts.pop("alembic_version") == 1
        assert len(counts) > 20 and set(counts.values()) == {0}, counts
        assert connection.exec_driver_sql(used).scalar() == 0


@pytest.mark.postgres
def test_a_snapshot_copied_back_into_the_emptied_database_holds_its_rows_and_next_ids(
    client, database, emptier
):
    # seeded_setting's way on PostgreSQL: a module's rows stored once, copied back per test.
    for players in (["Ann", "Bob"], ["Cy", "Dee", "Eve"]):
        answer = client.post("/api/v1/games", json={"variant": "rummy", "players": players})
        assert answer.status_code == 201, answer.get_data(as_text=True)
    held = "SELECT id, public_id FROM games ORDER BY id"
    with database.engine.connect() as connection:
        before = connection.exec_driver_sql(held).all()
    snapshot = Snapshot.of(database.engine)

    emptier()
    snapshot.restore(database.engine)

    with database.engine.connect() as connection:
        assert connection.exec_driver_sql(held).all() == before
    answer = client.post("/api/v1/games", json={"variant": "rummy", "players": ["Fay", "Gus"]})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    with database.engine.connect() as connection:
        newest = connection.exec_driver_sql("SELECT max(id) FROM games").scalar()
    assert newest == before[-1][0] + 1
