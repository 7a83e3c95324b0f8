"""The games repository (after cosmicpython's ``adapters/repository.py``): ``add``,
``get`` and ``lock`` a game on a unit of work's transaction.

It is the one place a ``games`` row and its seats are mapped to and from a
``scoring.Setup`` (``game_row`` and ``setup_of``, which the league's import and
standings use too), and the one place the league reads games from: many at once for
an export (``many``, ``revisions``), and the pieces of SQL its standings and counts
ask about a game inside their own statements (``players_in``, ``has_deals``).

The statements every request runs are built once and run as Core on the
transaction's connection: building them anew, and the ORM's work around each
statement, cost more Python time than SQLite took to run them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Exists,
    ScalarSelect,
    bindparam,
    exists,
    func,
    outerjoin,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session

from scorekeeper import scoring
from scorekeeper.models import Circle, CircleGame, Deal, DealRevision, Game, Seat, utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.errors import GameNotFound

# PostgreSQL: each write tells the app servers' listeners which game changed (web.common.push).
CHANGES_CHANNEL = "scorekeeper_games"


@dataclass(frozen=True)
class StoredDeal:
    number: int
    entry: dict[str, Any]
    recorded_at: datetime
    recorded_by: str | None


@dataclass(frozen=True)
class Revision:
    """An earlier version of a corrected or deleted deal (``deal_revisions``)."""

    number: int
    entry: dict[str, Any]
    action: str
    recorded_at: datetime
    recorded_by: str | None
    replaced_at: datetime
    replaced_by: str | None


@dataclass(frozen=True)
class StoredGame:
    """What a use case needs of a stored game, read with two plain queries."""

    id: int
    public_id: str
    title: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    edit_token_hash: str
    setup: scoring.Setup
    deals: tuple[StoredDeal, ...] = field(default=())
    ending: dict[str, Any] | None = None
    language: str | None = None
    spoken_names: dict[str, str] | None = None
    # The edit token hash of the circle the game is in: its token changes the game too.
    circle_token_hash: str | None = None

    @property
    def entries(self) -> list[dict[str, Any]]:
        return [deal.entry for deal in self.deals]


@dataclass(frozen=True)
class Stamp:
    """A game's version and token hash, enough to answer from a kept view, and the
    circle it was played in (id, name) with its token hash: its page names the circle
    only to a phone holding that token, which may change the game too."""

    version: int
    edit_token_hash: str
    circle: tuple[str, str] | None = None
    circle_token_hash: str | None = None


# ---------------------------------------------------------------- the mapping

# The columns of a ``games`` row that ``setup_of`` reads (with the players), for a
# Core statement that reads setups.
SETUP_COLUMNS = (
    Game.variant,
    Game.preset,
    Game.options,
    Game.stakes,
    Game.first_dealer,
    Game.seated_players,
)


def setup_of(row: Any, players: Sequence[str] | None = None) -> scoring.Setup:
    """The setup a ``games`` row (an ORM ``Game`` or a Core row of its columns) holds;
    ``players`` in seat order, else the row's own seats."""
    return scoring.Setup(
        variant=row.variant,
        preset=row.preset,
        options=row.options,
        players=tuple(row.players if players is None else players),
        first_dealer=row.first_dealer,
        stakes=row.stakes,
        seats=None if row.seated_players is None else tuple(row.seated_players),
    )


def game_row(setup: scoring.Setup, **columns: Any) -> Game:
    """A new ``games`` row with its seats for ``setup``; ``columns`` gives the rest."""
    return Game(
        variant=setup.variant,
        preset=setup.preset,
        options=dict(setup.options),
        stakes=dict(setup.stakes) if setup.stakes is not None else None,
        first_dealer=setup.first_dealer,
        seated_players=None if setup.seats is None else list(setup.seats),
        seats=[Seat(position=i, name=name) for i, name in enumerate(setup.players)],
        **columns,
    )


# ---------------------------------------------------------------- the statements

