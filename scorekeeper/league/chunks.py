"""A big league import stored in bounded transactions.

One transaction for a whole import (100,000 deals, 20,000 games) held SQLite's write
lock for tens of seconds, and table play's deal posts waited or failed meanwhile
(issue 23). The import is stored in steps instead, each a transaction of at most
``CHUNK_DEALS`` deals or ``CHUNK_ROWS`` games or tables: the games first (unreachable
until a table names them), then the league with its members, then its nights. Other
writers get the database between any two steps. Should a step fail, what the earlier
ones stored is deleted again: an import still lands whole or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from sqlalchemy import delete

from scorekeeper.league.models import League, Member, Night
from scorekeeper.models import DealRevision, Game
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# A step holds SQLite's writer lock for some tens of milliseconds on a small machine.
CHUNK_DEALS = 250  # deals (and earlier versions) a transaction
CHUNK_ROWS = 50  # games, or league tables (with their seats), a transaction

Item = TypeVar("Item")
GameRows = tuple[Game, list[DealRevision]]


def chunks(items: Sequence[Item], size: Callable[[Item], int] = lambda _: 1) -> Iterator[list]:
    """``items`` in runs of at most CHUNK_ROWS items and about CHUNK_DEALS of ``size``."""
    run: list = []
    weight = 0
    for item in items:
        run.append(item)
        weight += size(item)
        if len(run) >= CHUNK_ROWS or weight >= CHUNK_DEALS:
            yield run
            run, weight = [], 0
    if run:
        yield run


def add_revisions(session, games: Sequence[GameRows]) -> None:
    """Earlier versions of deals, once the games have ids (after a flush)."""
    session.flush()
    for game, revisions in games:
        for revision in revisions:
            revision.game_id = game.id
        session.add_all(revisions)


def store_games(uow: UnitOfWork, games: Sequence[GameRows]) -> None:
    for run in chunks(games, lambda rows: len(rows[0].deals) + len(rows[1])):
        store_games_chunk(uow, run)


def store_games_chunk(uow: UnitOfWork, run: list[GameRows]) -> None:
    with uow:
        uow.session.add_all([game for game, _ in run])
        add_revisions(uow.session, run)
        uow.commit()


def store_nights(
    uow: UnitOfWork, league: League, nights: Sequence[Night], byes: dict[int, list[list[Member]]]
) -> None:
    """The nights, with their tables and seats, a few hundred tables a transaction;
    ``byes`` has each night's byes by round (round 1 first)."""
    for run in chunks(nights, lambda night: len(night.tables)):
        with uow:
            for night in run:
                night.league = league
                if id(night) in byes:
                    first, *later = [[member.id for member in out] for out in byes[id(night)]]
                    night.byes = first
                    if later:
                        night.later_byes = later
            uow.session.add_all(run)
            uow.commit()


def forget(uow: UnitOfWork, league: League, games: Sequence[GameRows]) -> None:
    """Delete what the steps of a failed import stored (the games, the league)."""
    with uow:
        if league.id is not None:  # its members, nights and tables go with it
            uow.session.execute(delete(League).where(League.id == league.id))
        ids = [game.id for game, _ in games if game.id is not None]
        for start in range(0, len(ids), 500):
            uow.session.execute(delete(Game).where(Game.id.in_(ids[start : start + 500])))
        uow.commit()
