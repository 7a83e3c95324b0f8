"""Shared fixtures, after Flask's tutorial (flaskr).

The database is real and always the suite's own: a fresh migrated SQLite file
per test by default or, when ``SCOREKEEPER_TEST_DATABASE_URL`` names a
PostgreSQL server, a database the suite creates in that server, migrates once,
empties after each test and drops at the end (see ``tests/databases.py``).
The app's own ``SCOREKEEPER_*`` variables (``SCOREKEEPER_DATABASE_URL`` above
all) are removed from the environment: no app or server the tests start may
reach a database somebody set up for real use.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from _pytest.nodeid import NodeId
from flask import Flask
from sqlalchemy.exc import DBAPIError

# Every model module, so Base.metadata holds every table whatever tests are collected.
import scorekeeper.league.models  # noqa: F401
from scorekeeper import create_app
from scorekeeper.db import Database, describe_url, upgrade_schema
from scorekeeper.league import auth, table_links
from scorekeeper.service_layer.unit_of_work import UnitOfWork

from . import collector, tiers, warm
from .chromium import CHROMIUM_VARIABLE, find_chromium, missing_chromium
from .databases import (
    TEST_DATABASE_VARIABLE,
    ForeignDatabase,
    create_postgres_database,
    drop_postgres_database,
    emptying,
    require_empty,
)

# Variables the suite reads itself; every other SCOREKEEPER_* one is the app's.
SUITE_VARIABLES = {TEST_DATABASE_VARIABLE, CHROMIUM_VARIABLE}
for _name in [name for name in os.environ if name.startswith("SCOREKEEPER_")]:
    if _name not in SUITE_VARIABLES:
        del os.environ[_name]

# scrypt at N=2**10 rather than 2**15: a stored hash is still scrypt, and an organizer costs
# a millisecond rather than a quarter of a second (the league tests make hundreds). Servers
# the tests start as processes (gunicorn) keep the full cost.
PRODUCTION_HASH_METHOD = auth.PASSWORD_HASH_METHOD
auth.PASSWORD_HASH_METHOD = "scrypt:1024:8:1"
# URL builders and templates compiled once per process, not once per test's app (tests/warm.py).
warm.install()
# The cycle collector less often, and never again over the collected tests (tests/collector.py).
collector.collect_less_often()

POSTGRES_SERVER_URL = os.environ.get(TEST_DATABASE_VARIABLE, "")
ON_POSTGRES = bool(POSTGRES_SERVER_URL)
OUTPUT_DIR = Path(__file__).resolve().parent.parent / "test-output"
SECRET_KEY = "test-secret-key"  # the test app's (tests/databases.py seeds with it too)


def pytest_configure(config):
    tiers.configure(config.option.markexpr)
    if ON_POSTGRES and not POSTGRES_SERVER_URL.startswith(("postgresql", "postgres:")):
        raise pytest.UsageError(
            f"{TEST_DATABASE_VARIABLE} must name a PostgreSQL server (postgresql://...); "
            "leave it unset to test on SQLite"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a skipped test is a failed test: a missing browser or database must show."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which must run every test: {report.longrepr}"


# The fixtures through which a test reaches the database the run is testing.
DATABASE_FIXTURES = {"database_url", "migrated_template", "fresh_app"}


def runs_on_this_database(item) -> bool:
    """Whether a test belongs in this database's run.

    Tests for one database are deselected from the other database's run rather than
    skipped, so that a skip always means something went missing. The PostgreSQL run
    also leaves out what would only repeat the SQLite run: a test that never reaches
    the database (the scoring core, printing, the catalogs...), and a browser test
    unless it is marked ``both_databases`` (push by NOTIFY, offline replays, two phones
    at once: what PostgreSQL changes under a page). Every test still runs in CI.
    """
    if not ON_POSTGRES:
        return "postgres" not in item.keywords
    if "sqlite" in item.keywords:
        return False
    if "postgres" in item.keywords or "both_databases" in item.keywords:
        return True
    if "browser" in item.keywords:
        return False
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_collection_finish(session):
    collector.freeze_the_collection()


def pytest_collection_modifyitems(config, items):
    deselected = [item for item in items if not runs_on_this_database(item)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if runs_on_this_database(item)]
    # xdist hands tests out in this order: a long one last would leave one worker running it
    # while the others wait (the order is the same in every worker, as xdist requires).
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
    if getattr(config.option, "loadgroup", False):  # set in an xdist worker
        name_groups(items)
    if any("browser" in item.keywords for item in items) and not find_chromium():
        raise pytest.UsageError(missing_chromium())


def name_groups(items) -> None:
    """Each test marked ``xdist_group`` gets its group's name after an ``@`` in its node id,
    as xdist's ``--dist loadgroup`` hands a group's tests to one worker together.

    xdist 3.8 writes the name into ``item._nodeid``, which pytest 9 no longer reads (a
    node id is made from ``item._id``): every group was split, and each worker that got
    one of its tests started the module's servers (nginx and three app processes, or two
    app servers and Redis) again, seen twice in one run. A name already there is kept."""
    for item in items:
        groups = sorted(
            {
                str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                for mark in item.iter_markers("xdist_group")
            }
        )
        suffix = f"@{'_'.join(groups)}"
        if groups and not item.nodeid.endswith(suffix):
            item._id = NodeId.parse(item.nodeid + suffix)


def migrate_empty(url: str) -> None:
    """Migrate a database the suite has just made, refusing one that holds anything."""
    database = Database(url)
    try:
        require_empty(database.engine)
        upgrade_schema(database.engine)
    except ForeignDatabase as exc:
        pytest.exit(str(exc), returncode=pytest.ExitCode.USAGE_ERROR)
    finally:
        database.dispose()


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory) -> Iterator[str]:
    """A database at the newest schema: a SQLite file to copy, or the suite's PostgreSQL URL."""
    if ON_POSTGRES:
        try:
            url = create_postgres_database(POSTGRES_SERVER_URL)
        except DBAPIError as exc:
            pytest.exit(
                f"cannot create the tests' database in {describe_url(POSTGRES_SERVER_URL)}: "
                f"{str(exc.orig).strip().splitlines()[0]}",
                returncode=pytest.ExitCode.USAGE_ERROR,
            )
        try:
            migrate_empty(url)
            yield url
        finally:
            drop_postgres_database(POSTGRES_SERVER_URL, url)
        return
    template = tmp_path_factory.mktemp("template") / "template.sqlite3"
    migrate_empty(f"sqlite:///{template}")
    database = Database(f"sqlite:///{template}")
    with database.engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    database.dispose()
    yield str(template)


