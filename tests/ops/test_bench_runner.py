"""bench/run_all.py: one Markdown table out of every benchmark's JSON; a benchmark that
exits, measures nothing or times a cached path against an uncached floor fails; and
every benchmark, run at its smallest size, measures what it names (bench/measured.py)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from bench.measured import figure, floor, problems
from bench.run_all import discover, markdown, measures, parse, run_one

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


# ---------------------------------------------------------------- meaningful figures


def timing(cache=None, floor_cache=None, value=295.0, floor_value=218.0) -> dict:
    return figure(
        "13-deal sheet",
        value,
        "ms",
        cache=cache,
        beside=floor("a plain table to PDF", floor_value, cache=floor_cache),
    )


def test_a_figure_beside_a_floor_of_the_same_work_is_meaningful():
    assert problems({"measured": [timing(value=295)]}) == []
    assert problems({"measured": [timing(value=295, cache="kept", floor_cache="kept")]}) == []
    assert problems({"measured": [timing(value=60)]}) == []  # within 4x of its floor


def test_a_cached_timing_against_an_uncached_floor_is_refused():
    assert problems({"measured": [timing(value=295, cache="the PDF")]}) == [
        "13-deal sheet: timed with the PDF against a floor with no cache: it measures the cache"
    ]


def test_a_timing_far_below_its_floor_is_refused_though_it_names_no_cache():
    # bench_sheets as it was: a cached 12 ms sheet beside a 218 ms uncached floor.
    assert problems({"measured": [timing(value=12)]}) == [
        "13-deal sheet: 18x better than its floor (a plain table to PDF): "
        "it cannot have done the floor's work (a cache?)"
    ]
    rate = figure("deal posts", 400, "deals/s", beside=floor("baseline", 80), better="higher")
    assert len(problems({"measured": [rate]})) == 1


@pytest.mark.parametrize(
    ("results", "problem"),
    [
        ({}, "reports no figures (no 'measured' list)"),
        ([{"ms": 4}], "reports no figures (no 'measured' list)"),
        ({"measured": []}, "reports no figures (no 'measured' list)"),
        ({"measured": [timing(value=0)]}, "13-deal sheet: no figure (0)"),
        ({"measured": [timing(value=float("nan"))]}, "13-deal sheet: no figure (nan)"),
        (
            {"measured": [timing(floor_value=0)]},
            "13-deal sheet: its floor (a plain table to PDF) has no figure",
        ),
        (
            {"measured": [figure("page", 3.0, "ms")]},
            "page: beside no floor or budget, and no word why",
        ),
    ],
)
def test_a_report_without_figures_or_floors_is_refused(results, problem):
    assert problems(results) == [problem]


def test_a_figure_alone_or_against_a_budget_says_so():
    alone = figure("printed again", 0.6, "ms", cache="the PDF", alone="a lookup")
    weighed = figure("new game page", 12_212, "bytes", budget=14_336)

    assert problems({"measured": [alone, weighed]}) == []
    assert measures({"measured": [timing(), alone, weighed]}) == [
        ("13-deal sheet", "295.0 ms; floor 218.0 (a plain table to PDF): **1.35x**"),
        ("printed again", "0.6 ms (a lookup)"),
        ("new game page", "12,212 bytes; budget 14,336"),
    ]


def script(tmp_path, body: str) -> Path:
    path = tmp_path / "bench_probe.py"
    path.write_text(body)
    return path


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("raise SystemExit('the secret key is too easy to guess')", "exit 1: "),
        ("print('{}')", "measured nothing"),
        (
            "import json; print(json.dumps({'ms': 3}))",
            "reports no figures (no 'measured' list)",
        ),
    ],
)
def test_the_runner_fails_a_benchmark_that_exits_or_measures_nothing(tmp_path, body, problem):
    _results, said = run_one(script(tmp_path, body), quick=False)

    assert said.startswith(problem), said


# ---------------------------------------------------------------- every benchmark, smallest

# Cheap enough for every make test (a second or two each, in this process); the others
# start servers, a browser or a second process, and are exhaustive (``make bench`` runs
# them at full size). What they drive is tested on its own in CI: tests/ops (gunicorn,
# the stream process, two servers and the worker) and the venue screen in the browser.
CHEAP = (
    "bench_scoring",
    "bench_sheets",
    "bench_standings",
    "bench_circle",
    "bench_pages",
    "bench_voice",
)
COSTLY = ("bench_load", "bench_import", "bench_taps", "bench_streams", "bench_club_night")


def test_every_benchmark_the_runner_runs_is_run_here():
    scripts, missing = discover()

    assert missing == []
    assert sorted(path.stem for path in scripts) == sorted(CHEAP + COSTLY)


def smallest_run(name: str, capsys) -> dict | list:
    module = importlib.import_module(f"bench.{name}")
    capsys.readouterr()
    code = module.main(["--smallest", "--json"])
    printed = capsys.readouterr().out
    assert code in (0, None), printed[-2000:]
    results = parse(printed)
    assert results is not None, printed[-2000:]
    return results


# The slow tier (tests/tiers.py): a quick run checks the runner (above), not what each
# benchmark measures; CI runs these.
@pytest.mark.slow
@pytest.mark.parametrize("name", CHEAP)
def test_each_benchmark_at_its_smallest_measures_what_it_names(name, capsys):
    assert problems(smallest_run(name, capsys)) == []


@pytest.mark.slow
@pytest.mark.exhaustive
@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[pytest.mark.browser] if name == "bench_taps" else [])
        for name in COSTLY
    ],
)
@pytest.mark.long
def test_each_costly_benchmark_at_its_smallest_measures_what_it_names(name):
    # In a process of its own: bench_taps drives a browser with Playwright's sync API,
    # which refuses to start where a browser test's session already runs one.
    done = subprocess.run(
        [sys.executable, f"bench/{name}.py", "--smallest", "--json"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    results = parse(done.stdout)
    assert results is not None, done.stdout[-2000:]
    assert problems(results) == []


@pytest.mark.slow  # as the benchmarks' runs above
def test_the_voice_benchmark_times_its_parser_beside_its_floor(monkeypatch, capsys):
    module = importlib.import_module("bench.bench_voice")
    monkeypatch.setattr(module, "run", lambda runs, run=module.run: run(3))
    monkeypatch.setattr(sys, "argv", ["bench_voice.py", "--json"])

    module.main()

    rows = parse(capsys.readouterr().out)["rows"]
    assert rows
    assert all(row["parser_us"] > 0 and row["floor_us"] > 0 for row in rows)
