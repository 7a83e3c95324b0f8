"""The project's docs stand on their own and cover what the app does."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import scoring

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
