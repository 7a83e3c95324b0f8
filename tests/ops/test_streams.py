"""The event stream process (scorekeeper.web.common.streams) on loopback, as ``make serve`` starts
it: a change written by anyone reaches its watchers' streams, a stream is let in only
as its page would be, and (slow tier) a thousand streams stay open and all hear it."""

from __future__ import annotations

import asyncio
import html
import http.client
import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from huey import SqliteHuey

from bench.bench_load import LOOPBACK, Server, thirteen_entry
from bench.bench_streams import open_all, start_streams
from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.web.common import passes
from tests.conftest import SECRET_KEY
from tests.league.support import (
    NAMES,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    wrong_by_one,
)
from tests.league.support import started_night as start
from tests.tiers import SLOW

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@pytest.fixture(scope="module")
def database_url(module_database_url) -> str:
    """One database for the module's tests, so one stream process serves them all
    (starting it costs more than the checks)."""
    return module_database_url


@pytest.fixture(scope="module")
def streams_folder(tmp_path_factory) -> Path:
    """The stream process's folder: its log, and its instance (the job queue's store)."""
    return tmp_path_factory.mktemp("streams-process")


@pytest.fixture(scope="module")
def streams(database_url, streams_folder) -> Iterator[Server]:
    tmp_path = streams_folder
    env = {
        "SCOREKEEPER_DATABASE_URL": database_url,
        "SCOREKEEPER_SECRET_KEY": SECRET_KEY,  # the test app's: the same screen links
        "SCOREKEEPER_TESTING": "true",
    }
    server = start_streams(tmp_path / "streams-instance", tmp_path / "streams.log", env)
    yield server
    server.kill()


class Stream:
    """One watcher's stream, read line by line (the socket's timeout only stops a hang)."""

    def __init__(self, server: Server, path: str):
        self.connection = http.client.HTTPConnection(LOOPBACK, server.port, timeout=60)
        self.connection.request("GET", path)
        self.answer = self.connection.getresponse()

    def next_data(self) -> str | None:
        """The next event's data, or None when the stream ended."""
        while line := self.answer.readline():
            if line.startswith(b"data: "):
                return line[6:].strip().decode()
        return None

    def close(self) -> None:
        self.connection.close()


def status_of(server: Server, path: str, method: str = "GET") -> int:
    connection = http.client.HTTPConnection(LOOPBACK, server.port, timeout=60)
    try:
        connection.request(method, path)
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_deal_posted_to_the_app_reaches_the_watchers_stream(streams, client, uow):
    started = services.start_game(uow, variant="thirteen", players=PLAYERS)
    game_id = started.game.public_id
    behind = Stream(streams, f"/games/{game_id}/events?since=0")
    watcher = Stream(streams, f"/games/{game_id}/events?since=1")
    try:
        assert watcher.answer.status == 200
        assert watcher.answer.getheader("Content-Type") == "text/event-stream"
        assert watcher.answer.readline() == b"retry: 1000\n"
        # A page older than its stream hears so at once.
        assert behind.next_data() == "1"
        entry = thirteen_entry(random.Random(3), 1)
        auth = {"Authorization": f"Bearer {started.edit_token}"}
        assert (
            client.post(f"/api/v1/games/{game_id}/deals", json=entry, headers=auth).status_code
            == 201
        )
        assert watcher.next_data() == "2"
        assert behind.next_data() == "2"
    finally:
        behind.close()
        watcher.close()
    assert status_of(streams, "/games/no-such-game/events") == 404
    assert status_of(streams, f"/games/{game_id}/events", "POST") == 404
    assert status_of(streams, "/games/x/scoreboard") == 404


def test_a_venue_screens_stream_follows_its_night_and_ends_when_the_screen_closes(
    streams, app, uow
):
    """(``app``: the test app's database, whose key derives the screen links.)"""
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    token = league.open_screen(uow, lid, olga, night.id)
    base = f"/leagues/{lid}/nights/{night.id}/screen"
    assert status_of(streams, f"{base}/{wrong_by_one(token)}/events") == 404
    version = league.screen_version(uow, lid, night.id, token)
    screen = Stream(streams, f"{base}/{token}/events?since={version}")
    try:
        assert screen.answer.status == 200
        play_out(uow, night.tables[1])  # a result on one of the night's tables
        finished = league.screen_version(uow, lid, night.id, token)
        # Its two deals may come as two events: the stream goes on to the finished one.
        while (told := screen.next_data()) != finished:
            assert told is not None, "the stream ended before the result"
        league.close_screen(uow, lid, olga, night.id)
        assert screen.next_data() is None  # closed: the stream ends, the link is refused
    finally:
        screen.close()
    assert status_of(streams, f"{base}/{token}/events") == 404


