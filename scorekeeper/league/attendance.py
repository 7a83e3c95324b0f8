"""Attendance after seating: a late arrival, a no-show, reseating; a night's date and
season changed, a night deleted (a played one once the organizer confirms).

Seats change only before play starts, except that a late arrival on a started night
may open a new table with those sitting out, whose game starts at once.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import ngettext
from scorekeeper.league import seating
from scorekeeper.league.access import clean_name, managed, member_of, night_of
from scorekeeper.league.models import LeagueSeat, LeagueTable, Night
from scorekeeper.league.nights import (
    new_tables,
    people_at_table,
    seat_players,
    start_night,
    unstarted,
    variant_of,
)
from scorekeeper.league.rounds import played_round
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def present_at(night: Night) -> list[int]:
    """Everyone who came: the seated, then those with a bye."""
    return [seat.member_id for table in night.tables for seat in table.seats] + list(
        night.byes or ()
    )


def reseat(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    method: Any,
    rng: random.Random | None = None,
) -> None:
    """Seat the same players again, by ``method``, before anyone has played."""
    if method not in seating.METHODS:
        raise InvalidInput(
            _("Pick how to seat them."),
            {"method": _("must be one of %(choices)s", choices=", ".join(seating.METHODS))},
        )
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        night = unstarted(league, night_id)
        present = present_at(night)
        tables, byes = seat_players(session, league, present, method, rng or random.SystemRandom())
        night.tables.clear()
        session.flush()  # the old seats go before the new tables take their numbers
        night.tables.extend(new_tables(tables))
        night.byes, night.seating = byes, method
        uow.commit()


def remove_no_show(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, member_id: Any
) -> str:
    """Take a player who did not come off the night, before play starts; says what changed.

    A table that would be too small without them takes someone sitting out instead.
    """
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = unstarted(league, night_id)
        member = member_of(league, member_id)
        if member.id in (night.byes or ()):
            night.byes = [m for m in night.byes if m != member.id]
            uow.commit()
            return _("The player is off tonight's seating.")
        table = next(
            (t for t in night.tables if any(s.member_id == member.id for s in t.seats)), None
        )
        if table is None:
            raise InvalidInput(
                _("That player is not part of this night."), {"member": _("is not seated tonight")}
            )
        too_small = len(table.seats) - 1 not in people_at_table(variant_of(league))
        if too_small and night.byes:
            stand_in = member_of(league, night.byes[0])
            next(s for s in table.seats if s.member_id == member.id).member_id = stand_in.id
            night.byes = night.byes[1:]
            uow.commit()
            return _(
                "%(name)s is off tonight's seating; %(stand_in)s, who was sitting out, takes"
                " the seat at table %(number)s.",
                name=member.name,
                stand_in=stand_in.name,
                number=table.number,
            )
        if too_small:
            raise InvalidInput(
                _(
                    "Table %(number)s would be too small without %(name)s.",
                    number=table.number,
                    name=member.name,
                ),
                {"member": _("leaves a table too small: reseat the night instead")},
            )
        table.seats = [seat for seat in table.seats if seat.member_id != member.id]
        uow.session.flush()  # the seat goes before the others move up
        for position, seat in enumerate(table.seats):
            seat.position = position
        uow.commit()
        return _("The player is off tonight's seating.")


def add_late_arrival(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, member_id: Any
) -> str:
    """Seat a late arrival where there is room; says where they went.

    Before play: at the emptiest table with room. Once play has started, or with no
    room: at a new table with those sitting out, when they are enough for one
    (its game starts at once on a started night); else they sit out too.
    """
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = night_of(league, night_id)
        member = member_of(league, member_id)
        if member.id in present_at(night):
            raise InvalidInput(
                _("%(name)s is already here tonight.", name=member.name),
                {"member": _("is already here")},
            )
        sizes = people_at_table(variant_of(league))
        roomy = sorted(
            (
                t
                for t in night.tables
                if len(t.seats) < league.table_size and len(t.seats) + 1 in sizes
            ),
            key=lambda t: (len(t.seats), t.number),
        )
        waiting = [*(night.byes or ()), member.id]
        # A new table takes as many of those waiting as one table may seat.
        group_size = max((size for size in sizes if size <= len(waiting)), default=None)
        if not night.started and roomy:
            table = roomy[0]
            table.seats.append(LeagueSeat(position=len(table.seats), member_id=member.id))
            where = f"{member.name} joins table {table.number}."
        elif group_size is not None:
            group = waiting[:group_size]
            number = max((t.number for t in night.tables), default=0) + 1
            added = new_tables([group], number)
            for table in added:  # a night in rounds: a table of the round in play
                table.round = played_round(night)
            night.tables.extend(added)
            night.byes = [m for m in night.byes if m not in group]
            where = f"{member.name} opens table {number} with those sitting out."
        else:
            night.byes = [*night.byes, member.id]
            where = f"{member.name} sits out for now: no table has room."
        started = night.started
        uow.commit()
    if started:
        start_night(uow, public_id, organizer_id, night_id)  # the new table's game
    return where


def change_night(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    *,
    held_on: Any,
    season: Any,
) -> None:
    """A night's date or season, typed wrong, put right (played or not)."""
    errors: dict[str, str] = {}
    if not isinstance(held_on, date):
        errors["held_on"] = _("must be a date")
    season = clean_name(season, "season", 20, errors)
    if errors:
        raise InvalidInput(_("The night cannot be changed as given."), errors)
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = night_of(league, night_id)
        night.held_on, night.season = held_on, season
        league.revision += 1  # the ratings replay nights in date order
        uow.commit()


def _played(night: Night) -> list[LeagueTable]:
    return [t for t in night.tables if t.paper_totals or (t.game is not None and t.game.deals)]


def deletion_plan(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int
) -> str | None:
    """What deleting a played night takes with it, for the organizer to confirm first;
    None for a night nobody has played (it goes at once)."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = night_of(league, night_id)
        played = _played(night)
        if not played:
            return None
        deals = sum(len(t.game.deals) for t in played if t.game is not None)
        return ngettext(
            "Delete the night of %(date)s? Its %(num)d played table goes with it: its game"
            " (%(deals)s deals in all), the seats and the results in the standings. This"
            " cannot be undone.",
            "Delete the night of %(date)s? Its %(num)d played tables go with it: their games"
            " (%(deals)s deals in all), the seats and the results in the standings. This"
            " cannot be undone.",
            len(played),
            date=night.held_on.isoformat(),
            deals=deals,
        )


def delete_night(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    *,
    confirmed: bool = False,
) -> None:
    """Delete a night with its tables and games; a played one only once ``confirmed``
    (after ``deletion_plan`` said what goes with it)."""
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        night = night_of(league, night_id)
        played = [t.number for t in _played(night)]
        if played and not confirmed:
            raise InvalidInput(
                _("This night has been played: confirm its deletion first."),
                {"night": _("table %(number)s has a result", number=played[0])},
            )
        for table in night.tables:
            if table.game is not None:
                session.delete(table.game)
        league.nights.remove(night)
        league.revision += 1
        uow.commit()
