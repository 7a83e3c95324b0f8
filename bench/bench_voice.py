"""Say the deal: accuracy on the voice corpus, touches per deal by voice beside by the
form, and the reader's time per line on the server and in the page.

The corpus: the contract's lines (lines.json beside the clone, when there) and the
project's own (tests/understand/lines.json), each read through the pure core as the
next deal of its game: the lines read exactly as listed and those that fill a wrong
value, by language and by variant, and the median and 95th-percentile time per line,
on the server (Python) and in the page (static/reader.js, run in node when it is here).

For each table (gin; 13-deal rummy of 4; 500 Rum of 6; Canasta with seats) a deal is
said as the app reads it back, in each of the six languages; the parser
(``scorekeeper.understand``) reads it, timed over many runs, beside a floor: a plain
split of the same sentence with every digit group turned into an int. Touches per
deal: by voice, the mic and Save (the browser tests, tests/browser/test_say_play.py,
count them); by the form, the form's minimum: a tap on who went out, each number's
digits and an Enter between numbers, and Save.

    python bench/bench_voice.py            # 2,000 runs a sentence
    python bench/bench_voice.py --quick    # 200
    python bench/bench_voice.py --json
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measured import figure  # noqa: E402
from bench.measured import floor as floor_figure  # noqa: E402
from scorekeeper.scoring import make_setup  # noqa: E402
from scorekeeper.understand import (  # noqa: E402
    LANGUAGES,
    for_phones,
    game_for_phones,
    read_back,
    understand,
)
from tests.understand import corpus  # noqa: E402

# reader.js timed line by line in node: the page's own reader, as a phone runs it offline.
PAGE_TIMER = """
globalThis.window = { sk: {} };
require(process.argv[1]);
let input = "";
process.stdin.setEncoding("utf8");  // a character split between two chunks stays whole
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { data, cases, runs } = JSON.parse(input);
  const times = cases.map(([game, text, lang]) => {
    const start = performance.now();
    for (let i = 0; i < runs; i++) window.sk.understand(game, data, text, lang);
    return (performance.now() - start) / runs;
  });
  process.stdout.write(JSON.stringify(times));
});
"""

TABLES = (
    (
        "gin",
        {"variant": "gin", "players": ["Ann", "Bob"]},
        {"knocker": "Ann", "hands": {"Ann": 6, "Bob": 34}},
    ),
    (
        "13-deal rummy, 4 players",
        {"preset": "Crazy Gin (13 deals)", "players": ["Ann", "Bob", "Cy", "Dee"]},
        {"out": "Bob", "hands": {"Ann": 12, "Cy": 35, "Dee": 7}},
    ),
    (
        "500 Rum, 6 players",
        {"preset": "500 Rum", "players": ["Ann", "Bob", "Cy", "Dee", "Émile", "Zoë"]},
        {
            "out": "Ann",
            "melds": {"Ann": 85, "Bob": 40, "Cy": 0, "Dee": 25, "Émile": 60, "Zoë": 15},
            "hands": {"Bob": 15, "Cy": 45, "Dee": 5, "Émile": 20, "Zoë": 30},
        },
    ),
    (
        "Canasta, seated",
        {"variant": "canasta", "players": ["Us", "Them"], "seats": ["Ann", "Bob", "Cy", "Dee"]},
        {
            "out": "Us",
            "melded": {"Us": 580, "Them": 310},
            "hand": {"Us": 0, "Them": 85},
            "natural": {"Us": 2},
            "mixed": {"Us": 1, "Them": 1},
            "red_threes": {"Them": 1},
        },
    ),
)
DIGITS = re.compile(r"-?\d+")


def floor(sentence: str) -> list[int]:
    words = (word.strip(",;") for word in sentence.split())
    return [int(word) for word in words if DIGITS.fullmatch(word)]


def timed(function, argument, runs: int) -> float:
    """Microseconds a call, best of three batches."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(runs):
            function(argument)
        best = min(best, (time.perf_counter() - start) / runs)
    return best * 1e6


def form_touches(entry: dict) -> int:
    numbers = [v for value in entry.values() if isinstance(value, dict) for v in value.values()]
    keys = sum(len(str(number)) for number in numbers) + max(len(numbers) - 1, 0)
    return 2 + keys  # who went out, the digits and Enters, Save


