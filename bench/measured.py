"""What a benchmark measured, said the same way by every one, and checked.

Each benchmark's JSON carries ``"measured"``: one item per headline figure, naming what
was timed (or weighed, or counted) and what it stands beside: a floor timed in the
same run, or a budget. A figure is meaningful only beside a floor that does the same
kind of work: so each names what its work read from a cache (None: nothing), and a
figure and its floor must name the same; and a figure far better than its floor (4x or
more) cannot have done the floor's work, named or not (a sheet served from the cache in
12 ms beside a 218 ms floor). ``problems`` lists what makes a report
meaningless; bench/run_all.py fails a benchmark whose report has any, and
tests/ops/test_bench_runner.py runs every benchmark at its smallest size through it.
"""

from __future__ import annotations

import math
from typing import Any

# How far a figure may beat its floor: the floor does the least of the same work, so a
# figure this much better has skipped the work (a cache, an early exit).
BEATS_FLOOR_AT_MOST = 4


def floor(what: str, value: float, *, cache: str | None = None) -> dict[str, Any]:
    """The floor a figure stands beside: ``what`` it did, its ``value`` in the figure's
    unit, and what it read from a cache (None: nothing)."""
    return {"what": what, "value": round(value, 3), "cache": cache}


def figure(
    what: str,
    value: float,
    unit: str,
    *,
    cache: str | None = None,
    beside: dict[str, Any] | None = None,
    budget: float | None = None,
    alone: str | None = None,
    better: str = "lower",
) -> dict[str, Any]:
    """One headline figure: ``what`` was measured, its ``value`` in ``unit``, what its
    work read from a cache (None: nothing), and what it stands beside: a ``floor``
    (``beside``), a ``budget`` in the same unit, or, for a figure with neither (a cache
    hit, timed apart), why it stands ``alone``. ``better``: "lower" (a time, a size, taps)
    or "higher" (a rate)."""
    return {
        "what": what,
        "value": round(value, 3),
        "unit": unit,
        "cache": cache,
        "floor": beside,
        "budget": budget,
        "alone": alone,
        "better": better,
    }


def _number(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    )


def problems(results: Any) -> list[str]:
    """Why ``results`` (a benchmark's JSON) measured nothing meaningful; [] if it did."""
    measured = results.get("measured") if isinstance(results, dict) else None
    if not measured:
        return ["reports no figures (no 'measured' list)"]
    found = []
    for item in measured:
        what = item.get("what") or "a figure without a name"
        if not _number(item.get("value")):
            found.append(f"{what}: no figure ({item.get('value')!r})")
        beside = item.get("floor")
        if beside is not None:
            if not _number(beside.get("value")):
                found.append(f"{what}: its floor ({beside.get('what')}) has no figure")
            else:
                found += _beats_floor(what, item, beside)
            if beside.get("cache") != item.get("cache"):
                found.append(
                    f"{what}: timed with {item.get('cache') or 'no cache'} against a floor "
                    f"with {beside.get('cache') or 'no cache'}: it measures the cache"
                )
        elif not _number(item.get("budget")) and not item.get("alone"):
            found.append(f"{what}: beside no floor or budget, and no word why")
    return found


def _beats_floor(what: str, item: dict[str, Any], beside: dict[str, Any]) -> list[str]:
    value, least = item.get("value"), beside["value"]
    if not _number(value):
        return []
    gain = value / least if item.get("better") == "higher" else least / value
    if gain < BEATS_FLOOR_AT_MOST:
        return []
    return [
        f"{what}: {gain:.0f}x better than its floor ({beside.get('what')}): "
        "it cannot have done the floor's work (a cache?)"
    ]
