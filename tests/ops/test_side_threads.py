"""Table play goes first under ``make serve``'s gunicorn: requests that are not table play
(a league's pages, its import, the account pages) hold at most SIDE_THREADS of a
process's threads, so a table's deal post finds a thread however many of them run,
and they are served in turn once one is done.

Loopback only, bounded: a handful of connections, each holding a part of an upload."""

from __future__ import annotations

import socket

from bench.bench_load import LOOPBACK, Phone
from tests.ops.support import post_deals, start_game

THREADS = 4
# A season file's upload, sent in part: past the 64 KB the loop reads for a thread, so a
# thread takes it and then waits for the rest (the import's form is read before any
# other check), as an organizer's upload on a slow line does.
UPLOAD_BYTES = 200_000
SENT_BYTES = 80_000


def stalled_upload(port: int) -> socket.socket:
    head = (
        "POST /leagues/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {UPLOAD_BYTES}\r\n\r\n"
    ).encode()
    client = socket.create_connection((LOOPBACK, port), timeout=30)
    client.sendall(head + b"season=" + "é".encode() * ((SENT_BYTES - 7) // 2))
    return client


def test_uploads_holding_threads_leave_table_play_a_thread(serve):
    # One process of four threads, so four stalled uploads would hold every one of them.
    server = serve(WEB_CONCURRENCY="1", SCOREKEEPER_THREADS=str(THREADS))
    phone = Phone(server.port, timeout=10)  # a starved server never answers: fail, not hang
    game_id, authorization = start_game(phone)
    stalled = [stalled_upload(server.port) for _ in range(THREADS)]
    try:
        post_deals(phone, game_id, authorization, seed=29)
    finally:
        for client in stalled:
            client.close()
    # The uploads gone (their threads' reads end), the pages that waited are served.
    reader = Phone(server.port, timeout=10)
    try:
        assert reader.request("GET", "/account/login").status == 200
    finally:
        reader.close()
        phone.close()


def test_streams_on_the_apps_threads_leave_the_other_pages_their_threads(serve):
    # Without the stream process, a page's stream holds one of the app's threads for as
    # long as it is open (PUSH_STREAMS a process): it waits, it computes nothing, so it
    # takes none of the threads the other pages share, or two "being made" pages waiting
    # on their jobs would hold the league's pages back for good.
    server = serve(WEB_CONCURRENCY="1", SCOREKEEPER_THREADS=str(THREADS))
    streams = []
    try:
        for job in ("pack-never-made-1", "pack-never-made-2"):
            stream = socket.create_connection((LOOPBACK, server.port), timeout=30)
            stream.sendall(
                f"GET /jobs/{job}/events?since=waiting HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
            )
            assert stream.recv(200).startswith(b"HTTP/1.1 200"), job  # open, and held
            streams.append(stream)
        reader = Phone(server.port, timeout=10)  # held back for good: fail, not hang
        try:
            assert reader.request("GET", "/account/login").status == 200
        finally:
            reader.close()
    finally:
        for stream in streams:
            stream.close()
