"""Say the deal: touches per deal by voice beside by the form, and the parser's time.

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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.scoring import make_setup
from scorekeeper.understand import LANGUAGES, read_back, understand

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
    return {"runs": runs, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 runs a sentence")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    results = run(200 if args.quick else 2000)
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


if __name__ == "__main__":
    main()
