"""Findings 10 and 12: a secret key that cannot protect sessions stops the start with
one line; the SQLite file is private to its owner.

``flask init-db`` runs in this process, through the very ``flask`` command group that
``python -m flask`` runs, rather than as a process of its own each (a second or more each
on a loaded machine): any exception other than click's own exit fails the case, as a
traceback on the process's stderr would. The unreadable key is still a real process (run
without root's power to read any file), and tests/ops/test_start_failures.py starts more.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner
from flask.cli import cli

from scorekeeper.factory import SECRET_KEY_MIN_GUESSES, create_app, key_guesses
from tests.ops.support import init_db, the_one_line

GOOD_KEY = "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n"


def init_db_here(instance: Path, env: dict[str, str] | None = None) -> str:
    """``flask init-db`` run in this process: the one line it says on stderr."""
    app = f"scorekeeper:create_app(instance_path={str(instance)!r})"
    with mock.patch.dict(os.environ, env or {}):  # and whatever flask sets, put back after
        result = CliRunner().invoke(cli, ["--app", app, "init-db"])
    assert isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def key_file(tmp_path: Path, content: bytes) -> Path:
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "secret_key").write_bytes(content)
    return instance


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "is 0 bytes; it must be at least 32"),
        (b"  \n\t \n", "is 0 bytes; it must be at least 32"),
        (b"test\n", "is 4 bytes; it must be at least 32"),
        (b"k" * 31, "is 31 bytes; it must be at least 32"),
        (b"\xff\xfe\x00binary" * 8, "is not text"),
    ],
)
def test_an_unusable_key_file_is_one_error_line(tmp_path, content, says):
    instance = key_file(tmp_path, content)
    line = init_db_here(instance)
    assert line.startswith(f"Error: the secret key {instance / 'secret_key'} ")
    assert says in line


def test_an_unreadable_key_file_is_one_error_line(tmp_path):
    instance = key_file(tmp_path, GOOD_KEY.encode())
    (instance / "secret_key").chmod(0o000)
    line = the_one_line(init_db(instance, ordinary_user=True))
    assert line == f"Error: cannot read the secret key {instance / 'secret_key'}: Permission denied"


def test_a_key_that_is_a_folder_is_one_error_line(tmp_path):
    instance = tmp_path / "instance"
    (instance / "secret_key").mkdir(parents=True)
    line = init_db_here(instance)
    assert line == f"Error: cannot read the secret key {instance / 'secret_key'}: Is a directory"


def test_a_short_configured_key_is_one_error_line(tmp_path, database_url):
    env = {"SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": "test"}
    line = init_db_here(tmp_path / "instance", env)
    assert line == (
        "Error: the secret key in SCOREKEEPER_SECRET_KEY is 4 bytes; it must be at least 32 "
        "(e.g. python3 -c 'import secrets; print(secrets.token_hex(32))')"
    )


@pytest.mark.parametrize(
    "key",
    [
        *(" " * 32, "k" * 32, "0123456789abcdef" * 2, "test-secret-key" * 3, "qwertyuiop" * 4),
        # Sentences of common words: zxcvbn alone put the first at 10^38 guesses.
        "the quick brown fox jumps over the lazy dog",
        "The Quick Brown Fox Jumps Over The Lazy Dog!",
        "my club scorekeeper secret key for thursday nights",
        "to be or not to be, that is the question",
    ],
)
def test_a_configured_key_easy_to_guess_is_one_error_line(tmp_path, database_url, key):
    # Issue 23, finding 14: 32 spaces (or any 32 bytes) started the app.
    env = {"SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": key}
    line = init_db_here(tmp_path / "instance", env)
    assert line.startswith(
        "Error: the secret key in SCOREKEEPER_SECRET_KEY is too easy to guess (a repeat, "
    )
    assert "secrets.token_hex(32)" in line


def test_an_easy_key_file_is_one_error_line_too(tmp_path):
    instance = key_file(tmp_path, b"passwordpassword" * 2)
    line = init_db_here(instance)
    assert line.startswith(f"Error: the secret key {instance / 'secret_key'} is too easy to guess")


@pytest.mark.parametrize(
    "key",
    [
        secrets.token_hex(32),  # what the instance folder's own key is made of
        "kqBrhPTg91_jlq_vi_kL6bwyLmnfJAPHS5Uq7gwz0H8",  # a token_urlsafe(32), "_" cut in four
        "zygote quixotic fjord mnemonic xylophone bivouac",  # rare words, at random
        GOOD_KEY,
    ],
    ids=["token_hex", "token_urlsafe", "rare words", "the test key"],  # the same in every worker
)
def test_random_keys_and_passphrases_of_rare_words_are_taken(key):
    assert key_guesses(key) >= SECRET_KEY_MIN_GUESSES


def test_a_good_key_file_is_used(tmp_path, database_url):
    instance = key_file(tmp_path, f"{GOOD_KEY}\n".encode())
    app = create_app({"DATABASE_URL": database_url}, instance_path=str(instance))
    assert app.config["SECRET_KEY"] == GOOD_KEY
    app.extensions["scorekeeper.db"].dispose()


@pytest.mark.sqlite
def test_a_new_sqlite_file_and_its_journal_are_private_to_their_owner(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    instance = tmp_path / "instance"
    app = create_app({"SECRET_KEY": GOOD_KEY}, instance_path=str(instance))
    app.test_client().post("/api/v1/games", json={"variant": "rummy", "players": ["Ann", "Bob"]})
    try:
        files = sorted(instance.glob("scorekeeper.sqlite3*"))
        assert [path.name for path in files][:2] == [
            "scorekeeper.sqlite3",
            "scorekeeper.sqlite3-shm",
        ]
        for path in files:
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    finally:
        app.extensions["scorekeeper.db"].dispose()


def test_a_phone_without_edit_rights_is_told_how_to_get_them_back(client, start):
    game = start()
    page = client.get(f"/games/{game.id}").get_data(as_text=True)  # a new phone, or a lost key
    assert "edit link or scan its QR code" in page
