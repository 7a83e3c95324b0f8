"""Command-line commands: ``flask --app scorekeeper <command>``."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from flask_babel import gettext as _

from scorekeeper.db import (
    Database,
    describe_url,
    known_revisions,
    schema_revision,
    upgrade_schema,
)


def database() -> Database:
    return current_app.extensions["scorekeeper.db"]


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the schema, or upgrade it to the newest version. Safe to repeat."""
    db = database()
    where = describe_url(str(db.engine.url))
    before = schema_revision(db.engine)
    upgrade_schema(db.engine)
    after = schema_revision(db.engine)
    if before is None or current_app.extensions.get("scorekeeper.schema_created"):
        click.echo(_("Created the schema in %(where)s.", where=where))
    elif before != after:
        click.echo(
            _(
                "Upgraded the schema in %(where)s from revision %(before)s to %(after)s.",
                where=where,
                before=before,
                after=after,
            )
        )
    else:
        click.echo(_("Schema is up to date in %(where)s.", where=where))


def sqlite_path(db: Database) -> Path:
    if not db.is_sqlite or not db.engine.url.database:
        raise click.ClickException(
            _(
                "backup and restore copy the embedded SQLite database; for PostgreSQL use "
                "pg_dump --format=custom and pg_restore (see the README)"
            )
        )
    return Path(db.engine.url.database)


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy with SQLite's online backup API: consistent even while the app writes."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup_command(path: Path) -> None:
    """Write a consistent copy of the SQLite database to PATH, while the app runs."""
    source = sqlite_path(database())
    if path.exists():
        raise click.ClickException(_("%(path)s exists already; choose a new file", path=path))
    try:
        copy_sqlite(source, path)
    except (sqlite3.Error, OSError) as exc:
        path.unlink(missing_ok=True)
        raise click.ClickException(
            _("backup to %(path)s failed: %(reason)s", path=path, reason=exc)
        ) from None
    click.echo(_("Backed up %(source)s to %(path)s.", source=source, path=path))


def is_scorekeeper_database(path: Path) -> bool:
    """A games table and a schema version our migrations know (any older one init-db upgrades)."""
    known = known_revisions()
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as backup:
        tables = {name for (name,) in backup.execute("SELECT name FROM sqlite_master")}
        if not {"games", "alembic_version"} <= tables:
            return False
        versions = {
            version for (version,) in backup.execute("SELECT version_num FROM alembic_version")
        }
    return bool(versions) and versions <= known


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Replace the current database without asking.")
@with_appcontext
def restore_command(path: Path, yes: bool) -> None:
    """Replace the SQLite database with the backup at PATH (stop the app first)."""
    target = sqlite_path(database())
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as check:
            verdict = check.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        verdict = str(exc)
    if verdict != "ok":
        raise click.ClickException(
            _("%(path)s is not a sound SQLite database: %(verdict)s", path=path, verdict=verdict)
        )
    if not is_scorekeeper_database(path):
        raise click.ClickException(
            _(
                "%(path)s is not a scorekeeper database (no games table at a known schema "
                "version); nothing was restored",
                path=path,
            )
        )
    if not yes:
        click.confirm(_("Replace %(target)s with %(path)s?", target=target, path=path), abort=True)
    database().dispose()
    copy_sqlite(path, target)
    click.echo(
        _(
            "Restored %(target)s from %(path)s; run init-db if the backup is older.",
            target=target,
            path=path,
        )
    )


def register(app: Flask) -> None:
    app.cli.add_command(init_db_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
