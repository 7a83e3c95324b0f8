"""The database: engine, sessions and schema migrations.

Plain SQLAlchemy 2.x (no Flask-SQLAlchemy) so the service layer can be used,
tested and benchmarked without an application context.
"""

from __future__ import annotations

import os
import weakref
from contextlib import suppress
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import click
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.write_turns import queue_writers

if TYPE_CHECKING:
    from alembic.config import Config as AlembicConfig

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


class DatabaseConfigError(click.ClickException):
    """A database that cannot be used, reported as one clear line.

    A ClickException so that ``flask init-db`` or ``flask run`` print
    ``Error: ...`` and exit 1 instead of a traceback.
    """


def describe_url(url: str) -> str:
    """The URL without its password, fit for an error message."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return "(unparseable)"


def normalise_url(url: str) -> str:
    """Let ``postgresql://`` mean psycopg 3, the driver the project installs."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def build_engine(url: str, *, sqlite_busy_timeout_ms: int = 5000) -> Engine:
    url = normalise_url(url)
    try:
        parsed = make_url(url)
        backend = parsed.get_backend_name()
        if backend not in ("sqlite", "postgresql"):
            raise DatabaseConfigError(
                f"SCOREKEEPER_DATABASE_URL names {backend}: {describe_url(url)}; "
                "scorekeeper runs on SQLite (sqlite:///...) or PostgreSQL (postgresql://...)"
            )
        engine = create_engine(parsed, pool_pre_ping=backend != "sqlite")
    except (ArgumentError, ValueError) as exc:
        raise DatabaseConfigError(
            f"SCOREKEEPER_DATABASE_URL is not a database URL ({exc}); "
            "expected e.g. sqlite:////path/to/file.sqlite3 or postgresql://user@host/db"
        ) from None
    except NoSuchModuleError:
        raise DatabaseConfigError(
            f"SCOREKEEPER_DATABASE_URL names a driver that is not installed: {describe_url(url)}"
        ) from None
    except ModuleNotFoundError as exc:
        raise DatabaseConfigError(
            f"the driver for {describe_url(url)} is not installed ({exc.name})"
        ) from None
    if engine.dialect.name == "sqlite":
        create_private_file(engine.url.database)
        _configure_sqlite(engine, sqlite_busy_timeout_ms)
    return engine


def create_private_file(path: str | None) -> None:
    """Create a new SQLite file readable by its owner only (SQLite gives -wal and -shm its mode).

    The file holds every game's token hashes and the organizers' password hashes.
    Anything that stops it here (no such folder) is reported by check_connection.
    """
    if path in (None, "", ":memory:") or path.startswith("file:"):
        return
    with suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


# WAL pages past which a committing connection copies them into the database itself
# (SQLite's default: 1,000), should no worker be running to do it (checkpoints.py).
BACKSTOP_PAGES = 10_000


def _configure_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def set_sqlite_pragmas(dbapi_connection, _record):
        cursor = dbapi_connection.cursor()
        # WAL lets the view pages read while a deal is being written;
        # NORMAL is durable across application crashes in WAL mode.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        # The WAL is copied into the database by the job worker (checkpoints.py), not by
        # whichever commit finds it past SQLite's 1,000 pages: a table's deal post did,
        # and every writer waited its turn behind the copy. This is the backstop.
        cursor.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
        cursor.close()

    # The process's threads wait their turn to write here, not in SQLite's busy handler.
    queue_writers(engine, busy_timeout_ms)

    @event.listens_for(engine, "checkout")
    def keep_foreign_keys_on(dbapi_connection, _record, _proxy):
        # A migration run turns them off for its connection (migrations/env.py).
        dbapi_connection.execute("PRAGMA foreign_keys=ON")

    @event.listens_for(engine, "handle_error")
    def discard_read_only_connections(context):
        # A connection opened while the file was read-only stays read-only after
        # the file is writable again: treat it as broken, so the pool opens a fresh one.
        if "readonly database" in str(context.original_exception):
            context.is_disconnect = True


