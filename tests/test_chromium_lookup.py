"""The browser tests find the system's Chromium under either name, or where a variable says."""

from __future__ import annotations

import pytest

from .chromium import CHROMIUM_VARIABLE, find_chromium, missing_chromium


def executable(folder, name: str) -> str:
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize("name", ["chromium", "chromium-browser"])
def test_chromium_is_found_on_the_path_under_either_name(tmp_path, monkeypatch, name):
    monkeypatch.delenv(CHROMIUM_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    found = executable(tmp_path, name)
    assert find_chromium() == found


def test_the_variable_names_a_chromium_anywhere(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setenv(CHROMIUM_VARIABLE, executable(tmp_path, "chrome"))
    assert find_chromium() == str(tmp_path / "chrome")


def test_no_chromium_is_one_line_saying_what_to_install(tmp_path, monkeypatch):
    monkeypatch.delenv(CHROMIUM_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_chromium() is None
    assert "\n" not in missing_chromium()
    assert "install Debian's chromium package" in missing_chromium()
