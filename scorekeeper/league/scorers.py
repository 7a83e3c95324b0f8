"""What a scorer sees: the viewer's role in a league, and the nights they keep score of.

A scorer is an organizer account invited with the role "scorer": it records and
corrects results (the night board, the tables, paper totals, closing a table) and
nothing else (league/access.py, ``scored``). Its way in is this list of nights.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.league.access import SCORER, Forbidden, role_in, scored_row
from scorekeeper.league.models import League, LeagueTable, Night
from scorekeeper.league.rotation import in_play
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def viewer_role(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> str | None:
    """owner, co or scorer; None for anyone else (or a league that is not there)."""
    if organizer_id is None:
        return None
    with uow:
        league = uow.session.scalar(
            select(League)
            .where(League.public_id == public_id)
            .options(selectinload(League.organizers))
        )
        return role_in(league, organizer_id) if league is not None else None


def tonight_only(league: League, organizer_id: int | None, night: Night) -> None:
    """A scorer keeps the score of the nights being played (tonight's, or an earlier one
    not all counted yet, as ``rotation.in_play`` says): a finished night's results, and
    its edit links, are the organizers' alone."""
    if role_in(league, organizer_id) == SCORER and not in_play(night):
        raise Forbidden(
            message(
                "A scorer keeps tonight's score: an earlier night's results are the"
                " organizers' to correct."
            )
        )


@dataclass(frozen=True)
class NightLine:
    id: int
    held_on: date
    season: str
    started: bool
    in_play: bool  # tonight's, or not all counted yet: a scorer's to keep


@dataclass(frozen=True)
class ScoredLeague:
    public_id: str
    name: str
    language: str | None
    nights: tuple[NightLine, ...]  # the latest first


def scored_nights(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> ScoredLeague:
    """The league's nights, for its organizers and scorers."""
    with uow:
        league = scored_row(uow.session, public_id, organizer_id)
        rows = uow.session.scalars(
            select(Night)
            .where(Night.league_id == league.id)
            .order_by(Night.held_on.desc(), Night.id.desc())
            .options(selectinload(Night.tables).selectinload(LeagueTable.game))
        )
        nights = tuple(NightLine(n.id, n.held_on, n.season, n.started, in_play(n)) for n in rows)
        return ScoredLeague(league.public_id, league.name, league.language, nights)
