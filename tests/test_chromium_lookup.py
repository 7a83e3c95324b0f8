"""The browser tests find the system's Chromium under either name, or where a variable says;
the phones prefer its headless shell."""

from __future__ import annotations

import pytest

from .chromium import CHROMIUM_VARIABLE, find_chromium, find_phone_chromium, missing_chromium


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


def test_the_phones_take_the_headless_shell_beside_chromium(tmp_path, monkeypatch):
    monkeypatch.delenv(CHROMIUM_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    chromium = executable(tmp_path, "chromium")
    assert find_phone_chromium() == chromium  # no shell: Chromium itself
    shell = executable(tmp_path, "chromium-headless-shell")
    assert find_phone_chromium() == shell
    assert find_chromium() == chromium  # Lighthouse keeps the whole browser


def test_the_variable_names_the_phones_browser_too(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    executable(tmp_path, "chromium-headless-shell")
    monkeypatch.setenv(CHROMIUM_VARIABLE, executable(tmp_path, "chrome"))
    assert find_phone_chromium() == str(tmp_path / "chrome")


def test_no_chromium_is_one_line_saying_what_to_install(tmp_path, monkeypatch):
    monkeypatch.delenv(CHROMIUM_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_chromium() is None
    assert find_phone_chromium() is None
    assert "\n" not in missing_chromium()
    assert "install Debian's chromium package" in missing_chromium()
