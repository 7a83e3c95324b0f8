"""flask backup / restore on the embedded SQLite database."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest
from sqlalchemy import func, inspect, select

from scorekeeper.models import Deal, Game
from tests.rows import make_game


@pytest.mark.sqlite
def test_backup_copies_a_consistent_database_while_it_is_in_use(runner, database, tmp_path):
    with database.session_factory() as session:
        game = make_game(session)
        session.add(Deal(game_id=game.id, number=1, entry={"out": "Ann", "hands": {"Bob": 7}}))
        session.commit()
        # An open read transaction, as a serving app would have, must not matter.
        session.execute(select(Game)).all()
        target = tmp_path / "backup.sqlite3"
        result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(target) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert copy.execute("SELECT entry FROM deals").fetchone()[0] == (
            '{"out": "Ann", "hands": {"Bob": 7}}'
        )


@pytest.mark.sqlite
def test_backup_refuses_to_overwrite_a_file(runner, tmp_path):
    target = tmp_path / "exists.sqlite3"
    target.write_text("precious")
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 1
    assert "exists already" in result.output
    assert target.read_text() == "precious"


@pytest.mark.sqlite
def test_restore_brings_back_the_backed_up_games(runner, database, tmp_path):
    with database.session_factory() as session:
        make_game(session, public_id="kept")
    backup = tmp_path / "backup.sqlite3"
    assert runner.invoke(args=["backup", str(backup)]).exit_code == 0
    with database.session_factory() as session:
        make_game(session, public_id="after-the-backup")

    result = runner.invoke(args=["restore", str(backup), "--yes"])

    assert result.exit_code == 0, result.output
    with database.session_factory() as session:
        assert session.scalars(select(Game.public_id)).all() == ["kept"]
        assert session.scalar(select(func.count()).select_from(Game)) == 1


@pytest.mark.sqlite
def test_restore_refuses_a_file_that_is_not_a_sound_database(runner, database, tmp_path):
    with database.session_factory() as session:
        make_game(session, public_id="kept")
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    result = runner.invoke(args=["restore", str(broken), "--yes"])
    assert result.exit_code == 1
    with database.session_factory() as session:
        assert session.scalars(select(Game.public_id)).all() == ["kept"]
    assert "not a sound SQLite database" in result.output


@pytest.mark.sqlite
def test_restore_refuses_a_sound_database_that_is_not_a_scorekeeper_one(runner, database, tmp_path):
    with database.session_factory() as session:
        make_game(session, public_id="kept")
    unrelated = tmp_path / "unrelated.sqlite3"
    with closing(sqlite3.connect(unrelated)) as other, other:
        other.execute("CREATE TABLE t (x)")
        other.execute("INSERT INTO t VALUES (1)")

    result = runner.invoke(args=["restore", str(unrelated), "--yes"])

    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: {unrelated} is not a scorekeeper database "
        "(no games table at a known schema version); nothing was restored"
    ]
    with database.session_factory() as session:
        assert session.scalars(select(Game.public_id)).all() == ["kept"]
    assert "t" not in inspect(database.engine).get_table_names()


@pytest.mark.postgres
def test_backup_on_postgresql_points_to_pg_dump(runner, tmp_path):
    result = runner.invoke(args=["backup", str(tmp_path / "x.sqlite3")])
    assert result.exit_code == 1
    assert "pg_dump" in result.output