def corpus_lines() -> list[dict]:
    return (corpus.shared_lines() or []) + corpus.own_lines()


def accuracy(results: list[dict]) -> dict:
    """Exact and wrong lines by language and by variant."""
    table = corpus.table(results)
    return {kind: table[kind] for kind in ("language", "variant")}


def server_times(lines: list[dict], runs: int) -> list[float]:
    """Milliseconds a line, each line's best of ``runs`` (its game set up apart)."""
    times = []
    for item in lines:
        setup, before = corpus.setup_of(item), item.get("before") or ()
        best = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            understand(setup, item["line"], item["language"], before)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1000)
    return times


def page_times(lines: list[dict], runs: int) -> list[float] | None:
    node = shutil.which("node")
    if node is None:
        return None
    cases = [
        (game_for_phones(corpus.setup_of(x), x.get("before") or ()), x["line"], x["language"])
        for x in lines
    ]
    given = json.dumps({"data": for_phones(), "cases": cases, "runs": runs}, ensure_ascii=False)
    say_js = str(ROOT / "scorekeeper" / "static" / "reader.js")
    done = subprocess.run(
        [node, "-e", PAGE_TIMER, say_js], input=given, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def spread(times: list[float] | None) -> dict | None:
    if not times:
        return None
    ordered = sorted(times)
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
    }


def run_corpus(runs: int) -> dict:
    lines = corpus_lines()
    results = corpus.run(lines)
    return {
        "lines": len(lines),
        "exact": sum(r["exact"] for r in results),
        "wrong": sum(bool(r["wrong"]) for r in results),
        "by": accuracy(results),
        "server": spread(server_times(lines, runs)),
        "page": spread(page_times(lines, runs)),
    }


def run(runs: int) -> dict:
    rows = []
    for label, game, entry in TABLES:
        setup = make_setup(**game)
        for language in LANGUAGES:
            said = read_back(setup, entry, language)
            understood = understand(setup, said, language)
            assert understood.entry == entry, (label, language, understood)
            parser_us = timed(
                lambda text, setup=setup, language=language: understand(setup, text, language),
                said,
                runs,
            )
            floor_us = timed(floor, said, runs)
            rows.append(
                {
                    "label": f"{label} [{language}]",
                    "voice_touches": 2,
                    "form_touches": form_touches(entry),
                    "parser_us": round(parser_us, 1),
                    "floor_us": round(floor_us, 2),
                    "ratio": round(parser_us / floor_us, 1),
                }
            )
    return {
        "runs": runs,
        "rows": rows,
        "corpus": run_corpus(max(runs // 200, 1)),
        "measured": [
            figure(
                f"understand: {row['label']}",
                row["parser_us"],
                "µs",
                beside=floor_figure("a plain split, digit groups as ints", row["floor_us"]),
            )
            for row in rows
        ],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 runs a sentence")
    parser.add_argument("--smallest", action="store_true", help="3 runs a sentence")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results = run(3 if args.smallest else 200 if args.quick else 2000)
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
        return
    print("| table [language] | touches by voice | by form | parser µs | floor µs | ratio |")
    print("|---|---|---|---|---|---|")
    for row in results["rows"]:
        print(
            f"| {row['label']} | {row['voice_touches']} | {row['form_touches']} | "
            f"{row['parser_us']} | {row['floor_us']} | {row['ratio']}x |"
        )
    print_corpus(results["corpus"])


def print_corpus(found: dict) -> None:
    print(f"\nCorpus: {found['exact']} of {found['lines']} lines exact, {found['wrong']} wrong")
    for kind, rows in found["by"].items():
        print(f"\n| {kind} | lines | exact | wrong |\n|---|---|---|---|")
        for value, row in sorted(rows.items()):
            print(f"| {value} | {row['lines']} | {row['exact']} | {row['wrong']} |")
    for where in ("server", "page"):
        times = found[where]
        if times is not None:
            print(f"\n{where}: {times['median_ms']} ms median a line, {times['p95_ms']} ms p95")


if __name__ == "__main__":
    main()
