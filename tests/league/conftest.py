"""A second app on a fresh database, for moving a league from one server to another."""

import shutil
from collections.abc import Iterator

import pytest
from flask import Flask

from scorekeeper import create_app
from tests.conftest import ON_POSTGRES, POSTGRES_SERVER_URL, migrate_empty
from tests.databases import create_postgres_database, drop_postgres_database


@pytest.fixture
def fresh_app(app_config, migrated_template, tmp_path_factory) -> Iterator[Flask]:
    """A second server's app on a database of its own, made for this test and empty."""
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
