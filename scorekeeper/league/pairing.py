"""Seating the next round of a night from the rounds played: Swiss, king of the hill
or random, and who sits out. Pure functions over member ids, as ``seating``'s are.

Swiss (docs/league.md, "Rounds"): players are ranked by tonight's score (ties by
chance); tables are filled from the top, each taking the best-ranked player left and
companions among the next few in the ranking. A companion already met tonight is
refused outright, and the search goes back to an earlier table when a later one cannot
be filled without such a repeat; among the companions that fit, the pair counts of the
season (how often two have met) choose the fewest repeats, then the nearest standing.
Only when no seating avoids tonight's repeats (or the search runs past its budget) is
the seating with the fewest repeats taken, by swaps.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.league.seating import (
    choose_byes,
    chunk,
    improve_by_swaps,
    pair_key,
    seat_random,
)

METHODS = ("swiss", "king", "random")
# Companions are first looked for among this many times (table size - 1) players
# ranked next: similar standing. The whole field is searched only when that fails.
WINDOW = 3
# Groups looked at before the search gives up on a seating free of tonight's repeats
# (under two seconds at 40 players, spent only when no such seating exists or it is
# hard to find; a search that finds one looks at a few thousand).
BUDGET = 200_000
# A pair met tonight weighs more than any number of the season's meetings.
TONIGHT = 1000
# A never-pair weighs as this many meetings tonight: kept apart before any repeat.
NEVER = 1000

Met = Mapping[tuple[int, int], int]


def pairs_met(tables: Sequence[Sequence[int]]) -> dict[tuple[int, int], int]:
    """How often each pair sat at one table of ``tables``."""
    met: dict[tuple[int, int], int] = {}
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            key = pair_key(a, b)
            met[key] = met.get(key, 0) + 1
    return met


def repeats(tables: Sequence[Sequence[int]], met: Met) -> int:
    """Pairs of ``tables`` that ``met`` says have met already."""
    return sum(1 for key in pairs_met(tables) if met.get(key, 0))


def _fits(group: Sequence[int], tonight: Met) -> bool:
    return not any(tonight.get(pair_key(a, b), 0) for a, b in itertools.combinations(group, 2))


def _season_cost(group: Sequence[int], season: Met) -> int:
    return sum(season.get(pair_key(a, b), 0) for a, b in itertools.combinations(group, 2))


def _companions(
    leader: int, rest: Sequence[int], size: int, tonight: Met, season: Met, spent: list[int]
) -> Iterator[tuple[int, ...]]:
    """Companions for ``leader`` that meet nobody again tonight: first among the
    nearest in the ranking (fewest season meetings, then nearest standing), then any.
    ``spent[0]`` counts the groups looked at; past ``spent[1]`` the search stops."""
    rank = {member: i for i, member in enumerate(rest)}
    near = rest[: WINDOW * (size - 1)]
    tried: set[tuple[int, ...]] = set()
    for pool in (near, rest):
        found = []
        for combo in itertools.combinations(pool, size - 1):
            spent[0] += 1
            if spent[0] > spent[1]:
                return
            if combo not in tried and _fits((leader, *combo), tonight):
                found.append(combo)
        found.sort(key=lambda c: (_season_cost((leader, *c), season), sum(rank[m] for m in c)))
        for combo in found:
            tried.add(combo)
            yield combo
        if len(pool) == len(rest):
            break


def seat_swiss(
    members: Sequence[int],
    sizes: Sequence[int],
    scores: Mapping[int, float],
    tonight: Met,
    season: Met,
    rng: random.Random,
    *,
    budget: int = BUDGET,
    tiebreak: Mapping[int, float] | None = None,
) -> list[list[int]]:
    """Similar standing tonight at one table, nobody met tonight again where that can
    be avoided, the season's repeats kept few (the module's docstring says how).
    Equal scores are ranked by ``tiebreak`` (higher first), then by chance.
    Table 1 is the top table; tables of unequal sizes may come in another order."""
    broken = tiebreak or {}
    order = sorted(
        members,
        key=lambda member: (-scores.get(member, 0), -broken.get(member, 0), rng.random()),
    )
    spent = [0, budget]

    def fill(remaining: list[int], left_sizes: list[int]) -> list[list[int]] | None:
        if not left_sizes:
            return []
        if spent[0] > budget:
            return None
        leader, rest = remaining[0], remaining[1:]
        # The table's size as given first; another size where the leader fits only there.
        for size in dict.fromkeys(left_sizes):
            after_sizes = list(left_sizes)
            after_sizes.remove(size)
            for combo in _companions(leader, rest, size, tonight, season, spent):
                after = fill([m for m in rest if m not in combo], after_sizes)
                if after is not None:
                    return [[leader, *combo], *after]
        return None

    tables = fill(order, list(sizes))
    if tables is None:
        # Repeats cannot be avoided (or not found in time): the fewest, by swaps.
        tables = chunk(order, sizes)
        weights = {
            key: TONIGHT * tonight.get(key, 0) + season.get(key, 0)
            for key in set(tonight) | set(season)
        }
        improve_by_swaps(tables, weights)
        # Swaps move players between tables: the top table is again the best one's.
        tables.sort(key=lambda table: -max(scores.get(member, 0) for member in table))
    return tables


def seat_king(
    previous: Sequence[Sequence[int]],
    sizes: Sequence[int],
    sitting_out: Sequence[int],
    coming_back: Sequence[int],
) -> list[list[int]]:
    """King of the hill: each table's winner moves up a table, its last down a table,
    the others stay (the top table's winner and the bottom table's last stay too).

    ``previous`` is the last round's tables from the top, each listed by result (the
    winner first, the last last). Those now sitting out leave, and the seats they
    leave are taken by those back from a bye (the best of them the highest seat), so
    nobody else's move changes; the rest of those back join at the bottom table. A
    table still short (fewer tables than before, or more leaving than coming back)
    takes the best of those bound for the tables below it.
    """
    bottom = len(previous) - 1
    leaving = set(sitting_out)
    bound: list[list[int]] = [[] for _ in range(max(len(sizes), len(previous)))]
    for number, table in enumerate(previous):
        for place, member in enumerate(table):
            move = 0
            if place == 0 and len(table) > 1:
                move = -1
            elif place == len(table) - 1 and len(table) > 1:
                move = 1
            if member not in leaving:
                # In the order of the tables they come from: down, staying, up.
                bound[min(max(number + move, 0), bottom)].append(member)
    back = [member for member in coming_back if member not in leaving]
    tables: list[list[int]] = []
    carried: list[int] = []
    for number, size in enumerate(sizes):
        seated = carried + bound[number]
        if number == len(sizes) - 1:  # the bottom table: all still to seat
            tables.append(seated + back + [m for later in bound[number + 1 :] for m in later])
            break
        while len(seated) < size and back:
            seated.append(back.pop(0))
        for later in bound[number + 1 :]:
            while len(seated) < size and later:
                seated.append(later.pop(0))
        tables.append(seated[:size])
        carried = seated[size:]
    return tables


def swiss_byes(
    present: Sequence[int],
    out: int,
    scores: Mapping[int, float],
    byes_so_far: Mapping[int, int],
    rng: random.Random,
    tiebreak: Mapping[int, float] | None = None,
) -> list[int]:
    """Who sits out a Swiss round: the lowest score group, as a Swiss bye goes to the
    bottom of the field (never to a leader); within it those with the fewest byes so
    far, then the lowest tie-break, by chance among equals."""
    broken = tiebreak or {}
    order = sorted(
        present,
        key=lambda m: (
            scores.get(m, 0),
            byes_so_far.get(m, 0),
            broken.get(m, 0),
            rng.random(),
        ),
    )
    return order[:out]


@dataclass(frozen=True)
class SwissRules:
    """What a league adds to a Swiss round: each player's tie-break (equal scores
    ranked by it), virtual points (Baku acceleration, league/swiss.py) and the pairs
    never to seat together."""

    tiebreak: Mapping[int, float] = field(default_factory=dict)
    virtual: Mapping[int, float] = field(default_factory=dict)
    never: Sequence[tuple[int, int]] = ()


@dataclass(frozen=True)
class Move:
    """Where a player goes in the next round: table numbers, None for a bye."""

    member: int
    was: int | None
    goes: int | None


def movement(before: Mapping[int, int | None], after: Mapping[int, int | None]) -> list[Move]:
    """Each player's table in the round played and in the next (None: a bye)."""
    members = dict.fromkeys([*before, *after])
    return [Move(member, before.get(member), after.get(member)) for member in members]


