"""Fixtures for the operations tests: the real app under gunicorn, on the test database."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator

import pytest
import redis

from bench.bench_load import Server, scorekeeper_spec, start_gunicorn
from tests.waiting import wait_until


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


@pytest.fixture(scope="module")
def module_database_url(migrated_template, emptier, tmp_path_factory) -> Iterator[str]:
    """One database for a module's tests, whose servers cost more to start than the checks:
    the suite's PostgreSQL one (emptied after the module), or one SQLite file that every
    process the module starts shares."""
    if emptier is not None:
        yield migrated_template
        emptier()
        return
    target = tmp_path_factory.mktemp("database") / "scorekeeper.sqlite3"
    shutil.copyfile(migrated_template, target)
    yield f"sqlite:///{target}"


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory) -> Iterator[str]:
    """A Redis server of the module's own (Debian's redis-server), as several app servers
    share one: its URL as the rate limits' storage spells it (support.queue_url: the job
    queue's)."""
    tmp_path = tmp_path_factory.mktemp("redis")
    binary = shutil.which("redis-server")
    assert binary, "redis-server is missing: run scripts/install-system-packages test"
    # A socket file of its own, no TCP port: a port found free may be another Redis's by
    # the time this one binds it, and the checks would then read that one's counts.
    socket = tmp_path / "redis.sock"
    process = subprocess.Popen(
        [binary, "--port", "0", "--unixsocket", str(socket), "--save", "", "--appendonly", "no"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(unix_socket_path=str(socket))

    def answers() -> bool:
        assert process.poll() is None, f"redis-server exited with {process.returncode}"
        try:
            return bool(client.ping())
        except redis.ConnectionError:
            return False

    try:
        wait_until(answers, "redis-server answering")
        yield f"redis+unix://{socket}"  # as limits (the rate limits' storage) spells it
    finally:
        client.close()
        process.kill()
        process.wait(timeout=10)
