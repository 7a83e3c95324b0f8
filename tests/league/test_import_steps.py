"""Issue 23, finding 7: a big import is stored in bounded transactions, so table play
writes between them, and an import that fails half way leaves nothing behind."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import event, func, select

from bench.bench_standings import league_document
from scorekeeper.league import chunks, transfer
from scorekeeper.league import services as league
from scorekeeper.league.models import League
from scorekeeper.models import Deal, Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork

from .support import NAMES, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start


@pytest.fixture
def exported(uow):
    """A league of two nights, three tables each, every game played out (two deals)."""
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    for day in (5, 12):
        night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]], held_on=date(2026, 3, day))
        for table in night.tables:
            play_out(uow, table)
    return olga, lid, transfer.export_league(uow, lid, olga)


def count(database, model) -> int:
    with database.session_factory() as session:
        return session.scalar(select(func.count()).select_from(model))


def test_an_import_commits_in_steps_and_another_table_writes_between_them(
    uow, database, exported, monkeypatch
):
    olga, _lid, document = exported
    monkeypatch.setattr(chunks, "STEP_ROWS", 16)  # two games a step (a game and 4 seats, 2 deals)
    table_play = services.start_game(UnitOfWork(database.session_factory), **GAME)
    games_before = count(database, Game)
    seen = []
    store = chunks.store_games_chunk

    def step_then_a_deal_elsewhere(uow, run):
        store(uow, run)
        # The step is committed (another connection sees it) and the database is free:
        # a deal at another table is stored at once, not after the whole import.
        seen.append(count(database, Game) - games_before)
        other = UnitOfWork(database.session_factory)
        services.record_deal(
            other, table_play.game.public_id, table_play.edit_token, ann_goes_out()
        )

    monkeypatch.setattr(chunks, "store_games_chunk", step_then_a_deal_elsewhere)
    imported = transfer.import_document(uow, olga, document)
    assert seen == [2, 4, 6]
    assert len(services.load_game(uow, table_play.game.public_id).entries) == 3
    assert len(league.league_view(uow, imported.league_id, olga).nights) == 2


def test_an_import_failing_half_way_leaves_nothing_behind(uow, database, exported, monkeypatch):
    olga, _lid, document = exported
    monkeypatch.setattr(chunks, "STEP_ROWS", 16)
    leagues, games, deals = count(database, League), count(database, Game), count(database, Deal)

    def fail_after_the_games(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(chunks, "store_nights", fail_after_the_games)
    with pytest.raises(RuntimeError):
        transfer.import_document(uow, olga, document)
    assert (count(database, League), count(database, Game), count(database, Deal)) == (
        leagues,
        games,
        deals,
    )


class TestImportLimit:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_IMPORTS": "2 per minute"}

    def test_imports_have_a_limit_of_their_own(self, client, uow):
        make_organizer(uow)
        login(client)
        statuses = [
            client.post("/leagues/import", data={"document": "[]"}).status_code for _ in range(3)
        ]
        assert statuses == [422, 422, 429]


GAME = {"variant": "rummy", "players": ["Ann", "Bob", "Cy"], "options": {"target": 10_000}}


def ann_goes_out() -> dict:
    return {"out": "Ann", "hands": {"Bob": 5, "Cy": 7}}


def test_each_step_of_a_clubs_season_import_writes_at_most_step_rows(uow, database):
    """A season of 30 nights of 40 members (10 tables of 4 a night, 12 deals a game), as
    a club imports it during another night's play: every step, the results derived at
    the end included, writes at most STEP_ROWS rows (a few milliseconds of SQLite's one
    write lock), so a table's deal post waits for one short step at most."""
    olga = make_organizer(uow)
    document = league_document(players=40, games=300, deals=12)
    steps: list[int] = []
    written = [0]

    def rows(_conn, cursor, statement, parameters, _context, executemany):
        if not statement.lstrip().startswith(("INSERT", "UPDATE", "DELETE")):
            return
        if executemany and isinstance(parameters, list):  # a row a set of parameters
            written[0] += len(parameters)
        elif statement.lstrip().startswith("INSERT"):  # a row at a time, or many VALUES
            written[0] += statement.count("), (") + 1
        else:
            written[0] += max(cursor.rowcount, 1)

    def committed(_conn):
        steps.append(written[0])
        written[0] = 0

    event.listen(database.engine, "after_cursor_execute", rows)
    event.listen(database.engine, "commit", committed)
    try:
        imported = transfer.import_document(uow, olga, document)
    finally:
        event.remove(database.engine, "after_cursor_execute", rows)
        event.remove(database.engine, "commit", committed)
    stored = count(database, Deal)
    assert stored >= 300 * 12
    assert 0 < max(steps) <= chunks.STEP_ROWS, sorted(steps)[-5:]
    assert sum(steps) > stored  # every deal, game, seat, table and result counted
    _, standings = league.league_standings(uow, imported.league_id, olga, None)
    assert sum(line.games for line in standings.lines) == 300 * 4
