"""What loading a league costs in SQL statements. An organizer's check reads the league's
row and its organizers only; a use case that walks the whole league, nights down to
seats and games, reads it in the same few statements however many nights it holds."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from scorekeeper.league.access import managed
from tests.databases import statements
from tests.league.support import make_league, make_organizer, member_ids, started_night

# The league, its organizers and their accounts.
CHECK = 3
# Then its members, invitations, nights, the nights' tables, their seats, the seats'
# members and the tables' games: one statement each, however many there are.
WHOLE = CHECK + 7


def league_of_nights(uow, nights: int) -> tuple[str, int]:
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    present = list(member_ids(uow, lid, olga).values())
    for week in range(nights):
        started_night(uow, lid, olga, present, held_on=date(2026, 3, 5) + timedelta(weeks=week))
    return lid, olga


def walk(league) -> int:
    """Touch every part of the league a standings page reads; returns the seats seen."""
    assert league.members and not league.invitations
    return sum(
        len([seat.member.name for seat in table.seats]) + (table.game is None)
        for night in league.nights
        for table in night.tables
    )


def test_an_organizers_check_reads_the_league_and_its_organizers_only(uow, database):
    lid, olga = league_of_nights(uow, 2)
    with uow, statements(database.engine) as seen:
        managed(uow.session, lid, olga)
    assert len(seen) == CHECK, "\n".join(seen)


@pytest.mark.parametrize("nights", [1, 4])
def test_the_whole_league_is_read_in_the_same_statements_for_one_night_or_four(
    uow, database, nights
):
    lid, olga = league_of_nights(uow, nights)
    with uow, statements(database.engine) as seen:
        seats = walk(managed(uow.session, lid, olga))
    assert seats == 10 * nights  # every member seated each night
    assert len(seen) == WHOLE, "\n".join(seen)
