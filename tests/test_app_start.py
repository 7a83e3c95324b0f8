"""What an app start leaves to the few paths that need it: WeasyPrint (printing/engine.py)
to the first PDF a process makes, alembic to making or reading the schema's migrations,
and the scrypt a login to an unknown email checks against to the first such login.
Every start of the app, a CLI command, the event stream process, and each of the tests'
servers paid for them (~0.7 s of CPU together) without using them.

Checked in a fresh interpreter, whose modules are its own (this test process has long
imported WeasyPrint and alembic for other tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The app and the event streams' app made as gunicorn makes them, on a database that has
# its schema, then one PDF.
PROBE = """
import hashlib, json, sqlite3, sys
HEAVY = ("weasyprint", "pydyf", "tinyhtml5", "fontTools", "alembic",
         "scorekeeper.printing.engine")
def loaded():
    return sorted({n if n.startswith("scorekeeper") else n.split(".")[0]
                   for n in sys.modules if n.startswith(HEAVY)})
scrypts = []
real_scrypt = hashlib.scrypt
hashlib.scrypt = lambda *args, **kwargs: scrypts.append(1) or real_scrypt(*args, **kwargs)
with sqlite3.connect(sys.argv[1]) as database:
    database.execute("CREATE TABLE kept (x)")  # not empty: no schema is made
from scorekeeper.factory import create_app, create_streams
config = {"TESTING": True, "DATABASE_URL": f"sqlite:///{sys.argv[1]}", "SECRET_KEY": "k" * 64}
create_app(config)
create_streams(test_config=config)
found = {"app": loaded(), "scrypts": len(scrypts)}
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


def test_the_app_starts_without_weasyprint_alembic_or_a_scrypt(tmp_path):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "app.db")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert (found["app"], found["scrypts"]) == ([], 0)
    # The first PDF imports the engine, WeasyPrint patched as every PDF is laid out.
    assert set(found["pdf"]) >= {"weasyprint", "scorekeeper.printing.engine"}
    assert found["patched"] == [True, True, True]
    assert found["pdf_bytes"] == "%PDF-"
