"""A published league's version: one string that changes whenever anything its public
pages show may have changed, so those pages are made once per version.

It is read with a few small queries (milliseconds) where the standings take a second or
two of CPU on a large league: the league's own row (its settings, its revision), every
row of its members, nights, planned nights and their answers, adjustments and closed
seasons, the count and last entry of its log, and,
for its tables, how many there are, how many have deals, and the sums of their
revisions and of the game versions their result rows were derived at (a finished
game, a correction, a confirmation moves one of them).

A deal of a game still in play moves none of these: the pages show counted games, and
which tables are in play, not the deals of a game in play. So a club night's twenty
readers a second get the kept page while its fifty tables post their deals, and a
finished game shows at once (``refresh`` writes its rows first, moving its sum).

Twenty readers a second are twenty times those queries, each statement a wait for the
database and then for the process's interpreter lock behind whatever else runs there
(a table's deal post among them). So a process works a league's version out once at a
time: a reader that comes while it is being worked out waits, and takes the next one
worked out, which began after it came (never one begun before: a table counted just
before the reader came is in it), shared by every reader that waited with it.
"""

from __future__ import annotations

import hashlib
import itertools
import threading
from datetime import date

from cachetools import LRUCache
from sqlalchemy import Select, bindparam, func, literal_column, select, true, type_coerce
from sqlalchemy.orm import Session
from sqlalchemy.types import NullType

from scorekeeper.league.access import readable
from scorekeeper.league.counting import refresh
from scorekeeper.league.models import (
    Adjustment,
    Answer,
    LeagueTable,
    LogEntry,
    Member,
    Night,
    PlannedNight,
    SeasonArchive,
)
from scorekeeper.service_layer.repository import has_deals
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# Rows whose every column a public page may show (all of them small, per league).
SHOWN_ROWS = (Member, Night, PlannedNight, Adjustment, SeasonArchive)


class Coalesced:
    """One league version worked out at a time per process and league, each shared by
    the readers that came before it began (see the module's docstring)."""

    def __init__(self, size: int = 1000):
        self.tickets = itertools.count()  # orders comings and beginnings
        self.last: LRUCache[tuple, tuple[int, str]] = LRUCache(maxsize=size)
        self.locks: LRUCache[tuple, threading.Lock] = LRUCache(maxsize=size)
        self.guard = threading.Condition()
        self.waiting = 0  # readers waiting for a version (tests watch it)

    def version(self, key: tuple, work_out) -> str:
        came = next(self.tickets)
        with self.guard:
            lock = self.locks.get(key) or self.locks.setdefault(key, threading.Lock())
            self.waiting += 1
            self.guard.notify_all()
        with lock:
            with self.guard:
                self.waiting -= 1
                found = self.last.get(key)
            if found is not None and found[0] > came:
                return found[1]
            began = next(self.tickets)
            version = work_out()
            with self.guard:
                self.last[key] = (began, version)
            return version


coalesced = Coalesced()


def public_version(uow: UnitOfWork, public_id: str) -> str:
    """The published league's version, as an anonymous reader sees it (NotFound where
    the league is not published). Today's date is part of it: "upcoming" moves."""
    database = str(uow.session_factory.kw.get("bind").url)
    return coalesced.version((database, public_id), lambda: _worked_out(uow, public_id))


def _worked_out(uow: UnitOfWork, public_id: str) -> str:
    with uow:
        session = uow.session
        league, _manage = readable(session, public_id, None)
        # Results of games played since are written first, as the standings do: writing
        # them moves the league's revision, which the page made next would show.
        refresh(session, league.id)
        digest = hashlib.sha256()
        _feed(digest, [getattr(league, c.key) for c in league.__mapper__.column_attrs])
        given = {"league_id": league.id}
        if session.get_bind().dialect.name == "postgresql":
            # One round trip, not eight: each is a wait for the server and then for this
            # process's interpreter lock, behind the tables' posts and the pages made
            # (a club night's standings answered in 50 ms to 0.3 s here, 10 ms on SQLite).
            _feed(digest, tuple(session.execute(_IN_ONE, given).one()))
        else:
            for query in _SHOWN:
                _feed(digest, _values(session.execute(query, given)))
            _feed(digest, _tables(session, league.id))
            _feed(digest, session.execute(_LOG, given).one())
        _feed(digest, date.today())
        return digest.hexdigest()


