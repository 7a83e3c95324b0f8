"""Migrations keep every row: SQLite's batch mode rebuilds a table by dropping it, which
with foreign keys on deletes every row pointing at it (a league's seats and results
went with their tables once). Down to the oldest revision with leagues and back up,
with a played league night, a circle and a game in the database."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command

from scorekeeper.db import alembic_config
from tests.league.support import NAMES, make_league, make_organizer, member_ids, play_out
from tests.league.support import started_night as start

# The oldest revision whose downgrade path keeps the tables this test fills.
OLDEST = "0011"


def row_counts(engine) -> dict[str, int]:
    with engine.connect() as connection:
        names = sa.inspect(connection).get_table_names()
        return {
            name: connection.exec_driver_sql(f'SELECT count(*) FROM "{name}"').scalar()
            for name in names
            if name != "alembic_version"
        }


def test_down_and_up_again_every_row_is_still_there(uow, database, client):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    play_out(uow, night.tables[0])
    client.post("/api/v1/circles", json={"name": "Sundays", "members": ["Ann", "Bob"]})
    before = row_counts(database.engine)
    assert before["league_seats"] == 8 and before["league_tables"] == 2

    with database.engine.begin() as connection:
        command.downgrade(alembic_config(connection), OLDEST)
    # A table a later revision made (the league's log) goes with its downgrade by design;
    # every table the oldest revision has must come back up with all its rows.
    kept = set(row_counts(database.engine))
    assert {"league_seats", "league_tables", "games", "circles"} <= kept
    with database.engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")

    after = row_counts(database.engine)
    assert set(after) == set(before)
    assert {name: after[name] for name in kept} == {name: before[name] for name in kept}
    if database.engine.dialect.name == "sqlite":  # the pool's connections check them again
        with database.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
