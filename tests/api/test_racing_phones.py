"""Phones racing to record the same deal, against real server processes over HTTP.

Two server processes (as gunicorn runs several workers) share the test
database, SQLite or PostgreSQL; many threads post deal 6 at the same moment.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.models import Deal
from tests.api.conftest import PLAYERS, ann_goes_out, bearer, count

SERVER = """
import sys
from werkzeug.serving import make_server
from scorekeeper import create_app

server = make_server("127.0.0.1", 0, create_app(instance_path=sys.argv[1]), threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
"""
PHONES = 8


@pytest.fixture
def servers(database_url, tmp_path) -> Iterator[list[int]]:
    """The ports of two server processes on the test database."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": database_url,
        "SCOREKEEPER_SECRET_KEY": "known-test-key:Qm7vX2pL9sR4tW8zKf3J5n",
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
    }
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", SERVER, str(tmp_path / f"instance-{i}")],
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        for i in range(2)
    ]
    try:
        yield [int(process.stdout.readline()) for process in processes]
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)
            process.stdout.close()


def call(port: int, method: str, path: str, body: Any = None, token: str | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **(bearer(token) if token else {})}
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type"), json.loads(response.read())
    finally:
        connection.close()


def test_phones_racing_to_record_deal_6_store_it_once_and_the_rest_get_409_with_the_state(
    servers, app, database
):
    status, _, started = call(
        servers[0], "POST", "/api/v1/games", {"variant": "rummy", "players": PLAYERS}
    )
    assert status == 201
    game, token = started["game"]["id"], started["edit_token"]
    deals = f"/api/v1/games/{game}/deals"
    for number in range(1, 6):
        assert (
            call(servers[number % 2], "POST", deals, ann_goes_out(number=number), token)[0] == 201
        )

    start = threading.Barrier(PHONES)
    answers: list[tuple[int, str, dict, int]] = []

    def phone(i: int) -> None:
        # Each phone saw a slightly different hand for Bob: whichever wins is stored.
        entry = ann_goes_out(bob=i, number=6)
        start.wait()
        status, content_type, body = call(servers[i % 2], "POST", deals, entry, token)
        answers.append((status, content_type, body, i))

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    statuses = sorted(status for status, *_ in answers)
    assert statuses == [201] + [409] * (PHONES - 1)
    (winner,) = [i for status, _, _, i in answers if status == 201]
    stored = call(servers[0], "GET", f"/api/v1/games/{game}")[2]
    assert len(stored["deals"]) == 6
    assert stored["deals"][5]["entry"]["hands"]["Bob"] == winner
    for status, content_type, body, _ in answers:
        if status == 409:
            assert content_type == "application/problem+json"
            assert body["state"]["deals"] == stored["deals"]
            assert "number" in body["errors"]
    assert count(database, Deal) == 6
