"""Counting games while deals are posted: every finished game reaches the standings.

The reader under test (a standings page) is paused at each of its statements in turn,
up to its first write and while it holds no lock, and the venue screen's reads and a
deal post run meanwhile: every order of one evening's moments, played out one by one
on the real database.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from itertools import combinations_with_replacement

import pytest
from sqlalchemy import event, func, select

from scorekeeper.league import counting, standings
from scorekeeper.league import services as league
from scorekeeper.league.models import League, LeagueResult, LeagueTable, Night
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from tests.databases import statements
from tests.tiers import spread

from .support import PASSWORD, make_league, make_organizer, member_ids
from .support import started_night as start

NAMES = ["Zoë Łukasiewicz-Ångström", "Bob", "Cy", "Dee"]


class Interleaver:
    """Runs ``events`` in another thread just before the reader's chosen statements.

    Only statements the reader runs outside a write transaction are points: there it
    holds no lock, so the other thread's writes go through (on SQLite and PostgreSQL).
    """

    def __init__(self, engine, at: dict[int, Callable[[], None]]):
        self.engine, self.at = engine, at
        self.reader = threading.get_ident()
        self.points = 0
        self.writing = False
        self.errors: list[BaseException] = []
        # The points before the reader's first write: where what it read may go stale.
        self.reading = None

    def before(self, conn, cursor, statement, parameters, context, executemany):
        if threading.get_ident() != self.reader:
            return
        if statement.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            self.writing = True
            if self.reading is None:
                self.reading = self.points
            return
        if self.writing:
            return
        action = self.at.get(self.points)
        self.points += 1
        if action is not None:
            worker = threading.Thread(target=self.run, args=(action,))
            worker.start()
            worker.join()

    def run(self, action):
        try:
            action()
        except BaseException as exc:  # reported by the test, not lost in the thread
            self.errors.append(exc)

    def ended(self, conn):
        if threading.get_ident() == self.reader:
            self.writing = False

    def __enter__(self):
        event.listen(self.engine, "before_cursor_execute", self.before)
        event.listen(self.engine, "commit", self.ended)
        event.listen(self.engine, "rollback", self.ended)
        return self

    def __exit__(self, *exc):
        event.remove(self.engine, "before_cursor_execute", self.before)
        event.remove(self.engine, "commit", self.ended)
        event.remove(self.engine, "rollback", self.ended)
        # A point the reader did not reach this time (it reads less once counted).
        for point in sorted(self.at):
            if point >= self.points:
                self.run(self.at[point])


def fresh_tables_agree(database, league_id: str) -> list[str]:
    """Every table whose rows claim to be derived at its game's current version has
    exactly the rows that version gives: the problems found, by table."""
    problems = []
    with database.session_factory() as session:
        ids = session.scalars(
            select(LeagueTable.id)
            .join(Night, Night.id == LeagueTable.night_id)
            .join(League, League.id == Night.league_id)
            .where(League.public_id == league_id)
        ).all()
        for table in counting.snapshots(session, ids):
            if not table.fresh:
                continue
            rows = session.scalar(
                select(func.count()).where(LeagueResult.table_id == table.table_id)
            )
            counts = counting.outcome(table) is not None
            if counts != bool(rows):
                problems.append(f"table {table.table_id} at v{table.version}: {rows} rows")
    return problems


def setting(uow, database, organizer: int):
    """A started night of one table with its first deal in; the deal that ends it."""
    lid = make_league(uow, organizer, names=NAMES)
    ids = member_ids(uow, lid, organizer)
    night = start(uow, lid, organizer, [ids[name] for name in NAMES])
    (table,) = night.tables
    winner, names = table.names[0], list(table.names)
    entry = {"out": winner, "hands": {n: 40 for n in names if n != winner}}
    services.record_deal(uow, table.game_id, table.edit_token, entry)
    token = league.open_screen(uow, lid, organizer, night.id)

    def post_last_deal():
        other = UnitOfWork(database.session_factory)
        services.record_deal(other, table.game_id, table.edit_token, entry)

    def read_standings():
        league.league_standings(UnitOfWork(database.session_factory), lid, organizer, None)

    def read_screen():
        league.screen(UnitOfWork(uow.session_factory), lid, night.id, token)

    return lid, post_last_deal, read_standings, read_screen


@pytest.mark.long
def test_a_reader_overtaken_by_a_deal_and_other_readers_leaves_every_game_counted(
    uow, database, monkeypatch
):
    """A screen's read before statement i of a standings read, and the game's last deal
    with one more screen read before statement j: after the standings read, no table
    claims rows derived at its version that it does not have (before the fix: the
    finished game's rows deleted, its version kept: "open" for good), and the standings
    count the game."""
    organizer = make_organizer(uow)
    lid, post, read_standings, read_screen = setting(uow, database, organizer)
    with Interleaver(database.engine, {}) as counter:
        refreshed = []
        real = standings.refresh
        monkeypatch.setattr(
            standings,
            "refresh",
            lambda *a, **k: (real(*a, **k), refreshed.append(counter.points))[0],
        )
        read_standings()
        monkeypatch.undo()
    # A game in play is not written (counting.Undecided): then the points are those of
    # the reader's counting, up to the end of its refresh.
    points = refreshed[0] if counter.reading is None else counter.reading
    assert points > 5
    for i, j in spread(list(combinations_with_replacement(range(points + 1), 2))):
        lid, post, read_standings, read_screen = setting(uow, database, organizer)

        def last_deal_then_read(post=post, read=read_screen):
            post()
            read()

        at = {i: read_screen, j: last_deal_then_read}
        if i == j:
            at = {i: lambda a=read_screen, b=last_deal_then_read: (a(), b())}
        with Interleaver(database.engine, at) as interleaved:
            read_standings()
        assert interleaved.errors == []
        assert fresh_tables_agree(database, lid) == [], (i, j)
        _, table = league.league_standings(uow, lid, organizer, None)
        assert table.open_games == (), (i, j)
        assert sorted(line.games for line in table.lines) == [1, 1, 1, 1], (i, j)


# 32 members, 40-character accented names among them: eight tables of four.
CLUB = [f"Zoë-Åsa Łukasiewicz-Øvergaard {n:02d} Ñúñez"[:40] for n in range(16)] + [
    f"Player {n:02d}" for n in range(16)
]


def test_deals_posted_at_every_table_while_standings_and_the_screen_are_read_all_count(
    app, uow, database
):
    """Eight tables post their deals at once over the API while two phones keep reading
    the standings and the venue screen: when all is posted, every game counts."""
    organizer = make_organizer(uow)
    lid = make_league(uow, organizer, names=CLUB)
    ids = member_ids(uow, lid, organizer)
    night = start(uow, lid, organizer, [ids[name] for name in CLUB])
    token = league.open_screen(uow, lid, organizer, night.id)
    screen = f"/leagues/{lid}/nights/{night.id}/screen/{token}"
    organizer_client = app.test_client()
    assert organizer_client.post(
        "/account/login", data={"email": "org@example.org", "password": PASSWORD}
    ).status_code in (302, 303)
    tables = night.tables
    assert len(tables) == 8
    go = threading.Barrier(len(tables) + 2)
    posted = threading.Event()
    failures: list[str] = []
    reads = [0, 0]

    def post_deals(table):
        client = app.test_client()
        winner, names = table.names[0], list(table.names)
        entry = {"out": winner, "hands": {n: 25 for n in names if n != winner}}
        go.wait()
        for _ in range(2):
            answer = client.post(
                f"/api/v1/games/{table.game_id}/deals",
                json=entry,
                headers={"Authorization": f"Bearer {table.edit_token}"},
            )
            if answer.status_code != 201:
                failures.append(f"table {table.number}: {answer.status_code}")

    def keep_reading(index, client, path):
        go.wait()
        while True:
            last = posted.is_set()
            answer = client.get(path)
            reads[index] += 1
            if answer.status_code != 200:
                failures.append(f"{path}: {answer.status_code}")
            if last:
                return

    posters = [threading.Thread(target=post_deals, args=(t,)) for t in tables]
    readers = [
        threading.Thread(
            target=keep_reading, args=(0, organizer_client, f"/leagues/{lid}/standings")
        ),
        threading.Thread(target=keep_reading, args=(1, app.test_client(), screen)),
    ]
    for thread in [*posters, *readers]:
        thread.start()
    for thread in posters:
        thread.join()
    posted.set()
    for thread in readers:
        thread.join()
    assert failures == []
    assert min(reads) >= 1
    assert fresh_tables_agree(database, lid) == []
    _, table = league.league_standings(uow, lid, organizer, None)
    assert table.open_games == ()
    assert sorted(line.games for line in table.lines) == [1] * 32
    assert sum(line.wins for line in table.lines) == 8


def test_a_reader_writes_nothing_while_the_games_are_in_play_and_a_finished_one_once(uow, database):
    """Eight tables in play, a deal each: reading the standings takes no write lock from
    the tables' deal posts (nor does the next reader); the deal that finishes a game has
    its rows written by the next reader, once."""
    organizer = make_organizer(uow)
    lid = make_league(uow, organizer, names=CLUB)
    ids = member_ids(uow, lid, organizer)
    night = start(uow, lid, organizer, [ids[name] for name in CLUB])
    for table in night.tables:
        winner, names = table.names[0], list(table.names)
        entry = {"out": winner, "hands": {n: 25 for n in names if n != winner}}
        services.record_deal(uow, table.game_id, table.edit_token, entry)
    writes = []
    for _ in range(2):
        with statements(database.engine) as seen:
            league.league_standings(UnitOfWork(database.session_factory), lid, organizer, None)
        writes.append([s for s in seen if s.lstrip().startswith(("INSERT", "UPDATE", "DELETE"))])
    assert writes == [[], []]
    table = night.tables[0]
    winner, names = table.names[0], list(table.names)
    entry = {"out": winner, "hands": {n: 25 for n in names if n != winner}}
    services.record_deal(uow, table.game_id, table.edit_token, entry)
    with statements(database.engine) as seen:
        _, standings_now = league.league_standings(uow, lid, organizer, None)
    assert sum(s.lstrip().startswith("INSERT INTO league_results") for s in seen) == 1
    assert sorted(line.games for line in standings_now.lines) == [1] * 4  # those who played
