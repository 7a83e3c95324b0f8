"""No import cycles among scorekeeper's modules outside the web layer.

A cycle makes the order modules load in matter, and the usual dodge, an import moved
into a function, hides it: the shared piece belongs in a module below both. The graph
is read from the source (ast): a module's imports at its top level (inside ``if`` and
``try`` blocks too, but not under ``if TYPE_CHECKING``, which never runs). An import
inside a function is allowed only to load something heavy late, says so in a comment
on its line, and closes no cycle either.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
# web/ has a graph of its own making; migrations are Alembic's scripts, not modules.
LEFT_OUT = {"web", "migrations"}


def module_paths() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if LEFT_OUT & set(parts[1:]):
            continue
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = module_paths()


def top_level(statements: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    for statement in statements:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            yield statement
        elif isinstance(statement, ast.If):
            if "TYPE_CHECKING" not in ast.unparse(statement.test):
                yield from top_level(statement.body)
            yield from top_level(statement.orelse)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from top_level(block)
            for handler in statement.handlers:
                yield from top_level(handler.body)


def in_functions(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    yield inner


def targets(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The modules of ours an import statement loads: for ``from a import b``, ``a.b``
    when that is a module, else ``a``."""
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    else:
        if node.level:
            package = module.split(".")
            if MODULES[module].name != "__init__.py":
                package = package[:-1]
            base = ".".join([*package[: len(package) - node.level + 1], node.module or ""])
        else:
            base = node.module or ""
        named = [f"{base.rstrip('.')}.{alias.name}" for alias in node.names]
    found = set()
    for name in named:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def graph(with_functions: bool = False) -> dict[str, set[str]]:
    edges = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        statements = [*top_level(tree.body), *(in_functions(tree) if with_functions else ())]
        edges[module] = set().union(*(targets(module, node) for node in statements))
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of two or more modules (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while (member := stack.pop()) != module:
                group.append(member)
            if group:
                found.append(sorted([module, *group]))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_the_graph_reads_the_packages_and_their_imports():
    edges = graph()
    assert {"scorekeeper.scoring.state", "scorekeeper.league.director"} <= set(edges)
    assert not any(module.startswith("scorekeeper.web") for module in edges)
    assert "scorekeeper.scoring.registry" in edges["scorekeeper.scoring.state"]  # relative
    assert "scorekeeper.league.standings" in edges["scorekeeper.league.director"]
    assert "scorekeeper.service_layer.results" not in edges["scorekeeper.service_layer.errors"]


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_outside_the_web_layer_takes_part_in_an_import_cycle():
    assert cycles(graph()) == []


def test_an_import_inside_a_function_says_why_and_closes_no_cycle():
    uncommented = []
    for path in MODULES.values():
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in in_functions(ast.parse("\n".join(lines))):
            if "#" not in lines[node.lineno - 1]:
                uncommented.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert uncommented == []
    assert cycles(graph(with_functions=True)) == []
