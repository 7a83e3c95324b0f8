"""bench/bench_load.py's core in small: a few tables play whole games through gunicorn."""

from __future__ import annotations

import random

from sqlalchemy import text

from bench.bench_load import (
    DEALS,
    PLAYERS,
    play_scorekeeper,
    run_tables,
    thirteen_entry,
    verify_scorekeeper,
)
from scorekeeper.service_layer import services

TABLES = 3


def test_three_tables_play_whole_games_through_gunicorn_without_an_error_or_a_lost_deal(
    serve, database_url
):
    server = serve()

    outcome = run_tables(server.port, TABLES, play_scorekeeper, time_limit=30)

    record = outcome["record"]
    assert record.errors == []
    assert record.acknowledged == TABLES * DEALS
    assert verify_scorekeeper(database_url, record.acked) == []
    # Every phone's request was timed: the deal posts, the view pages, the polls.
    assert {kind: len(times) for kind, times in record.seconds.items()} == {
        "create": TABLES,
        "deal": TABLES * DEALS,
        "page": TABLES * DEALS,
        "poll": TABLES * (1 + 2 * DEALS),
    }


def test_the_check_finds_a_lost_deal_a_gap_and_a_wrong_version(uow, database, database_url):
    started = services.start_game(uow, variant="thirteen", players=list(PLAYERS))
    game_id, rng = started.game.public_id, random.Random(1)
    for number in range(1, DEALS + 1):
        services.record_deal(uow, game_id, started.edit_token, thirteen_entry(rng, number))
    acked = {game_id: list(range(1, DEALS + 1))}
    assert verify_scorekeeper(database_url, acked) == []
    with database.engine.begin() as connection:
        connection.execute(text("DELETE FROM deals WHERE number = 5"))

    problems = verify_scorekeeper(database_url, acked)

    assert problems == [
        f"game {game_id} lost acknowledged deals [5]",
        f"game {game_id} has deals {[n for n in acked[game_id] if n != 5]}, not 1..{DEALS - 1}",
        f"game {game_id} is at version {1 + DEALS} with {DEALS - 1} deals",
    ]
