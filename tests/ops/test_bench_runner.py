"""bench/run_all.py: one Markdown table out of every benchmark's JSON."""

from __future__ import annotations

from bench.run_all import markdown, measures

MACHINE = {
    "cpu": "Some CPU",
    "cores": "2 cores",
    "ram": "4.0 GiB RAM",
    "python": "Python 3.11.7",
    "os": "Linux",
    "database": "SQLite",
    "date": "2025-06-01",
    "commit": "commit 1234abc",
}


def test_a_benchmark_with_a_summary_gives_exactly_its_summary_rows():
    results = {"benchmark": "load", "summary": {"deals/s": "80"}, "runs": [{"ms": 1}]}

    assert measures(results) == [("deals/s", "80")]


def test_without_a_summary_each_group_of_figures_is_one_row():
    results = {
        "benchmark": "scoring",
        "games": 3,
        "by_variant": {"gin": 1.5, "rummy": 2},
        "runs": [{"label": "small", "ms": 4, "hosts": ["a", "b"]}, {"ms": 5}],
    }

    assert measures(results) == [
        ("games", "3"),
        ("by_variant", "gin 1.5; rummy 2"),
        ("runs[small]", "ms 4; hosts a, b"),
        ("runs[1]", "ms 5"),
    ]
    assert results["runs"][0]["label"] == "small"  # the raw results are kept as they were


def test_the_table_names_the_machine_and_what_was_not_measured():
    table = markdown(
        MACHINE,
        [
            ("bench_load", {"summary": {"deal posts/s": "80 | 300"}}, ""),
            ("bench_sheets", None, "not in bench/ yet"),
        ],
    )

    assert table.splitlines() == [
        "Benchmarks on Some CPU, 2 cores, 4.0 GiB RAM; Python 3.11.7, Linux; "
        "database SQLite; 2025-06-01, commit 1234abc.",
        "",
        "| benchmark | measure | value |",
        "|---|---|---|",
        "| load | deal posts/s | 80 \\| 300 |",
        "| sheets | **not measured** | not in bench/ yet |",
    ]
