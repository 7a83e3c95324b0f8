"""A published league's version (league/versions.py) is worked out once at a time per
process: readers that come while it is worked out share the next one, begun after they
came, and a reader alone always works out its own (a change just before it shows)."""

from __future__ import annotations

import threading
from contextlib import contextmanager

from sqlalchemy import event, update

from scorekeeper.league import services as league
from scorekeeper.league import versions
from scorekeeper.league.models import Member
from scorekeeper.league.versions import coalesced, public_version
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from tests.league.support import make_organizer, published_night_of_eight


@contextmanager
def counted(database):
    """Statements sent, and a gate the first one waits at until it is opened."""
    sent: list[str] = []
    first_in, gate = threading.Event(), threading.Event()

    def before(_connection, _cursor, statement, _parameters, _context, _many) -> None:
        sent.append(statement)
        if len(sent) == 1:
            first_in.set()
            assert gate.wait(30)

    event.listen(database.engine, "before_cursor_execute", before)
    try:
        yield sent, first_in, gate
    finally:
        event.remove(database.engine, "before_cursor_execute", before)


def test_readers_coming_meanwhile_share_the_next_version_worked_out(database, uow):
    olga = make_organizer(uow)
    lid, _ids, _night = published_night_of_eight(uow, olga)
    public_version(uow, lid)  # results written, tables remembered: a reader's usual work
    with counted(database) as (sent, _first_in, gate):
        gate.set()
        alone = public_version(uow, lid)
    one_reader = len(sent)
    versions: list[str] = []

    def reader() -> None:
        versions.append(public_version(UnitOfWork(database.session_factory), lid))

    with counted(database) as (sent, first_in, gate):
        first = threading.Thread(target=reader)
        first.start()
        assert first_in.wait(30)  # the first reader is working it out
        others = [threading.Thread(target=reader) for _ in range(7)]
        for thread in others:
            thread.start()
        with coalesced.guard:
            assert coalesced.guard.wait_for(lambda: coalesced.waiting == 7, timeout=30)
        gate.set()
        for thread in [first, *others]:
            thread.join(30)
    assert versions == [alone] * 8
    assert len(sent) == 2 * one_reader  # the first reader's, and one for the seven


def test_a_reader_alone_sees_a_change_made_just_before(database, uow):
    olga = make_organizer(uow)
    lid, ids, _night = published_night_of_eight(uow, olga)
    before = public_version(uow, lid)
    league.rename_member(uow, lid, olga, ids["Ann"], "Annabelle Ødegård-Łukasiewicz de Ávila")
    after = public_version(uow, lid)
    assert after != before
    assert public_version(uow, lid) == after


def test_a_version_reads_the_rows_it_compares_as_stored_and_sees_each_change(database, uow):
    """Twenty readers a second each work a version out: the rows it compares (a club's
    two hundred members and more) are read as the database stores them, none decoded
    (a JSON list, a date), and a change to any of their columns still moves it."""
    dialect = database.engine.dialect
    for query in versions._SHOWN:
        for column in query.selected_columns:
            assert column.type.result_processor(dialect, None) is None, column
    olga = make_organizer(uow)
    lid, ids, _night = published_night_of_eight(uow, olga)
    before = public_version(uow, lid)
    with uow:  # only a JSON column of one member: its former spellings
        uow.session.execute(
            update(Member)
            .where(Member.id == ids["Ann"])
            .values(aliases=["Ånn-Zoë Łukasiewicz-Øvergaard de la Peña"])
        )
        uow.commit()
    assert public_version(uow, lid) != before


def test_on_postgresql_a_version_reads_the_leagues_rows_in_one_statement(database, uow):
    """Each statement is a wait for the server and then for the interpreter lock: on
    PostgreSQL the rows a version compares are hashed and summed by the server in one
    statement; SQLite, in the process, reads each table's as stored."""
    olga = make_organizer(uow)
    lid, _ids, _night = published_night_of_eight(uow, olga)
    public_version(uow, lid)
    with counted(database) as (sent, _first_in, gate):
        gate.set()
        public_version(uow, lid)
    # The league and its organizers, the tables to count (two lists), then on PostgreSQL
    # one statement, on SQLite one for each kind of row, the tables' sums and the log.
    postgresql = database.engine.dialect.name == "postgresql"
    assert len(sent) == 2 + 2 + (1 if postgresql else len(versions._SHOWN) + 2)
