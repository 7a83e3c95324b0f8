"""The only exceptions the scoring core raises for bad input."""

from __future__ import annotations

from collections.abc import Mapping

from .messages import message


class ScoringError(ValueError):
    """Input that breaks a rule; ``errors`` maps each field path to a message."""

    def __init__(self, errors: Mapping[str, str], detail: str | None = None):
        self.errors = dict(errors)
        self.detail = detail
        super().__init__(str(self))

    def __str__(self) -> str:
        return "; ".join(f"{path}: {message}" for path, message in self.errors.items())

    def prefixed(self, number: int) -> ScoringError:
        """The same error found in deal ``number`` while re-checking later deals."""
        return ScoringError(
            {
                f"deals.{number}.{path}": message(
                    "deal %(number)s: %(message)s", number=number, message=msg
                )
                for path, msg in self.errors.items()
            },
            message("The correction would make deal %(number)s invalid.", number=number),
        )


class GameOverError(ScoringError):
    """An entry after the game has ended."""
