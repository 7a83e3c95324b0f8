"""A body over MAX_CONTENT_LENGTH (64 KB) is refused with a 413 that tells the truth about
the connection: ``Connection: close`` and then closed, or kept alive and still serving.
A client that believed "keep-alive" and sent its next request on a closed socket lost it.

Raw sockets against both servers the app runs under: gunicorn (``make serve``) and
Werkzeug's (``make run``, and the browser tests)."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator

import pytest

from bench.bench_load import LOOPBACK, Server, scorekeeper_spec, start_gunicorn
from tests.browser.phone import serving

SIZES = [100 * 1024, 2 * 1024 * 1024]  # past the limit, and a big upload
# Both sizes on one worker (make test's --dist loadgroup), so they share its gunicorn.
pytestmark = pytest.mark.xdist_group("oversized_bodies")


def read_answer(client: socket.socket, buffered: bytes = b"") -> tuple[int, dict, bytes]:
    """One HTTP answer off ``client``: status, headers (lower-case names), the bytes after."""
    data = buffered
    while b"\r\n\r\n" not in data:
        chunk = client.recv(65536)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {
        name.strip().lower(): value.strip()
        for name, value in (line.split(":", 1) for line in lines)
    }
    length = int(headers.get("content-length", 0))
    while len(rest) < length:
        chunk = client.recv(65536)
        assert chunk, "closed inside the answer's body"
        rest += chunk
    return int(status_line.split()[1]), headers, rest[length:]


def closed(client: socket.socket) -> bool:
    """Whether the server closed the connection (what it sends first is its end)."""
    try:
        while client.recv(65536):
            pass
    except ConnectionResetError:
        pass
    return True


def post_too_much(port: int, size: int) -> None:
    body = b'{"variant": "rummy", "title": "' + b"a" * size + b'"}'
    head = (
        "POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    with socket.create_connection((LOOPBACK, port), timeout=20) as client:

        def send() -> None:
            # The server may answer and close before it has all of it: that is its right.
            with contextlib.suppress(OSError):
                client.sendall(head + body)

        sender = threading.Thread(target=send)
        sender.start()
        status, headers, rest = read_answer(client)
        assert status == 413
        sender.join()
        assert headers["connection"].lower() in ("close", "keep-alive"), headers
        if headers["connection"].lower() == "close":
            # As a client told so does: it sends no more (Werkzeug reads the rest until then).
            with contextlib.suppress(OSError):
                client.shutdown(socket.SHUT_WR)
            assert closed(client)
            return
        # Kept alive: the next request on it is served.
        client.sendall(b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status, _headers, _rest = read_answer(client, rest)
        assert status == 200


@pytest.fixture(scope="module")
def gunicorn(module_database_url, tmp_path_factory) -> Iterator[Server]:
    """One gunicorn for both sizes: a refused body stores nothing and its connection ends
    with its case, so the second size meets the server as the first left it, and a start
    (importing the app, ~2 CPU-s) costs more than both checks."""
    folder = tmp_path_factory.mktemp("gunicorn")
    server = start_gunicorn(
        scorekeeper_spec(folder / "instance"),
        folder / "gunicorn.log",
        {"SCOREKEEPER_DATABASE_URL": module_database_url},
    )
    yield server
    server.kill()


@pytest.mark.parametrize("size", SIZES)
def test_gunicorn_says_what_it_does_with_the_connection_after_a_413(gunicorn, size):
    post_too_much(gunicorn.port, size)


@pytest.mark.parametrize("size", SIZES)
def test_werkzeug_says_what_it_does_with_the_connection_after_a_413(app, size):
    with serving(app) as base_url:
        post_too_much(int(base_url.rsplit(":", 1)[1]), size)
