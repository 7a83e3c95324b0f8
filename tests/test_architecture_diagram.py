"""docs/architecture.md's diagram is drawn from the code (scripts/architecture_diagram.py):
the one committed is what the script draws today, so a new import between parts shows
in the document in the same change."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "architecture_diagram.py"


def load_script():
    spec = importlib.util.spec_from_file_location("architecture_diagram", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_committed_diagram_is_the_one_the_code_draws_today():
    script = load_script()
    document = script.DOCUMENT.read_text()
    assert script.with_diagram(document) == document, (
        "run .venv/bin/python scripts/architecture_diagram.py"
    )


def test_the_diagram_shows_each_part_and_the_web_layers_features():
    diagram = load_script().diagram()
    for part in ("scoring", "service_layer", "league", "printing", "understand", "data"):
        assert f'{part}["{part}"]' in diagram
    for feature in ("table", "api", "circles", "league", "voice", "common"):
        assert f'web_{feature}["web/{feature}"]' in diagram
    assert "web_table --> web_common" in diagram
    assert "web_common --> web_table" not in diagram
