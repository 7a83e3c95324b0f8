"""Every route that renders or computes stays within its CPU bound at its heaviest
input (bench/route_costs.py: the cases, the bounds, and the figures docs/security.md
shows, written there by ``bench/route_costs.py --write``). CPU time, not wall-clock: a
busy machine takes longer but measures the same.

Three tests rather than one, each where its figures can differ: the paper cases never
reach a database (the SQLite run alone has them), the standings read a league through
it (both runs), and the statement's clock runs over its PDF alone, made from a circle
loaded before the clock starts (SQLite). Apart, they also run on two workers at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import route_costs
from tests.collector import as_in_production
from tests.warm import forget_compiled_statements

pytestmark = pytest.mark.slow  # about 40 s of CPU in all: the slow tier (CI runs it)


@pytest.fixture(autouse=True)
def collector_as_in_production():
    """The cycle collector as a server runs it: its time is part of a route's CPU."""
    with as_in_production():
        yield


PAPER = ("sheet", "night_sheets", "pack", "pad")
LEAGUE = ("standings_pdf", "standings_page", "standings_page_kept")
STATEMENT = ("statement",)


def assert_within_bounds(figures: dict[str, float], cases: tuple[str, ...]) -> None:
    assert set(figures) == set(cases)
    over = {
        name: f"{seconds:.2f} s > {route_costs.BOUNDS[name]:g} s"
        for name, seconds in figures.items()
        if seconds > route_costs.BOUNDS[name]
    }
    assert not over, over


def test_the_three_tests_measure_every_case_once():
    measured = PAPER + LEAGUE + STATEMENT
    assert len(measured) == len(set(measured))
    assert set(measured) == set(route_costs.BOUNDS) == set(route_costs.CASES)


@pytest.mark.long
def test_each_paper_route_stays_within_its_cpu_bound():
    assert_within_bounds(route_costs.paper_cases(), PAPER)


def test_the_standings_stay_within_their_cpu_bounds(app):
    # Cold, as bench/route_costs.py measures them: no statement compiled by an earlier test
    # of this process (tests/warm.py shares compiled statements between engines).
    forget_compiled_statements()
    assert_within_bounds(route_costs.league_cases(app), LEAGUE)


@pytest.mark.sqlite
@pytest.mark.long
def test_the_circle_statement_stays_within_its_cpu_bound(app):
    assert_within_bounds(route_costs.statement_case(app), STATEMENT)


def test_the_docs_show_every_case_with_its_bound():
    docs = (Path(route_costs.ROOT) / "docs" / "security.md").read_text()
    block = docs.split(route_costs.BEGIN)[1].split(route_costs.END)[0]
    for name, what in route_costs.CASES.items():
        assert f"| {what} |" in block and f"| {route_costs.BOUNDS[name]:g} s |" in block, name
