"""The checks a change to a game's deals shares (services.py): the deal number a phone
claims, the scoring core's refusals as the service's, and the commit that keeps the
answer's view."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sqlalchemy.exc import IntegrityError

from scorekeeper import scoring
from scorekeeper.scoring.messages import Message, message
from scorekeeper.service_layer.errors import Conflict, InvalidInput
from scorekeeper.service_layer.repository import StoredGame
from scorekeeper.service_layer.results import GameView, keep_view, view_of
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def check_claimed_number(uow: UnitOfWork, game: StoredGame, entry: Any, next_number: int) -> None:
    if not isinstance(entry, Mapping) or "number" not in entry:
        return
    claimed = entry["number"]
    if isinstance(claimed, bool) or not isinstance(claimed, int) or claimed < 1:
        raise InvalidInput(
            "The deal number must be a whole number from 1.", {"number": "must be a whole number"}
        )
    if claimed < next_number:
        raise Conflict(
            message(
                "Deal %(claimed)s has already been recorded; the next deal is deal %(next)s.",
                claimed=claimed,
                next=next_number,
            ),
            fresh_view(uow, game.public_id),
            {"number": message("deal %(number)s exists already", number=claimed)},
        )
    if claimed > next_number:
        raise InvalidInput(
            message(
                "The next deal is deal %(next)s, not deal %(claimed)s.",
                next=next_number,
                claimed=claimed,
            ),
            {"number": message("the next deal is deal %(next)s", next=next_number)},
        )


def commit_or_conflict(uow: UnitOfWork, view: GameView) -> None:
    try:
        uow.commit()
    except IntegrityError:
        # Only reachable if the row lock was bypassed; the constraint held.
        raise Conflict(
            "Another phone recorded this deal first.", fresh_view(uow, view.public_id)
        ) from None
    keep_view(view)


@contextmanager
def scoring_refusals(
    uow: UnitOfWork, public_id: str, *, over: Message, refused: Message
) -> Iterator[None]:
    """The scoring core's refusals as the service's: a game over is a Conflict carrying
    the game as it is now, any other an InvalidInput; ``over`` and ``refused`` are the
    details where the core gives none."""
    try:
        yield
    except scoring.GameOverError as exc:
        raise Conflict(exc.detail or over, fresh_view(uow, public_id), exc.errors) from None
    except scoring.ScoringError as exc:
        raise InvalidInput(exc.detail or refused, exc.errors) from None


def fresh_view(uow: UnitOfWork, public_id: str) -> GameView:
    """Drop this transaction's changes and load the game as it is now."""
    uow.rollback()
    return view_of(uow.games.get(public_id))
