"""Gin's final score of a game, in its parts: the one place that arithmetic is done,
for the core (gin.py), the board and the sheet (gin_paper.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class FinalPart:
    """How one player's final score of a gin game is made: points + boxes x the box
    bonus + the game bonus (the winner's), doubled for a shutout (the loser won no box)."""

    __slots__ = ("box_points", "boxes", "game_bonus", "made", "points", "shutout")

    def __init__(self, points: int, boxes: int, won: bool, shutout: bool, rules: Any) -> None:
        self.points = points
        self.boxes = boxes
        self.box_points = boxes * rules["box_bonus"]
        self.game_bonus = rules["game_bonus"] if won else 0
        self.made = points + self.box_points + self.game_bonus  # before any doubling
        self.shutout = shutout

    @property
    def final(self) -> int:
        return 2 * self.made if self.shutout else self.made


def final_parts(
    points: Sequence[int], boxes: Sequence[int], winner: int | None, rules: Any
) -> tuple[FinalPart, ...]:
    """Each player's final score of a game ``winner`` won (None: not over), in parts:
    the one place gin's final arithmetic is done, for the core, the board and the sheet."""
    return tuple(
        FinalPart(
            points[seat],
            boxes[seat],
            seat == winner,
            seat == winner and bool(rules["shutout_double"]) and boxes[1 - seat] == 0,
            rules,
        )
        for seat in (0, 1)
    )