# A game and its circle, if any: one at most (circle_games.game_id is unique).
_GAME_AND_CIRCLE = outerjoin(Game, CircleGame, CircleGame.game_id == Game.id).outerjoin(
    Circle, Circle.id == CircleGame.circle_id
)
_VERSION = select(Game.version).where(Game.public_id == bindparam("public_id"))
_STAMP = (
    select(
        Game.version,
        Game.edit_token_hash,
        Circle.public_id,
        Circle.name,
        Circle.edit_token_hash.label("circle_token_hash"),
    )
    .select_from(_GAME_AND_CIRCLE)
    .where(Game.public_id == bindparam("public_id"))
)
_NOTIFY = text(f"SELECT pg_notify('{CHANGES_CHANNEL}', :public_id)")
_BUMP_VERSION = (
    update(Game)
    .where(Game.public_id == bindparam("game_public_id"))
    .values(version=Game.version + 1, updated_at=bindparam("now"))
)
# The compare-and-set of a deal post (GameRepository.move): the version read, or nothing.
_MOVE_VERSION = (
    update(Game)
    .where(Game.id == bindparam("game_id"), Game.version == bindparam("read_version"))
    .values(version=Game.version + 1, updated_at=bindparam("now"))
)
_SETUP_AND_SEATS = (
    select(
        Game.id,
        Game.public_id,
        Game.title,
        Game.created_at,
        *SETUP_COLUMNS,
        Seat.name,
    )
    .join(Seat, Seat.game_id == Game.id)
    .where(Game.public_id == bindparam("public_id"))
    .order_by(Seat.position)
)
_VERSION_TOKEN_AND_DEALS = (
    select(
        Game.version,
        Game.updated_at,
        Game.edit_token_hash,
        Game.ending,
        Game.language,
        Game.spoken_names,
        Deal.number,
        Deal.entry,
        Deal.recorded_at,
        Deal.recorded_by,
        Circle.edit_token_hash.label("circle_token_hash"),
    )
    .select_from(_GAME_AND_CIRCLE.outerjoin(Deal, Deal.game_id == Game.id))
    .where(Game.id == bindparam("game_id"))
    .order_by(Deal.number)
)

# Many games by row id (a league's export): each statement over a batch of ids.
_IDS = bindparam("ids", expanding=True)
_SETUPS_AND_SEATS_OF_MANY = (
    select(
        Game.id,
        Game.public_id,
        Game.title,
        Game.version,
        Game.created_at,
        Game.updated_at,
        Game.edit_token_hash,
        Game.ending,
        Game.language,
        Game.spoken_names,
        *SETUP_COLUMNS,
        Seat.name,
    )
    .join(Seat, Seat.game_id == Game.id)
    .where(Game.id.in_(_IDS))
    .order_by(Game.id, Seat.position)
)
_DEALS_OF_MANY = (
    select(Deal.game_id, Deal.number, Deal.entry, Deal.recorded_at, Deal.recorded_by)
    .where(Deal.game_id.in_(_IDS))
    .order_by(Deal.game_id, Deal.number)
)
_REVISIONS_OF_MANY = (
    select(
        DealRevision.game_id,
        DealRevision.number,
        DealRevision.entry,
        DealRevision.action,
        DealRevision.recorded_at,
        DealRevision.recorded_by,
        DealRevision.replaced_at,
        DealRevision.replaced_by,
    )
    .where(DealRevision.game_id.in_(_IDS))
    .order_by(DealRevision.game_id, DealRevision.number, DealRevision.id)
)
# A long league's ids would overflow a database's bound parameters in one statement.
BATCH = 500


def players_in(game_id: ColumnElement[int]) -> ScalarSelect[int]:
    """How many players the game ``game_id`` has, as a subquery of another table's
    statement (a league's placings: a partnership game's players are its sides)."""
    return (
        select(func.count()).where(Seat.game_id == game_id).correlate_except(Seat).scalar_subquery()
    )


def has_deals(game_id: ColumnElement[int]) -> Exists:
    """Whether the game ``game_id`` has a deal recorded, inside another table's statement."""
    return exists().where(Deal.game_id == game_id)


def _batches(ids: Sequence[int]) -> list[list[int]]:
    ids = list(ids)
    return [ids[start : start + BATCH] for start in range(0, len(ids), BATCH)]


def _stored_game(
    head: Any,
    facts: Any,
    names: Sequence[str],
    deals: Iterable[StoredDeal],
    circle_token_hash: str | None = None,
) -> StoredGame:
    """A game from a row of its setup (``head``: id, public id, title, setup columns)
    and a row of what changes (``facts``: version, token, early end, language ...)."""
    return StoredGame(
        id=head.id,
        public_id=head.public_id,
        title=head.title,
        version=facts.version,
        created_at=head.created_at,
        updated_at=facts.updated_at,
        edit_token_hash=facts.edit_token_hash,
        setup=setup_of(head, names),
        deals=tuple(deals),
        ending=facts.ending,
        language=facts.language,
        spoken_names=facts.spoken_names,
        circle_token_hash=circle_token_hash,
    )


def _not_found(public_id: str) -> GameNotFound:
    return GameNotFound(message("There is no game %(game)r.", game=public_id))


