"""Run every benchmark in bench/ and print one Markdown table of the results.

Each ``bench/bench_*.py`` runs as its own process with ``--json`` (and
``--quick`` when asked and the benchmark offers it); a benchmark that is
missing or fails is named in the table instead of stopping the others. The raw
JSON of the run is kept in bench/results/.

    .venv/bin/python bench/run_all.py            # or: make bench
    .venv/bin/python bench/run_all.py --quick    # or: make bench QUICK=1
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

from bench.measured import problems as meaningless  # noqa: E402

RESULTS = BENCH / "results"
# The suite as planned, in this order; any other bench_*.py found runs after them.
KNOWN = (
    "bench_scoring",
    "bench_pages",
    "bench_taps",
    "bench_sheets",
    "bench_standings",
    "bench_load",
    "bench_circle",
    "bench_import",
)
# Run by another benchmark, which reports its figures: not run a second time.
PART_OF = {"bench_push": "bench_pages"}
TIME_LIMIT_S = {False: 1800, True: 300}
# What names one item of a list of results, when it has one of these.
LABELS = ("label", "name", "backend")


def machine() -> dict[str, str]:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        kib = next(
            int(line.split()[1])
            for line in Path("/proc/meminfo").read_text().splitlines()
            if line.startswith("MemTotal:")
        )
        ram = f"{kib / 1024 / 1024:.1f} GiB RAM"
    except (OSError, StopIteration, ValueError):
        ram = "RAM unknown"
    url = os.environ.get("SCOREKEEPER_DATABASE_URL", "")
    return {
        "cpu": cpu,
        "cores": f"{os.cpu_count()} cores",
        "ram": ram,
        "python": f"Python {platform.python_version()}",
        "os": platform.platform(terse=True),
        "database": "PostgreSQL" if url.startswith(("postgresql", "postgres:")) else "SQLite",
        "date": datetime.date.today().isoformat(),
        "commit": commit(),
    }


def commit() -> str:
    """The checkout's commit, marked when it has changes not committed."""
    try:
        head = subprocess.run(
            ["git", "-C", str(BENCH), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(BENCH.parent), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "commit unknown"
    return f"commit {head}{' with changes' if dirty else ''}"


def discover() -> tuple[list[Path], list[str]]:
    """(benchmark scripts present, known names that are missing)."""
    present = {path.stem: path for path in BENCH.glob("bench_*.py") if path.stem not in PART_OF}
    ordered = [present[name] for name in KNOWN if name in present]
    ordered += [present[name] for name in sorted(present) if name not in KNOWN]
    return ordered, [name for name in KNOWN if name not in present]


def offers_quick(script: Path) -> bool:
    helped = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=60
    )
    return "--quick" in helped.stdout


def run_one(script: Path, quick: bool) -> tuple[dict | list | None, str]:
    """The benchmark's JSON, or None and why not."""
    command = [sys.executable, str(script), "--json"]
    if quick and offers_quick(script):
        command.append("--quick")
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=TIME_LIMIT_S[quick], cwd=BENCH.parent
        )
    except subprocess.TimeoutExpired:
        return None, f"did not finish within {TIME_LIMIT_S[quick]} s"
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        return parse(done.stdout), f"exit {done.returncode}: {last}"
    results = parse(done.stdout)
    if results is None:
        return None, "printed no JSON"
    if not measures(results):
        return results, "measured nothing"
    return results, "; ".join(meaningless(results))


def parse(stdout: str) -> dict | list | None:
    """The JSON document in stdout, tolerating lines printed before it."""
    lines = stdout.splitlines()
    for start, line in enumerate(lines):
        if line.startswith(("{", "[")):
            try:
                return json.loads("\n".join(lines[start:]))
            except json.JSONDecodeError:
                continue
    return None


