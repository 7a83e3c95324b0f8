"""Idempotency-Keys of deal posts (docs/security.md): a repeat of the same request gets
the first answer and stores nothing; the same key with another request is refused."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import timedelta

from sqlalchemy import delete, insert, select

from scorekeeper.models import IdempotencyRecord, utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.errors import IdempotencyKeyReused
from scorekeeper.service_layer.results import GameView, RecordedDeal, view_of
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# How long a write's Idempotency-Key is remembered (docs/security.md): a phone retries
# within seconds or, offline, within an evening. Each key row holds no answer, only what
# rebuilds it: the deal's number, the version it made and a hash of the answer.
IDEMPOTENCY_KEYS_KEPT = timedelta(hours=24)


def earlier_answer(
    uow: UnitOfWork, game_id: int, public_id: str, key: str, request_fingerprint: str
) -> RecordedDeal | None:
    """The first answer to this key, rebuilt; None for a key not seen in its time."""
    earlier = uow.session.scalar(
        select(IdempotencyRecord).where(
            IdempotencyRecord.game_id == game_id,
            IdempotencyRecord.key == key,
            IdempotencyRecord.created_at >= utcnow() - IDEMPOTENCY_KEYS_KEPT,
        )
    )
    if earlier is None:
        return None
    if earlier.fingerprint != request_fingerprint:
        raise IdempotencyKeyReused(
            message("This Idempotency-Key was used for a different request."),
            {"Idempotency-Key": message("was used before with another body")},
        )
    return _replay(uow, public_id, earlier)


def keep_key(
    uow: UnitOfWork, game_id: int, key: str, request_fingerprint: str, view: GameView
) -> None:
    """Remember the key with what rebuilds its answer; forget every key past its time."""
    now = utcnow()
    uow.connection.execute(
        delete(IdempotencyRecord).where(IdempotencyRecord.created_at < now - IDEMPOTENCY_KEYS_KEPT)
    )
    uow.connection.execute(
        insert(IdempotencyRecord).values(
            game_id=game_id,
            key=key,
            fingerprint=request_fingerprint,
            status=201,
            number=len(view.entries),
            version=view.version,
            answer_hash=hashlib.sha256(view.json.encode()).hexdigest(),
            created_at=now,
        )
    )


def _replay(uow: UnitOfWork, public_id: str, earlier: IdempotencyRecord) -> RecordedDeal:
    """The first answer again, rebuilt from the game: the game as that deal left it, byte
    for byte while the deals up to it stand as they were; else the game as it is now."""
    number, version, answer_hash = earlier.number, earlier.version, earlier.answer_hash
    uow.rollback()
    game = uow.games.get(public_id)
    now = view_of(game)
    if now.version == version or not 1 <= number <= len(game.deals):
        return RecordedDeal(game=now, replayed_body=now.json)
    then = view_of(
        replace(game, version=version, updated_at=game.deals[number - 1].recorded_at, ending=None),
        game.entries[:number],
    )
    if hashlib.sha256(then.json.encode()).hexdigest() == answer_hash:
        return RecordedDeal(game=now, replayed_body=then.json)
    return RecordedDeal(game=now, replayed_body=now.json)
