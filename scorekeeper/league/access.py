"""Who may read or change a league, and finding its rows: shared by every league use case.

Every use case that changes a league first loads it through ``managed`` (the
viewer must be one of its organizers: ``Forbidden`` otherwise, ``LoginRequired``
when logged out); read use cases go through ``readable`` (an unpublished league
looks absent to everyone but its organizers).
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from scorekeeper.league.models import (
    League,
    LeagueOrganizer,
    LeagueSeat,
    LeagueTable,
    Member,
    Night,
)
from scorekeeper.league.views import LeagueView, league_view_of
from scorekeeper.service_layer.errors import ServiceError
from scorekeeper.service_layer.unit_of_work import UnitOfWork

NAME_LENGTH = 40


class NotFound(ServiceError):
    pass


class Forbidden(ServiceError):
    """Logged in, but not an organizer of this league."""


class LoginRequired(ServiceError):
    pass


def load_league(session: Session, public_id: str) -> League:
    league = session.scalar(
        select(League)
        .where(League.public_id == public_id)
        .options(
            selectinload(League.organizers).selectinload(LeagueOrganizer.organizer),
            selectinload(League.invitations),
            selectinload(League.members),
            selectinload(League.nights)
            .selectinload(Night.tables)
            .selectinload(LeagueTable.seats)
            .selectinload(LeagueSeat.member),
            selectinload(League.nights).selectinload(Night.tables).selectinload(LeagueTable.game),
        )
    )
    if league is None:
        raise NotFound(_("There is no such league."))
    return league


def is_organizer(league: League, organizer_id: int | None) -> bool:
    return organizer_id is not None and any(
        lo.organizer_id == organizer_id for lo in league.organizers
    )


def managed(session: Session, public_id: str, organizer_id: int | None) -> League:
    """The league, if ``organizer_id`` is one of its organizers."""
    if organizer_id is None:
        raise LoginRequired(_("Log in as one of the league's organizers."))
    league = load_league(session, public_id)
    if not is_organizer(league, organizer_id):
        raise Forbidden(_("Only the league's organizers may do this."))
    return league


def managed_row(session: Session, public_id: str, organizer_id: int | None) -> League:
    """Like ``managed``, loading the league's row and organizers only (for quick checks)."""
    if organizer_id is None:
        raise LoginRequired(_("Log in as one of the league's organizers."))
    league = session.scalar(
        select(League).where(League.public_id == public_id).options(selectinload(League.organizers))
    )
    if league is None:
        raise NotFound(_("There is no such league."))
    if not is_organizer(league, organizer_id):
        raise Forbidden(_("Only the league's organizers may do this."))
    return league


def load_night(session: Session, league: League, night_id: Any) -> Night:
    """One night of ``league`` with its tables, seats and games, and nothing else."""
    night = session.scalar(
        select(Night)
        .where(Night.id == night_id, Night.league_id == league.id)
        .options(
            selectinload(Night.tables)
            .selectinload(LeagueTable.seats)
            .selectinload(LeagueSeat.member),
            selectinload(Night.tables).selectinload(LeagueTable.game),
        )
    )
    if night is None:
        raise NotFound(_("That night is not in this league."))
    return night


def readable(session: Session, public_id: str, organizer_id: int | None) -> tuple[League, bool]:
    """The league (its row and organizers only) and whether the viewer manages it.

    Unpublished leagues look absent to everyone else.
    """
    league = session.scalar(
        select(League).where(League.public_id == public_id).options(selectinload(League.organizers))
    )
    if league is None:
        raise NotFound(_("There is no such league."))
    manage = is_organizer(league, organizer_id)
    if not (manage or league.published):
        raise NotFound(_("There is no such league."))
    return league, manage


def league_view(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> LeagueView:
    """The league as an organizer manages it (Forbidden for anyone else)."""
    with uow:
        return league_view_of(managed(uow.session, public_id, organizer_id), True)


def leagues_of(uow: UnitOfWork, organizer_id: int) -> list[tuple[str, str]]:
    """The leagues the organizer runs."""
    with uow:
        rows = uow.session.execute(
            select(League.public_id, League.name)
            .join(LeagueOrganizer, LeagueOrganizer.league_id == League.id)
            .where(LeagueOrganizer.organizer_id == organizer_id)
            .order_by(League.name)
        )
        return [tuple(row) for row in rows]


# What is left to refuse once line breaks and tabs are spaces: C0 and C1 control characters.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def one_line(value: str) -> str:
    """Text as one line: every run of white space (CR, LF, tab ...) a single space."""
    return " ".join(value.split())


def clean_name(value: Any, field: str, limit: int, errors: dict[str, str]) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > limit:
        errors[field] = _("must be 1 to %(limit)s characters", limit=limit)
        return ""
    cleaned = one_line(value)
    if CONTROL.search(cleaned):
        errors[field] = _("must not contain control characters")
        return ""
    return cleaned


def name_key(name: str) -> str:
    return name.casefold()


def member_of(league: League, member_id: Any) -> Member:
    member = next((m for m in league.members if m.id == member_id), None)
    if member is None:
        raise NotFound(_("That player is not a member of this league."))
    return member


def night_of(league: League, night_id: Any) -> Night:
    night = next((n for n in league.nights if n.id == night_id), None)
    if night is None:
        raise NotFound(_("That night is not in this league."))
    return night


def table_of(league: League, night_id: Any, number: Any) -> tuple[Night, LeagueTable]:
    night = night_of(league, night_id)
    table = next((t for t in night.tables if t.number == number), None)
    if table is None:
        raise NotFound(_("That table is not part of this night."))
    return night, table
