"""A big league import stored in bounded transactions.

One transaction for a whole import (100,000 deals, 20,000 games) held SQLite's write
lock for tens of seconds, and table play's deal posts waited or failed meanwhile
(issue 23). The import is stored in steps instead, each a transaction of about
``STEP_ROWS`` rows: the games first (unreachable until a table names them), then the
league with its members (one step), then its nights, then its games' results
(``REFRESH_TABLES`` tables a step). Other writers get the database between any two
steps. Should a step fail, what the earlier ones stored is deleted again: an import
still lands whole or not at all.

A step is bounded by the rows it writes, every kind counted. Steps of 250 deals (their
games' seats uncounted), of 250 league tables with their seats (1,275 rows) and of 50
tables' results held SQLite's write lock 13, 64 and 17 to 28 ms in process on the
2-core machine, and a table's deal post waited that long behind one (several times that
in a club night, the worker at its lower CPU priority: jobs/worker.py); steps of 100
rows hold it 3 to 7 ms (a club's season of 300 games: 121 steps, 1.8 s in all, was 1.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from sqlalchemy import delete

from scorekeeper.league.models import League, Member, Night
from scorekeeper.models import DealRevision, Game
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# Rows a step writes (a few milliseconds of SQLite's write lock on a small machine); one
# game or night with more is a step of its own.
STEP_ROWS = 100
# Tables whose results the import's last steps write at once: each is an UPDATE of its
# own (counting.claim) and a row a seat, about as long as STEP_ROWS rows.
REFRESH_TABLES = 10

Item = TypeVar("Item")
GameRows = tuple[Game, list[DealRevision]]


def chunks(items: Sequence[Item], rows: Callable[[Item], int]) -> Iterator[list]:
    """``items`` in runs of at most STEP_ROWS ``rows`` (an item with more: a run alone)."""
    run: list = []
    weight = 0
    for item in items:
        if run and weight + rows(item) > STEP_ROWS:
            yield run
            run, weight = [], 0
        run.append(item)
        weight += rows(item)
    if run:
        yield run


def game_rows(rows: GameRows) -> int:
    game, revisions = rows
    return 1 + len(game.seats) + len(game.deals) + len(revisions)


def night_rows(night: Night) -> int:
    return 1 + sum(1 + len(table.seats) for table in night.tables)


def add_revisions(session, games: Sequence[GameRows]) -> None:
    """Earlier versions of deals, once the games have ids (after a flush)."""
    session.flush()
    for game, revisions in games:
        for revision in revisions:
            revision.game_id = game.id
        session.add_all(revisions)


def store_games(uow: UnitOfWork, games: Sequence[GameRows]) -> None:
    for run in chunks(games, game_rows):
        store_games_chunk(uow, run)


def store_games_chunk(uow: UnitOfWork, run: list[GameRows]) -> None:
    with uow:
        uow.session.add_all([game for game, _ in run])
        add_revisions(uow.session, run)
        uow.commit()


def store_nights(
    uow: UnitOfWork, league: League, nights: Sequence[Night], byes: dict[int, list[list[Member]]]
) -> None:
    """The nights, with their tables and seats, STEP_ROWS rows a transaction; ``byes``
    has each night's byes by round (round 1 first)."""
    for run in chunks(nights, night_rows):
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
