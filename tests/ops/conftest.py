"""Fixtures for the operations tests: the real app under gunicorn, on the test database."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from bench.bench_load import Server, scorekeeper_spec, start_gunicorn


@pytest.fixture
def serve(database_url, tmp_path) -> Iterator[Callable[..., Server]]:
    """Start gunicorn (gunicorn.conf.py) on the test database; each is killed after the test.

    Keyword arguments become environment variables, e.g.
    ``serve(SCOREKEEPER_SQLITE_BUSY_TIMEOUT_MS="100")``.
    """
    servers: list[Server] = []

    def start(**env: str) -> Server:
        server = start_gunicorn(
            scorekeeper_spec(tmp_path / "instance"),
            tmp_path / "gunicorn.log",
            {"SCOREKEEPER_DATABASE_URL": database_url, **env},
        )
        servers.append(server)
        return server

    yield start
    for server in servers:
        # Killed, not stopped: gunicorn's graceful stop takes seconds, and every
        # acknowledged deal is committed already.
        if server.process.poll() is None:
            server.kill()
