"""Database models.

Entries are the source of truth: a deal row keeps the entry exactly as it was
accepted, and every earlier version of a corrected or deleted deal is kept in
``deal_revisions``. Totals, winners and settlements are derived by the scoring
core on every read and never stored.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Stable constraint names so migrations can refer to them on every database.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored time with its zone: every one is UTC, and SQLite gives them back naive."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {dict[str, Any]: JSON, datetime: DateTime(timezone=True)}


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    # What links and the API use: 128+ bits from ``secrets``, URL-safe.
    public_id: Mapped[str] = mapped_column(String(43), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(20))
    preset: Mapped[str | None] = mapped_column(String(60))
    # Every option resolved, so a later change of a default never changes a game.
    options: Mapped[dict[str, Any]]
    stakes: Mapped[dict[str, Any] | None]
    first_dealer: Mapped[str] = mapped_column(String(40))
    title: Mapped[str | None] = mapped_column(String(120))
    # Partnership games only: the individual players in seat order (the players,
    # in ``seats`` below, are then the sides). Null elsewhere.
    seated_players: Mapped[list[str] | None] = mapped_column(JSON)
    # The table's early end (docs/rules.md section 15): {"split": bool}, or null while
    # the game is open or was finished by its own end rule. Reopening clears it.
    ending: Mapped[dict[str, Any] | None]
    # The table's language for its sheet and shared view (a code of web.common.i18n.LANGUAGES);
    # null: the reader's own.
    language: Mapped[str | None] = mapped_column(String(8))
    # Spoken names the deal reader knows ({"Priya": "Priyanka"}: word said -> a player's
    # or seated person's name), learned when the scorer places a word it could not.
    spoken_names: Mapped[dict[str, Any] | None]
    # Grows with every change; the ETag and If-Match compare it.
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan"
    )
    deals: Mapped[list[Deal]] = relationship(
        back_populates="game", order_by="Deal.number", cascade="all, delete-orphan"
    )

    @property
    def players(self) -> list[str]:
        return [seat.name for seat in self.seats]


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="seats")


class Deal(Base):
    __tablename__ = "deals"
    # The last line of defence against two phones storing the same deal.
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]
    entry: Mapped[dict[str, Any]]
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)
    recorded_by: Mapped[str | None] = mapped_column(String(80))

    game: Mapped[Game] = relationship(back_populates="deals")


class DealRevision(Base):
    """An earlier version of a deal, kept when it is corrected or deleted."""

    __tablename__ = "deal_revisions"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    entry: Mapped[dict[str, Any]]
    # "corrected" or "deleted": what happened to this version.
    action: Mapped[str] = mapped_column(String(20))
    recorded_at: Mapped[datetime]
    recorded_by: Mapped[str | None] = mapped_column(String(80))
    replaced_at: Mapped[datetime] = mapped_column(default=utcnow)
    replaced_by: Mapped[str | None] = mapped_column(String(80))


class IdempotencyRecord(Base):
    """A write sent with an Idempotency-Key (or a form's one-time key): what rebuilds its
    first answer (the deal it recorded, the version it made, a hash of the answer), kept
    for idempotency.IDEMPOTENCY_KEYS_KEPT."""

    __tablename__ = "idempotency_records"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(200))
    # A hash of the request body: the same key with another body is refused.
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    number: Mapped[int]  # the deal recorded
    version: Mapped[int]  # the game's version the first answer showed
    answer_hash: Mapped[str] = mapped_column(String(64))  # SHA-256 of the first answer
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class Circle(Base):
    """People who play together again and again (docs/circles.md): its members, the games
    played in it and the money records; balances and stats are derived on every read."""

    __tablename__ = "circles"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(43), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(80))
    currency: Mapped[str] = mapped_column(String(3))
    # Grows with every change to the circle itself; the version shown adds its games'.
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class CircleMember(Base):
    __tablename__ = "circle_members"
    __table_args__ = (UniqueConstraint("circle_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id", ondelete="CASCADE"))
    position: Mapped[int]  # join order
    name: Mapped[str] = mapped_column(String(40))
    # The words the circle's tables call them by ("Priya"), learned in its games and
    # given to each new game started from the circle (service_layer/circle_nicknames).
    spoken_names: Mapped[list[str] | None] = mapped_column(JSON)


class CircleGame(Base):
    """A game played in a circle. ``member_ids`` names the member in each of the game's
    places (its players, or a partnership game's seats), so a renamed member keeps
    their games while the game keeps the name that was typed."""

    __tablename__ = "circle_games"

    id: Mapped[int] = mapped_column(primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    member_ids: Mapped[list[int]] = mapped_column(JSON)
    added_at: Mapped[datetime] = mapped_column(default=utcnow)
    # A cache, as league_results is: the game's result as the circle reads it
    # (circle_views.stored_result), derived at the game's version ``result_version``;
    # a game whose version moved since is derived again on the circle's next read.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    result_version: Mapped[int | None]


class CircleRecord(Base):
    """An expense or a payment. A removed one is kept (``removed_at``) for the history
    and its undo; numbers count each kind apart and are never reused."""

    __tablename__ = "circle_records"
    __table_args__ = (
        UniqueConstraint("circle_id", "kind", "number"),
        UniqueConstraint("circle_id", "client_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circles.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))  # "expense" or "payment"
    number: Mapped[int]
    # The member who paid (the expense's payer, the payment's giver).
    payer_id: Mapped[int] = mapped_column(ForeignKey("circle_members.id"))
    # A payment's receiver; null for an expense.
    payee_id: Mapped[int | None] = mapped_column(ForeignKey("circle_members.id"))
    # An expense's sharers (member ids in member order); null for a payment.
    shared_by: Mapped[list[int] | None] = mapped_column(JSON)
    cents: Mapped[int]
    # How an expense is shared and in what money, as entered (service_layer.circle_checks):
    # {"split": "shares" | "exact" | "percent", "parts": [...in member order]} and/or
    # {"currency", "amount", "rate"} (``cents`` is then the amount at that rate); null
    # for an equal split in the circle's currency, and for a payment.
    terms: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(String(200))
    # A phone's one-time key (its outbox sends a record once however often it retries).
    client_key: Mapped[str | None] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    removed_at: Mapped[datetime | None]
