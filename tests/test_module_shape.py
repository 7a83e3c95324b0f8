"""The house's shape, as docs/architecture.md asks it: no module of ``scorekeeper/`` over
600 lines and no function over 80, so each can be read in one sitting. Migrations are
history, written once and never read as code, and are left out."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MOST_LINES = 600
MOST_FUNCTION_LINES = 80


def sources() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py")) if "migrations" not in path.parts]


def long_functions(source: str, most: int) -> list[str]:
    return [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > most
    ]


def test_the_check_finds_a_long_function():
    body = "\n".join(f"    x{n} = {n}" for n in range(MOST_FUNCTION_LINES))
    assert long_functions(f"def long():\n{body}\n", MOST_FUNCTION_LINES) == ["long (81 lines)"]
    assert long_functions("def short():\n    pass\n", MOST_FUNCTION_LINES) == []


def test_no_module_is_over_600_lines():
    assert sources()
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in sources()
        if (lines := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert long == {}


def test_no_function_is_over_80_lines():
    long = {
        str(path.relative_to(PACKAGE)): found
        for path in sources()
        if (found := long_functions(path.read_text(), MOST_FUNCTION_LINES))
    }
    assert long == {}
