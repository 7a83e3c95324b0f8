"""No surface asks a variant's name: outside ``scorekeeper/scoring/`` nothing compares a
variant id, tests membership in a set of ids, or keys a table by them. What a game means
on a page, a sheet or a pad is declared by the variant's class (docs/adding-a-variant.md).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import scorekeeper
from scorekeeper.scoring import VARIANTS

PACKAGE = Path(scorekeeper.__file__).parent
IDS = frozenset(VARIANTS)
# What a variant's id is called where it is compared: ``setup.variant``, ``variant_id``,
# ``form.variant``, ``cls.id`` ...
NAMES = frozenset({"variant", "variant_id", "id"})


def _named(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in NAMES
    return isinstance(node, ast.Attribute) and node.attr in NAMES


def _ids_in(node: ast.AST) -> set[str]:
    """The variant ids ``node`` holds: a string literal, or a tuple, set or list of them."""
    if isinstance(node, ast.Constant) and node.value in IDS:
        return {node.value}
    if isinstance(node, ast.Tuple | ast.Set | ast.List):
        return {e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in IDS}
    return set()


def python_branches(source: str) -> list[str]:
    """Where ``source`` branches on a variant's id, as "line: what"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            ids = set().union(*(_ids_in(o) for o in operands))
            if ids and any(_named(o) for o in operands):
                found.append(f"{node.lineno}: compares a variant with {sorted(ids)}")
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if keys and len(keys) == len(node.keys) and all(k in IDS for k in keys):
                found.append(f"{node.lineno}: a table keyed by variant ids {sorted(keys)}")
    return found


# A Jinja comparison of a variant with a literal (a set the view derives from the
# registry's declarations, such as ``variant_id in partnerships``, is no branch), and a
# condition naming a variant id.
TEMPLATE_TEST = re.compile(
    r"""\bvariant(_id)?\s*(==|!=)\s*['"]|\bvariant(_id)?\s+(not\s+)?in\s*[(\[]"""
)
TAG = re.compile(r"\{%-?(.*?)-?%\}|\{\{(.*?)\}\}", re.S)
QUOTED = re.compile(r"""['"]([a-z0-9_]+)['"]""")


def template_branches(source: str) -> list[str]:
    found = []
    for match in TAG.finditer(source):
        text = match.group(1) or match.group(2) or ""
        line = source.count("\n", 0, match.start()) + 1
        if TEMPLATE_TEST.search(text):
            found.append(f"{line}: compares a variant")
        elif re.search(r"\b(if|elif)\b", text):
            ids = sorted(set(QUOTED.findall(text)) & IDS)
            if ids:
                found.append(f"{line}: a condition naming {ids}")
    return found


def test_the_scan_finds_a_branch_in_python():
    sample = (
        "def f(setup, variant_id, form):\n"
        "    gin = setup.variant == 'gin'\n"
        "    if variant_id in ('rummy', 'thirteen'):\n"
        "        pass\n"
        "    rows = {'canasta': 1, 'handfoot': 2}\n"
        "    return form.variant != 'contract'\n"
    )
    assert [line.split(":")[0] for line in python_branches(sample)] == ["2", "3", "5", "6"]


def test_the_scan_leaves_words_that_are_not_a_variant_alone():
    sample = (
        "entry.get('rummy')\n"
        "RESULTS = {'gin': 'gin', 'knock': 'knock'}\n"
        "if spec.items == 'contract': pass\n"
    )
    assert python_branches(sample) == []


def test_the_scan_finds_a_branch_in_a_template():
    sample = (
        "<p>{{ 'a' if form.variant == 'gin' else 'b' }}</p>\n"
        "{% if variant in ('rummy', 'gin') %}x{% endif %}\n"
        "{% if kind == 'thirteen' %}y{% endif %}\n"
        "<p data-variant=\"{{ variant }}\">{{ _('Contract') }}</p>\n"
        "{% for variant in variants %}{% if variant_id in partnerships %}{% endif %}\n"
    )
    assert [line.split(":")[0] for line in template_branches(sample)] == ["1", "2", "3"]


def test_no_module_outside_the_scoring_core_branches_on_a_variant():
    found = [
        f"{path.relative_to(PACKAGE)}:{where}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "scoring" not in path.relative_to(PACKAGE).parts[:1] and "migrations" not in path.parts
        for where in python_branches(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_template_branches_on_a_variant():
    found = [
        f"{path.relative_to(PACKAGE)}:{where}"
        for path in sorted((PACKAGE / "templates").rglob("*.html"))
        for where in template_branches(path.read_text(encoding="utf-8"))
    ]
    assert found == []
