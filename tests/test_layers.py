"""The layers import what docs/architecture.md says they may: the service layer and the
data layer no Flask and nothing of the web layer; printing nothing of the web layer.
(The scoring core's purity has its own test: tests/scoring/test_purity.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
NO_FLASK = ["service_layer", "models.py", "db.py"]
NO_WEB = [*NO_FLASK, "printing", "scoring"]


def modules(part: str) -> list[Path]:
    path = PACKAGE / part
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


def imported(path: Path) -> set[str]:
    """Every module name an import statement of the file names (relative ones resolved)."""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            names.add(".".join([*base, *([node.module] if node.module else [])]))
    return names


def test_each_layer_named_has_modules_to_check():
    for part in NO_WEB:
        assert modules(part), part


@pytest.mark.parametrize("part", NO_FLASK)
def test_the_service_and_data_layers_import_no_flask(part):
    found = {
        f"{path.name}: {name}"
        for path in modules(part)
        for name in imported(path)
        if name.split(".")[0] in {"flask", "flask_babel", "flask_login", "flask_wtf", "werkzeug"}
    }
    assert found == set()


@pytest.mark.parametrize("part", NO_WEB)
def test_no_layer_below_the_web_imports_the_web_layer(part):
    found = {
        f"{path.name}: {name}"
        for path in modules(part)
        for name in imported(path)
        if name == "scorekeeper.web" or name.startswith("scorekeeper.web.")
    }
    assert found == set()


def test_test_modules_take_their_helpers_from_helper_modules_not_from_each_other():
    """A test module imported by another runs its tests' imports twice and ties the two
    together; helpers live in support.py, cases.py and the like (docs/testing.md)."""
    tests = PACKAGE.parent / "tests"
    found = set()
    for path in tests.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                last = node.module.rsplit(".", 1)[-1]
                if last.startswith("test_"):
                    found.add(f"{path.relative_to(tests)}: {node.module}")
    assert found == set()
