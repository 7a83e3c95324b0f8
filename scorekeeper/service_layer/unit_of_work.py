"""A unit of work: one database transaction around one use case."""

from __future__ import annotations

from sqlalchemy import Connection
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.service_layer.repository import GameRepository


class UnitOfWork:
    """``with UnitOfWork(factory) as uow: ...; uow.commit()``; the rest is rolled back."""

    session: Session
    games: GameRepository

    def __init__(self, session_factory: sessionmaker[Session]):
        self.session_factory = session_factory

    def __enter__(self) -> UnitOfWork:
        self.session = self.session_factory()
        self.games = GameRepository(self.session)
        return self

    def __exit__(self, *exc_info) -> None:
        self.session.rollback()
        self.session.close()

    @property
    def connection(self) -> Connection:
        """The transaction's connection, for Core statements: plain rows, no ORM bookkeeping."""
        return self.session.connection()

    def commit(self) -> None:
        self.session.commit()

    def rollback(self) -> None:
        self.session.rollback()
