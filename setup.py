"""The build compiles the translation catalogs (.po) into the package (.mo), so that a
wheel serves every language: the compiled catalogs are never committed.

Everything else about the package is in pyproject.toml; tests/test_package.py builds a
wheel, installs it in a fresh venv and asks it for a page in French.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CATALOGS = Path("scorekeeper") / "translations"


class BuildWithCatalogs(build_py):
    """build_py, then each catalog compiled into the build, as pybabel compile does."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po")):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with target.open("wb") as compiled:
                write_mo(compiled, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})
