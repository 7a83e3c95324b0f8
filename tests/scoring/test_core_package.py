"""The scoring core as its own distribution (core/pyproject.toml, ``scorekeeper-core``):
its README's examples print what the README says, from the checkout and from a wheel
built from the repository and installed in a bare venv, with nothing else in it.

Offline, as tests/test_package.py: the wheel is built without build isolation
(setuptools from the test venv) and installed by the test venv's pip into a venv made
without pip, so nothing is downloaded.
"""

from __future__ import annotations

import re
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.commands import run
from tests.tiers import SLOW

ROOT = Path(__file__).resolve().parent.parent.parent
CORE = ROOT / "core"
CORE_PACKAGE = ROOT / "scorekeeper" / "scoring"
README = CORE / "README.md"
# An example: a python block, then a text block with what it prints.
EXAMPLE = re.compile(r"```python\n(.*?)```\s*```text\n(.*?)```", re.DOTALL)


def examples() -> list[tuple[str, str]]:
    return EXAMPLE.findall(README.read_text(encoding="utf-8"))


def version(pyproject: Path) -> str:
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]


def test_the_readme_has_an_example_for_each_thing_it_shows():
    shown = " ".join(code for code, _printed in examples())
    for call in ("VARIANTS", "PRESETS", "derive(", "validate_entry(", ".settlement"):
        assert call in shown


def test_the_core_has_the_apps_version_and_no_dependencies():
    core = tomllib.loads((CORE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert core["version"] == version(ROOT / "pyproject.toml")
    assert core["dependencies"] == []


@pytest.mark.parametrize("index", range(len(examples())))
def test_each_readme_example_prints_what_the_readme_says_from_the_checkout(index):
    """The quick tier's check: the examples against the checkout's core."""
    code, printed = examples()[index]
    assert run(sys.executable, "-c", code, cwd=ROOT) == printed


@pytest.fixture(scope="module")
def bare_venv(tmp_path_factory) -> tuple[Path, Path]:
    """The core's wheel, built from a copy of core/ and scorekeeper/scoring/ alone (what
    its build reads), and the python of a bare venv it is installed in."""
    place = tmp_path_factory.mktemp("core")
    source = place / "source"
    shutil.copytree(CORE, source / "core", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    shutil.copytree(
        CORE_PACKAGE,
        source / "scorekeeper" / "scoring",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    wheels = place / "wheels"
    run(*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", wheels, ".",
        cwd=source / "core")  # fmt: skip
    [wheel] = wheels.glob("scorekeeper_core-*.whl")
    venv = place / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=place)
    python = venv / "bin" / "python"
    run(*pip, "--python", python, "install", "--no-index", "--no-deps", "--quiet", wheel,
        cwd=place)  # fmt: skip
    return wheel, python


@SLOW  # builds a wheel and a venv: CI's, and make test SLOW=1's
def test_the_wheel_holds_the_core_and_nothing_else(bare_venv):
    wheel, _python = bare_venv
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        [metadata] = [name for name in names if name.endswith(".dist-info/METADATA")]
        requires = [
            line for line in archive.read(metadata).decode().splitlines() if "Requires-Dist" in line
        ]
    modules = {name for name in names if not name.startswith("scorekeeper_core-")}
    # Every module of the core, subpackages too: a new subpackage must be listed in
    # core/pyproject.toml's packages, or this names what the wheel left out.
    expected = {
        path.relative_to(ROOT).as_posix()
        for path in CORE_PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert modules == expected
    assert "scorekeeper/__init__.py" not in names  # the app's, which offers create_app
    assert requires == []


@SLOW
def test_the_readme_examples_run_from_the_wheel_in_a_bare_venv(bare_venv, tmp_path):
    _wheel, python = bare_venv
    where = "import scorekeeper.scoring, sys; print(scorekeeper.scoring.__file__, sys.prefix)"
    # -I: neither the checkout nor the user's site may lend the venv a module.
    found, prefix = run(python, "-I", "-c", where, cwd=tmp_path).split()
    assert Path(found).is_relative_to(prefix) and prefix == str(python.parent.parent)
    for code, printed in examples():
        assert run(python, "-I", "-c", code, cwd=tmp_path) == printed
    # The venv has nothing else: no Flask, and the app's factory is not there.
    probe = "import importlib.util as u; print(u.find_spec('flask'), u.find_spec('sqlalchemy'))"
    assert run(python, "-I", "-c", probe, cwd=tmp_path).split() == ["None", "None"]
    app = "import scorekeeper; print(hasattr(scorekeeper, 'create_app'), scorekeeper.__file__)"
    assert run(python, "-I", "-c", app, cwd=tmp_path).split() == ["False", "None"]
