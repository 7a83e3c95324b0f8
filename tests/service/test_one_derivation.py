"""One way to read a game: the app derives a game's state in one place, the service
layer's ``results.game_state``; the league, its export and import, and the circles ask
it (or the views it makes), and a question the setup answers alone, which way a game
ranks, goes to the variant (``Variant.ranks_higher``) without deriving a deal."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent.parent / "scorekeeper"
CORE = PACKAGE / "scoring"


def derive_calls(path: Path) -> list[int]:
    """The lines of ``path`` that call the core's ``derive``: ``scoring.derive(...)``, or
    ``derive(...)`` where the module imports it from the core."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = any(
        isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("scorekeeper.scoring")
        and any(alias.name == "derive" for alias in node.names)
        for node in ast.walk(tree)
    )
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if (
            isinstance(called, ast.Attribute)
            and called.attr == "derive"
            and isinstance(called.value, ast.Name)
            and called.value.id == "scoring"
        ) or (imported and isinstance(called, ast.Name) and called.id == "derive"):
            lines.append(node.lineno)
    return lines


def test_the_core_is_asked_to_derive_a_game_in_one_place():
    places = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if not path.is_relative_to(CORE) and (lines := derive_calls(path))
    }
    assert list(places) == ["service_layer/results.py"]
    assert len(places["service_layer/results.py"]) == 1


def test_the_finder_sees_both_spellings(tmp_path):
    module = tmp_path / "reader.py"
    module.write_text(
        "from scorekeeper import scoring\n"
        "from scorekeeper.scoring import derive\n"
        "a = scoring.derive(setup, [])\n"
        "b = derive(setup, [])\n"
        "c = table_links.derive(key, 'x', 1)\n"
    )
    assert derive_calls(module) == [3, 4]
