"""The suite's own databases: made for the run, never one somebody else filled.

PostgreSQL comes only from ``SCOREKEEPER_TEST_DATABASE_URL``, and only as a way
into its server: the suite creates a database of its own there
(``scorekeeper_test_<hex>``), migrates it and drops it at the end. The database
the URL names is never written to.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from graphlib import TopologicalSorter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from scorekeeper.db import Database, describe_url, normalise_url
from scorekeeper.league import table_links
from scorekeeper.service_layer.unit_of_work import UnitOfWork

TEST_DATABASE_VARIABLE = "SCOREKEEPER_TEST_DATABASE_URL"


class ForeignDatabase(Exception):
    """A database the suite was about to use holds tables it did not make."""


def require_empty(engine: Engine) -> None:
    """Refuse, in one line, a database that holds any table at all."""
    with engine.connect() as connection:
        tables = sorted(inspect(connection).get_table_names())
    if tables:
        raise ForeignDatabase(
            f"refusing to use {describe_url(str(engine.url))} for tests: it holds tables the "
            f"test suite did not make ({', '.join(tables[:5])}); "
            f"point {TEST_DATABASE_VARIABLE} at a server the suite may create databases in"
        )


@contextmanager
def server_connection(server_url: str) -> Iterator:
    """An autocommit connection to the server's named database, for CREATE/DROP DATABASE."""
    engine = create_engine(
        normalise_url(server_url), isolation_level="AUTOCOMMIT", poolclass=NullPool
    )
    try:
        with engine.connect() as connection:
            yield connection
    finally:
        engine.dispose()


