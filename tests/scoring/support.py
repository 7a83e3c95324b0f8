"""Helpers for the scoring tests: a setup in one line, a game from its entries."""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring import GameState, ScoringError, Setup, derive, make_setup

FOUR = ("Ann", "Bob", "Cy", "Dee")


def game_setup(
    variant: str, players=FOUR, *, stakes: Any = None, first_dealer=None, **options
) -> Setup:
    return make_setup(
        variant=variant,
        players=list(players),
        options=options,
        stakes=stakes,
        first_dealer=first_dealer,
    )


def play(setup: Setup, *entries: dict) -> GameState:
    return derive(setup, list(entries))


def errors_of(call, *args, **kwargs) -> dict[str, str]:
    """The field errors ``call`` raises (it must raise ScoringError)."""
    try:
        call(*args, **kwargs)
    except ScoringError as error:
        return error.errors
    raise AssertionError(f"{call.__name__} accepted it")


def out(player: str | None, **hands: int) -> dict:
    """An out-and-hands entry: out("Ann", Bob=10, Cy=5)."""
    return {"out": player, "hands": hands}


def melded(player: str | None, melds: dict[str, int], hands: dict[str, int]) -> dict:
    return {"out": player, "melds": melds, "hands": hands}
