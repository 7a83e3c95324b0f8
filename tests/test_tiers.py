"""A run knows from its -m expression whether it takes in the slow tier (tests/tiers.py):
the quick run then samples what the slow tier searches whole."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import tiers

MAKEFILE = Path(__file__).resolve().parent.parent / "Makefile"


def makes_expressions(tier: str) -> list[str]:
    """The -m expressions make test gives its two pytest runs in a tier: "quick" (make
    test), "slow" (SLOW=1, CI) or "exhaustive" (EXHAUSTIVE=1)."""
    text = MAKEFILE.read_text()
    whole, slow, quick = re.search(
        r"^TIER := \$\(if \$\(EXHAUSTIVE\),(.*),\$\(if \$\(SLOW\),(.*),(.*)\)\)$", text, re.M
    ).groups()
    chosen = {"quick": quick, "slow": slow, "exhaustive": whole}[tier]
    return [f"{kind}{chosen}" for kind in re.findall(r'-m "([a-z ]+)\$\(TIER\)"', text)]


def test_the_makefiles_runs_are_told_apart():
    quick, slow = makes_expressions("quick"), makes_expressions("slow")
    exhaustive = makes_expressions("exhaustive")
    assert quick == ["not browser and not slow", "browser and not slow"]
    assert slow == ["not browser and not exhaustive", "browser and not exhaustive"]
    assert exhaustive == ["not browser", "browser"]
    assert not any(tiers.takes_in_the_slow_tier(expression) for expression in quick)
    assert all(tiers.takes_in_the_slow_tier(expression) for expression in slow + exhaustive)


def test_a_matrix_keeps_its_quick_cases_quick_its_covering_cases_slow_and_the_rest_exhaustive():
    params = tiers.sampled(range(5), quick=[0], ci=[1, 2])
    marks = [{mark.name for mark in param.marks} for param in params]
    assert marks == [set(), {"slow"}, {"slow"}, {"slow", "exhaustive"}, {"slow", "exhaustive"}]
    assert [{m.name for m in p.marks} for p in tiers.sampled(range(3), quick=[0])] == [
        set(),
        {"slow"},
        {"slow"},
    ]


@pytest.mark.parametrize(
    "expression", ["", "slow", "long or slow", "slow and browser", "long", "not exhaustive"]
)
def test_a_run_that_may_hold_slow_tests_takes_in_the_slow_tier(expression):
    assert tiers.takes_in_the_slow_tier(expression)


@pytest.mark.parametrize("expression", ["not slow", "long and not slow", "not (slow or browser)"])
def test_a_run_that_leaves_slow_tests_out_is_quick(expression):
    assert not tiers.takes_in_the_slow_tier(expression)


def test_a_quick_run_samples_examples_and_searches(monkeypatch):
    cases = list(range(10))
    monkeypatch.setattr(tiers, "RUNS_SLOW", True)
    assert (tiers.examples(300), tiers.spread(cases)) == (300, cases)
    monkeypatch.setattr(tiers, "RUNS_SLOW", False)
    assert [tiers.examples(count) for count in (300, 12, 4)] == [75, 5, 4]
    assert tiers.spread(cases) == [0, 4, 8, 9]
    assert tiers.spread([]) == []


def test_two_alternated_tests_meet_every_case_once_in_a_quick_run():
    cases = [(n, str(n)) for n in range(5)]
    first, second = tiers.alternated(cases, turn=0), tiers.alternated(cases, turn=1)
    quick = [param.values for param in first + second if not param.marks]
    assert sorted(quick) == cases
    assert all(param.values == case for param, case in zip(first, cases, strict=True))
