"""Ids, edit tokens and request fingerprints: who may change a game, and what a
repeated request is."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.errors import TokenInvalid, TokenMissing


def new_public_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_edit_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def hash_token(token: str) -> str:
    # The token is random and long, so a fast hash is enough: nothing to guess.
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, token_hash: str) -> bool:
    if not token:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def fingerprint(payload: Any) -> str:
    """A stable hash of a JSON-like request, for Idempotency-Key checks."""
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


class Vouched:
    """In place of an edit token: the caller has checked the right to change the game
    itself (a league's organizer typing a table's paper sheet). No request makes one."""


VOUCHED = Vouched()


def authorize(
    token_hash: str, token: str | Vouched | None, circle_token_hash: str | None = None
) -> None:
    """Refuse a change without the game's edit token, the edit token of the circle it is
    in (its members score any of its games from one link), or the caller's vouching."""
    if token is VOUCHED:
        return
    if not token:
        raise TokenMissing(message("Changing a game needs its edit token."))
    if not may_change(token, token_hash, circle_token_hash):
        raise TokenInvalid(message("That is not this game's edit token."))


def may_change(token: str | None, token_hash: str, circle_token_hash: str | None) -> bool:
    """Whether ``token`` is the game's own edit token or its circle's."""
    if token_matches(token, token_hash):
        return True
    return circle_token_hash is not None and token_matches(token, circle_token_hash)
