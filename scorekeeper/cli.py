"""Command-line commands: ``flask --app scorekeeper <command>``."""

from __future__ import annotations

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.exc import OperationalError

from scorekeeper.db import Database, DatabaseConfigError, describe_url, upgrade_schema


def database() -> Database:
    return current_app.extensions["scorekeeper.db"]


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the schema, or upgrade it to the newest version. Safe to repeat."""
    db = database()
    try:
        upgrade_schema(db.engine)
    except OperationalError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise DatabaseConfigError(
            f"cannot create the schema in {describe_url(str(db.engine.url))}: {reason}"
        ) from None
    click.echo(f"Schema is up to date in {describe_url(str(db.engine.url))}.")


def register(app: Flask) -> None:
    app.cli.add_command(init_db_command)
