"""The production topology of docs/deployment.md on loopback, behind the nginx site file
it shows (deploy/nginx/scorekeeper.conf, run as shipped: front.py): nginx over https in
front of two app servers (gunicorn.conf.py) and the event stream process
(scorekeeper.streams_conf), a job worker, and one Redis for the job queue, the made PDFs
and the rate limits; PostgreSQL on the PostgreSQL run, one SQLite file otherwise (one
machine's topology). Every request goes through nginx, as a phone's would.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

import pytest

from bench.bench_load import (
    PLAYERS,
    Phone,
    Server,
    scorekeeper_spec,
    start_gunicorn,
    thirteen_entry,
)
from bench.bench_streams import start_streams
from scorekeeper.web import CONTENT_SECURITY_POLICY
from tests.waiting import wait_until

from .front import HOST, SITE, Front, Nginx, nginx_binary, start_nginx
from .support import queue_url, read_until, start_game, start_worker, stop_worker

SITE_TEXT = SITE.read_text()

# One topology for the module, on one xdist worker (make test's --dist loadgroup).
pytestmark = [pytest.mark.servers, pytest.mark.xdist_group("nginx_front")]


@dataclass
class Topology:
    nginx: Nginx
    app_servers: tuple[Server, Server]

    def phone(self) -> Front:
        return Front(self.nginx)


@pytest.fixture(scope="module")
def topology(module_database_url, redis_url, tmp_path_factory) -> Iterator[Topology]:
    nginx_binary()  # missing: say so before starting anything
    tmp_path = tmp_path_factory.mktemp("topology")
    env = {
        "SCOREKEEPER_DATABASE_URL": module_database_url,
        "SCOREKEEPER_REDIS_URL": queue_url(redis_url),
        "SCOREKEEPER_SECRET_KEY": secrets.token_hex(32),
        "SCOREKEEPER_RATELIMIT_ENABLED": "true",
        "SCOREKEEPER_RATELIMIT_STORAGE_URI": redis_url,
        "SCOREKEEPER_PROXY_COUNT": "1",
        # No PUBLIC_BASE_URL: the links' scheme and host are what nginx forwards.
        "SCOREKEEPER_TRUSTED_HOSTS": f'["{HOST}"]',
        "WEB_CONCURRENCY": "1",
    }
    worker = start_worker(tmp_path / "worker", tmp_path / "worker.log", env)
    started: list[Server] = []
    nginx = None
    try:
        started = start_together(
            *(
                partial(
                    start_gunicorn, scorekeeper_spec(tmp_path / name), tmp_path / f"{name}.log", env
                )
                for name in ("a", "b")
            ),
            partial(start_streams, tmp_path / "streams", tmp_path / "streams.log", env),
        )
        a, b, streams = started
        nginx = start_nginx((a.port, b.port), streams.port, tmp_path / "nginx")
        yield Topology(nginx, (a, b))
    finally:
        if nginx is not None:
            nginx.stop()
        stop_worker(worker)
        for server in started:
            if server.process.poll() is None:
                server.kill()


def start_together(*starts: Callable[[], Server]) -> list[Server]:
    """Servers started side by side (each gunicorn spends its first seconds loading the
    app), all of them or none."""
    with ThreadPoolExecutor(len(starts)) as pool:
        futures = [pool.submit(start) for start in starts]
    servers = [future.result() for future in futures if future.exception() is None]
    failures = [future.exception() for future in futures if future.exception() is not None]
    if failures:
        for server in servers:
            server.kill()
        raise failures[0]
    return servers


def test_a_page_comes_through_nginx_with_the_apps_own_headers(topology):
    page = topology.phone().request("GET", "/")
    assert page.status == 200, page.body[:300]
    # The app's headers, once each: nginx adds none of its own.
    assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["x-content-type-options"] == "nosniff"
    # The app saw https (X-Forwarded-Proto), so it asks for https from now on.
    assert page.headers["strict-transport-security"] == "max-age=31536000"
    assert page.headers["server"] == "nginx"  # no version (server_tokens off)
    assert b"data-push" not in page.body  # the streams are on the page's own origin


def test_the_links_carry_https_and_the_public_host_nginx_forwards(topology):
    body = {"variant": "thirteen", "players": PLAYERS}
    created = topology.phone().request("POST", "/api/v1/games", body)
    assert created.status == 201, created.body[:300]
    game_id, links = created.json()["game"]["id"], created.json()["links"]
    assert links["view"] == f"https://{HOST}/games/{game_id}"
    assert links["edit"].startswith(f"https://{HOST}/games/{game_id}/edit/")


def test_a_deal_posted_through_nginx_reaches_a_watcher_through_nginx(topology):
    game_id, authorization = start_game(topology.phone())
    connection, stream = topology.phone().open("GET", f"/games/{game_id}/events")
    try:
        assert stream.status == 200
        # The stream process's answer (the app's own threaded stream has no such header).
        assert stream.getheader("access-control-allow-origin") == "*"
        assert stream.getheader("content-type") == "text/event-stream"
        assert stream.readline() == b"retry: 1000\n"  # streaming: now post
        entry = thirteen_entry(random.Random(1), 1)
        path = f"/api/v1/games/{game_id}/deals"
        assert topology.phone().request("POST", path, entry, authorization).status == 201
        assert b"event: version\n" in read_until(stream, b"data: 2\n")
    finally:
        connection.close()


def test_a_sheet_made_by_the_worker_is_fetched_through_nginx(topology):
    phone = topology.phone()
    game_id, authorization = start_game(phone)
    for number in (1, 2, 3):
        entry = thirteen_entry(random.Random(number), number)
        path = f"/api/v1/games/{game_id}/deals"
        assert phone.request("POST", path, entry, authorization).status == 201
    asked = phone.request("GET", f"/games/{game_id}/sheet.pdf")
    assert asked.status == 202, asked.body[:300]
    job = asked.headers["scorekeeper-job"]
    # What the "being made" page's script does: wait on the job's stream, then load.
    connection, stream = phone.open("GET", f"/jobs/{job}/events?since=waiting")
    try:
        assert stream.status == 200
        while not (line := stream.readline()).startswith(b"data: "):
            assert line, "the job's stream ended before the job was done"
        assert line == b"data: done\n"
    finally:
        connection.close()
    sheet = phone.request("GET", f"/games/{game_id}/sheet.pdf")
    assert (sheet.status, sheet.headers["content-type"]) == (200, "application/pdf")
    assert sheet.body.startswith(b"%PDF-")


def test_one_phone_is_one_count_whatever_address_it_forges(topology):
    """nginx adds the address it saw to X-Forwarded-For, and that last one is the one the
    app trusts: forged addresses do not give a phone a write limit each."""
    for _window in range(3):
        answers = [
            topology.phone().request(
                "POST", "/api/v1/games", {"variant": "no such game"}, {"X-Forwarded-For": forged}
            )
            for forged in ("10.9.0.1", "10.9.0.2")
        ]
        assert [answer.status for answer in answers] == [422, 422], answers[0].body[:300]
        first, second = (answer.headers for answer in answers)
        # Both within one of the limit's minutes (a new one starts the count again).
        if first["x-ratelimit-reset"] == second["x-ratelimit-reset"]:
            remaining = int(first["x-ratelimit-remaining"])
            assert int(second["x-ratelimit-remaining"]) == remaining - 1
            return
    raise AssertionError("three pairs of requests, each across two of the limit's minutes")


def test_a_body_past_the_apps_limit_gets_the_apps_own_answer(topology):
    phone = topology.phone()
    game_id, authorization = start_game(phone)
    path = f"/api/v1/games/{game_id}/deals"
    big = {"number": 1, "hands": {"Ann": 1}, "padding": "x" * 100_000}
    answer = phone.request("POST", path, big, authorization)
    assert answer.status == 413
    assert answer.headers["content-type"] == "application/problem+json"
    # A league's season file is the one body past 1 MB that nginx lets through to the
    # app (whose answer carries its headers: a form without its CSRF token).
    season = b"x" * (2 * 2**20)
    imported = phone.request("POST", "/leagues/import", *season_form(season))
    assert imported.status == 400 and "content-security-policy" in imported.headers
    elsewhere = phone.request("POST", path, season, authorization)
    assert elsewhere.status == 413 and "content-security-policy" not in elsewhere.headers


def season_form(content: bytes) -> tuple[bytes, dict[str, str]]:
    """A multipart form with ``content`` as its file (its body, its headers)."""
    boundary = "season-" + secrets.token_hex(8)
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
        'filename="season.json"\r\nContent-Type: application/json\r\n\r\n'
    )
    body = head.encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def test_nginx_keeps_the_apps_static_files(topology):
    phone = topology.phone()
    page = phone.request("GET", "/")
    stylesheet = re.search(rb'href="(/static/app\.css\?v=[0-9a-f]+)"', page.body)
    assert stylesheet, page.body[:2000]
    path = stylesheet.group(1).decode()
    through = phone.request("GET", path, headers={"Accept-Encoding": "identity"})
    assert through.status == 200
    assert through.headers["x-content-type-options"] == "nosniff"
    assert "max-age=31536000" in through.headers["cache-control"]
    # The app's own file, without its comments, as the app server gives it.
    app_server = Phone(topology.app_servers[0].port)
    direct = app_server.request("GET", path, headers={"Host": HOST, "Accept-Encoding": "identity"})
    app_server.close()
    assert through.body == direct.body
    # nginx wrote it into its cache as it passed it on.
    cache = topology.nginx.cache
    wait_until(lambda: any(p.is_file() for p in cache.rglob("*")), "nginx keeping the file")


def test_the_access_log_never_holds_an_edit_token(topology):
    phone = topology.phone()
    game_id, authorization = start_game(phone)
    token = authorization["Authorization"].removeprefix("Bearer ")
    # The second as a server decodes it to the same route: nginx's log reads it decoded.
    spellings = (f"/games/{game_id}/edit/{token}", f"/games/{game_id}/edi%74/{token}")
    for path in spellings:
        assert phone.request("GET", path).status == 303
    log = topology.nginx.access_log
    redacted = f"/games/{game_id}/edit/[redacted] "

    def both_logged() -> bool:
        return log.exists() and log.read_text().count(redacted) == len(spellings)

    wait_until(both_logged, "nginx logging both requests")
    assert token not in log.read_text()


def test_plain_http_is_sent_to_https(topology):
    plain = Phone(topology.nginx.plain_port)
    answer = plain.request("GET", "/games/abc", headers={"Host": HOST})
    plain.close()
    assert answer.status == 301
    assert answer.headers["location"] == f"https://{HOST}/games/abc"


def test_the_site_sends_every_stream_url_of_the_app_to_the_stream_process(app):
    """Each of the app's routes ending in /events (a new one too) is the stream
    process's in the site file, and no other route is."""
    location = re.search(
        r"location ~ (\S+) \{\n\s+proxy_pass http://scorekeeper_streams;", SITE_TEXT
    )
    assert location, "the site file's streams location"
    streams = re.compile(location.group(1))
    for rule in app.url_map.iter_rules():
        # One URL of the rule: each <argument> an id-like word, a number where it is one.
        path = re.sub(r"<(?:(\w+):)?\w+>", lambda m: "7" if m[1] else "Abc_12-x", rule.rule)
        assert bool(streams.match(path)) == rule.rule.endswith("/events"), rule.rule
