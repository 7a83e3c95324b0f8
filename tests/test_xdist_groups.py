"""A module's tests marked ``xdist_group`` go to one worker together under ``--dist
loadgroup`` (tests/conftest.py names the group in each node id, as xdist did before
pytest 9): else each worker that gets one of them starts the module's servers again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow  # a pytest run of its own, with a worker process


def test_a_grouped_test_carries_its_groups_name_to_xdist():
    command = ["-m", "pytest", "tests/ops/test_nginx_front.py", "-p", "no:cacheprovider"]
    command += ["-n", "1", "--dist", "loadgroup", "-v", "-k", "test_the_site_sends_every_stream"]
    done = subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, cwd=ROOT, timeout=300
    )

    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    grouped = "test_the_site_sends_every_stream_url_of_the_app_to_the_stream_process@nginx_front"
    assert f"PASSED tests/ops/test_nginx_front.py::{grouped}" in done.stdout, done.stdout[-2000:]
