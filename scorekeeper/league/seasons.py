"""Closing a season: its standings frozen as they stand, its awards, and the next season.

A closed season's standings page shows the table kept when it closed (director.py);
its nights cannot be added to. Members and house rules belong to the league, not to a
season, so the next season starts with both as they are; new nights go in the season
named when closing. The awards (docs/league.md):

- **most wins**: the most games won;
- **best average**: the best mean night percentage (handicap.py), a table's share of
  opponents beaten, which reads the same in every game;
- **most improved**: the largest rise of that mean over the player's previous season;
  in a league's first season, from the first half of the player's nights to the second.

Only ranked players (the league's minimum of games) are in line for an award; a tie
shares it. No Flask here: words are ``message()`` ids the web layer translates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from statistics import fmean
from typing import Any

from sqlalchemy import func, select

from scorekeeper.league import adjustments as adjusting
from scorekeeper.league import director, standings
from scorekeeper.league.access import NotFound, managed, readable
from scorekeeper.league.director import Award, award_of
from scorekeeper.league.models import League, Night, Organizer, SeasonArchive
from scorekeeper.league.views import LeagueHead, head
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

SEASON_LENGTH = 20


def best(figures: Mapping[int, float], names: Mapping[int, str], kind: str) -> Award | None:
    """The award to the highest figure (to 0.01), shared by a tie; none for no figure above 0."""
    if not figures:
        return None
    top = max(round(value, 2) for value in figures.values())
    if top <= 0:
        return None
    winners = sorted(
        (m for m, value in figures.items() if round(value, 2) == top),
        key=lambda m: names[m].casefold(),
    )
    return Award(kind, tuple((m, names[m]) for m in winners), top)


def awards(
    lines: Sequence[standings.Line],
    history: Sequence[tuple[int, Mapping[int, float]]],
    season_of: Mapping[int, str],
    season: str,
) -> list[Award]:
    """The season's awards from its standings lines and every night's percentages."""
    ranked = {line.member_id: line.name for line in lines if line.place is not None}
    found = [
        best(
            {m: line.wins for line in lines if (m := line.member_id) in ranked}, ranked, "most_wins"
        )
    ]
    nights_of: dict[int, list[float]] = {}
    seasons_played = list(dict.fromkeys(season_of[night] for night, _ in history))
    before = (
        seasons_played[seasons_played.index(season) - 1] if season in seasons_played[1:] else None
    )
    earlier: dict[int, list[float]] = {}
    for night, percentages in history:
        for member, percentage in percentages.items():
            if member not in ranked:
                continue
            if season_of[night] == season:
                nights_of.setdefault(member, []).append(percentage)
            elif season_of[night] == before:
                earlier.setdefault(member, []).append(percentage)
    found.append(best({m: fmean(p) for m, p in nights_of.items()}, ranked, "best_average"))
    gains = {}
    for member, played in nights_of.items():
        if before is not None:
            if member in earlier:
                gains[member] = fmean(played) - fmean(earlier[member])
        elif len(played) >= 2:
            half = len(played) // 2
            gains[member] = fmean(played[-half:]) - fmean(played[:half])
    found.append(best(gains, ranked, "most_improved"))
    return [award for award in found if award is not None]


def refused(field: str, said: str) -> InvalidInput:
    return InvalidInput(message("The season cannot be closed so."), {field: said})


def season_name(value: Any) -> str:
    text = adjusting.one_line_text(value, SEASON_LENGTH)
    if text is None:
        raise refused(
            "next_season", message("must be 1 to %(limit)s characters", limit=SEASON_LENGTH)
        )
    return text


def archive_of(session, league_id: int, season: str) -> SeasonArchive | None:
    return session.scalar(
        select(SeasonArchive).where(
            SeasonArchive.league_id == league_id, SeasonArchive.season == season
        )
    )


def close_season(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, *, season: Any, next_season: Any
) -> list[Award]:
    """Freezes the season's standings with its awards; new nights go in ``next_season``."""
    following = season_name(next_season)
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        if not any(night.season == season for night in league.nights):
            raise refused("season", message("must be one of the league's seasons"))
        if following == season or archive_of(session, league.id, following):
            raise refused("next_season", message("must be a season not closed yet"))
        if archive_of(session, league.id, season):
            raise refused("season", message("is closed already"))
        table = director.standings(session, league, season, live=True)
        if table.open_games:
            raise refused(
                "season",
                message("has games still open: finish them, end them early or average them"),
            )
        in_force = director.superseded_out(
            session, adjusting.adjustments_in(session, league.id, None)
        )
        history, season_of = director.percentage_history(session, league, in_force)
        given = awards(table.lines, history, season_of, season)
        session.add(
            SeasonArchive(
                league_id=league.id,
                season=season,
                standings=director.freeze(table),
                awards=[asdict(award) for award in given],
                closed_by=session.get(Organizer, organizer_id).name,
            )
        )
        league.current_season = following
        uow.commit()
        return given


def refuse_closed(session, league: League, season: str) -> None:
    """A night cannot be added to a closed season."""
    if adjusting.season_closed(session, league.id, season):
        raise InvalidInput(
            message("The night cannot be seated as given."),
            {
                "season": message(
                    "is closed: new nights go in %(season)s", season=league.current_season or ""
                )
            },
        )


@dataclass(frozen=True)
class ClosedSeason:
    season: str
    closed_at: datetime
    closed_by: str
    awards: tuple[Award, ...]


def closed_seasons(session, league_id: int) -> list[ClosedSeason]:
    rows = session.scalars(
        select(SeasonArchive)
        .where(SeasonArchive.league_id == league_id)
        .order_by(SeasonArchive.closed_at.desc())
    )
    return [
        ClosedSeason(a.season, a.closed_at, a.closed_by, tuple(award_of(x) for x in a.awards))
        for a in rows
    ]


@dataclass(frozen=True)
class SeasonsPage:
    league: LeagueHead
    # Seasons with nights, latest first, and which are closed.
    open: tuple[str, ...]
    closed: tuple[ClosedSeason, ...]
    current: str | None
    # The league's handicap setting (director.set_handicap).
    handicap: bool = False
    handicap_nights: int = 6


def seasons_page(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> SeasonsPage:
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        closed = closed_seasons(session, league.id)
        shut = {c.season for c in closed}
        named = session.scalars(
            select(Night.season)
            .where(Night.league_id == league.id)
            .group_by(Night.season)
            .order_by(func.max(Night.held_on).desc())
        )
        return SeasonsPage(
            head(league, True),
            tuple(s for s in named if s not in shut),
            tuple(closed),
            league.current_season,
            league.handicap,
            league.handicap_nights,
        )


def certificate(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    season: str,
    kind: str,
    member_id: int,
) -> tuple[LeagueHead, ClosedSeason, Award, str]:
    """What a winner's certificate says: the league, the season, the award and the name."""
    with uow:
        session = uow.session
        league, manage = readable(session, public_id, organizer_id)
        closed = next((c for c in closed_seasons(session, league.id) if c.season == season), None)
        award = closed and next((a for a in closed.awards if a.kind == kind), None)
        name = award and dict(award.winners).get(member_id)
        if not name:
            raise NotFound(message("There is no such award."))
        return head(league, manage), closed, award, name
