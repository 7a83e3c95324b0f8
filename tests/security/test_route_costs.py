"""Every route that renders or computes stays within its CPU bound at its heaviest
input (bench/route_costs.py: the cases, the bounds, and the figures docs/security.md
shows, written there by ``bench/route_costs.py --write``). CPU time, not wall-clock: a
busy machine takes longer but measures the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import route_costs

pytestmark = pytest.mark.slow  # about 40 s of CPU: the slow tier (CI runs it)


@pytest.mark.long
def test_each_route_stays_within_its_cpu_bound(app):
    figures = route_costs.measure(app)
    assert set(figures) == set(route_costs.BOUNDS) == set(route_costs.CASES)
    over = {
        name: f"{seconds:.2f} s > {route_costs.BOUNDS[name]:g} s"
        for name, seconds in figures.items()
        if seconds > route_costs.BOUNDS[name]
    }
    assert not over, over


def test_the_docs_show_every_case_with_its_bound():
    docs = (Path(route_costs.ROOT) / "docs" / "security.md").read_text()
    block = docs.split(route_costs.BEGIN)[1].split(route_costs.END)[0]
    for name, what in route_costs.CASES.items():
        assert f"| {what} |" in block and f"| {route_costs.BOUNDS[name]:g} s |" in block, name
