"""Counting the league's games: each table's result rows in ``league_results``.

A table's rows are derived from its game and kept with the (game version, table
revision) they were derived at (``cached_version``, ``cached_revision``); a game or
row that moved since is derived again on the next read.

Two things keep the rows right while phones post deals and readers (standings
pages, the venue screen) refresh at once:

- A table is read in one statement with its game's version, early end and deals
  (``snapshots``): one statement is one consistent snapshot on SQLite and on
  PostgreSQL alike, so the version kept is always the version of the deals derived.
  Nothing comes from the session's identity map, which may hold a game or table as
  it was loaded earlier in the request (the sessions keep objects across commits).
- A reader writes a table's rows only if the cached pair is still the one it read
  (a compare-and-set UPDATE before the rows). Two readers of one table never both
  write: the second finds the pair moved and leaves the rows of the first, which
  were derived from a snapshot at least as late as its own.

``refresh`` also proves the count complete: every table of a started night that has
deals or typed totals but no rows is derived once more, and one that counts after
all is written (and logged) rather than left "open".

A table in play (its game does not count yet) and without rows is not written at all:
a reader that wrote its derived pair after every deal took SQLite's write lock from
the tables' own deal posts, twenty times a second on a club night with its standings
published. Each process remembers instead which tables it found not counting at which
game version and row revision (``Undecided``), so the next reader neither writes nor
derives them again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any

from cachetools import LRUCache
from sqlalchemy import delete, exists, insert, or_, select, update
from sqlalchemy.orm import Session, object_session

from scorekeeper import scoring
from scorekeeper.league.models import League, LeagueResult, LeagueSeat, LeagueTable, Night
from scorekeeper.models import Deal, Game, Seat
from scorekeeper.service_layer.repository import (
    SETUP_COLUMNS,
    GameRepository,
    has_deals,
    setup_of,
)
from scorekeeper.service_layer.results import game_state

log = logging.getLogger(__name__)

# ---------------------------------------------------------------- one game's result


@dataclass(frozen=True)
class SeatResult:
    position: int
    name: str
    points: int
    place: int
    won: bool
    deals: int
    money_cents: int


def places(points: Sequence[int], higher_wins: bool) -> list[int]:
    """Competition places (1, 2, 2, 4): tied players share a place."""
    better = (lambda a, b: a > b) if higher_wins else (lambda a, b: a < b)
    return [1 + sum(better(other, mine) for other in points) for mine in points]


@dataclass(frozen=True)
class TableSnapshot:
    """A table and its game as one statement read them (``setup`` None: no game yet)."""

    table_id: int
    night_id: int
    revision: int
    cached_version: int | None
    cached_revision: int | None
    source: str
    paper_totals: dict[str, Any] | None
    closed: bool
    setup: scoring.Setup | None = None
    version: int | None = None
    ending: dict[str, Any] | None = None
    entries: tuple[dict[str, Any], ...] = ()
    game: str | None = None  # its public id

    @property
    def fresh(self) -> bool:
        """Whether its rows were derived at this very game version and row revision."""
        return self.cached_version == self.version and self.cached_revision == self.revision


def table_result(table: LeagueTable) -> tuple[str, list[SeatResult]] | None:
    """How a loaded table counts and each seat's result, or None while it does not count
    (for a use case's own table; the cached rows are derived from ``snapshots``). Its
    game is read through the repository, as stored now: not the session's copy, which
    may be older than a deal recorded since it was loaded."""
    game = None
    if table.game_id is not None:
        session = object_session(table)
        session.flush()  # what this use case changed counts (Core reads do not autoflush)
        game = GameRepository(session).many([table.game_id]).get(table.game_id)
    snapshot = TableSnapshot(
        table.id,
        table.night_id,
        table.revision,
        None,
        None,
        table.source,
        table.paper_totals,
        table.closed,
        game.setup if game is not None else None,
        game.version if game is not None else None,
        game.ending if game is not None else None,
        tuple(game.entries) if game is not None else (),
    )
    return outcome(snapshot)


def outcome(table: TableSnapshot) -> tuple[str, list[SeatResult]] | None:
    """How the table counts and each seat's result, or None while it does not count.

    A game counts once it is finished, or when the organizer closed it early
    (it counts as it stands), or when its final totals were typed from paper.
    """
    setup = table.setup
    if setup is None:
        return None
    names = list(setup.players)
    if table.source == "paper_totals":
        if not table.paper_totals:
            return None
        points = [int(table.paper_totals[name]) for name in names]
        # The game's own rule: its options may make it won low (Penalty Rummy, pool).
        seat_places = places(points, scoring.get_variant(setup.variant).ranks_higher(setup))
        return "totals", seated(
            setup.seats,
            [
                SeatResult(i, name, points[i], seat_places[i], seat_places[i] == 1, 0, 0)
                for i, name in enumerate(names)
            ],
        )
    entries = list(table.entries)
    if not entries:
        return None
    state = game_state(setup, entries, table.ending)
    if state.finished:
        counted_as, winners = "finished", set(state.winners)
    elif table.closed:
        counted_as, winners = "closed", set(state.leaders)
    else:
        return None
    scores = state.final if state.final else state.totals
    points = [scores[name] for name in names]
    seat_places = places(points, state.higher_wins)
    balances = state.settlement["balances"] if state.settlement else {}
    results = [
        SeatResult(
            i, name, points[i], seat_places[i], name in winners, len(entries), balances.get(name, 0)
        )
        for i, name in enumerate(names)
    ]
    return counted_as, seated(setup.seats, results)


def seated(seats: Sequence[str] | None, results: list[SeatResult]) -> list[SeatResult]:
    """Each seat's result: a partnership game's seat gets its side's (seat i plays for
    side i mod sides), the side's money shared equally by its partners (an odd cent
    to the first seated); elsewhere each player is a seat."""
    if seats is None:
        return results
    sides = len(results)
    partners = len(seats) // sides
    by_seat = []
    for position, name in enumerate(seats):
        side = results[position % sides]
        share, odd_cents = divmod(side.money_cents, partners)
        money = share + (1 if position // sides < odd_cents else 0)
        by_seat.append(replace(side, position=position, name=name, money_cents=money))
    return by_seat


# ---------------------------------------------------------------- reading tables


def snapshots(session: Session, table_ids: Sequence[int]) -> list[TableSnapshot]:
    """The tables with their games' version, early end and deals, all in one statement.

    A game's setup and seats never change once it started, so its players come from
    a second statement without tearing anything.
    """
    rows = session.execute(
        select(
            LeagueTable.id,
            LeagueTable.night_id,
            LeagueTable.revision,
            LeagueTable.cached_version,
            LeagueTable.cached_revision,
            LeagueTable.source,
            LeagueTable.paper_totals,
            LeagueTable.closed,
            Game.id.label("game_id"),
            Game.public_id.label("game_public_id"),
            Game.version,
            Game.ending,
            *SETUP_COLUMNS,
            Deal.entry,
        )
        .outerjoin(Game, Game.id == LeagueTable.game_id)
        .outerjoin(Deal, Deal.game_id == Game.id)
        .where(LeagueTable.id.in_(table_ids))
        .order_by(LeagueTable.id, Deal.number)
    ).all()
    game_ids = {row.game_id for row in rows if row.game_id is not None}
    players: dict[int, list[str]] = {}
    for game_id, name in session.execute(
        select(Seat.game_id, Seat.name).where(Seat.game_id.in_(game_ids)).order_by(Seat.position)
    ):
        players.setdefault(game_id, []).append(name)
    found = []
    for _, group in groupby(rows, key=lambda row: row.id):
        table_rows = list(group)
        row = table_rows[0]
        game = row.game_id is not None
        found.append(
            TableSnapshot(
                row.id,
                row.night_id,
                row.revision,
                row.cached_version,
                row.cached_revision,
                row.source,
                row.paper_totals,
                row.closed,
                setup_of(row, players[row.game_id]) if game else None,
                row.version,
                row.ending,
                tuple(r.entry for r in table_rows if r.entry is not None),
                row.game_public_id,
            )
        )
    return found


# A table as the lists below give it: its id, row revision, game's public id and version
# (whether it counts is a function of these: ``Undecided``), and whether it has rows.
Mark = tuple[int, int, str | None, int | None, bool]
_MARKED = (
    LeagueTable.id,
    LeagueTable.revision,
    Game.public_id,
    Game.version,
    exists().where(LeagueResult.table_id == LeagueTable.id),
)


def stale_tables(session: Session, league_id: int) -> list[Mark]:
    return [
        tuple(row)
        for row in session.execute(
            select(*_MARKED)
            .join(Night, Night.id == LeagueTable.night_id)
            .outerjoin(Game, Game.id == LeagueTable.game_id)
            .where(Night.league_id == league_id, Night.started)
            .where(
                (LeagueTable.cached_revision.is_(None))
                | (LeagueTable.cached_revision != LeagueTable.revision)
                | LeagueTable.cached_version.is_distinct_from(Game.version)
            )
            .order_by(LeagueTable.id)
        )
    ]


def uncounted_tables(session: Session, league_id: int) -> list[Mark]:
    """Tables of started nights with deals or typed totals but no result rows: each
    is open (in play, or reopened by a correction), or a count that went missing."""
    return [
        tuple(row)
        for row in session.execute(
            select(*_MARKED)
            .join(Night, Night.id == LeagueTable.night_id)
            .join(Game, Game.id == LeagueTable.game_id)
            .where(Night.league_id == league_id, Night.started)
            .where(
                or_(
                    has_deals(LeagueTable.game_id),
                    LeagueTable.paper_totals.is_not(None),
                )
            )
            .where(~exists().where(LeagueResult.table_id == LeagueTable.id))
            .order_by(LeagueTable.id)
        )
    ]


class Undecided:
    """The tables this process found not counting, without rows, by database and
    ``Mark``: a deal (the game's version), a closing or typed totals (the row's
    revision) or another game gives another mark, so a mark found here is still true.
    The game's public id is random: a mark of one database's table is never another's."""

    def __init__(self, size: int = 20000):
        self.marks: LRUCache[tuple, bool] = LRUCache(maxsize=size)
        self.lock = threading.Lock()

    def unknown(self, session: Session, marks: Sequence[Mark]) -> list[int]:
        """The ids of ``marks`` not known here to be undecided."""
        url = session.get_bind().url
        with self.lock:
            return [mark[0] for mark in marks if (url, *mark) not in self.marks]

    def remember(self, session: Session, tables: Iterable[TableSnapshot]) -> None:
        """``tables`` (snapshots) found not counting and without rows."""
        url = session.get_bind().url
        with self.lock:
            for t in tables:
                self.marks[(url, t.table_id, t.revision, t.game, t.version, False)] = True


