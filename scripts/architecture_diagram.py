#!/usr/bin/env python3
"""Draw docs/architecture.md's diagram from the code: which part of scorekeeper/ imports
which, as a Mermaid flowchart written between the document's two markers.

    .venv/bin/python scripts/architecture_diagram.py          # rewrite the diagram
    .venv/bin/python scripts/architecture_diagram.py --check  # exit 1 if it is stale

A part is a package below scorekeeper/ (the web layer's by feature: web/table,
web/api …, and web/ itself for its __init__, the app's web wiring) or a named group
of top-level modules (PARTS); an arrow A --> B says some module of A imports one of
B, at the top of a module or inside a function. tests/test_architecture_diagram.py
checks the committed diagram is what this draws today.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
DOCUMENT = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- architecture-diagram: made by scripts/architecture_diagram.py, do not edit -->"
END = "<!-- architecture-diagram: end -->"
# Top-level modules drawn as one part each group; any other is a part of its own.
PARTS = {
    "app wiring": {"__init__", "factory", "config", "cli", "serving", "gunicorn_conf"},
    "extensions": {"extensions", "ratelimit_storage"},
    "data": {"models", "db", "migrations", "write_turns", "checkpoints"},
    "words": {"i18n", "translate"},
    "summary": {"summary", "chart"},
}


def part_of(module: str) -> str | None:
    """The part a dotted module name (``scorekeeper.web.table.game``) belongs to."""
    parts = module.split(".")
    if parts[0] != "scorekeeper":
        return None
    if len(parts) == 1:
        return "app wiring"
    top = parts[1]
    if top == "web":
        feature = parts[2] if len(parts) > 2 else None
        if feature and (PACKAGE / "web" / feature).is_dir():
            return f"web/{feature}"
        return "web"
    for name, members in PARTS.items():
        if top in members:
            return name
    return top


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module an import of ``path`` names (``from a import b``: a.b if b is a module,
    else a)."""
    here = module_of(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                name = f"{module}.{alias.name}"
                names.add(name if is_module(name) else module)
    return names


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.is_dir() or path.with_suffix(".py").is_file()


def edges() -> set[tuple[str, str]]:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        source = part_of(module_of(path))
        for name in imported(path):
            target = part_of(name)
            if source and target and target != source:
                found.add((source, target))
    return found


def node_id(part: str) -> str:
    return part.replace("/", "_").replace(" ", "_")


def flowchart(arrows: set[tuple[str, str]]) -> str:
    parts = sorted({part for arrow in arrows for part in arrow})
    lines = ["```mermaid", "flowchart TD"]
    lines += [f'    {node_id(part)}["{part}"]' for part in parts]
    lines += [f"    {node_id(a)} --> {node_id(b)}" for a, b in sorted(arrows)]
    lines.append("```")
    return "\n".join(lines)


def web(part: str) -> bool:
    return part == "web" or part.startswith("web/")


def diagram() -> str:
    """Two flowcharts: the layers (the web layer as one part), then the web layer's
    features and what each imports of the others."""
    found = edges()
    layers = {("web" if web(a) else a, "web" if web(b) else b) for a, b in found}
    features = {(a, b) for a, b in found if web(a) and web(b)}
    return "\n\n".join(
        [
            "The layers (an arrow: some module of one imports one of the other):",
            flowchart({(a, b) for a, b in layers if a != b}),
            "The web layer by feature:",
            flowchart(features),
        ]
    )


def with_diagram(document: str) -> str:
    """``document`` with the text between the markers replaced by today's diagram."""
    start = document.index(BEGIN) + len(BEGIN)
    end = document.index(END, start)
    return f"{document[:start]}\n{diagram()}\n{document[end:]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the diagram is stale")
    args = parser.parse_args(argv)
    document = DOCUMENT.read_text()
    fresh = with_diagram(document)
    if args.check:
        if fresh != document:
            print(f"{DOCUMENT.relative_to(ROOT)}: the diagram is stale; run {__file__}")
            return 1
        return 0
    DOCUMENT.write_text(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
