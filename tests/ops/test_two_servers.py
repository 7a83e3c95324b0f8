"""Two app servers behind one load balancer and a job worker, against one PostgreSQL
and one Redis, as docs/deployment.md promises ("Several app servers"): whatever a phone
did on one server holds on the other, a PDF asked for on one is made by the worker and
served by the other, and one server killed loses nothing acknowledged.

Both gunicorns run on loopback with the same secret key, their own instance folders,
rate limits in a Redis server started here (Debian's redis-server) and one trusted
proxy hop, so each request names its client address in X-Forwarded-For as the load
balancer would. PostgreSQL only: SQLite is one machine's database.
"""

from __future__ import annotations

import http.client
import random
import re
import secrets
import threading
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
import redis
from huey import RedisHuey
from sqlalchemy import create_engine, text

from bench.bench_load import (
    DEALS,
    LOOPBACK,
    Phone,
    Recorder,
    Server,
    scorekeeper_spec,
    start_gunicorn,
    thirteen_entry,
    verify_scorekeeper,
)
from bench.bench_streams import start_streams
from scorekeeper.db import normalise_url
from tests.waiting import wait_until

from .support import queue_url, read_until, start_game, start_worker, stop_worker

# One pair of servers for the module, on one xdist worker (make test's --dist loadgroup):
# starting gunicorn twice costs more than all the checks. The kill comes last.
pytestmark = [pytest.mark.postgres, pytest.mark.servers, pytest.mark.xdist_group("two_servers")]

WRITES_A_MINUTE = 10
TABLES = 4
KILL_AFTER = 12  # acknowledged deals: well into the stream, well before its end


@pytest.fixture(scope="module")
def database_url(module_database_url) -> str:
    """The suite's PostgreSQL database, shared by this module's tests, emptied after them."""
    return module_database_url


@pytest.fixture(scope="module")
def servers(database_url, redis_url, tmp_path_factory) -> Iterator[tuple[Server, Server]]:
    tmp_path = tmp_path_factory.mktemp("servers")
    env = {
        "SCOREKEEPER_REDIS_URL": queue_url(redis_url),
        "SCOREKEEPER_DATABASE_URL": database_url,
        "SCOREKEEPER_SECRET_KEY": secrets.token_hex(32),
        "SCOREKEEPER_RATELIMIT_ENABLED": "true",
        "SCOREKEEPER_RATELIMIT_STORAGE_URI": redis_url,
        "SCOREKEEPER_RATELIMIT_WRITES": f"{WRITES_A_MINUTE} per minute",
        "SCOREKEEPER_PROXY_COUNT": "1",
        "SCOREKEEPER_SESSION_COOKIE_SECURE": "false",
        "WEB_CONCURRENCY": "2",
    }
    started: list[Server] = []
    worker = start_worker(tmp_path / "worker", tmp_path / "worker.log", env)
    try:
        for name in ("a", "b"):
            instance = tmp_path / name
            started.append(
                start_gunicorn(scorekeeper_spec(instance), tmp_path / f"{name}.log", env)
            )
        yield started[0], started[1]
    finally:
        stop_worker(worker)
        for server in started:
            if server.process.poll() is None:
                server.kill()


class Client:
    """A phone behind the load balancer: one address, a connection to each server."""

    def __init__(self, a: Server, b: Server, address: str):
        self.phones = {"a": Phone(a.port, timeout=30), "b": Phone(b.port, timeout=30)}
        self.address = address

    def request(self, server: str, method: str, path: str, body=None, headers=None):
        headers = {"X-Forwarded-For": self.address, **(headers or {})}
        return self.phones[server].request(method, path, body, headers)

    def request_form(self, server: str, path: str, fields: dict, headers: dict):
        """A form POST (urlencoded), as the page's own form sends it."""
        connection = http.client.HTTPConnection(LOOPBACK, self.phones[server].port, timeout=30)
        try:
            connection.request(
                "POST",
                path,
                body=urlencode(fields),
                headers={
                    "X-Forwarded-For": self.address,
                    "Content-Type": "application/x-www-form-urlencoded",
                    **headers,
                },
            )
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def close(self) -> None:
        for phone in self.phones.values():
            phone.close()


def session_cookie(answer) -> str:
    cookie = answer.headers["set-cookie"]
    return cookie.split(";", 1)[0]