undecided = Undecided()


# ---------------------------------------------------------------- writing rows


def rows_of(league_id: int, table: TableSnapshot, member_at: dict[int, int]) -> list[dict]:
    counted = outcome(table)
    if counted is None:
        return []
    counted_as, seats = counted
    return [
        {
            "table_id": table.table_id,
            "league_id": league_id,
            "night_id": table.night_id,
            "member_id": member_at[seat.position],
            "points": seat.points,
            "place": seat.place,
            "won": seat.won,
            "deals": seat.deals,
            "money_cents": seat.money_cents,
            "counted_as": counted_as,
        }
        for seat in seats
    ]


def claim(session: Session, table: TableSnapshot) -> bool:
    """Mark the table derived at the snapshot's version, if no other reader wrote it
    since the snapshot: PostgreSQL locks the row here (a second reader waits, then finds
    the pair moved), SQLite's one writer sees every commit before it."""
    claimed = session.execute(
        update(LeagueTable)
        .where(
            LeagueTable.id == table.table_id,
            LeagueTable.cached_version.is_not_distinct_from(table.cached_version),
            LeagueTable.cached_revision.is_not_distinct_from(table.cached_revision),
        )
        .values(cached_version=table.version, cached_revision=table.revision)
    )
    return claimed.rowcount == 1


