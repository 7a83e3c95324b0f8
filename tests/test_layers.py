"""The layers import what docs/architecture.md says they may: the service layer and the
data layer no Flask and nothing of the web layer; printing nothing of the web layer; no
module outside the web layer (and the app's wiring) Flask or its extensions.
(The scoring core's purity has its own test: tests/scoring/test_purity.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
NO_FLASK = ["service_layer", "models.py", "db.py"]
NO_WEB = [*NO_FLASK, "printing", "scoring", "league", "summary.py"]
FLASK = {"flask", "flask_babel", "flask_login", "flask_wtf", "flask_limiter"}
# The app's wiring, Flask by nature: create_app, the extensions it sets up (CSRF, the
# rate limiter) and the flask commands. Everything else below scorekeeper/ that is not
# scorekeeper/web/ speaks through scorekeeper.i18n and returns the service errors.
APP_WIRING = {"factory.py", "extensions.py", "cli.py"}


def modules(part: str) -> list[Path]:
    path = PACKAGE / part
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


def imported(path: Path, root: Path = PACKAGE) -> set[str]:
    """Every module name an import statement of the file names (relative ones resolved)."""
    package = path.relative_to(root.parent).with_suffix("").parts[:-1]
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


def flask_imports(root: Path) -> set[str]:
    """Each import of Flask or a Flask extension by a module of ``root`` (a package) that is
    neither in its web/ nor the app's wiring: at module level or inside a function."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root)
        if where.parts[0] == "web" or str(where) in APP_WIRING:
            continue
        found |= {
            f"{where}: {name}" for name in imported(path, root) if name.split(".")[0] in FLASK
        }
    return found


def test_no_module_outside_the_web_layer_imports_flask():
    assert flask_imports(PACKAGE) == set()


def test_a_flask_import_outside_the_web_layer_is_found(tmp_path: Path):
    package = tmp_path / "scorekeeper"
    for folder in ("league", "printing", "web"):
        (package / folder).mkdir(parents=True)
    (package / "cli.py").write_text("from flask import Flask\n")
    (package / "web" / "pages.py").write_text("from flask import render_template\n")
    (package / "league" / "words.py").write_text("from flask_babel import gettext as _\n")
    (package / "league" / "late.py").write_text("def f():\n    import flask_login\n")
    (package / "printing" / "fine.py").write_text("from scorekeeper.i18n import gettext\n")
    assert flask_imports(package) == {
        "league/words.py: flask_babel",
        "league/late.py: flask_login",
    }


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
