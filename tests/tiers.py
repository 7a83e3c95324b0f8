"""The tiers (docs/testing.md#tiers): quick, slow and exhaustive.

``make test`` leaves the slow tier out unless ``SLOW=1``; CI (``CI=true``) runs it. A
matrix keeps named cases in the quick tier, each standing for the rest of its kind, so a
developer's run still prints, plays and audits every kind of thing once. Where a matrix's
whole product costs more than what it adds, CI runs a covering part of it (each value of
each factor at least once) and the rest is the exhaustive tier, which only
``EXHAUSTIVE=1`` runs: before a change to paper, the catalogs or the pages' look.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations

import pytest
from _pytest.mark.expression import Expression  # -m's own parser: pytest has no public one

SLOW = pytest.mark.slow
EXHAUSTIVE = (pytest.mark.slow, pytest.mark.exhaustive)
# Whether this run takes in the slow tier (``configure``, from its -m expression): until
# told otherwise, as a run with no expression does.
RUNS_SLOW = True


def takes_in_the_slow_tier(markexpr: str) -> bool:
    """Whether a run selecting by ``markexpr`` (pytest's -m) runs the slow tier: a test it
    selects, whatever else the expression names it by, is still selected once marked slow
    (an expression that selects no test but slow ones, ``-m slow``, runs it too)."""
    if not markexpr:
        return True
    expression = Expression.compile(markexpr)
    names = sorted(set(re.findall(r"\w+", markexpr)) - {"and", "or", "not", "slow"})
    kinds = [set(kind) for count in range(len(names) + 1) for kind in combinations(names, count)]

    def selects(marks: set[str]) -> bool:
        return expression.evaluate(lambda name, **_: name in marks)

    selected = [kind for kind in kinds if selects(kind)]
    return not selected or any(selects(kind | {"slow"}) for kind in selected)


def configure(markexpr: str) -> None:
    """Set RUNS_SLOW for this process, before any test module is imported (conftest)."""
    global RUNS_SLOW
    RUNS_SLOW = takes_in_the_slow_tier(markexpr)


def examples(count: int) -> int:
    """A property's number of examples: ``count`` where the slow tier runs; a quarter of
    it in a quick run (5 at least, or all if fewer), which tries each property on fewer
    cases."""
    return count if RUNS_SLOW else min(count, max(5, count // 4))


def sampled(values: Iterable, quick: Iterable, ids=None, ci: Iterable | None = None) -> list:
    """Parameters for a matrix: the ``quick`` ones in every run, the rest in the slow tier;
    given ``ci``, only those of the rest in the slow tier and the others exhaustive."""
    quick = set(quick)
    values = list(values)
    missing = quick - set(values)
    assert not missing, f"quick cases not in the matrix: {missing}"
    slow = set(values) if ci is None else set(ci)

    def marks(value):
        return () if value in quick else SLOW if value in slow else EXHAUSTIVE

    return [
        pytest.param(value, marks=marks(value), id=ids(value) if ids else None) for value in values
    ]


def alternated(cases: Iterable[tuple], turn: int) -> list:
    """Parameters for one of two tests over the same cases (each a tuple of arguments):
    the quick tier runs every other case, this test's ``turn`` (0 or 1), so that two
    tests given turns 0 and 1 meet every case once in a quick run; the slow tier the rest."""
    return [
        pytest.param(*case, marks=() if index % 2 == turn else SLOW)
        for index, case in enumerate(cases)
    ]


def spread(cases: list) -> list:
    """An exhaustive search's cases: all of them where the slow tier runs, every fourth in
    a quick run (still spread over the whole range, first and last ends included)."""
    if RUNS_SLOW or not cases:
        return cases
    return [*cases[:-1:4], cases[-1]]
