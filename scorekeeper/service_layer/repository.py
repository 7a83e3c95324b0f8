"""The games repository (after cosmicpython's ``adapters/repository.py``): ``add``,
``get`` and ``lock`` a game on a unit of work's transaction.

It is the one place a ``games`` row and its seats are mapped to and from a
``scoring.Setup`` (``game_row`` and ``setup_of``, which the league's import and
standings use too). The statements every request runs are built once and run as
Core on the transaction's connection: building them anew, and the ORM's work around
each statement, cost more Python time than SQLite took to run them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select, text, update
from sqlalchemy.orm import Session

from scorekeeper import scoring
from scorekeeper.models import Circle, CircleGame, Deal, Game, Seat, utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.errors import GameNotFound

# PostgreSQL: each write tells the app servers' listeners which game changed (web.push).
CHANGES_CHANNEL = "scorekeeper_games"


@dataclass(frozen=True)
class StoredDeal:
    number: int
    entry: dict[str, Any]
    recorded_at: datetime
    recorded_by: str | None


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

_VERSION = select(Game.version).where(Game.public_id == bindparam("public_id"))
_STAMP = (
    select(
        Game.version,
        Game.edit_token_hash,
        Circle.public_id,
        Circle.name,
        Circle.edit_token_hash.label("circle_token_hash"),
    )
    .select_from(Game)
    # A game is in one circle at most (circle_games.game_id is unique).
    .outerjoin(CircleGame, CircleGame.game_id == Game.id)
    .outerjoin(Circle, Circle.id == CircleGame.circle_id)
    .where(Game.public_id == bindparam("public_id"))
)
_NOTIFY = text(f"SELECT pg_notify('{CHANGES_CHANNEL}', :public_id)")
_BUMP_VERSION = (
    update(Game)
    .where(Game.public_id == bindparam("game_public_id"))
    .values(version=Game.version + 1, updated_at=bindparam("now"))
)
_SETUP_AND_SEATS = (
    select(
        Game.id,
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
    .select_from(Game)
    .outerjoin(CircleGame, CircleGame.game_id == Game.id)
    .outerjoin(Circle, Circle.id == CircleGame.circle_id)
    .outerjoin(Deal, Deal.game_id == Game.id)
    .where(Game.id == bindparam("game_id"))
    .order_by(Deal.number)
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
        return StoredGame(
            id=first.id,
            public_id=public_id,
            title=first.title,
            version=latest.version,
            created_at=first.created_at,
            updated_at=latest.updated_at,
            edit_token_hash=latest.edit_token_hash,
            setup=setup_of(first, [row.name for row in rows]),
            ending=latest.ending,
            language=latest.language,
            spoken_names=latest.spoken_names,
            circle_token_hash=latest.circle_token_hash,
            deals=tuple(
                StoredDeal(row.number, row.entry, row.recorded_at, row.recorded_by)
                for row in mutable
                if row.number is not None
            ),
        )

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
