"""Shared fixtures, after Flask's tutorial (flaskr).

The database is real: a fresh migrated SQLite file per test by default, or the
PostgreSQL server that ``SCOREKEEPER_DATABASE_URL`` names, migrated once per run
and emptied after each test.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.db import Database, upgrade_schema
from scorekeeper.models import Base
from scorekeeper.service_layer.unit_of_work import UnitOfWork

POSTGRES_URL = os.environ.get("SCOREKEEPER_DATABASE_URL", "")
ON_POSTGRES = POSTGRES_URL.startswith(("postgresql", "postgres:"))
OUTPUT_DIR = Path(__file__).resolve().parent.parent / "test-output"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a skipped test is a failed test: a missing browser or database must show."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which must run every test: {report.longrepr}"


def pytest_collection_modifyitems(config, items):
    # Tests for one database are left out of the other database's run rather
    # than skipped, so that a skip always means something went missing.
    other = "sqlite" if ON_POSTGRES else "postgres"
    items[:] = [item for item in items if other not in item.keywords]


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory) -> str:
    """A database at the newest schema: a SQLite file to copy, or the PostgreSQL URL."""
    if ON_POSTGRES:
        database = Database(POSTGRES_URL)
        with database.engine.begin() as connection:
            Base.metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
        upgrade_schema(database.engine)
        database.dispose()
        return POSTGRES_URL
    template = tmp_path_factory.mktemp("template") / "template.sqlite3"
    database = Database(f"sqlite:///{template}")
    upgrade_schema(database.engine)
    with database.engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    database.dispose()
    return str(template)


@pytest.fixture
def database_url(migrated_template, tmp_path) -> Iterator[str]:
    if ON_POSTGRES:
        yield migrated_template
        empty_postgres(migrated_template)
        return
    target = tmp_path / "scorekeeper.sqlite3"
    shutil.copyfile(migrated_template, target)
    yield f"sqlite:///{target}"


def empty_postgres(url: str) -> None:
    database = Database(url)
    tables = ", ".join(table.name for table in Base.metadata.sorted_tables)
    with database.engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    database.dispose()


@pytest.fixture
def app_config(database_url) -> dict:
    """The test app's configuration; override this fixture to change it."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret-key",
        "DATABASE_URL": database_url,
        "RATELIMIT_ENABLED": False,
        "SESSION_COOKIE_SECURE": False,
        "REMEMBER_COOKIE_SECURE": False,
        "WTF_CSRF_ENABLED": False,
    }


@pytest.fixture
def app(app_config, tmp_path):
    app = create_app(app_config, instance_path=str(tmp_path / "instance"))
    yield app
    app.extensions["scorekeeper.db"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def database(app) -> Database:
    return app.extensions["scorekeeper.db"]


@pytest.fixture
def uow(database) -> UnitOfWork:
    return UnitOfWork(database.session_factory)


@pytest.fixture(scope="session")
def output_dir() -> Path:
    """Where tests leave screenshots and rendered sheets for people to look at."""
    OUTPUT_DIR.mkdir(exist_ok=True)
    return OUTPUT_DIR