class GameRepository:
    """The games of one unit of work's transaction."""

    def __init__(self, session: Session):
        self.session = session

    @property
    def connection(self) -> Connection:
        return self.session.connection()

    def add(self, setup: scoring.Setup, **columns: Any) -> StoredGame:
        """Add a game with a checked setup (the caller commits); ``columns`` as
        ``game_row`` takes them."""
        game = game_row(setup, **columns)
        self.session.add(game)
        self.session.flush()
        return StoredGame(
            id=game.id,
            public_id=game.public_id,
            title=game.title,
            version=game.version,
            created_at=game.created_at,
            updated_at=game.updated_at,
            edit_token_hash=game.edit_token_hash,
            setup=setup,
            language=game.language,
        )

    def version(self, public_id: str) -> int:
        version = self.connection.scalar(_VERSION, {"public_id": public_id})
        if version is None:
            raise _not_found(public_id)
        return version

    def versions(self, public_ids: list[str]) -> dict[str, int]:
        """The versions of the games of ``public_ids`` that exist, in one query."""
        rows = self.connection.execute(
            select(Game.public_id, Game.version).where(Game.public_id.in_(public_ids))
        )
        return {row.public_id: row.version for row in rows}

    def stamp(self, public_id: str) -> Stamp:
        row = self.connection.execute(_STAMP, {"public_id": public_id}).first()
        if row is None:
            raise _not_found(public_id)
        circle = None if row.public_id is None else (row.public_id, row.name)
        return Stamp(row.version, row.edit_token_hash, circle, row.circle_token_hash)

    def get(self, public_id: str) -> StoredGame:
        """Load a game in two statements, each one consistent snapshot.

        Seats and the setup never change after a game starts, so they may be read
        apart from the mutable part: the version, token, early end and deals, which
        come together in one statement so a concurrent write cannot tear them.
        """
        rows = self.connection.execute(_SETUP_AND_SEATS, {"public_id": public_id}).all()
        if not rows:
            raise _not_found(public_id)
        first = rows[0]
        mutable = self.connection.execute(_VERSION_TOKEN_AND_DEALS, {"game_id": first.id}).all()
        latest = mutable[0]
        deals = (
            StoredDeal(row.number, row.entry, row.recorded_at, row.recorded_by)
            for row in mutable
            if row.number is not None
        )
        names = [row.name for row in rows]
        return _stored_game(first, latest, names, deals, latest.circle_token_hash)

    def many(self, game_ids: Sequence[int]) -> dict[int, StoredGame]:
        """Games by row id (those that exist), with their deals: two statements a batch."""
        found: dict[int, StoredGame] = {}
        for batch in _batches(game_ids):
            deals: dict[int, list[StoredDeal]] = {}
            for row in self.connection.execute(_DEALS_OF_MANY, {"ids": batch}):
                deals.setdefault(row.game_id, []).append(
                    StoredDeal(row.number, row.entry, row.recorded_at, row.recorded_by)
                )
            rows = self.connection.execute(_SETUPS_AND_SEATS_OF_MANY, {"ids": batch}).all()
            for game_id, seats in groupby(rows, key=lambda row: row.id):
                seated = list(seats)
                names = [row.name for row in seated]
                found[game_id] = _stored_game(seated[0], seated[0], names, deals.get(game_id, ()))
        return found

    def revisions(self, game_ids: Sequence[int]) -> dict[int, list[Revision]]:
        """Each game's earlier versions of its corrected or deleted deals, by deal
        number, each deal's oldest first."""
        found: dict[int, list[Revision]] = {}
        for batch in _batches(game_ids):
            for row in self.connection.execute(_REVISIONS_OF_MANY, {"ids": batch}):
                game_id, *fields = row
                found.setdefault(game_id, []).append(Revision(*fields))
        return found

    def lock(self, public_id: str) -> StoredGame:
        """Take the game's write lock by bumping its version, then load it.

        The UPDATE is the transaction's first statement: SQLite takes its write
        lock here (waiting up to busy_timeout), PostgreSQL locks the row, so no
        other writer of this game can interleave with what follows.
        """
        result = self.connection.execute(
            _BUMP_VERSION, {"game_public_id": public_id, "now": utcnow()}
        )
        if result.rowcount == 0:
            raise _not_found(public_id)
        if self.connection.dialect.name == "postgresql":
            # Heard by every app server's watchers once (and only if) this transaction commits.
            self.connection.execute(_NOTIFY, {"public_id": public_id})
        return self.get(public_id)

    def move(self, game: StoredGame, now: datetime) -> bool:
        """Raise ``game``'s version by one if it is still the one read (compare and set):
        a writer that checked and derived everything from that reading beforehand then
        holds SQLite's write lock (PostgreSQL's row lock) only for its few writes. False
        if another writer moved it first (nothing written)."""
        moved = self.connection.execute(
            _MOVE_VERSION, {"game_id": game.id, "read_version": game.version, "now": now}
        )
        if moved.rowcount != 1:
            return False
        if self.connection.dialect.name == "postgresql":
            self.connection.execute(_NOTIFY, {"public_id": game.public_id})
        return True
