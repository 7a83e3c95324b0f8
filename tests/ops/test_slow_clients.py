"""Issue 23, finding 5: clients that send half a request and stop (slowloris) do not
starve table play under ``make serve``'s gunicorn, and are dropped in time.

Loopback only, bounded: 200 connections, each holding a few bytes."""

from __future__ import annotations

import json
import random
import socket

from bench.bench_load import LOOPBACK, Phone, thirteen_entry
from tests.ops.support import post_deals, start_game
from tests.tiers import SLOW

HALF_SENT = 200
HALF_A_REQUEST = b"POST /api/v1/games/x/deals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le"


def half_sent_requests(port: int) -> list[socket.socket]:
    clients = []
    for _ in range(HALF_SENT):
        client = socket.create_connection((LOOPBACK, port), timeout=30)
        client.sendall(HALF_A_REQUEST)
        clients.append(client)
    return clients


# Slow tier (tests/tiers.py): test_side_threads.py's held threads stand for it.
@SLOW
def test_half_sent_requests_do_not_starve_table_play(serve):
    server = serve(SCOREKEEPER_REQUEST_HEAD_SECONDS="3")
    phone = Phone(server.port, timeout=10)  # a starved server never answers: fail, not hang
    game_id, authorization = start_game(phone)
    stalled = half_sent_requests(server.port)
    try:
        post_deals(phone, game_id, authorization, seed=23)
        # And each stalled client is dropped once its time to send is up: the server
        # closes the connection (recv answers b"" rather than waiting on).
        for client in stalled[:5]:
            assert client.recv(1024) == b""
    finally:
        for client in stalled:
            client.close()
        phone.close()


def test_a_body_sent_in_pieces_is_still_served(serve):
    server = serve()
    phone = Phone(server.port, timeout=10)
    game_id, authorization = start_game(phone)
    phone.close()
    body = json.dumps(thirteen_entry(random.Random(5), 1)).encode()
    head = (
        f"POST /api/v1/games/{game_id}/deals HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: {authorization['Authorization']}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    with socket.create_connection((LOOPBACK, server.port), timeout=10) as client:
        for piece in (head[:20], head[20:], body[:10], body[10:]):
            client.sendall(piece)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 201 "), answer[:200]
