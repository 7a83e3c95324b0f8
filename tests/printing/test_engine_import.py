"""WeasyPrint (printing/engine.py) is imported by the first PDF a process makes, not
with the app: every start of the app, the CLI and the event stream process paid ~0.5 s
of CPU for it without printing. Checked in a fresh interpreter, whose modules are its
own (this test process has long imported WeasyPrint for the other printing tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The app and the event streams' app made as gunicorn makes them, then one PDF.
PROBE = """
import json, sys
HEAVY = ("weasyprint", "pydyf", "tinyhtml5", "fontTools", "scorekeeper.printing.engine")
def loaded():
    return sorted({n if n.startswith("scorekeeper") else n.split(".")[0]
                   for n in sys.modules if n.startswith(HEAVY)})
from scorekeeper.factory import create_app, create_streams
config = {"TESTING": True, "DATABASE_URL": sys.argv[1], "SECRET_KEY": "k" * 64}
create_app(config)
create_streams(test_config=config)
found = {"app": loaded()}
from scorekeeper.printing import blank_pad_pdf
pdf = blank_pad_pdf(preset="500 Rum", players=8, names=[f"Zoë Ångström-{n:02}" for n in range(8)])
import weasyprint.draw, weasyprint.layout.float
found["pdf"] = loaded()
found["patched"] = [
    getattr(weasyprint.draw.draw_text, "as_written", False),
    getattr(weasyprint.draw.draw_collapsed_borders, "joins", False),
    getattr(weasyprint.layout.float.float_width, "fixed_tables", False),
]
found["pdf_bytes"] = pdf[:5].decode()
print(json.dumps(found))
"""


def test_the_app_loads_without_weasyprint_and_the_first_pdf_loads_it_patched(tmp_path):
    database = f"sqlite:///{tmp_path / 'app.db'}"
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, database],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert loaded["app"] == []
    assert set(loaded["pdf"]) >= {"weasyprint", "scorekeeper.printing.engine"}
    assert loaded["patched"] == [True, True, True]
    assert loaded["pdf_bytes"] == "%PDF-"
