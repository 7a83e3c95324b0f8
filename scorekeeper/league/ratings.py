"""Ratings: openskill's Plackett-Luce model replayed over a league's nights.

Pure bookkeeping over (table, member, place, side) rows, with no database: the
standings (league/standings.py) read the rows in order and keep the replayed
ratings in their cache.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby
from typing import Any

from openskill.models import PlackettLuce

RATING_MODEL = PlackettLuce()


@dataclass
class Ratings:
    """Ratings replayed night by night: after each night, every rated member's rating.

    ``placings[i]`` is night i's (table, member, place, side) rows; ``after[i]`` the
    model's ratings after it; ``changes[i]`` maps each member who played that
    night to (rating after, change that night), as the ordinal mu - 3 sigma.
    """

    nights: list[int] = field(default_factory=list)
    placings: list[tuple[tuple[int, int, int, int], ...]] = field(default_factory=list)
    after: list[dict[int, Any]] = field(default_factory=list)
    changes: list[dict[int, tuple[float, float]]] = field(default_factory=list)

    @cached_property
    def current(self) -> dict[int, float]:
        return {m: rating.ordinal() for m, rating in (self.after[-1] if self.after else {}).items()}

    def last_change(self, member: int) -> float | None:
        latest = self.changes[-1] if self.changes else {}
        return latest[member][1] if member in latest else None

    def history(self, member: int) -> dict[int, tuple[float, float]]:
        """Night id -> (rating after, change) for each night the member played."""
        return {
            night: changes[member]
            for night, changes in zip(self.nights, self.changes, strict=True)
            if member in changes
        }


def rate_night(
    ratings: dict[int, Any], placings: Sequence[tuple[int, int, int, int]]
) -> tuple[dict[int, Any], dict[int, tuple[float, float]]]:
    """The ratings after one night's tables, and each player's rating and change.

    Each table is one match of its sides (partners as one openskill team, everyone
    else a team of one), ranked by their places.
    """
    ratings = dict(ratings)
    before = {m: ratings[m].ordinal() if m in ratings else 0.0 for _, m, _, _ in placings}
    for _, rows in groupby(placings, key=lambda row: row[0]):
        sides: dict[int, list[tuple[int, int]]] = {}
        for _, member, place, side in rows:
            sides.setdefault(side, []).append((member, place))
        if len(sides) < 2:
            continue
        teams = [
            [ratings.get(member) or RATING_MODEL.rating() for member, _ in side]
            for side in sides.values()
        ]
        ranks = [side[0][1] for side in sides.values()]
        rated = RATING_MODEL.rate(teams, ranks=ranks)
        for side, new_team in zip(sides.values(), rated, strict=True):
            for (member, _), new in zip(side, new_team, strict=True):
                ratings[member] = new
    changes = {}
    for member, old in before.items():
        if member in ratings:
            new = ratings[member].ordinal()
            changes[member] = (new, new - old)
    return ratings, changes


def replay(previous: Ratings | None, nights: list[int], placings: list) -> Ratings:
    """Ratings for these nights, replaying only from the first night that differs."""
    keep = 0
    if previous is not None:
        for old_night, old, new_night, new in zip(
            previous.nights, previous.placings, nights, placings, strict=False
        ):
            if (old_night, old) != (new_night, new):
                break
            keep += 1
    result = Ratings(
        nights=list(nights),
        placings=list(placings),
        after=list(previous.after[:keep]) if previous else [],
        changes=list(previous.changes[:keep]) if previous else [],
    )
    current = result.after[-1] if result.after else {}
    for night_placings in placings[keep:]:
        current, changes = rate_night(current, night_placings)
        result.after.append(current)
        result.changes.append(changes)
    return result
