"""Seating a night: table sizes for the variant, and who sits where.

Pure functions over member ids, so they can be tested and reasoned about
without a database. Every method returns a list of tables, each a list of
member ids in seat order (the first seat deals first).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Collection, Mapping, Sequence
from math import ceil

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.i18n import ngettext

METHODS = {
    "random": _l("Random"),
    "rotating": _l("Rotating: meet players not met yet"),
    "balanced": _l("Balanced by rating"),
}


class SeatingError(ValueError):
    pass


def table_sizes(
    present: int, low: int, high: int, preferred: int, allowed: Collection[int] | None = None
) -> list[int]:
    """Table sizes as even as possible, none above ``preferred`` if that can be done.

    9 players at 4 a table make three tables of 3 rather than 4, 4 and 1. ``allowed``
    names the only sizes a table may have when not every size from ``low`` to ``high``
    can be played: a partnership game seats whole sides (4, 6 or 8 at Hand and Foot).
    """
    allowed = sorted(allowed) if allowed is not None else range(low, high + 1)
    preferred = min(max(preferred, low), high)
    if present < low:
        if present == 0:
            message = _(
                "At least %(low)s players are needed for a table; nobody is ticked.", low=low
            )
        else:
            message = ngettext(
                "At least %(low)s players are needed for a table; only %(num)d is ticked.",
                "At least %(low)s players are needed for a table; only %(num)d are ticked.",
                present,
                low=low,
            )
        raise SeatingError(message)
    for size in range(preferred, high + 1):
        sizes = even_split(present, ceil(present / size), allowed)
        if sizes is not None:
            return sizes
    raise SeatingError(
        _(
            "%(num)s players cannot all be seated at tables of %(sizes)s; "
            "leave someone out or add someone.",
            num=present,
            sizes=sizes_said(allowed),
        )
    )


def even_split(present: int, count: int, allowed: Sequence[int]) -> list[int] | None:
    """``present`` players at ``count`` tables of the two allowed sizes nearest the
    average (bigger tables first), or None when they do not add up."""
    average = present / count
    smaller = max((size for size in allowed if size <= average), default=None)
    bigger = min((size for size in allowed if size >= average), default=None)
    if smaller is None or bigger is None:
        return None
    if smaller == bigger:
        return [smaller] * count if smaller * count == present else None
    big_tables, left = divmod(present - smaller * count, bigger - smaller)
    return None if left else [bigger] * big_tables + [smaller] * (count - big_tables)


def sizes_said(allowed: Sequence[int]) -> str:
    """ "2 to 6", or "4, 6 or 8" when some sizes between cannot be played."""
    if list(allowed) == list(range(allowed[0], allowed[-1] + 1)):
        if len(allowed) == 1:
            return str(allowed[0])
        return _("%(low)s to %(high)s", low=allowed[0], high=allowed[-1])
    return _("%(some)s or %(last)s", some=", ".join(map(str, allowed[:-1])), last=allowed[-1])


def sizes_with_byes(
    present: int, low: int, high: int, preferred: int, allowed: Collection[int] | None = None
) -> tuple[list[int], int]:
    """Tables for as many of the present as can be seated, and how many sit out.

    Five at gin play at two tables and one has a bye; fewer than a table is refused.
    """
    if present < low:
        table_sizes(present, low, high, preferred)  # refuses, saying how many are needed
    for out in range(present - low + 1):
        try:
            return table_sizes(present - out, low, high, preferred, allowed), out
        except SeatingError:
            continue
    raise SeatingError(
        _(
            "%(num)s players cannot be seated at tables of %(low)s to %(high)s.",
            num=present,
            low=low,
            high=high,
        )
    )


def choose_byes(
    members: Sequence[int], count: int, byes_so_far: Mapping[int, int], rng: random.Random
) -> list[int]:
    """Who sits out: those with the fewest byes so far, by chance among equals.

    So nobody sits out twice before everyone present has sat out once.
    """
    order = sorted(members, key=lambda member: (byes_so_far.get(member, 0), rng.random()))
    return order[:count]


def chunk(members: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(members[start : start + size]))
        start += size
    return tables


def seat_random(
    members: Sequence[int], sizes: Sequence[int], rng: random.Random
) -> list[list[int]]:
    shuffled = list(members)
    rng.shuffle(shuffled)
    return chunk(shuffled, sizes)


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def meeting_cost(tables: Sequence[Sequence[int]], met: Mapping[tuple[int, int], int]) -> int:
    """How many earlier meetings the seating repeats, counted per pair at a table."""
    return sum(
        met.get(pair_key(a, b), 0) for table in tables for a, b in itertools.combinations(table, 2)
    )


def seat_rotating(
    members: Sequence[int],
    sizes: Sequence[int],
    met: Mapping[tuple[int, int], int],
    rng: random.Random,
    *,
    restarts: int = 8,
) -> list[list[int]]:
    """Seat so that players meet those they have met least: random starts, then swaps.

    A swap of two players at different tables is kept when it lowers the number
    of repeated meetings; the best of a few random starts wins.
    """
    best, best_cost = None, None
    for _restart in range(restarts):
        tables = seat_random(members, sizes, rng)
        improve_by_swaps(tables, met)
        cost = meeting_cost(tables, met)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == 0:
            break
    assert best is not None
    for table in best:
        rng.shuffle(table)
    return best


def improve_by_swaps(tables: list[list[int]], met: Mapping[tuple[int, int], int]) -> None:
    def cost_at(table: list[int], player: int, without: int) -> int:
        return sum(met.get(pair_key(player, other), 0) for other in table if other != without)

    improved = True
    while improved:
        improved = False
        for ta, tb in itertools.combinations(range(len(tables)), 2):
            first, second = tables[ta], tables[tb]
            for i, j in itertools.product(range(len(first)), range(len(second))):
                a, b = first[i], second[j]
                delta = (
                    cost_at(first, b, a)
                    - cost_at(first, a, a)
                    + cost_at(second, a, b)
                    - cost_at(second, b, b)
                )
                if delta < 0:
                    first[i], second[j] = b, a
                    improved = True


def seat_balanced(
    members: Sequence[int],
    sizes: Sequence[int],
    ratings: Mapping[int, float],
    rng: random.Random,
) -> list[list[int]]:
    """Each table a run of neighbours in the rating order, strongest at table 1.

    So players meet those closest to their own strength: at two-player gin #1
    plays #2, #3 plays #4. Nobody at a table is rated between two players of
    another table. Equal ratings (newcomers) are ordered by chance, and so is
    each table's first dealer.
    """
    ranked = sorted(members, key=lambda member: (-ratings.get(member, 0.0), rng.random()))
    tables = chunk(ranked, sizes)
    for table in tables:
        rng.shuffle(table)
    return tables
