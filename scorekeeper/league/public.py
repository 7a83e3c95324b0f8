"""What anyone may read of a published league: its page, standings and each player's page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from itertools import groupby

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.i18n import gettext as _
from scorekeeper.league import director, standings
from scorekeeper.league.access import NotFound, readable
from scorekeeper.league.handicap import HandicapLine
from scorekeeper.league.models import LeagueResult, LeagueSeat, LeagueTable, Member, Night
from scorekeeper.league.views import LeagueHead, MemberView, head, member_view
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def league_standings(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, season: str | None
) -> tuple[LeagueHead, standings.Standings]:
    with uow:
        league, manage = readable(uow.session, public_id, organizer_id)
        return head(league, manage), director.standings(uow.session, league, season)


@dataclass(frozen=True)
class HistoryLine:
    night_id: int
    held_on: date
    season: str
    table: int
    # The others at the table, as (member id, name today): a rename or merge shows at once.
    opponents: tuple[tuple[int, str], ...]
    points: int
    place: int
    won: bool
    deals: int
    money_cents: int
    counted_as: str
    game_id: str | None
    rating: float | None
    rating_change: float | None


def player_history(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, member_id: int
) -> tuple[LeagueHead, MemberView, list[HistoryLine]]:
    """A member's counted games, newest night first, with the rating after each night."""
    with uow:
        session = uow.session
        league, manage = readable(session, public_id, organizer_id)
        member = session.scalar(
            select(Member).where(Member.id == member_id, Member.league_id == league.id)
        )
        if member is None:
            raise NotFound(_("That player is not a member of this league."))
        view = head(league, manage)
        after_night = standings.ratings(session, league.id, None).history(member.id)
        rows = session.execute(
            select(LeagueResult, LeagueTable, Night)
            .join(LeagueTable, LeagueTable.id == LeagueResult.table_id)
            .join(Night, Night.id == LeagueResult.night_id)
            .where(LeagueResult.member_id == member.id)
            .options(
                selectinload(LeagueTable.game),
                selectinload(LeagueTable.seats).selectinload(LeagueSeat.member),
            )
            .order_by(Night.held_on.desc(), Night.id.desc(), LeagueTable.number)
        ).all()
        lines = []
        for result, table, night in rows:
            rating = after_night.get(night.id, (None, None))
            lines.append(
                HistoryLine(
                    night_id=night.id,
                    held_on=night.held_on,
                    season=night.season,
                    table=table.number,
                    opponents=tuple(
                        (seat.member_id, seat.member.name)
                        for seat in table.seats
                        if seat.member_id != member.id
                    ),
                    points=result.points,
                    place=result.place,
                    won=result.won,
                    deals=result.deals,
                    money_cents=result.money_cents,
                    counted_as=result.counted_as,
                    game_id=table.game.public_id if table.game else None,
                    rating=rating[0],
                    rating_change=rating[1],
                )
            )
        return view, member_view(member), lines


def player_handicap(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, member_id: int
) -> HandicapLine | None:
    """A member's line of the handicap standing (all seasons, as the standings page
    opens), or None where the league keeps none or the member has no night yet."""
    with uow:
        league, _manage = readable(uow.session, public_id, organizer_id)
        if not league.handicap:
            return None
        table = director.standings(uow.session, league, None)
        return next((line for line in table.handicap if line.member_id == member_id), None)


@dataclass(frozen=True)
class TableResult:
    number: int
    # (member id, name today, points, won), in seat order.
    players: tuple[tuple[int, str, int, bool], ...]


@dataclass(frozen=True)
class NightResults:
    night_id: int
    held_on: date
    season: str
    tables: tuple[TableResult, ...]


# The public page shows the latest nights' results; older ones are on the players' pages.
NIGHTS_SHOWN = 12


@dataclass(frozen=True)
class PublicPage:
    league: LeagueHead
    standings: standings.Standings
    nights: tuple[NightResults, ...]


def public_page(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, season: str | None
) -> PublicPage:
    """A published league for anyone: standings, and each night's counted tables, newest first."""
    with uow:
        session = uow.session
        league, manage = readable(session, public_id, organizer_id)
        table = director.standings(session, league, season)
        query = (
            select(
                Night.id,
                Night.held_on,
                Night.season,
                LeagueTable.number,
                Member.id,
                Member.name,
                LeagueResult.points,
                LeagueResult.won,
            )
            .join(LeagueTable, LeagueTable.id == LeagueResult.table_id)
            .join(Night, Night.id == LeagueResult.night_id)
            .join(Member, Member.id == LeagueResult.member_id)
            .join(
                LeagueSeat,
                (LeagueSeat.table_id == LeagueTable.id) & (LeagueSeat.member_id == Member.id),
            )
            .where(LeagueResult.league_id == league.id)
            .order_by(
                Night.held_on.desc(), Night.id.desc(), LeagueTable.number, LeagueSeat.position
            )
        )
        latest = select(Night.id).where(Night.league_id == league.id)
        if season is not None:
            latest = latest.where(Night.season == season)
        latest = latest.order_by(Night.held_on.desc(), Night.id.desc()).limit(NIGHTS_SHOWN)
        query = query.where(Night.id.in_(latest))
        nights: list[NightResults] = []
        for (night_id, held_on, night_season), night_rows in groupby(
            session.execute(query), key=lambda row: row[:3]
        ):
            tables = tuple(
                TableResult(number, tuple((m, name, pts, won) for *_, m, name, pts, won in rows))
                for number, rows in groupby(night_rows, key=lambda row: row[3])
            )
            nights.append(NightResults(night_id, held_on, night_season, tables))
        return PublicPage(head(league, manage), table, tuple(nights))
