"""Every route that renders or computes stays within its CPU bound at its heaviest
input (bench/bench_costs.py: the cases, the bounds, and the figures docs/security.md
shows, written there by ``bench/bench_costs.py --write``). CPU time, not wall-clock: a
busy machine takes longer but measures the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import bench_costs

pytestmark = pytest.mark.slow  # about 40 s of CPU: the slow tier (CI runs it)


def test_each_route_stays_within_its_cpu_bound(app):
    figures = bench_costs.measure(app)
    assert set(figures) == set(bench_costs.BOUNDS) == set(bench_costs.CASES)
    over = {
        name: f"{seconds:.2f} s > {bench_costs.BOUNDS[name]:g} s"
        for name, seconds in figures.items()
        if seconds > bench_costs.BOUNDS[name]
    }
    assert not over, over


def test_the_docs_show_every_case_with_its_bound():
    docs = (Path(bench_costs.ROOT) / "docs" / "security.md").read_text()
    block = docs.split(bench_costs.BEGIN)[1].split(bench_costs.END)[0]
    for name, what in bench_costs.CASES.items():
        assert f"| {what} |" in block and f"| {bench_costs.BOUNDS[name]:g} s |" in block, name
