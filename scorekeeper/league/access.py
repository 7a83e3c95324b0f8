"""Who may read or change a league, and finding its rows: shared by every league use case.

Every use case that changes a league first loads it through ``managed`` (the
viewer must be one of its organizers: ``Forbidden`` otherwise, ``LoginRequired``
when logged out); read use cases go through ``readable`` (an unpublished league
looks absent to everyone but its organizers). A scorer (an organizer account with
the role "scorer") is no organizer to ``managed``: only the use cases that record
and correct a night's results load the league through ``scored``, which lets
scorers in too.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, defaultload, selectinload

from scorekeeper.i18n import gettext as _
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


# A night's tables with their seats (and who sits there) and their games.
NIGHT_TABLES = (
    selectinload(Night.tables).selectinload(LeagueTable.seats).selectinload(LeagueSeat.member),
    selectinload(Night.tables).selectinload(LeagueTable.game),
)


def load_league(session: Session, public_id: str) -> League:
    """The league and its organizers; the rest is read as the use case first touches it.

    Most checks and changes need a part of the league only, and a season's nights are
    most of its rows. Touching ``league.nights`` loads every night with its tables,
    seats and games in one go (five statements, however many nights), not table by table.
    """
    league = session.scalar(
        select(League)
        .where(League.public_id == public_id)
        .options(
            selectinload(League.organizers).selectinload(LeagueOrganizer.organizer),
            defaultload(League.nights).options(*NIGHT_TABLES),
        )
    )
    if league is None:
        raise NotFound(_("There is no such league."))
    return league


# The roles that run the league; a "scorer" records and corrects results only.
RUNS = ("owner", "co")
SCORER = "scorer"
ROLES = (*RUNS, SCORER)


def role_in(league: League, organizer_id: int | None) -> str | None:
    """The viewer's role in the league (owner, co or scorer), None for anyone else."""
    if organizer_id is None:
        return None
    return next((lo.role for lo in league.organizers if lo.organizer_id == organizer_id), None)


def is_organizer(league: League, organizer_id: int | None) -> bool:
    return role_in(league, organizer_id) in RUNS


def _refuse(league: League, organizer_id: int | None, allowed: tuple[str, ...]) -> None:
    role = role_in(league, organizer_id)
    if role == SCORER and role not in allowed:
        raise Forbidden(
            _(
                "A scorer records and corrects results only: members, the league's"
                " settings, its organizers and its schedule are the organizers' to change."
            )
        )
    if role not in allowed:
        raise Forbidden(_("Only the league's organizers may do this."))


def managed(
    session: Session, public_id: str, organizer_id: int | None, allowed: tuple[str, ...] = RUNS
) -> League:
    """The league, if ``organizer_id`` is one of its organizers (or has an ``allowed`` role)."""
    if organizer_id is None:
        raise LoginRequired(_("Log in as one of the league's organizers."))
    league = load_league(session, public_id)
    _refuse(league, organizer_id, allowed)
    return league


def scored(session: Session, public_id: str, organizer_id: int | None) -> League:
    """``managed``, letting the league's scorers in too: for recording and correcting results."""
    return managed(session, public_id, organizer_id, ROLES)


def managed_row(
    session: Session, public_id: str, organizer_id: int | None, allowed: tuple[str, ...] = RUNS
) -> League:
    """Like ``managed``, loading the league's row and organizers only (for quick checks)."""
    if organizer_id is None:
        raise LoginRequired(_("Log in as one of the league's organizers."))
    league = session.scalar(
        select(League).where(League.public_id == public_id).options(selectinload(League.organizers))
    )
    if league is None:
        raise NotFound(_("There is no such league."))
    _refuse(league, organizer_id, allowed)
    return league


def scored_row(session: Session, public_id: str, organizer_id: int | None) -> League:
    """``managed_row``, letting the league's scorers in too."""
    return managed_row(session, public_id, organizer_id, ROLES)


def load_night(session: Session, league: League, night_id: Any) -> Night:
    """One night of ``league`` with its tables, seats and games, and nothing else."""
    night = session.scalar(
        select(Night)
        .where(Night.id == night_id, Night.league_id == league.id)
        .options(*NIGHT_TABLES)
    )
    if night is None:
        raise NotFound(_("That night is not in this league."))
    return night


def readable(session: Session, public_id: str, organizer_id: int | None) -> tuple[League, bool]:
    """The league (its row and organizers only) and whether the viewer manages it.

    Unpublished leagues look absent to everyone else but its scorers.
    """
    league = session.scalar(
        select(League).where(League.public_id == public_id).options(selectinload(League.organizers))
    )
    if league is None:
        raise NotFound(_("There is no such league."))
    manage = is_organizer(league, organizer_id)
    # A scorer reads the standings as the public will (no edit links), published or not.
    if not (manage or league.published or role_in(league, organizer_id) == SCORER):
        raise NotFound(_("There is no such league."))
    return league, manage


def league_view(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> LeagueView:
    """The league as an organizer manages it (Forbidden for anyone else)."""
    with uow:
        return league_view_of(managed(uow.session, public_id, organizer_id), True)


def leagues_of(
    uow: UnitOfWork, organizer_id: int, roles: tuple[str, ...] = RUNS
) -> list[tuple[str, str]]:
    """The leagues the organizer runs (or, with ``roles``, keeps the score of)."""
    with uow:
        rows = uow.session.execute(
            select(League.public_id, League.name)
            .join(LeagueOrganizer, LeagueOrganizer.league_id == League.id)
            .where(LeagueOrganizer.organizer_id == organizer_id, LeagueOrganizer.role.in_(roles))
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
