"""Running a command for a packaging test: the wheel built, a bare venv made, an example run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def run(*command: str | Path, cwd: Path) -> str:
    """``command``'s standard output; it must succeed. No PYTHONPATH is passed on, so a
    venv sees only what is installed in it; output is UTF-8 whatever the locale."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": "", "PIP_NO_INPUT": "1", "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, f"{command[:4]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout
