"""The server killed (SIGKILL, master and workers) in the middle of a stream of deal posts."""

from __future__ import annotations

import http.client
import random
import threading

from bench.bench_load import DEALS, Phone, Recorder, thirteen_entry, verify_scorekeeper
from tests.waiting import wait_until

from .support import start_game

TABLES = 4
KILL_AFTER = 12  # acknowledged deals: well into the stream, well before its end


def post_until_the_server_dies(
    port: int, game_id: str, authorization: dict, record: Recorder
) -> None:
    phone = Phone(port, timeout=10)
    rng = random.Random(game_id)
    for number in range(1, DEALS + 1):
        entry = thirteen_entry(rng, number)
        try:
            answer = phone.request("POST", f"/api/v1/games/{game_id}/deals", entry, authorization)
        except (OSError, http.client.HTTPException):
            return  # killed under this request: the phone got no answer
        if answer.status != 201:
            record.fail(f"deal {number}: {answer.status} {answer.body[:200]!r}")
            return
        record.ack(game_id, number)


def test_a_killed_server_keeps_every_acknowledged_deal_and_no_half_written_game(
    serve, database_url
):
    server = serve()
    setup = Phone(server.port)
    games = [start_game(setup) for _ in range(TABLES)]
    setup.close()
    record = Recorder()
    streams = [
        threading.Thread(target=post_until_the_server_dies, args=(server.port, *game, record))
        for game in games
    ]
    for stream in streams:
        stream.start()
    wait_until(lambda: record.acknowledged >= KILL_AFTER, f"{KILL_AFTER} deals acknowledged")
    server.kill()
    for stream in streams:
        stream.join(15)

    assert not record.errors
    assert KILL_AFTER <= record.acknowledged < TABLES * DEALS, "not killed mid-stream"

    restarted = serve()
    # The database file itself: integrity_check (SQLite), every acknowledged deal
    # present, deals 1..n without a gap, each game's version 1 + its deal count.
    assert verify_scorekeeper(database_url, record.acked) == []

    # Each table carries on from the last deal it saw acknowledged. The deal that
    # was in flight may have been stored without an answer: "number" makes the
    # resend a 409 then, never a second copy.
    phone = Phone(restarted.port)
    for game_id, authorization in games:
        next_number = max(record.acked.get(game_id, [0])) + 1
        rng = random.Random(next_number)
        for number in range(next_number, DEALS + 1):
            answer = phone.request(
                "POST",
                f"/api/v1/games/{game_id}/deals",
                thirteen_entry(rng, number),
                authorization,
            )
            assert answer.status in ((201, 409) if number == next_number else (201,)), answer.body
            record.ack(game_id, number)
        state = phone.request("GET", f"/api/v1/games/{game_id}").json()
        assert [deal["number"] for deal in state["deals"]] == list(range(1, DEALS + 1))
        assert state["finished"]
    phone.close()
    assert verify_scorekeeper(database_url, record.acked) == []