def check_connection(engine: Engine) -> None:
    """Connect once, turning the driver's failure into one clear line."""
    try:
        with engine.connect():
            pass
    except OperationalError as exc:
        raise DatabaseConfigError(
            f"cannot open the database {describe_url(str(engine.url))}: {first_line(exc)}"
        ) from None
    check_sqlite_writable(engine)


def first_line(exc: OperationalError) -> str:
    """The driver's own reason, without SQLAlchemy's statement and links."""
    return str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)


def check_sqlite_writable(engine: Engine) -> None:
    """A read-only SQLite file opens fine and then fails every write: say so at start."""
    path = engine.url.database
    if (
        engine.dialect.name != "sqlite"
        or path in (None, "", ":memory:")
        or path.startswith("file:")
    ):
        return
    if not os.access(path, os.W_OK):
        raise DatabaseConfigError(f"cannot write the database {path}: the file is read-only")


def _alembic() -> ModuleType:
    """alembic, with the parts used here (command, config, script), imported on first
    use: only making or reading the schema's migrations needs it, and an app start on a
    database that has its schema (every start but the first, the event stream process,
    the worker) paid ~0.1 s of CPU for it."""
    # for speed: alembic only where migrations are read or run (each line says so too)
    import alembic.command  # for speed
    import alembic.config  # for speed
    import alembic.script  # for speed

    return alembic


def alembic_config(connection=None) -> AlembicConfig:
    config = _alembic().config.Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade_schema(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration; safe to repeat.

    A database that cannot take it (a full disk, no rights) is one clear error.
    """
    try:
        with engine.begin() as connection:
            _alembic().command.upgrade(alembic_config(connection), "head")
    except OperationalError as exc:
        raise cannot_create_schema(engine, exc) from None


def known_revisions() -> set[str]:
    """Every schema revision the migrations know."""
    scripts = _alembic().script.ScriptDirectory.from_config(alembic_config())
    return {script.revision for script in scripts.walk_revisions()}


def cannot_create_schema(engine: Engine, exc: OperationalError) -> DatabaseConfigError:
    return DatabaseConfigError(
        f"cannot create the schema in {describe_url(str(engine.url))}: {first_line(exc)}"
    )


def create_schema_if_empty(engine: Engine) -> bool:
    """Give a database with no tables at all the newest schema; True if it did.

    So a fresh database serves at once; one that holds anything is left to
    ``init-db``, the one command that upgrades (and says what the start did).
    """
    try:
        with engine.connect() as connection:
            if inspect(connection).get_table_names():
                return False
    except OperationalError as exc:
        raise cannot_create_schema(engine, exc) from None
    upgrade_schema(engine)
    return True


def schema_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


class Database:
    """One engine and its session factory, kept in ``app.extensions``."""

    def __init__(
        self, url: str, *, sqlite_busy_timeout_ms: int = 5000, link_key: bytes | None = None
    ):
        self.engine = build_engine(url, sqlite_busy_timeout_ms=sqlite_busy_timeout_ms)
        # The key league table links derive from (league/table_links.py), for every session.
        self.session_factory: sessionmaker[Session] = sessionmaker(
            self.engine, expire_on_commit=False, info={"league_table_link_key": link_key}
        )
        _EVERY_DATABASE.add(self)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def dispose(self) -> None:
        self.engine.dispose()


# A forked worker (gunicorn --preload) must not share the parent's connections:
# each database alive at the fork lets go of them there (close=False leaves them to
# the parent). One hook for the process, over a weak set: a hook per database kept
# every database ever made alive (a test run makes thousands).
_EVERY_DATABASE: weakref.WeakSet[Database] = weakref.WeakSet()


def _dispose_all_in_child() -> None:
    for database in list(_EVERY_DATABASE):
        database.engine.dispose(close=False)


os.register_at_fork(after_in_child=_dispose_all_in_child)


def storable(text: str) -> bool:
    """Text every database column can hold: no NUL, no unpaired surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
