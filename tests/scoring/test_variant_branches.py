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


# ---------------------------------------------------------------- options and flags

# An option's name (``press``, ``box_bonus``) and a deal flag's (``big_gin``, ``tonk``)
# are their family's too: outside ``scoring/`` nothing keys a table by them, reads one
# from a game's options or entry, or compares a field's or spec's name with one. Their
# words (an option's house rule, a flag's word on the board, its label, its spoken
# phrases) are declared beside them and asked for.
OPTIONS = frozenset(spec.name for cls in VARIANTS.values() for spec in cls.options)
FLAGS = frozenset(f.name for cls in VARIANTS.values() for f in cls.entry_fields if f.kind == "bool")
NAMED = OPTIONS | FLAGS
# What holds a game's options or a deal's entry where it is read by name.
HOLDERS = frozenset({"options", "entry", "o", "rules", "values", "opts"})
# Where a name is still read outside its family, each to move into it: none is left
# (the paper's blocks, gin's void deal and target, Phase 10's phase moved in).
STILL_NAMED: dict[str, set[str]] = {}


def _holds(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in HOLDERS
    return isinstance(node, ast.Attribute) and node.attr in HOLDERS


def _read_by_name(node: ast.AST) -> str | None:
    """The option or flag ``node`` reads by name: ``options["press"]``,
    ``entry.get("big_gin")``."""
    if isinstance(node, ast.Subscript) and _holds(node.value):
        key = node.slice
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and _holds(node.func.value)
        and node.args
    ):
        key = node.args[0]
    else:
        return None
    return key.value if isinstance(key, ast.Constant) and key.value in NAMED else None


def python_names(source: str) -> dict[int, set[str]]:
    """Where ``source`` names an option or a flag: line -> the names."""
    found: dict[int, set[str]] = {}
    for node in ast.walk(ast.parse(source)):
        names: set[str] = set()
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if len(keys) >= 2 and len(keys) == len(node.keys) and NAMED.issuperset(keys):
                names = set(keys)
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Attribute) and o.attr == "name" for o in operands):
                names = {o.value for o in operands if isinstance(o, ast.Constant)} & NAMED
        elif (read := _read_by_name(node)) is not None:
            names = {read}
        if names:
            found.setdefault(node.lineno, set()).update(names)
    return found


# In a template: ``options.press``, ``options['press']``, ``entry.big_gin``; in a script
# the same, a game's ``rules.four_of_a_kind``, and a comparison with a quoted name.
TEMPLATE_READ = re.compile(r"""\b(?:options|entry|rules)(?:\.|\[['"])([a-z0-9_]+)""")
SCRIPT_COMPARE = re.compile(r"""[!=]==?\s*['"]([a-z0-9_]+)['"]|['"]([a-z0-9_]+)['"]\s+in\b""")


def template_names(source: str) -> set[str]:
    found = set()
    for match in TAG.finditer(source):
        found |= set(TEMPLATE_READ.findall(match.group(1) or match.group(2) or "")) & NAMED
    return found


def script_names(source: str) -> set[str]:
    found = set(TEMPLATE_READ.findall(source))
    found |= {a or b for a, b in SCRIPT_COMPARE.findall(source)}
    return found & NAMED


def test_the_scan_finds_an_option_or_a_flag_named_in_python():
    sample = (
        "WORDS = {'press': 1, 'box_bonus': 2}\n"
        "gap = options['press_gap']\n"
        "gin = entry.get('big_gin')\n"
        "if spec.name == 'phases': pass\n"
        "fine = {'press': 1, 'title': 2}\n"
    )
    assert python_names(sample) == {
        1: {"press", "box_bonus"},
        2: {"press_gap"},
        3: {"big_gin"},
        4: {"phases"},
    }


def test_the_scan_finds_an_option_or_a_flag_named_in_a_template_or_a_script():
    template = "{% if options.press %}x{% endif %}<p class=\"press\">{{ entry['rummy'] }}</p>"
    assert template_names(template) == {"press", "rummy"}
    script = 'if (meaning === "big_gin" || rules.four_of_a_kind) {}\nconst press = "press";'
    assert script_names(script) == {"big_gin", "four_of_a_kind"}


def _named_outside_the_families() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE)
        if where.parts[0] in ("scoring", "migrations"):
            continue
        for names in python_names(path.read_text(encoding="utf-8")).values():
            found.setdefault(str(where), set()).update(names)
    for path in sorted((PACKAGE / "templates").rglob("*.html")):
        if names := template_names(path.read_text(encoding="utf-8")):
            found[str(path.relative_to(PACKAGE))] = names
    for path in sorted((PACKAGE / "static").glob("*.js")):
        if names := script_names(path.read_text(encoding="utf-8")):
            found[str(path.relative_to(PACKAGE))] = names
    return found


def test_no_surface_names_an_option_or_a_flag_outside_its_family():
    found = _named_outside_the_families()
    new = {
        where: names - STILL_NAMED.get(where, set())
        for where, names in found.items()
        if names - STILL_NAMED.get(where, set())
    }
    assert new == {}
    # The list of names still to move only shrinks: a name moved comes off it.
    gone = {
        where: names - found.get(where, set())
        for where, names in STILL_NAMED.items()
        if names - found.get(where, set())
    }
    assert gone == {}