def test_a_phones_edit_rights_hold_on_either_server(servers, database_url):
    a, b = servers
    phone = Client(a, b, "10.0.0.1")
    game_id, authorization = start_game_via(phone, "a")
    token = authorization["Authorization"].removeprefix("Bearer ")
    opened = phone.request("a", "GET", f"/games/{game_id}/edit/{token}")
    assert opened.status == 303, opened.body[:300]
    cookie = {"Cookie": session_cookie(opened)}
    page = phone.request("b", "GET", f"/games/{game_id}", headers=cookie)
    assert page.status == 200 and b'id="deal-form"' in page.body  # B knows the editor
    # A form made on B is accepted on A: the CSRF token is signed with the same key.
    shared = phone.request("b", "GET", f"/games/{game_id}/share", headers=cookie)
    if "set-cookie" in shared.headers:  # the session now holds the form's CSRF secret
        cookie = {"Cookie": session_cookie(shared)}
    share = shared.body.decode()
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', share)
    csrf = csrf or re.search(r'name="csrf_token" value="([^"]+)"', share)
    assert csrf, share[:2000]
    status, body = phone.request_form(
        "a", f"/games/{game_id}/language", {"csrf_token": csrf.group(1), "language": "fr"}, cookie
    )
    assert status == 303, body[:300]
    assert stored_language(database_url, game_id) == "fr"
    phone.close()


def stored_language(database_url: str, game_id: str) -> str:
    engine = create_engine(normalise_url(database_url))
    try:
        with engine.connect() as connection:
            query = text("SELECT language FROM games WHERE public_id = :id")
            return connection.execute(query, {"id": game_id}).scalar_one()
    finally:
        engine.dispose()


def start_game_via(client: Client, server: str) -> tuple[str, dict[str, str]]:
    return start_game(_Bound(client, server))


class _Bound:
    """A client as tests/ops/support.start_game expects a phone: one server."""

    def __init__(self, client: Client, server: str):
        self.client, self.server = client, server

    def request(self, method, path, body=None, headers=None):
        return self.client.request(self.server, method, path, body, headers)


def test_an_idempotency_key_replayed_on_the_other_server_gets_the_first_answer(servers):
    a, b = servers
    phone = Client(a, b, "10.0.0.2")
    game_id, authorization = start_game_via(phone, "a")
    headers = {**authorization, "Idempotency-Key": "deal-1-from-the-bus"}
    entry = thirteen_entry(random.Random(1), 1)
    first = phone.request("a", "POST", f"/api/v1/games/{game_id}/deals", entry, headers)
    again = phone.request("b", "POST", f"/api/v1/games/{game_id}/deals", entry, headers)
    assert first.status == again.status == 201
    assert again.headers.get("idempotent-replayed") == "true"
    assert again.body == first.body
    assert again.headers["etag"] == first.headers["etag"]
    state = phone.request("b", "GET", f"/api/v1/games/{game_id}").json()
    assert [deal["number"] for deal in state["deals"]] == [1]
    phone.close()


def test_a_deal_recorded_on_one_server_reaches_a_watcher_on_the_other(servers):
    a, b = servers
    phone = Client(a, b, "10.0.0.3")
    game_id, authorization = start_game_via(phone, "a")
    watcher = http.client.HTTPConnection(LOOPBACK, b.port, timeout=60)
    try:
        watcher.request("GET", f"/games/{game_id}/events", headers={"X-Forwarded-For": "10.0.1.3"})
        stream = watcher.getresponse()
        assert stream.status == 200
        assert stream.readline() == b"retry: 1000\n"  # B is streaming: now post on A
        entry = thirteen_entry(random.Random(2), 1)
        posted = phone.request("a", "POST", f"/api/v1/games/{game_id}/deals", entry, authorization)
        assert posted.status == 201
        # The next event on B's stream is the new version.
        assert b"event: version\n" in read_until(stream, b"data: 2\n")
    finally:
        watcher.close()
        phone.close()


def test_a_pdf_asked_for_on_one_server_is_made_by_the_worker_and_served_by_the_other(
    servers, redis_url
):
    a, b = servers
    phone = Client(a, b, "10.0.0.7")
    game_id, authorization = start_game_via(phone, "a")
    for number in range(1, WRITES_A_MINUTE - 3):  # within this address's writes
        entry = thirteen_entry(random.Random(number), number)
        assert (
            phone.request(
                "a", "POST", f"/api/v1/games/{game_id}/deals", entry, authorization
            ).status
            == 201
        )
    # One name for both servers, as behind the load balancer: the sheet's QR code is the same.
    balancer = {"Host": "127.0.0.1"}
    asked = phone.request("a", "GET", f"/games/{game_id}/sheet.pdf", headers=balancer)
    assert asked.status == 202, asked.body[:300]
    job = asked.headers["scorekeeper-job"]
    wait_until(
        lambda: RedisHuey("scorekeeper", url=queue_url(redis_url)).result(job, preserve=True),
        "the worker making the sheet",
    )
    sheet = phone.request("b", "GET", f"/games/{game_id}/sheet.pdf", headers=balancer)
    assert (sheet.status, sheet.headers["content-type"]) == (200, "application/pdf")
    assert sheet.body.startswith(b"%PDF-")


