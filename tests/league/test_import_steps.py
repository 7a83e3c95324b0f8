"""Issue 23, finding 7: a big import is stored in bounded transactions, so table play
writes between them, and an import that fails half way leaves nothing behind."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select

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
    monkeypatch.setattr(chunks, "CHUNK_DEALS", 4)  # two games a step
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
    monkeypatch.setattr(chunks, "CHUNK_DEALS", 4)
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
