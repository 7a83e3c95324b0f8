"""Scripts and stylesheets go out without comments and indentation, and still parse."""

from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "scorekeeper" / "static"
SCRIPTS = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.js"))
STYLES = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.css"))


@pytest.mark.parametrize("name", SCRIPTS + STYLES)
def test_a_file_is_served_lighter_than_on_disk(client, name):
    served = client.get(f"/static/{name}").get_data()
    on_disk = (STATIC / name).read_bytes()
    assert len(served) <= len(on_disk)
    if b"//" in on_disk or b"/*" in on_disk or b"\n  " in on_disk:
        assert len(gzip.compress(served)) < len(gzip.compress(on_disk))
    assert b"\n  " not in served


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_slimmed_script_still_parses(client, name, tmp_path):
    node = shutil.which("node")
    assert node, "node is needed to check the served scripts (make test installs it)"
    script = tmp_path / Path(name).name
    script.write_bytes(client.get(f"/static/{name}").get_data())
    done = subprocess.run([node, "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