def write(session: Session, league_id: int, tables: Iterable[TableSnapshot]) -> list[int]:
    """Write each table's rows (derived first: SQLite's one writer lock is held from the
    first UPDATE to the commit, and deriving a few hundred games is CPU time); commits.
    Returns the tables written."""
    tables = sorted(tables, key=lambda t: t.table_id)  # one lock order: no deadlock
    if not tables:
        return []
    members: dict[int, dict[int, int]] = {}
    for table_id, position, member_id in session.execute(
        select(LeagueSeat.table_id, LeagueSeat.position, LeagueSeat.member_id).where(
            LeagueSeat.table_id.in_([t.table_id for t in tables])
        )
    ):
        members.setdefault(table_id, {})[position] = member_id
    derived = _without_undecided(
        session,
        [(table, rows_of(league_id, table, members.get(table.table_id, {}))) for table in tables],
    )
    if not derived:
        session.commit()
        return []
    mine = [(table, rows) for table, rows in derived if claim(session, table)]
    ids = [table.table_id for table, _ in mine]
    before = placings_of(session, ids)
    session.execute(delete(LeagueResult).where(LeagueResult.table_id.in_(ids)))
    rows = [row for _, table_rows in mine for row in table_rows]
    if rows:
        session.execute(insert(LeagueResult), rows)
    if {(r["table_id"], r["member_id"], r["place"]) for r in rows} != before:
        # Ratings depend on placings alone: only a changed placing replays them.
        session.execute(
            update(League).where(League.id == league_id).values(revision=League.revision + 1)
        )
    session.commit()
    return ids


