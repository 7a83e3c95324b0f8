"""Handicaps, as bridge clubs give them: 50 - the player's average percentage of late.

A game's percentage is the share of the opponents at the table a player beat, a tie
counting half: 100 x (beaten + ½ tied) / opponents (partners are not opponents). A
night's percentage is the mean of the player's games that night. A player's handicap
before a night is 50 - the mean of their last N night percentages before it (N is the
league's ``handicap_nights``, 6 unless set), over every season, so a new season starts
with the handicaps the last one ended with; with no night yet it is 0. A night's
handicapped percentage is its percentage plus the handicap the player brought to it,
and the handicap standing ranks the season's mean handicapped percentage.

Percentages, not points nor ratings: they mean the same in every game of the registry
and at tables of 2 to 8, and a handicap worked out from them can be checked by hand.
See docs/league.md. Standard library and the league's tables only: no Flask here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import groupby
from statistics import fmean

# What an average player scores, and so the handicap of a player who scores it.
PAR = 50.0
DEFAULT_NIGHTS = 6
MAX_NIGHTS = 52


def game_percentage(place: int, opponent_places: Sequence[int]) -> float:
    """100 x (opponents beaten + ½ opponents tied) / opponents; places are 1 for the best."""
    if not opponent_places:
        return PAR
    beaten = sum(1 for other in opponent_places if other > place)
    tied = sum(1 for other in opponent_places if other == place)
    return 100.0 * (beaten + tied / 2) / len(opponent_places)


def night_percentages(
    placings: Iterable[tuple[int, int, int, int]],
    extra: Iterable[tuple[int, float]] = (),
) -> dict[int, float]:
    """Each member's percentage for one night: the mean of their games' percentages.

    ``placings`` are the night's (table, member, place, side) rows, grouped by table;
    ``extra`` are games the director gave a percentage (member, percentage).
    """
    games: dict[int, list[float]] = {}
    for _, rows in groupby(placings, key=lambda row: row[0]):
        seated = list(rows)
        for _, member, place, side in seated:
            opponents = [p for _, m, p, s in seated if s != side]
            games.setdefault(member, []).append(game_percentage(place, opponents))
    for member, percentage in extra:
        games.setdefault(member, []).append(percentage)
    return {member: fmean(values) for member, values in games.items()}


def handicap(percentages: Sequence[float], nights: int) -> float:
    """50 - the mean of the last ``nights`` percentages; 0 with none yet."""
    latest = list(percentages)[-nights:] if nights > 0 else []
    return PAR - fmean(latest) if latest else 0.0


@dataclass(frozen=True)
class HandicapLine:
    member_id: int
    name: str
    # Nights of the season counted, the mean percentage and the mean handicapped one.
    nights: int
    average: float
    handicapped: float
    # What the player carried out of their last night of the season (into the next).
    handicap: float
    place: int | None = None


def handicap_lines(
    history: Sequence[tuple[int, Mapping[int, float]]],
    season_nights: set[int] | None,
    nights: int,
    names: Mapping[int, str],
) -> list[HandicapLine]:
    """Each member's handicap figures for the season (None: every night).

    ``history`` is every night of the league in the order played, as (night id, each
    member's percentage that night): a handicap carries over from season to season.
    """
    played: dict[int, list[float]] = {}
    counted: dict[int, list[tuple[float, float]]] = {}
    # After the player's last night of the season: a closed season's stays as it ended.
    carried: dict[int, float] = {}
    for night, percentages in history:
        for member, percentage in percentages.items():
            before = handicap(played.get(member, []), nights)
            played.setdefault(member, []).append(percentage)
            if season_nights is None or night in season_nights:
                counted.setdefault(member, []).append((percentage, percentage + before))
                carried[member] = handicap(played[member], nights)
    return [
        HandicapLine(
            member_id=member,
            name=names.get(member, "?"),
            nights=len(rows),
            average=fmean(p for p, _ in rows),
            handicapped=fmean(h for _, h in rows),
            handicap=carried[member],
        )
        for member, rows in counted.items()
    ]


def rank_handicapped(lines: Sequence[HandicapLine], ranked: set[int]) -> list[HandicapLine]:
    """Best handicapped percentage first, ties (to 0.01) sharing a place; members not in
    ``ranked`` (too few games for the league's minimum) listed after, unplaced."""

    def key(line: HandicapLine) -> float:
        return -round(line.handicapped, 2)

    ordered = sorted(lines, key=lambda line: (key(line), line.name.casefold()))
    placed: list[HandicapLine] = []
    for index, line in enumerate(line for line in ordered if line.member_id in ranked):
        same = placed and key(placed[-1]) == key(line)
        placed.append(replace(line, place=placed[-1].place if same else index + 1))
    return placed + [line for line in ordered if line.member_id not in ranked]