def test_deals_recorded_on_either_server_reach_the_stream_process(servers, database_url, tmp_path):
    """The stream process (make serve's, or its own service behind nginx) hears both
    servers' writes through PostgreSQL's NOTIFY, as every watcher's one stream."""
    a, b = servers
    env = {"SCOREKEEPER_DATABASE_URL": database_url}
    streams = start_streams(tmp_path / "streams", tmp_path / "streams.log", env)
    phone = Client(a, b, "10.0.0.8")
    watcher = http.client.HTTPConnection(LOOPBACK, streams.port, timeout=60)
    try:
        game_id, authorization = start_game_via(phone, "a")
        watcher.request("GET", f"/games/{game_id}/events?since=1")
        stream = watcher.getresponse()
        assert stream.status == 200
        for deal, server in ((1, "a"), (2, "b")):
            entry = thirteen_entry(random.Random(deal), deal)
            path = f"/api/v1/games/{game_id}/deals"
            assert phone.request(server, "POST", path, entry, authorization).status == 201
            # Waits on the event itself; the socket's timeout only stops a hang.
            while (line := stream.readline()) != f"data: {deal + 1}\n".encode():
                assert line, f"the stream ended before version {deal + 1}"
    finally:
        watcher.close()
        phone.close()
        streams.kill()


def test_a_rate_limit_counts_one_clients_writes_on_both_servers(servers, redis_url):
    a, b = servers
    phone = Client(a, b, "10.0.0.4")
    statuses = [
        phone.request("ab"[n % 2], "POST", "/api/v1/games", {"variant": "no such game"}).status
        for n in range(WRITES_A_MINUTE + 2)
    ]
    assert statuses[:WRITES_A_MINUTE] == [422] * WRITES_A_MINUTE, statuses
    assert statuses[WRITES_A_MINUTE:] == [429, 429], statuses
    # Another client is not held back by this one's count.
    other = Client(a, b, "10.0.0.5")
    assert other.request("b", "POST", "/api/v1/games", {"variant": "no such game"}).status == 422
    # The counts live in Redis (redis-py spells the socket's URL unix://).
    assert redis.Redis.from_url(redis_url.replace("redis+unix:", "unix:")).keys("*")
    phone.close()
    other.close()


def play_across(a: Server, b: Server, table: int, game, record: Recorder, dead: set) -> None:
    """One table's deals, each through the next server in turn, as a load balancer sends
    them; a request the killed server never answered is sent again to the live one."""
    game_id, authorization = game
    phones = {"a": Phone(a.port, timeout=30), "b": Phone(b.port, timeout=30)}
    rng = random.Random(table)
    for number in range(1, DEALS + 1):
        entry = thirteen_entry(rng, number)
        headers = {**authorization, "X-Forwarded-For": f"10.1.{table}.{number}"}
        server = "b" if "a" in dead else "ab"[number % 2]
        path = f"/api/v1/games/{game_id}/deals"
        try:
            answer = phones[server].request("POST", path, entry, headers)
            expected = (201,)
        except (OSError, http.client.HTTPException):
            if server == "b":
                record.fail(f"table {table}, deal {number}: B did not answer")
                return
            # A died under this request: it may have stored the deal without answering,
            # and "number" makes the resend a 409 then, never a second copy.
            answer = phones["b"].request("POST", path, entry, headers)
            expected = (201, 409)
        if answer.status not in expected:
            record.fail(f"table {table}, deal {number}: {answer.status} {answer.body[:200]!r}")
            return
        record.ack(game_id, number)
    for phone in phones.values():
        phone.close()


def test_one_server_killed_under_load_loses_nothing_acknowledged(servers, database_url):
    a, b = servers
    setup = Client(a, b, "10.0.0.6")
    games = [start_game_via(setup, "ab"[n % 2]) for n in range(TABLES)]
    setup.close()
    record = Recorder()
    dead: set[str] = set()
    tables = [
        threading.Thread(target=play_across, args=(a, b, n, game, record, dead))
        for n, game in enumerate(games)
    ]
    for table in tables:
        table.start()
    wait_until(lambda: record.acknowledged >= KILL_AFTER, f"{KILL_AFTER} deals acknowledged")
    a.kill()
    dead.add("a")
    at_the_kill = record.acknowledged
    for table in tables:
        table.join(120)
    assert not any(table.is_alive() for table in tables)
    assert not record.errors, record.errors
    assert at_the_kill < TABLES * DEALS, "not killed mid-stream"
    assert record.acknowledged == TABLES * DEALS, "every deal acknowledged, by B after the kill"
    assert verify_scorekeeper(database_url, record.acked) == []
    phone = Phone(b.port)
    for game_id, _authorization in games:
        state = phone.request("GET", f"/api/v1/games/{game_id}").json()
        assert [deal["number"] for deal in state["deals"]] == list(range(1, DEALS + 1))
    phone.close()
