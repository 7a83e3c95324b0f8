"""The project's docs stand on their own and cover what the app does."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import scoring
from scorekeeper.service_layer.idempotency import IDEMPOTENCY_KEYS_KEPT

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text()
API = (ROOT / "docs" / "api.md").read_text()


def project_texts() -> list[Path]:
    folders = [ROOT / "docs", ROOT / "scorekeeper"]
    files = [ROOT / "README.md"]
    for folder in folders:
        files += [path for path in folder.rglob("*") if path.suffix in {".md", ".py", ".html"}]
    return files


def test_nothing_refers_to_files_outside_the_repository():
    outside = re.compile(r"\.\./shared|shared/(RULES|API)\.md")
    referring = [
        str(path.relative_to(ROOT)) for path in project_texts() if outside.search(path.read_text())
    ]
    assert referring == []


def test_the_rules_reference_has_a_section_for_every_variant():
    headings = re.findall(r"^#{2,3} .*?`(\w+)`", RULES, flags=re.MULTILINE)
    assert set(scoring.VARIANTS) <= set(headings)


def test_the_rules_reference_lists_every_preset():
    listed = re.findall(r"^\| ([^|`]+?) \| `", RULES, flags=re.MULTILINE)
    assert set(scoring.PRESETS) <= set(listed)


def test_the_api_reference_lists_every_api_route(app):
    routes = {
        re.sub(r"<(?:\w+:)?\w+>", "{}", rule.rule)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/")
    }
    documented = {
        re.sub(r"\{\w+\}", "{}", path) for path in re.findall(r"`[A-Z]+ (/api/v1/\S+)`", API)
    }
    assert routes <= documented


def documents() -> list[Path]:
    """The README, docs/ and every other Markdown file of the repository's own."""
    skipped = {".git", ".venv", "node_modules", "test-output", "instance"}
    found = [path for path in ROOT.glob("*.md")]
    for top in ROOT.iterdir():
        if top.is_dir() and not top.is_symlink() and top.name not in skipped:
            found += top.rglob("*.md")
    return sorted(found)


LINK = re.compile(r"\]\(([^)\s]+)\)|\bsrc=\"([^\"]+)\"")


def anchors(path: Path) -> set[str]:
    """The heading anchors GitHub gives a Markdown file's headings."""
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", path.read_text(), flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")
        found.add(slug)
    return found


def test_every_relative_link_in_the_readme_and_docs_resolves():
    broken = []
    for path in documents():
        text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
        for match in LINK.finditer(text):
            target = match.group(1) or match.group(2)
            if re.match(r"^[a-z]+:", target):
                continue  # https:, mailto:: not ours to check offline
            file, _, anchor = target.partition("#")
            resolved = (path.parent / file).resolve() if file else path
            where = f"{path.relative_to(ROOT)}: {target}"
            if not resolved.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                broken.append(f"{where} (no such heading)")
    assert broken == []


def test_the_readme_is_short_and_its_layout_names_every_top_level_folder_and_package():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 200
    layout = readme[readme.index("## Layout") :]
    tracked = {
        path.name
        for path in ROOT.iterdir()
        if path.is_dir() and not path.name.startswith(".")
        and path.name not in {"node_modules", "test-output", "build", "dist", "__pycache__"}
        and not path.name.endswith(".egg-info")
    }  # fmt: skip
    packages = {
        path.name for path in (ROOT / "scorekeeper").iterdir() if (path / "__init__.py").exists()
    }
    missing = {name for name in tracked if f"`{name}/`" not in layout}
    missing |= {name for name in packages if f"`scorekeeper/{name}/`" not in layout}
    assert missing == set()


def test_the_docs_say_what_a_request_may_cost_and_how_long_keys_are_kept():
    security = (ROOT / "docs" / "security.md").read_text()
    costs = security[security.index("## What one request may cost") :]
    assert "s of CPU" in costs  # CPU seconds per PDF
    assert "KB a key row" in security  # bytes per idempotency key row
    hours = int(IDEMPOTENCY_KEYS_KEPT.total_seconds() // 3600)
    assert f"{hours} hours (`idempotency.IDEMPOTENCY_KEYS_KEPT`)" in security
    assert f"Keys are kept {hours} hours" in API
    assert "(docs/security.md)" in (ROOT / "README.md").read_text()


# `league/test_auth.py::TestTheLoginLimit::test_x`: a test file under tests/, and its names.
TEST_REFERENCE = re.compile(r"`((?:[a-z_]+/)*test_\w+\.py)((?:::\w+)*)`")


def test_every_test_the_security_docs_name_exists():
    """docs/security.md shows each promise by a test: a file renamed or a test gone leaves
    a promise shown by nothing."""
    missing = []
    for doc in (ROOT / "docs" / "security.md", ROOT / "tests" / "security" / "README.md"):
        for file, names in TEST_REFERENCE.findall(doc.read_text()):
            # Beside the README that names it, under tests/, or from the top.
            path = next(
                (
                    path
                    for path in (doc.parent / file, ROOT / "tests" / file, ROOT / file)
                    if path.exists()
                ),
                None,
            )
            if path is None:
                missing.append(f"{doc.name}: {file}")
                continue
            source = path.read_text()
            for name in filter(None, names.split("::")):
                if not re.search(rf"^\s*(?:def|class) {name}\b", source, flags=re.MULTILINE):
                    missing.append(f"{doc.name}: {file}::{name}")
    assert missing == []


def test_the_readme_counts_the_presets_as_the_registry_has_them():
    # The variants are the registry's, each with its rules section (above): the README
    # names none, so a new game family touches no README.
    readme = (ROOT / "README.md").read_text()
    said = re.search(r"(\d+) named\s+presets \((.*?)\s+to\s+(.*?)\)", readme, re.S)
    assert said, "the README's presets sentence"
    assert int(said[1]) == len(scoring.PRESETS)
    first, *_, last = scoring.PRESETS
    assert said[2] == first
    assert " ".join(said[3].split()).lower() == f"the {last}".lower()
