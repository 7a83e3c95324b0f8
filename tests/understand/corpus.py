"""Lines said after a deal, each with the entry the reader must give (the format of the
contract corpus: an item names its game, the deals before, the line and the entry).

``run`` reads every line through the pure core and tells, per line, whether the entry
is exact and which paths hold a value the listing does not (the dangerous case);
``table`` sums that by language, variant and tag. The test (test_corpus.py) and the
benchmark (bench/bench_voice.py) both use it.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from scorekeeper.scoring import make_setup
from scorekeeper.understand import understand

ROOT = Path(__file__).resolve().parents[2]
OWN = Path(__file__).resolve().parent / "lines.json"


def checkout() -> Path:
    """The clone's root: a git worktree's is its main checkout's, beside which the
    shared folder lies as it does beside any clone."""
    dot_git = ROOT / ".git"
    if dot_git.is_file():
        gitdir = Path(dot_git.read_text(encoding="utf-8").split(":", 1)[1].strip())
        common = next((p for p in gitdir.parents if p.name == ".git"), None)
        if common is not None:
            return common.parent
    return ROOT


def shared_path() -> Path:
    # The contract lies beside the clone (CI puts shared/ there), never inside it.
    return checkout().parent / "shared" / "voice" / "lines.json"


def shared_lines() -> list[dict[str, Any]] | None:
    """The contract's lines, None where the clone has none beside it (never under CI)."""
    path = shared_path()
    if not path.exists():
        if os.environ.get("CI") == "true":
            raise FileNotFoundError(f"{path}: the voice corpus must lie beside the clone")
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def own_lines() -> list[dict[str, Any]]:
    return json.loads(OWN.read_text(encoding="utf-8"))


def setup_of(item: Mapping[str, Any]):
    return make_setup(
        variant=item["variant"],
        preset=item.get("preset"),
        players=item["players"],
        options=item.get("options"),
        seats=item.get("seats"),
    )


def paths(entry: Any, prefix: str = "") -> Iterable[tuple[str, Any]]:
    """Every leaf of an entry as (path, value): maps open up, lists are leaves."""
    if isinstance(entry, dict):
        for key, value in entry.items():
            if isinstance(value, dict):
                yield from paths(value, f"{prefix}{key}.")
            else:
                yield f"{prefix}{key}", value
    else:
        yield prefix.rstrip("."), entry


def wrong_values(got: Mapping[str, Any], want: Mapping[str, Any]) -> list[str]:
    """The paths of ``got`` whose value the listing does not give."""
    expected = dict(paths(want))
    return sorted(p for p, v in paths(got) if p not in expected or expected[p] != v)


def read(item: Mapping[str, Any]):
    return understand(
        setup_of(item), item["line"], item["language"], before=item.get("before") or ()
    )


def run(items: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    results = []
    for item in items:
        understood = read(item)
        got = understood.entry
        results.append(
            {
                "item": item,
                "entry": got,
                "exact": got == item["entry"],
                "wrong": wrong_values(got, item["entry"]),
                "unclear": understood.unclear,
                "reasons": sorted(understood.reasons),
            }
        )
    return results


def table(results: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, int]]]:
    """{"language"|"variant"|"tag": {value: {"lines", "exact", "wrong"}}}."""
    by: dict[str, dict[str, dict[str, int]]] = defaultdict(
        lambda: defaultdict(lambda: {"lines": 0, "exact": 0, "wrong": 0})
    )
    for result in results:
        item = result["item"]
        keys = [("language", item["language"]), ("variant", item["variant"])]
        keys += [("tag", tag) for tag in item.get("tags", ())]
        for kind, value in keys:
            row = by[kind][value]
            row["lines"] += 1
            row["exact"] += result["exact"]
            row["wrong"] += bool(result["wrong"])
    return {kind: dict(rows) for kind, rows in by.items()}


def report(results: list[dict[str, Any]]) -> str:
    """The accuracy by language, variant and tag, and each line that is not exact."""
    out = []
    for kind, rows in table(results).items():
        out.append(f"by {kind}:")
        for value, row in sorted(rows.items()):
            out.append(f"  {value:24} {row['exact']:4}/{row['lines']:<4} wrong {row['wrong']}")
    for result in results:
        if not result["exact"]:
            item = result["item"]
            out.append(
                f"{item['id']}: {item['line']!r}\n   got  {result['entry']}\n"
                f"   want {item['entry']}\n   wrong {result['wrong']} unclear {result['unclear']}"
            )
    return "\n".join(out)
