"""A league table's edit link derives from the secret key; the database keeps only the
game's token hash, and links printed before revision 0012 keep working (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory

from scorekeeper.db import alembic_config
from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import TokenInvalid
from scorekeeper.service_layer.tokens import hash_token, new_edit_token

from .support import NAMES, login, make_league, make_organizer, member_ids
from .support import started_night as start


def stored_text(database) -> str:
    """Every value of every row of every table, as text."""
    values = []
    with database.engine.connect() as connection:
        metadata = sa.MetaData()
        metadata.reflect(connection)
        for table in metadata.sorted_tables:
            for row in connection.execute(table.select()):
                values.extend(str(value) for value in row)
    return "\n".join(values)


def a_started_night(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    return olga, lid, start(uow, lid, olga, [ids[n] for n in NAMES[:8]])


def test_the_organizer_sees_each_tables_link_yet_the_database_holds_none(uow, database):
    _olga, _lid, night = a_started_night(uow)
    tokens = [table.edit_token for table in night.tables]
    assert len(tokens) == 2 and all(tokens) and len(set(tokens)) == 2
    for table in night.tables:
        services.check_edit_token(uow, table.game_id, table.edit_token)
    stored = stored_text(database)
    for token in tokens:
        assert token not in stored
        assert hash_token(token) in stored


def test_a_new_link_replaces_the_old_one(client, uow, database):
    olga, lid, night = a_started_night(uow)
    login(client)
    table = night.tables[0]
    page = client.get(f"/leagues/{lid}/nights/{night.id}").get_data(as_text=True)
    assert f"/games/{table.game_id}/edit/{table.edit_token}" in page
    response = client.post(f"/leagues/{lid}/nights/{night.id}/tables/{table.number}/link")
    assert response.status_code == 303
    with pytest.raises(TokenInvalid):
        services.check_edit_token(uow, table.game_id, table.edit_token)
    _, after = league.night_view(uow, lid, olga, night.id)
    new = after.tables[0].edit_token
    assert new not in (None, table.edit_token)
    services.check_edit_token(uow, table.game_id, new)
    page = client.get(f"/leagues/{lid}/nights/{night.id}/tables/{table.number}")
    assert f"/games/{table.game_id}/edit/{new}" in page.get_data(as_text=True)
    assert new not in stored_text(database)


def test_a_link_changed_at_the_table_is_not_shown_as_if_it_still_worked(client, uow):
    olga, lid, night = a_started_night(uow)
    table = night.tables[0]
    services.rotate_edit_token(uow, table.game_id, table.edit_token)
    _, after = league.night_view(uow, lid, olga, night.id)
    assert after.tables[0].edit_token is None
    login(client)
    page = client.get(f"/leagues/{lid}/nights/{night.id}/tables/{table.number}")
    assert "cannot be shown" in page.get_data(as_text=True)
    # The pack still prints (without that table's QR code).
    pack = client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf")
    assert pack.mimetype == "application/pdf"


def revision_of(file_part: str) -> tuple[str, str]:
    """This change's revision and the one before, found by the file's name (not its id,
    which merging may renumber)."""
    script = ScriptDirectory.from_config(alembic_config())
    (found,) = [rev for rev in script.walk_revisions() if file_part in Path(rev.path).name]
    return found.revision, found.down_revision


def test_links_printed_before_0012_keep_working_and_their_plain_copies_go(uow, database):
    olga, lid, night = a_started_night(uow)
    _revision, before = revision_of("league_table_tokens")
    old_tokens = {}
    try:
        with database.engine.begin() as connection:
            command.downgrade(alembic_config(connection), before)
            # The rows as the older version wrote them: a random token, in clear beside
            # its game, whose hash the game keeps.
            for table in night.tables:
                token = new_edit_token()
                old_tokens[table.game_id] = token
                connection.execute(
                    sa.text("UPDATE games SET edit_token_hash = :hash WHERE public_id = :game"),
                    {"hash": hash_token(token), "game": table.game_id},
                )
                connection.execute(
                    sa.text(
                        "UPDATE league_tables SET edit_token = :token WHERE game_id = "
                        "(SELECT id FROM games WHERE public_id = :game)"
                    ),
                    {"token": token, "game": table.game_id},
                )
    finally:
        with database.engine.begin() as connection:
            command.upgrade(alembic_config(connection), "head")
    columns = {c["name"] for c in sa.inspect(database.engine).get_columns("league_tables")}
    assert "edit_token" not in columns and "link_round" in columns
    stored = stored_text(database)
    for game_id, token in old_tokens.items():
        assert token not in stored
        services.check_edit_token(uow, game_id, token)  # the printed link still opens it
    _, after = league.night_view(uow, lid, olga, night.id)
    assert [table.edit_token for table in after.tables] == [None, None]