@pytest.fixture(scope="session")
def emptier(migrated_template) -> Iterator[Callable[[], None] | None]:
    """On PostgreSQL, what empties the suite's database after a test: every table the
    migrations made (all of them, not only the imported models'), its ids starting at 1
    again, as a fresh database would. None on SQLite, where each test has its own file.

    DELETE, children first, rather than one TRUNCATE: a TRUNCATE of the 22 tables gives
    each a new file and took 0.28 s a test on the throwaway server, the DELETEs 0.02 s.
    One engine and one reading of the schema serve the session: a new engine and the
    catalog queries each time took 19 ms a test, this 6 ms. The statements (a DELETE a
    table, one SELECT of a setval a sequence: tests/databases.py) go to the server as one
    string, in one round trip: one at a time they took 150 ms a test on the loaded
    two-core machine, where the server and the test wait for each other, one string 30 ms
    (6 ms of the test's CPU against 1), and 2.5 ms once the sequences were set back by
    setval rather than restarted by ALTER SEQUENCE."""
    if not ON_POSTGRES:
        yield None
        return
    database = Database(migrated_template)
    with database.engine.connect() as connection:
        statements = ";\n".join(emptying(connection))

    def empty() -> None:
        with database.engine.begin() as connection:
            connection.exec_driver_sql(statements)

    yield empty
    database.dispose()


# Memory-backed on Linux: where the tests' SQLite copies go when it is there.
MEMORY_FOLDER = Path("/dev/shm")


@pytest.fixture(scope="session")
def database_folder(tmp_path_factory) -> Iterator[Path]:
    """Where each test's SQLite copy lives: a folder of the session's own in memory
    (``/dev/shm``) where the system has one, else in the session's temporary folder.

    SQLite syncs a test's file to the disk when its app lets go of it (the WAL's
    checkpoint): on this machine's disk a test's copy, five games and the close took
    46 ms, in memory 22 ms (the median of 30 each, side by side). Nothing a test checks
    is a sync; the tests of a lost or locked database make their own."""
    if MEMORY_FOLDER.is_dir() and os.access(MEMORY_FOLDER, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-tests-", dir=MEMORY_FOLDER))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("databases")


@pytest.fixture
def database_url(migrated_template, emptier, database_folder) -> Iterator[str]:
    if emptier is not None:
        yield migrated_template
        emptier()
        return
    target = database_folder / f"{uuid.uuid4().hex}.sqlite3"
    shutil.copyfile(migrated_template, target)
    yield f"sqlite:///{target}"
    # Gone with the test, as memory is not the disk (the test's app is disposed by now).
    for suffix in ("", "-wal", "-shm", "-journal", "-writers"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)


@pytest.fixture
def app_config(database_url) -> dict:
    """The test app's configuration; override this fixture to change it."""
    return {
        "TESTING": True,
        "SECRET_KEY": SECRET_KEY,
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
def database(request, database_url) -> Iterator[Database]:
    """The app's database when the test has an app; else one opened on the test database
    alone, sparing the test an app it does not use."""
    if "app" in request.fixturenames:
        yield request.getfixturevalue("app").extensions["scorekeeper.db"]
        return
    # The test app's link key: rows a module stored once (tests/databases.seeded_setting)
    # read the same with an app or without.
    database = Database(database_url, link_key=table_links.link_key(SECRET_KEY))
    yield database
    database.dispose()


@pytest.fixture
def uow(database) -> UnitOfWork:
    return UnitOfWork(database.session_factory)


@pytest.fixture(scope="session")
def output_dir() -> Path:
    """Where tests leave screenshots and rendered sheets for people to look at."""
    OUTPUT_DIR.mkdir(exist_ok=True)
    return OUTPUT_DIR


@pytest.fixture
def fresh_app(app_config, migrated_template, tmp_path_factory) -> Iterator[Flask]:
    """A second server's app on a database of its own, made for this test and empty (moving
    a league from one server to another)."""
    place = tmp_path_factory.mktemp("fresh")
    if ON_POSTGRES:
        url = create_postgres_database(POSTGRES_SERVER_URL)
        migrate_empty(url)
    else:
        shutil.copyfile(migrated_template, place / "fresh.sqlite3")
        url = f"sqlite:///{place / 'fresh.sqlite3'}"
    app = create_app({**app_config, "DATABASE_URL": url}, instance_path=str(place / "instance"))
    try:
        yield app
    finally:
        app.extensions["scorekeeper.db"].dispose()
        if ON_POSTGRES:
            drop_postgres_database(POSTGRES_SERVER_URL, url)