def test_the_organizers_night_page_streams_with_the_pass_it_carries(streams, client, uow):
    """The stream process reads no login cookie: the night page carries a signed pass
    (web/common/passes), which lets its stream in, for that night and that organizer."""
    # (The module's tests share a database: an organizer of its own.)
    olga = make_organizer(uow, email="night-page@example.org")
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    login(client, email="night-page@example.org")
    page = client.get(f"/leagues/{lid}/nights/{night.id}").get_data(as_text=True)
    events = html.unescape(re.search(r'data-events="([^"]+)"', page)[1])
    assert events.startswith(f"/leagues/{lid}/nights/{night.id}/events?")
    version = league.night_version(uow, lid, olga, night.id)
    watcher = Stream(streams, events)
    try:
        assert watcher.answer.status == 200
        play_out(uow, night.tables[0])
        finished = league.night_version(uow, lid, olga, night.id)
        assert finished != version
        while (told := watcher.next_data()) != finished:
            assert told is not None, "the stream ended before the result"
    finally:
        watcher.close()
    signed = parse_qs(urlsplit(events).query)["pass"][0]
    forged = signed[:-2] + ("AA" if not signed.endswith("AA") else "BB")
    other_night = passes.night_pass(SECRET_KEY, lid, night.id + 1, olga)
    assert status_of(streams, f"/leagues/{lid}/nights/{night.id}/events?pass={forged}") == 404
    assert status_of(streams, f"/leagues/{lid}/nights/{night.id}/events?pass={other_night}") == 404
    assert status_of(streams, f"/leagues/{lid}/nights/{night.id}/events") == 404


def test_a_jobs_stream_says_once_that_the_job_is_done(streams, streams_folder):
    """The "being made" page's stream: the stream process reads the job's state from the
    queue's store (its instance's jobs.sqlite3, as a worker writes it when done)."""
    job = "ab" * 32  # a render job's id: its PDF's content hash
    waiting = Stream(streams, f"/jobs/{job}/events?since=waiting")
    try:
        assert waiting.answer.status == 200
        assert waiting.answer.readline() == b"retry: 1000\n"
        queue = SqliteHuey(
            "scorekeeper", filename=str(streams_folder / "streams-instance" / "jobs.sqlite3")
        )
        queue.put(job, job)  # what huey keeps when the render job returns
        assert waiting.next_data() == "done"
    finally:
        waiting.close()
    assert status_of(streams, "/jobs/not%20an%20id/events") == 404
    assert status_of(streams, f"/jobs/{job}/events", "POST") == 404


@SLOW
def test_a_thousand_streams_stay_open_and_every_one_hears_its_games_change(streams, client, uow):
    games = [services.start_game(uow, variant="thirteen", players=PLAYERS) for _ in range(50)]
    paths = [f"/games/{games[i % 50].game.public_id}/events?since=1" for i in range(1000)]

    async def watch() -> list:
        watchers = await open_all(streams.port, paths)
        try:
            assert [w.status for w in watchers] == [200] * 1000
            for started in games:
                entry = thirteen_entry(random.Random(5), 1)
                auth = {"Authorization": f"Bearer {started.edit_token}"}
                path = f"/api/v1/games/{started.game.public_id}/deals"
                answer = await asyncio.to_thread(client.post, path, json=entry, headers=auth)
                assert answer.status_code == 201
            # Each watcher waits on its own event; the timeout only stops a hang.
            await asyncio.wait_for(asyncio.gather(*(heard(w, "2") for w in watchers)), 120)
            return watchers
        finally:
            await asyncio.gather(*(w.close() for w in watchers))

    async def heard(watcher, version: str) -> None:
        while not watcher.heard(version):
            watcher.told.clear()
            await watcher.told.wait()

    # Its own thread: a browser test before it in this process may hold a running loop.
    with ThreadPoolExecutor(1) as thread:
        assert len(thread.submit(asyncio.run, watch()).result()) == 1000
