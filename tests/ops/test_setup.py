"""The README's commands: what make runs, what it installs from, how gunicorn is set up."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from gunicorn.app.wsgiapp import WSGIApplication

ROOT = Path(__file__).resolve().parent.parent.parent


def make_dry_run(*args: str) -> list[str]:
    """The commands make would run, without running them."""
    made = subprocess.run(
        ["make", "--dry-run", "--always-make", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return made.stdout.replace("\\\n", " ").splitlines()


@pytest.mark.parametrize(
    ("args", "server"),
    [
        (["run"], "flask --app scorekeeper run --host 127.0.0.1 --port 5000"),
        (["run", "HOST=0.0.0.0", "PORT=5050"], "run --host 0.0.0.0 --port 5050"),
        (["serve"], "gunicorn -c gunicorn.conf.py --bind 127.0.0.1:8000"),
        (
            ["serve", "HOST=0.0.0.0", "PORT=8080"],
            "gunicorn -c gunicorn.conf.py --bind 0.0.0.0:8080",
        ),
    ],
)
def test_run_and_serve_take_host_and_port(args, server):
    commands = [" ".join(line.split()) for line in make_dry_run(*args)]
    assert any(server in line for line in commands), commands


def test_make_run_installs_the_app_and_its_runtime_packages_only():
    commands = make_dry_run("run")
    assert "scripts/install-system-packages runtime" in commands
    assert not any("install-system-packages test" in line for line in commands)
    installs = [line for line in commands if "pip install" in line]
    assert [re.sub(r"^\S+/pip ", "pip ", line) for line in installs] == [
        "pip install --quiet --require-hashes --no-deps -r requirements/app.txt",
        "pip install --quiet --no-deps -e .",
    ]
    # The lock names every package (nothing resolved): pip check says it was whole.
    assert any(line.endswith("/pip check") for line in commands)
    # The venv is made after the runtime packages, which bring python3-venv.
    venv = next(i for i, line in enumerate(commands) if " -m venv " in line)
    assert commands.index("scripts/install-system-packages runtime") < venv


def test_make_test_installs_the_test_lock_and_the_test_packages():
    commands = make_dry_run("test")
    assert "scripts/install-system-packages test" in commands
    assert any("--require-hashes --no-deps -r requirements/test.txt" in line for line in commands)
    assert any(line.endswith("/pip check") for line in commands)


def test_every_locked_requirement_is_pinned_with_hashes():
    for lock in ("requirements/app.txt", "requirements/test.txt"):
        text = (ROOT / lock).read_text()
        requirements = re.findall(r"^([A-Za-z0-9_.-]+)(\S*) \\$", text, flags=re.MULTILINE)
        assert len(requirements) > 20, lock
        assert all(pin.startswith("==") for _, pin in requirements), lock
        blocks = re.split(r"^(?=[A-Za-z])", text, flags=re.MULTILINE)[1:]
        assert all("--hash=sha256:" in block for block in blocks), lock


def test_gunicorn_opens_no_control_socket(monkeypatch):
    # gunicorn's own command line read in this process, as `gunicorn -c gunicorn.conf.py`
    # reads it: a process of its own (--print-config) imported the whole app first, 2.7 CPU-s.
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["gunicorn", "-c", "gunicorn.conf.py"])
    monkeypatch.setattr(sys, "path", list(sys.path))  # gunicorn puts its folder first
    monkeypatch.setitem(sys.modules, "__config__", None)  # where gunicorn loads the file
    config = WSGIApplication("%(prog)s [OPTIONS] [APP_MODULE]", prog="gunicorn").cfg
    assert config.control_socket_disable is True
    assert config.wsgi_app == "scorekeeper:create_app_or_exit()"  # the file was the one read