def create_postgres_database(server_url: str, prefix: str = "scorekeeper_test") -> str:
    """A new, empty database beside the one ``server_url`` names; returns its URL.

    Each pytest-xdist worker makes its own (its name says which worker: gw0, gw1...)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    name = f"{prefix}_{worker + '_' if worker else ''}{secrets.token_hex(6)}"
    with server_connection(server_url) as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(server_url: str, database_url: str) -> None:
    name = make_url(database_url).database
    with server_connection(server_url) as connection:
        # FORCE: a connection a failed test left open must not keep the database alive.
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


# Every table but Alembic's, each with the tables its foreign keys point at.
_TABLES = text(
    """
    SELECT quote_ident(r.relname),
           coalesce(array_agg(quote_ident(p.relname)) FILTER (WHERE p.oid IS NOT NULL), '{}')
    FROM pg_class r
    JOIN pg_namespace n ON n.oid = r.relnamespace AND n.nspname = current_schema()
    LEFT JOIN pg_constraint c ON c.conrelid = r.oid AND c.contype = 'f'
    LEFT JOIN pg_class p ON p.oid = c.confrelid
    WHERE r.relkind IN ('r', 'p') AND r.relname <> 'alembic_version'
    GROUP BY r.relname
    """
)
# Each sequence as a quoted literal naming it, and the value it starts at.
_SEQUENCES = text(
    "SELECT quote_literal(quote_ident(sequencename)), start_value FROM pg_sequences "
    "WHERE schemaname = current_schema() ORDER BY sequencename"
)


def parents_first(connection) -> list[str]:
    """Every table of the migrated schema but Alembic's, each after every table its
    foreign keys point at (a table pointing at itself is left to its own order)."""
    points_at = {table: set(parents) - {table} for table, parents in connection.execute(_TABLES)}
    return list(TopologicalSorter(points_at).static_order())


def emptying(connection) -> list[str]:
    """The statements that empty a migrated database: a DELETE a table, each table after
    every table that points at it, then one SELECT setting every sequence back to its
    start, as a fresh database has it (the next id is the start value).

    ``setval(..., false)`` rather than ``ALTER SEQUENCE ... RESTART``: the ALTER gives
    each sequence a new file, as TRUNCATE does a table; for the 25 sequences that was
    ~90 % of an emptying (4 to 6 ms of the server's CPU and 15 to 22 ms a test on the
    loaded machine, against 0.5 ms and 2.5 ms)."""
    order = list(reversed(parents_first(connection)))
    restarts = [f"setval({name}, {start}, false)" for name, start in connection.execute(_SEQUENCES)]
    return [
        *(f"DELETE FROM {table}" for table in order),
        *([f"SELECT {', '.join(restarts)}"] if restarts else []),
    ]


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """The SQL statements run while the block runs, as the driver received them."""
    seen: list[str] = []

    def count(_conn, _cursor, statement, _parameters, _context, _executemany):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def seeded_sqlite(
    template: str, folder: Path, secret_key: str, make: Callable[[UnitOfWork], Any]
) -> tuple[Path, Any]:
    """A copy of the migrated SQLite ``template`` holding what ``make`` stored, and what it
    returned: made once for a module whose tests each copy the file (as every test copies
    the template) instead of storing the same rows again. ``secret_key`` is the test app's,
    from which league table links are derived."""
    path = folder / "seeded.sqlite3"
    shutil.copyfile(template, path)
    database = Database(f"sqlite:///{path}", link_key=table_links.link_key(secret_key))
    try:
        made = make(UnitOfWork(database.session_factory))
        with database.engine.connect() as connection:  # the rows into the file, not its WAL
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        database.dispose()
    return path, made


# Each sequence a test's rows have drawn from, as a quoted literal naming it, and its last value.
_DRAWN = text(
    "SELECT quote_literal(quote_ident(sequencename)), last_value FROM pg_sequences "
    "WHERE schemaname = current_schema() AND last_value IS NOT NULL"
)


@dataclass(frozen=True)
class Snapshot:
    """What a PostgreSQL test database holds: each table's rows as ``COPY`` wrote them,
    parents first, and where each sequence stands (one SELECT of setval, or none)."""

    rows: tuple[tuple[str, bytes], ...]
    sequences: str | None

    @classmethod
    def of(cls, engine: Engine) -> Snapshot:
        with engine.connect() as connection, _cursor(connection) as cursor:
            rows = []
            for table in parents_first(connection):
                with cursor.copy(f"COPY {table} TO STDOUT") as copy:
                    rows.append((table, b"".join(bytes(block) for block in copy)))
            drawn = [f"setval({name}, {last})" for name, last in connection.execute(_DRAWN)]
        return cls(tuple(rows), f"SELECT {', '.join(drawn)}" if drawn else None)

    def restore(self, engine: Engine) -> None:
        """Into the emptied database: the rows, then the sequences where they stood."""
        with engine.begin() as connection, _cursor(connection) as cursor:
            for table, data in self.rows:
                if data:
                    with cursor.copy(f"COPY {table} FROM STDIN") as copy:
                        copy.write(data)
            if self.sequences:
                cursor.execute(self.sequences)


@contextmanager
def _cursor(connection) -> Iterator:
    """The driver's own cursor (psycopg's), for COPY, which SQLAlchemy does not speak."""
    with connection.connection.driver_connection.cursor() as cursor:
        yield cursor


def seeded_setting(make: Callable[[UnitOfWork], Any], secret_key: str, name="setting") -> tuple:
    """A module's ``seeded``, ``database_url`` and ``setting`` fixtures (``setting`` may be
    named otherwise): the rows ``make`` stores, stored once a module, and what ``make``
    returned. On SQLite they are stored in a file that each test asking for ``setting``
    starts from (a copy, as every test copies the template). On PostgreSQL, whose database
    is emptied after each test, the module's first such test stores them and takes a
    snapshot of them, which each later one copies back in (storing a league's night took
    0.2 s a test, for over a hundred tests a module). A test that does not ask for
    ``setting`` gets the plain empty database. Use it as
    ``seeded, database_url, setting = seeded_setting(make, SECRET_KEY)``."""

    @pytest.fixture(scope="module", name="seeded")
    def seeded(migrated_template, tmp_path_factory):
        if os.environ.get(TEST_DATABASE_VARIABLE):
            return {}  # the first test's snapshot and what make returned, once taken
        folder = tmp_path_factory.mktemp("seeded")
        return seeded_sqlite(migrated_template, folder, secret_key, make)

    @pytest.fixture(name="database_url")
    def database_url(database_url, seeded, request):
        if isinstance(seeded, tuple) and name in request.fixturenames:
            shutil.copyfile(seeded[0], database_url.removeprefix("sqlite:///"))
        return database_url

    @pytest.fixture(name=name)
    def setting(seeded, uow, database):
        if isinstance(seeded, tuple):
            return seeded[1]
        if seeded:
            seeded["snapshot"].restore(database.engine)
        else:
            seeded["made"] = make(uow)
            seeded["snapshot"] = Snapshot.of(database.engine)
        return seeded["made"]

    return seeded, database_url, setting
