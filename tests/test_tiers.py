"""A run knows from its -m expression whether it takes in the slow tier (tests/tiers.py):
the quick run then samples what the slow tier searches whole."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import tiers

MAKEFILE = Path(__file__).resolve().parent.parent / "Makefile"


def makes_expressions(slow: bool) -> list[str]:
    """The -m expressions make test gives its two pytest runs, with SLOW set or not."""
    text = MAKEFILE.read_text()
    tier = "" if slow else re.search(r"^TIER := \$\(if \$\(SLOW\),,(.*)\)$", text, re.M)[1]
    return [f"{kind}{tier}" for kind in re.findall(r'-m "([a-z ]+)\$\(TIER\)"', text)]


def test_the_makefiles_runs_are_told_apart():
    quick, whole = makes_expressions(slow=False), makes_expressions(slow=True)
    assert quick == ["not browser and not slow", "browser and not slow"]
    assert not any(tiers.takes_in_the_slow_tier(expression) for expression in quick)
    assert all(tiers.takes_in_the_slow_tier(expression) for expression in whole)


@pytest.mark.parametrize("expression", ["", "slow", "long or slow", "slow and browser", "long"])
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
