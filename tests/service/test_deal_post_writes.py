"""A deal post reads, checks and derives before it writes: the write lock (SQLite's one
per file, which every table's post and the worker's jobs wait for) covers only the
game's version moving and the deal's row, and a refused deal writes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event, func, select

from scorekeeper.models import Deal
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import Conflict, InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# Eight players of 40 characters, accented, as a club's members are named.
NAMES = [f"Zoë Łukasiewicz-Ortíz de la Peña {n:02d} Ærø"[:40] for n in range(8)]
WRITES = ("INSERT", "UPDATE", "DELETE")


def a_deal(rng: random.Random, number: int | None = None) -> dict:
    out = rng.choice(NAMES)
    entry: dict = {"out": out, "hands": {n: rng.randint(0, 80) for n in NAMES if n != out}}
    if number is not None:
        entry["number"] = number
    return entry


@contextmanager
def statements(database) -> Iterator[list[str]]:
    """Each statement's first word (and COMMIT) as the database is sent them, in order."""
    seen: list[str] = []

    def sent(_connection, _cursor, statement, _parameters, _context, _many) -> None:
        seen.append(" ".join(statement.split()[:2]).upper())

    def committed(_connection) -> None:
        seen.append("COMMIT")

    engine = database.engine
    event.listen(engine, "before_cursor_execute", sent)
    event.listen(engine, "commit", committed)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", sent)
        event.remove(engine, "commit", committed)


def in_the_write(seen: list[str]) -> list[str]:
    """The statements from the transaction's first write to its commit."""
    first = next(i for i, s in enumerate(seen) if s.startswith(WRITES))
    return seen[first : seen.index("COMMIT", first)]


@pytest.fixture
def game(uow):
    started = services.start_game(uow, variant="thirteen", players=NAMES)
    return started.game.public_id, started.edit_token


def test_the_write_holds_only_the_version_and_the_deal(uow, database, game):
    public_id, token = game
    rng = random.Random(8)
    services.record_deal(uow, public_id, token, a_deal(rng))
    with statements(database) as seen:
        recorded = services.record_deal(uow, public_id, token, a_deal(rng, 2))
    written = [s for s in in_the_write(seen) if "PG_NOTIFY" not in s]  # PostgreSQL's NOTIFY
    assert [s.split()[0] for s in written] == ["UPDATE", "INSERT"]
    assert recorded.game.version == 3 and len(recorded.game.entries) == 2
    again = services.load_game(uow, public_id)
    assert again.json == recorded.game.json  # the answer made before the write, as stored


def test_a_refused_deal_writes_nothing(uow, database, game):
    public_id, token = game
    entry = a_deal(random.Random(1))
    entry["hands"][next(n for n in NAMES if n != entry["out"])] = -5  # no negative hands
    with statements(database) as seen, pytest.raises(InvalidInput):
        services.record_deal(uow, public_id, token, entry)
    assert not [s for s in seen if s.startswith(WRITES)]
    assert services.load_game(uow, public_id).version == 1


def test_another_phone_writing_meanwhile_sends_the_post_the_locked_way(uow, database, game):
    """A second phone records a deal between this post's reading and its writing: the
    version moved, so this post reads the game again under its lock and records the
    deal after that one."""
    public_id, token = game
    rng = random.Random(3)
    theirs, mine = a_deal(rng), a_deal(rng)
    read = []

    def entry(before):
        read.append(len(before.entries))
        if len(read) == 1:  # the other phone's save lands now
            other = UnitOfWork(database.session_factory)
            services.record_deal(other, public_id, token, theirs)
        return mine

    recorded = services.record_deal(uow, public_id, token, entry)
    assert read == [0, 1]  # read as it stood, then again as the other phone left it
    assert [dict(e) for e in recorded.game.entries][1]["out"] == mine["out"]
    with database.session_factory() as session:
        assert session.scalar(select(func.count()).select_from(Deal)) == 2
    assert services.load_game(uow, public_id).json == recorded.game.json


def test_a_claimed_number_taken_meanwhile_is_a_conflict(uow, database, game):
    public_id, token = game
    rng = random.Random(4)
    theirs = a_deal(rng)

    def entry(_before):
        other = UnitOfWork(database.session_factory)
        if services.load_game(other, public_id).entries == ():
            services.record_deal(UnitOfWork(database.session_factory), public_id, token, theirs)
        return a_deal(rng, 1)  # this phone believes it records deal 1

    with pytest.raises(Conflict) as refused:
        services.record_deal(uow, public_id, token, entry)
    assert len(refused.value.game.entries) == 1