def _without_undecided(
    session: Session, derived: list[tuple[TableSnapshot, list[dict]]]
) -> list[tuple[TableSnapshot, list[dict]]]:
    """``derived`` but the tables that do not count and have no rows: nothing to write
    (their derived pair is not written either: see the module's docstring); each is
    remembered instead."""
    empty = [table.table_id for table, rows in derived if not rows]
    if not empty:
        return derived
    rowed = set(
        session.scalars(
            select(LeagueResult.table_id).where(LeagueResult.table_id.in_(empty)).distinct()
        )
    )
    undecided.remember(session, [t for t, rows in derived if not rows and t.table_id not in rowed])
    return [(table, rows) for table, rows in derived if rows or table.table_id in rowed]


def placings_of(session: Session, table_ids: Sequence[int]) -> set[tuple[int, int, int]]:
    rows = session.execute(
        select(LeagueResult.table_id, LeagueResult.member_id, LeagueResult.place).where(
            LeagueResult.table_id.in_(table_ids)
        )
    )
    return {tuple(row) for row in rows}


def refresh(session: Session, league_id: int, *, batch: int = 500) -> int:
    """Re-derive the result rows of every table whose game or row moved, then check
    that no table counts without its rows (and write any that does); commits.
    Returns how many tables were stale (those remembered undecided left out)."""
    stale = undecided.unknown(session, stale_tables(session, league_id))
    for start in range(0, len(stale), batch):
        # A table another reader refreshed since the list was read is fresh by now.
        moved = [t for t in snapshots(session, stale[start : start + batch]) if not t.fresh]
        write(session, league_id, moved)
    complete(session, league_id, batch=batch)
    return len(stale)


def complete(session: Session, league_id: int, *, batch: int = 500) -> int:
    """Every table of a started night that has deals or typed totals either has its
    result rows or does not count (yet): one that counts without rows is written (a
    stale one another reader claimed meanwhile, or rows lost). Returns how many."""
    written = 0
    missing = undecided.unknown(session, uncounted_tables(session, league_id))
    for start in range(0, len(missing), batch):
        found = snapshots(session, missing[start : start + batch])
        counts = [table for table in found if outcome(table) is not None]
        # Listed without rows: the rest is undecided (a game in play), remembered.
        counted = {table.table_id for table in counts}
        undecided.remember(session, [table for table in found if table.table_id not in counted])
        lost = [table.table_id for table in counts if table.fresh]
        if lost:
            # Rows said to be derived at this version and missing: never a reader's
            # own doing since the compare-and-set; found, written and said.
            log.warning("league %s: tables %s counted without rows; written now", league_id, lost)
        if counts:
            written += len(write(session, league_id, counts))
    return written