def plan_round(
    method: str,
    present: Sequence[int],
    sizes: Sequence[int],
    out: int,
    *,
    previous: Sequence[Sequence[int]],
    scores: Mapping[int, float],
    tonight: Met,
    season: Met,
    byes_so_far: Mapping[int, int],
    rng: random.Random,
    swiss: SwissRules | None = None,
) -> tuple[list[list[int]], list[int]]:
    """The next round's tables and byes.

    ``sizes`` and ``out`` come from ``seating.sizes_with_byes`` for the present;
    ``byes_so_far`` counts the season's byes with tonight's rounds, so byes go to
    those with the fewest and stay within one of each other, except in Swiss, where
    the lowest score group sits out (``swiss_byes``). ``previous`` is the last round's
    tables from the top, each by result, for king of the hill. ``swiss`` adds the
    league's tie-break, virtual points and never-pairs to a Swiss round.
    """
    rules = swiss or SwissRules()
    if method == "swiss":
        byes = swiss_byes(present, out, scores, byes_so_far, rng, rules.tiebreak)
    else:
        byes = choose_byes(present, out, byes_so_far, rng)
    seated = [member for member in present if member not in byes]
    if method == "swiss":
        # Virtual points seat group A apart (Baku) but are nobody's score; a never-pair
        # is refused as a pair met tonight is.
        paired = {m: scores.get(m, 0) + rules.virtual.get(m, 0) for m in seated}
        barred = dict(tonight)
        for a, b in rules.never:
            barred[pair_key(a, b)] = NEVER
        tables = seat_swiss(seated, sizes, paired, barred, season, rng, tiebreak=rules.tiebreak)
        return tables, byes
    if method == "king":
        played = {member for table in previous for member in table}
        back = [member for member in seated if member not in played]
        back.sort(key=lambda member: (-scores.get(member, 0), rng.random()))
        return seat_king(previous, sizes, byes, back), byes
    return seat_random(seated, sizes, rng), byes
