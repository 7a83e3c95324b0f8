"""The package installs: a wheel built from the repository carries its templates, static
files, migrations and compiled catalogs, and serves pages from a venv outside the checkout.

Offline: the wheel is built without build isolation (setuptools and Babel from the test
venv) and installed with --no-index --no-deps into a fresh venv whose only other packages
are the locked ones of the test venv (a .pth file), so nothing is downloaded.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.catalogs import translated
from tests.commands import run

ROOT = Path(__file__).resolve().parent.parent
# What a build reads; compiled catalogs are left behind, so the build must make its own.
SOURCES = ["pyproject.toml", "setup.py", "README.md", "scorekeeper"]
LEFT_OUT = shutil.ignore_patterns("*.mo", "__pycache__", "*.pyc")

SERVE_IN_FRENCH = """
import json, sys
from pathlib import Path
import scorekeeper
from scorekeeper import create_app
from scorekeeper.db import Database, upgrade_schema

place = Path(sys.argv[1])
url = f"sqlite:///{place / 'scorekeeper.sqlite3'}"
database = Database(url)
upgrade_schema(database.engine)  # the wheel's own migrations
database.dispose()
app = create_app(
    {
        "TESTING": True,
        "SECRET_KEY": "test-secret-key",
        "DATABASE_URL": url,
        "RATELIMIT_ENABLED": False,
    },
    instance_path=str(place / "instance"),
)
page = app.test_client().get("/games/new", headers={"Accept-Language": "fr"})
print(json.dumps({
    "package": scorekeeper.__file__,
    "status": page.status_code,
    "page": page.get_data(as_text=True),
}))
"""


def built_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=LEFT_OUT)
        else:
            shutil.copy2(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    wheels = tmp_path / "wheels"
    run(*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", wheels, ".",
        cwd=source)  # fmt: skip
    [wheel] = wheels.glob("scorekeeper-*.whl")
    return wheel


def fresh_venv(tmp_path: Path, wheel: Path) -> Path:
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    purelib = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                       cwd=tmp_path).strip())  # fmt: skip
    # The locked dependencies, from the test venv: a plain path, so the test venv's own
    # (editable) scorekeeper is not among them.
    (purelib / "locked-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run(sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", python,
        "install", "--no-index", "--no-deps", "--quiet", wheel, cwd=tmp_path)  # fmt: skip
    return python


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """A wheel built from the repository, and the python of a fresh venv holding it."""
    place = tmp_path_factory.mktemp("package")
    wheel = built_wheel(place)
    return wheel, fresh_venv(place, wheel)


@pytest.mark.slow  # builds a wheel and a venv: CI's, and make test SLOW=1's
def test_a_built_wheel_installs_in_a_fresh_venv_and_serves_the_new_game_page_in_french(
    tmp_path, installed
):
    wheel, python = installed
    names = zipfile.ZipFile(wheel).namelist()
    for needed in (
        "scorekeeper/templates/new_game.html",
        "scorekeeper/static/game.js",
        "scorekeeper/migrations/env.py",
        "scorekeeper/translations/fr/LC_MESSAGES/messages.mo",
        "scorekeeper/gunicorn_conf.py",
    ):
        assert needed in names, f"the wheel lacks {needed}"

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = elsewhere / "serve.py"
    script.write_text(SERVE_IN_FRENCH)
    answer = json.loads(run(python, script, elsewhere, cwd=elsewhere))

    assert Path(answer["package"]).is_relative_to(python.parent.parent), answer["package"]
    assert answer["status"] == 200
    assert '<html lang="fr"' in answer["page"]
    assert translated("fr", "Start the game") in answer["page"]


@pytest.mark.slow
def test_an_installed_package_serves_with_gunicorn_from_anywhere_keeping_its_database_in_var(
    tmp_path, installed
):
    """docs/deployment.md's start command for an installed package: gunicorn with the
    settings the package ships, run from a folder with no checkout in it. The database
    and the secret key go to the instance folder Flask gives an installed package,
    <venv>/var/scorekeeper-instance (docs/configuration.md)."""
    _wheel, python = installed
    venv = python.parent.parent
    instance = venv / "var" / "scorekeeper-instance"
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        port = listener.getsockname()[1]
        env = {
            key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")
        }
        server = subprocess.Popen(
            [python, "-m", "gunicorn", "-c", "python:scorekeeper.gunicorn_conf"],
            cwd=tmp_path,
            env={**env, "PYTHONPATH": "", "WEB_CONCURRENCY": "1",
                 "SCOREKEEPER_BIND": f"fd://{listener.fileno()}"},
            pass_fds=(listener.fileno(),),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )  # fmt: skip
    try:
        # The socket takes the connection at once; gunicorn answers once it has started.
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/games/new")
        answer = connection.getresponse()
        assert answer.status == 200, answer.read()
        assert b"<form" in answer.read()
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    assert (instance / "scorekeeper.sqlite3").exists()
    assert (instance / "secret_key").exists()