def measures(results: dict | list) -> list[tuple[str, str]]:
    """(measure, value) rows: a benchmark's own ``summary`` if it has one, else its figures.

    Without a summary, a group of plain figures (a dict inside the results, or
    one item of a list, named by its label) becomes one row, so that the table
    stays a table.
    """
    if isinstance(results, dict) and isinstance(results.get("summary"), dict):
        return [(str(name), str(value)) for name, value in results["summary"].items()]
    if isinstance(results, dict) and isinstance(results.get("measured"), list):
        return [(str(item.get("what")), said(item)) for item in results["measured"]]
    rows: list[tuple[str, str]] = []

    def walk(prefix: str, value, nested: bool) -> None:
        if isinstance(value, dict):
            if nested and all(map(plain, value.values())):
                rows.append((prefix, "; ".join(f"{k} {text(v)}" for k, v in value.items())))
                return
            for key, inner in value.items():
                if key != "benchmark":
                    walk(f"{prefix}.{key}" if prefix else str(key), inner, True)
        elif not plain(value):
            for index, item in enumerate(value):
                key = next((k for k in LABELS if isinstance(item, dict) and k in item), None)
                if key is None:
                    walk(f"{prefix}[{index}]", item, True)
                else:
                    rest = {k: v for k, v in item.items() if k != key}
                    walk(f"{prefix}[{item[key]}]", rest, True)
        else:
            rows.append((prefix, text(value)))

    walk("", results, False)
    return rows


def said(item: dict) -> str:
    """One figure of a ``measured`` list, with what it stands beside."""
    value, unit = item.get("value"), item.get("unit", "")
    text = f"{value:,} {unit}" if isinstance(value, int | float) else f"{value} {unit}"
    beside = item.get("floor")
    if beside:
        ratio = value / beside["value"] if beside.get("value") else float("nan")
        return f"{text}; floor {beside['value']:,} ({beside['what']}): **{ratio:.2f}x**"
    if item.get("budget") is not None:
        return f"{text}; budget {item['budget']:,}"
    return f"{text} ({item.get('alone')})"


def plain(value) -> bool:
    """A figure, or a list of figures."""
    if isinstance(value, list):
        return not any(isinstance(item, dict | list) for item in value)
    return not isinstance(value, dict)


def text(value) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(about: dict[str, str], outcomes: list[tuple[str, dict | list | None, str]]) -> str:
    lines = [
        f"Benchmarks on {about['cpu']}, {about['cores']}, {about['ram']}; {about['python']}, "
        f"{about['os']}; database {about['database']}; {about['date']}, "
        f"{about.get('commit', 'commit unknown')}.",
        "",
        "| benchmark | measure | value |",
        "|---|---|---|",
    ]
    for name, results, problem in outcomes:
        label = name.removeprefix("bench_")
        if problem:
            lines.append(f"| {label} | **not measured** | {cell(problem)} |")
        for measure, value in measures(results) if results is not None else []:
            lines.append(f"| {label} | {cell(measure)} | {cell(value)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="pass --quick to each benchmark")
    args = parser.parse_args(argv)
    about = machine()
    scripts, missing = discover()
    outcomes: list[tuple[str, dict | list | None, str]] = []
    for script in scripts:
        print(f"running {script.name} ...", file=sys.stderr, flush=True)
        results, problem = run_one(script, args.quick)
        outcomes.append((script.stem, results, problem))
    outcomes += [(name, None, "not in bench/ yet") for name in missing]
    RESULTS.mkdir(exist_ok=True)
    raw = RESULTS / f"{about['date']}-{about['database'].lower()}.json"
    raw.write_text(
        json.dumps({"machine": about, "results": {n: r for n, r, _ in outcomes}}, indent=2)
    )
    print(markdown(about, outcomes))
    print(f"\n(raw results in {raw.relative_to(BENCH.parent)})", file=sys.stderr)
    return 1 if any(problem for name, _, problem in outcomes if name not in missing) else 0


if __name__ == "__main__":
    raise SystemExit(main())
