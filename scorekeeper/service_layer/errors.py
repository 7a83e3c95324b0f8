"""What a use case raises when it refuses: the pages and the JSON API each turn these into
their own answers (an error page, a problem+json document)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.service_layer.results import GameView


class ServiceError(Exception):
    """A use case refused; ``errors`` maps field paths to messages."""

    def __init__(self, detail: str, errors: Mapping[str, str] | None = None):
        super().__init__(detail)
        self.detail = detail
        self.errors = dict(errors or {})


class GameNotFound(ServiceError):
    pass


class DealNotFound(ServiceError):
    pass


class TokenMissing(ServiceError):
    pass


class TokenInvalid(ServiceError):
    pass


class InvalidInput(ServiceError):
    """Well-formed but breaks a rule: an unknown player, a value out of range ..."""


class Conflict(ServiceError):
    """The request does not fit the game as it now is; carries the current state."""

    def __init__(self, detail: str, game: GameView, errors: Mapping[str, str] | None = None):
        super().__init__(detail, errors)
        self.game = game


class IdempotencyKeyReused(ServiceError):
    """The same Idempotency-Key came back with a different request."""