def _values(rows) -> list[tuple]:
    """Rows as plain tuples: a Row's repr is several times slower than a tuple's (a
    league's two hundred members are read at every reader's version)."""
    return [tuple(row) for row in rows]


def _stored(table) -> list:
    """``table``'s columns as the database stores them: a version only compares them, so
    none is decoded (a JSON list, a date), which was most of a version's CPU."""
    return [type_coerce(column, NullType()).label(column.name) for column in table.columns]


def _shown(model) -> Select:
    rows = model.__table__
    league = bindparam("league_id")
    return (
        select(*_stored(rows)).where(rows.c.league_id == league).order_by(*rows.primary_key.columns)
    )


# Built once: a statement made anew at each reader's version is its construction and
# cache key again (a few hundred microseconds each, twenty readers a second).
_SHOWN = (
    *(_shown(model) for model in SHOWN_ROWS),
    select(*_stored(Answer.__table__))
    .select_from(Answer)
    .join(PlannedNight, PlannedNight.id == Answer.planned_night_id)
    .where(PlannedNight.league_id == bindparam("league_id"))
    .order_by(Answer.id),
)
_LOG = select(func.count(), func.max(LogEntry.id)).where(
    LogEntry.league_id == bindparam("league_id")
)
_TABLES = (
    select(
        func.count(LeagueTable.id),
        func.coalesce(func.sum(LeagueTable.revision), 0),
        func.coalesce(func.sum(LeagueTable.cached_version), 0),
        func.coalesce(func.max(LeagueTable.id), 0),
        func.count(LeagueTable.id).filter(has_deals(LeagueTable.game_id)),
    )
    .select_from(LeagueTable)
    .join(Night, Night.id == LeagueTable.night_id)
    .where(Night.league_id == bindparam("league_id"))
)


def _hashed(rows, name: str, league_id) -> Select:
    """PostgreSQL's hash of a league's rows (``rows``, named ``name`` in it), each row as
    its text, in order of id."""
    hashed = literal_column(f"md5(string_agg({name}::text, ',' ORDER BY {name}.id))")
    return select(hashed).select_from(rows).where(league_id == bindparam("league_id"))


def _answers_hashed() -> Select:
    answers = Answer.__table__.alias("a")
    planned = PlannedNight.__table__.alias("p")
    rows = answers.join(planned, planned.c.id == answers.c.planned_night_id)
    return _hashed(rows, "a", planned.c.league_id)


# The same rows, sums and counts as above, as PostgreSQL hashes and adds them up itself.
_SUMS, _COUNT = _TABLES.subquery(), _LOG.subquery()
_IN_ONE = select(
    *(
        _hashed(rows, "t", rows.c.league_id).scalar_subquery().label(f"{model.__tablename__}")
        for model in SHOWN_ROWS
        for rows in [model.__table__.alias("t")]
    ),
    _answers_hashed().scalar_subquery().label("answers"),
    *_SUMS.c,
    *_COUNT.c,
).select_from(_SUMS.join(_COUNT, true()))  # one row each: the join is that row


def _tables(session: Session, league_id: int) -> tuple:
    return tuple(session.execute(_TABLES, {"league_id": league_id}).one())


def _feed(digest, value: object) -> None:
    digest.update(repr(value).encode("utf-8", "surrogatepass"))
    digest.update(b"\x00")


def public_size(uow: UnitOfWork, public_id: str) -> int:
    """How big the published league's pages are to make: its members and its tables
    (games), counted (two indexed counts; NotFound where it is not published)."""
    with uow:
        session = uow.session
        league, _manage = readable(session, public_id, None)
        members = session.scalar(select(func.count(Member.id)).where(Member.league_id == league.id))
        return members + _tables(session, league.id)[0]
