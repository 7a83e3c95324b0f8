"""The application factory, configuration and the data layer on a real database."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import uuid
from datetime import UTC, datetime

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import insert, inspect, select, text
from sqlalchemy.exc import IntegrityError

import scorekeeper
from scorekeeper import create_app
from scorekeeper.db import (
    Database,
    DatabaseConfigError,
    alembic_config,
    schema_revision,
    upgrade_schema,
)
from scorekeeper.models import Deal, Game
from tests.rows import make_game


def newest_revision() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


HEAD_TABLES = {"games", "seats", "deals", "deal_revisions", "idempotency_records"}


# ---------------------------------------------------------------- factory and config


def test_test_config_wins_over_the_instance_file_and_the_environment(
    tmp_path, monkeypatch, database_url
):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text("SECRET_KEY = 'from-file'\nTESTING = False\n")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "from-env")
    monkeypatch.setenv("SCOREKEEPER_TESTING", "false")
    app = create_app(
        {"SECRET_KEY": "from-test", "TESTING": True, "DATABASE_URL": database_url},
        instance_path=str(instance),
    )
    try:
        assert app.testing
        assert app.config["SECRET_KEY"] == "from-test"
    finally:
        app.extensions["scorekeeper.db"].dispose()


def test_templates_and_static_files_live_in_the_package(app):
    """So that an installed wheel serves its pages, as flaskr keeps its own."""
    package = os.path.dirname(os.path.abspath(scorekeeper.__file__))
    assert os.path.join(app.root_path, app.template_folder) == os.path.join(package, "templates")
    assert app.static_folder == os.path.join(package, "static")


def test_config_precedence_is_defaults_then_instance_file_then_environment(
    tmp_path, monkeypatch, database_url
):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(
        "RATELIMIT_WRITES = '1 per second'\nPUBLIC_BASE_URL = 'https://from-file.example'\n"
    )
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_BASE_URL", "https://from-env.example")
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", database_url)
    app = create_app(instance_path=str(instance))
    try:
        assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024  # default kept
        assert app.config["RATELIMIT_WRITES"] == "1 per second"  # file over default
        assert app.config["PUBLIC_BASE_URL"] == "https://from-env.example"  # env over file
    finally:
        app.extensions["scorekeeper.db"].dispose()


def test_environment_values_are_parsed_as_json(tmp_path, monkeypatch, database_url):
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", database_url)
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_ENABLED", "false")
    app = create_app(instance_path=str(tmp_path / "instance"))
    try:
        assert app.config["RATELIMIT_ENABLED"] is False
    finally:
        app.extensions["scorekeeper.db"].dispose()


def test_rate_limits_are_off_in_testing_unless_the_test_turns_them_on(tmp_path, database_url):
    made = [
        create_app(config, instance_path=str(tmp_path / "instance"))
        for config in (
            {"DATABASE_URL": database_url, "TESTING": True},
            {"DATABASE_URL": database_url, "TESTING": True, "RATELIMIT_ENABLED": True},
            {"DATABASE_URL": database_url},
        )
    ]
    try:
        assert [app.config["RATELIMIT_ENABLED"] for app in made] == [False, True, True]
    finally:
        for app in made:
            app.extensions["scorekeeper.db"].dispose()


def test_the_default_database_is_a_sqlite_file_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    instance = tmp_path / "instance"
    app = create_app(
        {"SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"}, instance_path=str(instance)
    )
    try:
        assert app.config["DATABASE_URL"] == f"sqlite:///{instance / 'scorekeeper.sqlite3'}"
    finally:
        app.extensions["scorekeeper.db"].dispose()


def test_a_secret_key_is_generated_once_into_the_instance_folder(tmp_path, database_url):
    instance = tmp_path / "instance"
    first = create_app({"DATABASE_URL": database_url}, instance_path=str(instance))
    second = create_app({"DATABASE_URL": database_url}, instance_path=str(instance))
    try:
        key_file = instance / "secret_key"
        assert len(first.config["SECRET_KEY"]) >= 64
        assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
        assert key_file.read_text() == first.config["SECRET_KEY"]
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    finally:
        for app in (first, second):
            app.extensions["scorekeeper.db"].dispose()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("nonsense", "is not a database URL"),
        ("mysql://someone@db.example/scores", "runs on SQLite"),
        ("sqlite:////no/such/folder/at/all/x.sqlite3", "cannot open the database"),
    ],
)
def test_a_bad_database_url_is_one_clear_error(tmp_path, url, message):
    with pytest.raises(DatabaseConfigError, match=message):
        create_app(
            {"DATABASE_URL": url, "SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"},
            instance_path=str(tmp_path),
        )


def test_an_unreachable_postgresql_is_one_clear_line_without_the_password(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"],
        env={
            **os.environ,
            "SCOREKEEPER_DATABASE_URL": "postgresql://ann:hunter2@127.0.0.1:1/scores",
            "SCOREKEEPER_SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n",
        },
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: cannot open the database postgresql+psycopg://ann:***@")
    assert "hunter2" not in result.stderr
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- schema and migrations


def test_a_fresh_database_gets_the_newest_schema_when_the_app_starts(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    app = create_app(
        {"DATABASE_URL": url, "SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"},
        instance_path=str(tmp_path),
    )
    database = app.extensions["scorekeeper.db"]
    try:
        assert set(inspect(database.engine).get_table_names()) >= HEAD_TABLES
        assert schema_revision(database.engine) == newest_revision()
        started = app.test_client().post(
            "/api/v1/games", json={"variant": "gin", "players": ["Ann", "Bob"]}
        )
        assert started.status_code == 201
    finally:
        database.dispose()


def test_the_first_init_db_says_it_created_the_schema_and_the_next_that_it_is_up_to_date(
    tmp_path,
):
    # As make run does: the app starts (and makes the schema), then init-db runs.
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    said = []
    for _ in range(2):
        app = create_app(
            {"DATABASE_URL": url, "SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"},
            instance_path=str(tmp_path),
        )
        try:
            result = app.test_cli_runner().invoke(args=["init-db"])
        finally:
            app.extensions["scorekeeper.db"].dispose()
        assert result.exit_code == 0, result.output
        said.append(result.output.split(" in ")[0])
    assert said == ["Created the schema", "Schema is up to date"]


def test_init_db_upgrades_an_older_schema_and_is_safe_to_repeat(tmp_path, monkeypatch):
    from alembic import command

    from scorekeeper.db import alembic_config

    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    url = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    older = Database(url)
    with older.engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0001")
    older.dispose()
    # A database that holds anything is init-db's to upgrade, never the app start's.
    app = create_app(
        {"DATABASE_URL": url, "SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"},
        instance_path=str(tmp_path),
    )
    runner = app.test_cli_runner()
    database = app.extensions["scorekeeper.db"]
    try:
        assert schema_revision(database.engine) == "0001"
        # Only the columns revision 0001 has: today's model names later ones.
        with database.engine.begin() as connection:
            connection.execute(
                insert(Game.__table__).values(
                    public_id="g1",
                    edit_token_hash="0" * 64,
                    variant="rummy",
                    options={"scoring": "winner_takes_all"},
                    first_dealer="Ann",
                )
            )
        result = runner.invoke(args=["init-db"])
        assert result.exit_code == 0, result.output
        assert "Upgraded the schema in sqlite:///" in result.output
        assert f"from revision 0001 to {newest_revision()}." in result.output
        assert schema_revision(database.engine) == newest_revision()
        assert "leagues" in inspect(database.engine).get_table_names()

        again = runner.invoke(args=["init-db"])
        assert again.exit_code == 0, again.output
        assert again.output.startswith("Schema is up to date in sqlite:///")
        with database.session_factory() as session:
            assert session.scalar(select(Game.public_id)) == "g1"
    finally:
        database.dispose()


def test_init_db_keeps_existing_data_on_the_test_database(app, runner, database):
    with database.session_factory() as session:
        make_game(session)
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    with database.session_factory() as session:
        assert session.scalar(select(Game.public_id)) == "g1"


def test_migrations_run_from_empty_to_head_and_back_on_sqlite(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'migrate.sqlite3'}")
    try:
        check_migrations_round_trip(database)
    finally:
        database.dispose()


@pytest.mark.postgres
def test_migrations_run_from_empty_to_head_and_back_on_postgresql(migrated_template):
    # A schema of its own inside the suite's database.
    schema = f"migration_{uuid.uuid4().hex[:12]}"
    admin = Database(migrated_template)
    with admin.engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in migrated_template else "?"
    database = Database(f"{migrated_template}{separator}options=-csearch_path%3D{schema}")
    try:
        check_migrations_round_trip(database)
    finally:
        database.dispose()
        with admin.engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def check_migrations_round_trip(database: Database) -> None:
    from alembic import command

    from scorekeeper.db import alembic_config

    assert schema_revision(database.engine) is None
    upgrade_schema(database.engine)
    head = schema_revision(database.engine)
    assert head is not None
    assert set(inspect(database.engine).get_table_names()) >= HEAD_TABLES
    with database.engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert not HEAD_TABLES & set(inspect(database.engine).get_table_names())
    upgrade_schema(database.engine)
    assert schema_revision(database.engine) == head


def test_the_models_match_the_newest_migration(database):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from scorekeeper.models import Base

    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


# ---------------------------------------------------------------- the database itself


@pytest.mark.sqlite
def test_sqlite_connections_have_the_pragmas_in_effect(database):
    with database.engine.connect() as connection:
        pragma = lambda name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert pragma("journal_mode") == "wal"
        assert pragma("foreign_keys") == 1
        assert pragma("busy_timeout") == 5000
        assert pragma("synchronous") == 1  # NORMAL


def test_a_second_deal_with_the_same_number_is_refused_by_the_database(database):
    with database.session_factory() as session:
        game = make_game(session)
        session.add(Deal(game_id=game.id, number=1, entry={"out": "Ann"}))
        session.commit()
        session.add(Deal(game_id=game.id, number=1, entry={"out": "Bob"}))
        with pytest.raises(IntegrityError):
            session.commit()


def test_a_deal_for_a_missing_game_is_refused_by_the_database(database):
    with database.session_factory() as session:
        session.add(Deal(game_id=4242, number=1, entry={}))
        with pytest.raises(IntegrityError):
            session.commit()


def test_times_are_stored_and_read_back(database):
    with database.session_factory() as session:
        game = make_game(session)
        created = game.created_at
    with database.session_factory() as session:
        stored = session.get(Game, game.id).created_at
    if stored.tzinfo is None:
        stored = stored.replace(tzinfo=UTC)
    assert abs(stored - created.astimezone(UTC)).total_seconds() < 1
    assert stored <= datetime.now(UTC)


@pytest.mark.postgres
def test_the_suite_runs_on_postgresql_when_asked(database):
    assert database.engine.dialect.name == "postgresql"
