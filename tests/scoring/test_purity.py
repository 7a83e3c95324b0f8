"""The scoring core is pure: standard library only, no framework."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import scorekeeper.scoring

PACKAGE = Path(scorekeeper.scoring.__file__).parent
MODULES = sorted(PACKAGE.glob("*.py"))


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_the_package_has_modules_to_check():
    assert {"state.py", "settlement.py", "thirteen.py", "gin.py"} <= {m.name for m in MODULES}


def test_every_module_imports_only_the_standard_library_or_its_own_package():
    outside = {
        f"{path.name}: {name}"
        for path in MODULES
        for name in imported_modules(path)
        if name not in sys.stdlib_module_names and name != "__future__"
    }
    assert outside == set()


def test_no_module_reaches_into_the_rest_of_the_app():
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level > 1:
                raise AssertionError(f"{path.name} imports from outside scorekeeper.scoring")


# The app's frameworks and what they bring: none may load with the core.
FRAMEWORKS = frozenset(
    {"flask", "sqlalchemy", "werkzeug", "jinja2", "markupsafe", "weasyprint", "babel",
     "flask_babel", "alembic", "cachetools", "wtforms"}
)  # fmt: skip


def test_importing_the_core_loads_no_framework():
    """The package's top level loads the app factory lazily, so the core alone loads
    neither Flask nor SQLAlchemy (nor Werkzeug, Jinja, WeasyPrint): a notebook can score
    games with the standard library only. Python's own import log (-X importtime) names
    every module the import loaded; the modules it left loaded are the standard library's
    and the core's (the log also names modules only tried, as ``copy`` tries Jython's)."""
    probe = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import scorekeeper.scoring\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(new - set(sys.stdlib_module_names)))"
    )
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", probe],
        capture_output=True,
        text=True,
        check=True,
    )
    logged = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "scorekeeper.scoring.state" in logged  # the log is the one of this import
    assert {name for name in logged if name.split(".")[0] in FRAMEWORKS} == set()
    app = {name for name in logged if name.split(".")[0] == "scorekeeper"}
    assert {name for name in app if not name.startswith("scorekeeper.scoring")} == {"scorekeeper"}
    assert done.stdout.split() == ["['scorekeeper']"]
