"""The web layer's imports sit at the top of its modules, and its modules import each other
without a cycle (docs/architecture.md, "The web layer by feature").

An import inside a function hides a dependency from the reader and from this check; the
usual reason for one, a cycle, is fixed where it is made (a shared piece moved down to
web/common/ or to the feature that needs it). What stays inside a function says why on
its line or the line above: for speed (a heavy library only one route needs) or an
optional dependency (one that may not be installed)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "scorekeeper" / "web"
EXCUSED = re.compile(r"#.*\b(for speed|optional dependency)\b", re.IGNORECASE)


def imports_in_functions(root: Path) -> list[str]:
    """``file:line`` of each import inside a function of ``root``'s modules that no
    comment excuses."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text().splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    around = lines[max(node.lineno - 2, 0) : node.end_lineno]
                    if not any(EXCUSED.search(line) for line in around):
                        found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def web_imports(path: Path, root: Path) -> set[str]:
    """The web modules a module imports when it is loaded: its module-level imports,
    not those for type checkers only (``if TYPE_CHECKING:``)."""
    prefix = root.name
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name.removeprefix("scorekeeper.") for name in names if f".{prefix}" in f".{name}"}


def import_cycle(root: Path) -> list[str]:
    """One cycle among ``root``'s modules (each name as ``web.x.y``), or []."""
    modules = {module_name(path, root): path for path in root.rglob("*.py")}
    graph = {
        name: sorted(o for o in web_imports(path, root) if o in modules and o != name)
        for name, path in modules.items()
    }
    # A package's __init__ runs before any of its modules: that is no edge to follow.
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> list[str]:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return []
        for other in graph[name]:
            if name.startswith(other + "."):
                continue
            cycle = visit(other, [*trail, name])
            if cycle:
                return cycle
        done.add(name)
        return []

    for name in sorted(graph):
        cycle = visit(name, [])
        if cycle:
            return cycle
    return []


def test_no_web_module_imports_inside_a_function_unless_it_says_why():
    assert imports_in_functions(WEB) == []


def test_the_web_modules_import_each_other_without_a_cycle():
    assert import_cycle(WEB) == []


def test_an_unexcused_import_in_a_function_and_a_cycle_are_found(tmp_path: Path):
    site = tmp_path / "site"  # a made-up layer, laid out as web/ is
    (site / "play").mkdir(parents=True)
    (site / "__init__.py").write_text("")
    (site / "play" / "__init__.py").write_text("")
    (site / "play" / "pages.py").write_text(
        "from site.play import forms\n\n\n"
        "def late():\n    from site import groups\n\n\n"
        "def heavy():\n    # Imported on use, for speed: WeasyPrint.\n    import weasyprint\n"
    )
    (site / "play" / "forms.py").write_text(
        "def given():\n    import nacl  # an optional dependency\n"
    )
    (site / "groups.py").write_text("from site.play.pages import late\n")
    assert imports_in_functions(site) == ["play/pages.py:5"]
    assert import_cycle(site) == []
    (site / "play" / "forms.py").write_text("import site.groups\n")
    assert import_cycle(site) == [
        "site.groups",
        "site.play.pages",
        "site.play.forms",
        "site.groups",
    ]
