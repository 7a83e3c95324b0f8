"""A database that is locked or unreachable for a while: 503 with Retry-After, then recovery."""

from __future__ import annotations

import contextlib
import random
import socket
import sqlite3
import threading
import time

import pytest
from sqlalchemy.engine import make_url

from bench.bench_load import DEALS, PLAYERS, Phone, Recorder, thirteen_entry, verify_scorekeeper
from scorekeeper import create_app
from tests.waiting import wait_until

from .support import start_game

BUSY_TIMEOUT_MS = 100


@pytest.fixture
def app_config(app_config):
    return {**app_config, "SQLITE_BUSY_TIMEOUT_MS": BUSY_TIMEOUT_MS}


def new_game(client) -> tuple[str, dict[str, str]]:
    created = client.post("/api/v1/games", json={"variant": "thirteen", "players": PLAYERS})
    assert created.status_code == 201, created.get_data(as_text=True)
    body = created.get_json()
    return body["game"]["id"], {"Authorization": f"Bearer {body['edit_token']}"}


def ann_goes_out(number: int) -> dict:
    return {"number": number, "out": "Ann", "hands": {"Bob": 10, "Cy": 20, "Dee": 30}}


def assert_unavailable(answer) -> None:
    assert answer.status_code == 503, answer.get_data(as_text=True)
    assert answer.mimetype == "application/problem+json"
    assert answer.headers["Retry-After"].isdigit()
    problem = answer.get_json()
    assert problem["status"] == 503
    assert problem["title"] and problem["detail"]


@pytest.fixture
def hold_sqlite_lock(database_url):
    """``with hold():`` another connection holds BEGIN EXCLUSIVE on the test database."""
    path = database_url.removeprefix("sqlite:///")

    class Hold:
        def __enter__(self):
            self.connection = sqlite3.connect(path, isolation_level=None)
            self.connection.execute("BEGIN EXCLUSIVE")

        def __exit__(self, *exc_info):
            self.connection.execute("ROLLBACK")
            self.connection.close()

    return Hold


@pytest.mark.sqlite
def test_a_locked_database_answers_503_problems_and_recovers_by_itself(
    client, database, hold_sqlite_lock
):
    game_id, authorization = new_game(client)
    deals = f"/api/v1/games/{game_id}/deals"

    with hold_sqlite_lock():
        started = time.monotonic()
        refused = client.post(deals, json=ann_goes_out(1), headers=authorization)
        waited = time.monotonic() - started
        # WAL: a writer holding its lock does not stop the phones that only watch.
        watched = client.get(f"/api/v1/games/{game_id}")

    assert_unavailable(refused)
    # It waited for the lock before giving up (a lower bound holds on a busy machine),
    # and gives up after the configured timeout, not SQLite's default of 5 s.
    assert waited >= BUSY_TIMEOUT_MS / 1000
    with database.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == BUSY_TIMEOUT_MS
    assert watched.status_code == 200
    assert watched.get_json()["deals"] == []

    recorded = client.post(deals, json=ann_goes_out(1), headers=authorization)
    assert recorded.status_code == 201, recorded.get_data(as_text=True)
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert [deal["number"] for deal in state["deals"]] == [1]
    assert state["version"] == 2  # the refused attempt left no trace


def keep_posting(port: int, game: tuple[str, dict], record: Recorder, statuses: list[int]):
    """A phone that resends its deal after a 503 until it is taken, as the pages do."""
    game_id, authorization = game
    phone = Phone(port)
    rng = random.Random(game_id)
    for number in range(1, DEALS + 1):
        entry = thirteen_entry(rng, number)
        while True:
            answer = phone.request("POST", f"/api/v1/games/{game_id}/deals", entry, authorization)
            statuses.append(answer.status)
            if answer.status != 503:
                break
            time.sleep(0.05)  # a real phone waits Retry-After; the test has no time for that
        if answer.status != 201:
            record.fail(f"deal {number}: {answer.status} {answer.body[:200]!r}")
            return
        record.ack(game_id, number)
    phone.close()


@pytest.mark.sqlite
def test_phones_posting_through_a_held_lock_get_201_or_503_and_all_finish(
    serve, database_url, hold_sqlite_lock
):
    server = serve(SCOREKEEPER_SQLITE_BUSY_TIMEOUT_MS=str(BUSY_TIMEOUT_MS))
    setup = Phone(server.port)
    games = [start_game(setup) for _ in range(3)]
    setup.close()
    record, statuses = Recorder(), []
    with hold_sqlite_lock():
        phones = [
            threading.Thread(target=keep_posting, args=(server.port, game, record, statuses))
            for game in games
        ]
        for phone in phones:
            phone.start()
        # Every phone is turned away at least twice while the lock is held.
        wait_until(lambda: statuses.count(503) >= 2 * len(phones), "each phone refused twice")
        assert record.acknowledged == 0
    for phone in phones:
        phone.join(30)

    assert not record.errors
    assert set(statuses) == {201, 503}
    assert record.acknowledged == 3 * DEALS
    assert verify_scorekeeper(database_url, record.acked) == []


class LoopbackProxy:
    """A TCP forwarder on 127.0.0.1 that a test can cut and restore: a network outage."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open = True
        self.connections: list[socket.socket] = []
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            if not self.open:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.connections += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                end.close()

    def cut(self) -> None:
        self.open = False
        for connection in self.connections:
            with contextlib.suppress(OSError):  # closed already
                connection.shutdown(socket.SHUT_RDWR)
        self.connections.clear()

    def restore(self) -> None:
        self.open = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


@pytest.mark.postgres
def test_an_unreachable_postgresql_answers_503_problems_and_recovers_by_itself(
    app_config, database_url, tmp_path
):
    proxy = LoopbackProxy(make_url(database_url).port)
    via_proxy = make_url(database_url).set(port=proxy.port)
    app = create_app(
        {**app_config, "DATABASE_URL": via_proxy.render_as_string(hide_password=False)},
        instance_path=str(tmp_path / "instance"),
    )
    try:
        client = app.test_client()
        game_id, authorization = new_game(client)
        deals = f"/api/v1/games/{game_id}/deals"

        proxy.cut()
        assert_unavailable(client.get(f"/api/v1/games/{game_id}"))
        assert_unavailable(client.post(deals, json=ann_goes_out(1), headers=authorization))
        page = client.get(f"/games/{game_id}")
        assert page.status_code == 503
        assert "Retry-After" in page.headers

        proxy.restore()
        recorded = client.post(deals, json=ann_goes_out(1), headers=authorization)
        assert recorded.status_code == 201, recorded.get_data(as_text=True)
        assert recorded.get_json()["version"] == 2
    finally:
        app.extensions["scorekeeper.db"].dispose()
        proxy.close()
