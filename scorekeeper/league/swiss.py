"""Swiss as directors know it: tie-breaks for the night's order, Baku acceleration and
why each table of a round was seated as it was. Pure functions over member ids.

The published rules followed, where a game without colours at tables of 2 to 4 lets
them apply (docs/league.md, "Swiss", says where this departs from them):

- FIDE Handbook C.07 (tie-break regulations): Buchholz is the sum of the opponents'
  scores; Sonneborn-Berger the sum of the scores of the opponents beaten and half of
  those drawn. At a table of four each player has three opponents: each counts, as
  three games of one round would.
- FIDE Handbook C.04.5.1 (Baku acceleration): the first half (rounded up) of the
  players, rounded up to an even number, are group A; in the accelerated rounds (the
  first half of the rounds, rounded up) group A is paired with virtual points: a win
  in the first half of those rounds (rounded up), half a win in the rest.
- FIDE Handbook C.04.3 (Dutch): score groups from the top, a player moved to another
  score group is a float; there are no colours, so no colour rule applies.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# The tie-breaks a league may order equal scores by (the rating: the season's).
TIEBREAKS = ("buchholz", "sonneborn", "rating")

# One table's result: (member, place), place 1 first; equal places are a tie.
Result = Sequence[tuple[int, int]]


def scores_of(results: Sequence[Result]) -> dict[int, float]:
    """Players beaten at each table, summed: a table's winner at four scores 3."""
    scores: dict[int, float] = {}
    for table in results:
        for member, place in table:
            beaten = sum(other > place for _m, other in table)
            scores[member] = scores.get(member, 0) + beaten
    return scores


def buchholz(results: Sequence[Result], scores: Mapping[int, float]) -> dict[int, float]:
    """Each player's opponents' scores summed, an opponent once per table shared."""
    totals: dict[int, float] = {}
    for table in results:
        for member, _place in table:
            others = sum(scores.get(m, 0) for m, _p in table if m != member)
            totals[member] = totals.get(member, 0) + others
    return totals


def sonneborn_berger(results: Sequence[Result], scores: Mapping[int, float]) -> dict[int, float]:
    """The scores of the opponents each player beat, and half those they tied with."""
    totals: dict[int, float] = {}
    for table in results:
        for member, place in table:
            won = sum(scores.get(m, 0) for m, p in table if m != member and p > place)
            tied = sum(scores.get(m, 0) for m, p in table if m != member and p == place)
            totals[member] = totals.get(member, 0) + won + tied / 2
    return totals


def tiebreaks(
    kind: str,
    results: Sequence[Result],
    scores: Mapping[int, float],
    ratings: Mapping[int, float],
) -> dict[int, float]:
    """The league's tie-break for each player (higher is better)."""
    if kind == "sonneborn":
        return sonneborn_berger(results, scores)
    if kind == "rating":
        return dict(ratings)
    return buchholz(results, scores)


def group_a(by_rating: Sequence[int]) -> set[int]:
    """Baku's group A: the first half of the players, rounded up to an even number."""
    return set(by_rating[: 2 * math.ceil(len(by_rating) / 4)])


def accelerated_rounds(rounds: int) -> int:
    """Baku: the first half of the rounds (rounded up) are accelerated."""
    return math.ceil(rounds / 2)


def virtual_share(round_number: int, rounds: int) -> float:
    """Group A's virtual points for seating ``round_number``, as a share of a win:
    1 in the first half (rounded up) of the accelerated rounds, then 0.5, then 0."""
    accelerated = accelerated_rounds(rounds)
    if round_number <= math.ceil(accelerated / 2):
        return 1.0
    return 0.5 if round_number <= accelerated else 0.0


@dataclass(frozen=True)
class Why:
    """Why a table was seated so: its score group (the score most of it has, the
    higher among as many) and its floats, each (member, score) from another group."""

    group: float
    floats: tuple[tuple[int, float], ...]


def explain(tables: Sequence[Sequence[int]], scores: Mapping[int, float]) -> list[Why]:
    """For each table, its score group and who floated into it (up or down)."""
    whys = []
    for table in tables:
        counts: dict[float, int] = {}
        for member in table:
            score = scores.get(member, 0)
            counts[score] = counts.get(score, 0) + 1
        group = max(counts, key=lambda s: (counts[s], s)) if counts else 0
        floats = tuple(
            (member, scores.get(member, 0)) for member in table if scores.get(member, 0) != group
        )
        whys.append(Why(group, floats))
    return whys
