"""The application factory (``create_app``) and the instance's secret key."""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import cli, web
from scorekeeper.config import Defaults
from scorekeeper.db import (
    Database,
    DatabaseConfigError,
    check_connection,
    create_schema_if_empty,
)
from scorekeeper.league import table_links


def create_app(
    test_config: Mapping[str, Any] | None = None, *, instance_path: str | None = None
) -> Flask:
    """The application factory (as in Flask's tutorial).

    Configuration precedence, lowest first: ``Defaults``, ``instance/config.py``,
    ``SCOREKEEPER_*`` environment variables, then ``test_config``.
    """
    app = Flask(
        "scorekeeper",  # the package, whose folder holds the templates and static files
        instance_relative_config=True,
        instance_path=instance_path,
    )
    app.config.from_object(Defaults)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)
        if app.testing and "RATELIMIT_ENABLED" not in test_config:
            # One test client sends hundreds of writes a minute from one address;
            # a test of the limits turns them on itself.
            app.config["RATELIMIT_ENABLED"] = False

    ensure_instance_folder(app.instance_path)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))
    elif not app.testing:  # tests sign their cookies with known short keys
        check_secret_key(app.config["SECRET_KEY"], "in SCOREKEEPER_SECRET_KEY")
    if not app.config["DATABASE_URL"]:
        sqlite_file = Path(app.instance_path) / "scorekeeper.sqlite3"
        app.config["DATABASE_URL"] = f"sqlite:///{sqlite_file}"

    database = Database(
        app.config["DATABASE_URL"],
        sqlite_busy_timeout_ms=app.config["SQLITE_BUSY_TIMEOUT_MS"],
        link_key=table_links.link_key(app.config["SECRET_KEY"]),
    )
    check_connection(database.engine)
    app.extensions["scorekeeper.schema_created"] = create_schema_if_empty(database.engine)
    app.extensions["scorekeeper.db"] = database

    cli.register(app)
    web.init_app(app)
    return app


def create_app_or_exit(**kwargs: Any) -> Flask:
    """``create_app`` for gunicorn: a broken setup is one line and exit 1, not a traceback."""
    try:
        return create_app(**kwargs)
    except DatabaseConfigError as exc:
        raise SystemExit(f"Error: {exc.format_message()}") from None


def ensure_instance_folder(path: str) -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise DatabaseConfigError(
            f"cannot create the instance folder {path}: {exc.strerror}"
        ) from None


# Shorter keys can be guessed, and a guessed key forges any session (an organizer's too).
SECRET_KEY_MIN_BYTES = 32
# zxcvbn's estimate of the guesses a key needs, at least (about 80 bits): 32 spaces, a
# word repeated or a keyboard row are refused; any random key of 32 characters passes.
SECRET_KEY_MIN_GUESSES = 10**24
MAKE_A_KEY = "(e.g. python3 -c 'import secrets; print(secrets.token_hex(32))')"


def check_secret_key(key: str | bytes, where: str) -> None:
    size = len(key.encode() if isinstance(key, str) else key)
    if size < SECRET_KEY_MIN_BYTES:
        raise DatabaseConfigError(
            f"the secret key {where} is {size} bytes; it must be at least {SECRET_KEY_MIN_BYTES} "
            + MAKE_A_KEY
        )
    text = key if isinstance(key, str) else key.decode("latin-1")
    if key_guesses(text[:100]) < SECRET_KEY_MIN_GUESSES:
        raise DatabaseConfigError(
            f"the secret key {where} is too easy to guess (a repeat, a sequence, words or "
            f"blanks); make a random one {MAKE_A_KEY}"
        )


def key_guesses(text: str) -> float:
    """zxcvbn's estimate of the guesses ``text`` needs, or less for words in a row.

    zxcvbn prices the blanks between words as random characters, so "the quick brown
    fox jumps over the lazy dog" came out at 10^38 guesses. Split at blanks and
    punctuation, each part is priced alone (a common word at its rank in zxcvbn's
    lists) and the parts multiplied, as a guesser who tries words in a row would count:
    10^17 for that sentence, while random keys keep theirs (a part of random
    characters costs what it did)."""
    from zxcvbn import zxcvbn  # its word lists take 0.4 s to load: only for a key given

    words = 1.0
    for part in filter(None, re.split(r"[\W_]+", text)):
        words *= float(zxcvbn(part)["guesses"])
    return min(float(zxcvbn(text)["guesses"]), words)


def instance_secret_key(instance: Path) -> str:
    """The instance's own secret key, generated on first start.

    A fixed key would let anyone who read the source forge sessions and CSRF
    tokens; a fresh key per start would log everyone out on every restart.
    """
    key_file = instance / "secret_key"
    try:
        return read_secret_key(key_file)
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    try:
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another worker won the race; use its key
        return read_secret_key(key_file)
    except OSError as exc:
        raise DatabaseConfigError(
            f"cannot write the secret key into the instance folder {instance}: {exc.strerror}"
        ) from None
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


def read_secret_key(key_file: Path) -> str:
    """The key in ``key_file``, or one line saying why it cannot be used (not a traceback)."""
    try:
        key = key_file.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise
    except UnicodeDecodeError:
        raise DatabaseConfigError(
            f"the secret key {key_file} is not text; write a new one or restore it from a backup"
        ) from None
    except OSError as exc:
        raise DatabaseConfigError(
            f"cannot read the secret key {key_file}: {exc.strerror}"
        ) from None
    check_secret_key(key, str(key_file))
    return key
