"""A run knows from its -m expression whether it takes in the slow tier (tests/tiers.py):
the quick run then samples what the slow tier searches whole."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests import tiers

MAKEFILE = Path(__file__).resolve().parent.parent / "Makefile"


# What would reach a make started here from outside: the make running this suite (its
# flags and command-line variables) and the variables that choose a tier or workers.
OUTER = {
    *("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"),
    *("CI", "SLOW", "EXHAUSTIVE", "WORKERS", "BROWSER_WORKERS"),
}


def make_test(*variables: str) -> str:
    """The command ``make test`` would run with these variables set (make -n)."""
    environment = {name: value for name, value in os.environ.items() if name not in OUTER}
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "test", *variables],
        cwd=MAKEFILE.parent,
        capture_output=True,
        text=True,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[-1]


def expressions(command: str) -> list[str | None]:
    """Each pytest run's -m expression (None: a run of every test)."""
    runs = command.split("-m pytest")[1:]
    return [found.group(1) if (found := re.search(r'-m "([^"]*)"', run)) else None for run in runs]


TIERS = {"quick": (), "slow": ("SLOW=1",), "exhaustive": ("EXHAUSTIVE=1",)}


@pytest.mark.parametrize("tier", TIERS)
def test_the_makefiles_runs_are_told_apart(tier):
    # Two runs (a worker count given, or more cores than browser workers): by kind.
    two = expressions(make_test("WORKERS=2", *TIERS[tier]))
    # One run of every kind where the cores are no more than the browser workers.
    one = expressions(make_test("WORKERS=auto", "BROWSER_WORKERS=4096", *TIERS[tier]))
    expected = {
        "quick": (["not browser and not slow", "browser and not slow"], ["not slow"]),
        "slow": (["not browser and not exhaustive", "browser and not exhaustive"],
                 ["not exhaustive"]),
        "exhaustive": (["not browser", "browser"], [None]),
    }  # fmt: skip
    assert (two, one) == expected[tier]
    runs_slow = [tiers.takes_in_the_slow_tier(expression or "") for expression in two + one]
    assert runs_slow == [tier != "quick"] * 3


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
