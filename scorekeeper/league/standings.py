"""Standings: derived from the league's games, cached per game version.

A table's result rows in ``league_results`` are recomputed whenever its game's
version or the table's own revision moved since they were derived, so a
correction made on a phone shows in the standings on the next read (see
league/counting.py, which also proves every counted game has its rows). Ratings
(openskill's Plackett-Luce model, one rating per member) are replayed over the
counted games in order (league/ratings.py) and kept in memory under a
fingerprint of everything they depend on.

The table made here (``scratch``) is the games' alone: what the pages, the screen and
the exports show is ``director.standings``, which adds the director's adjustments and
handicaps or gives a closed season's frozen table, and builds on this module.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date
from itertools import groupby
from typing import Any

from cachetools import LRUCache
from sqlalchemy import case, exists, func, select
from sqlalchemy.orm import Session

from scorekeeper import scoring
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.league.counting import refresh
from scorekeeper.league.models import (
    League,
    LeagueResult,
    LeagueSeat,
    LeagueTable,
    Member,
    Night,
)
from scorekeeper.league.ratings import Ratings, replay
from scorekeeper.league.views import BYE_SHARE, higher_wins, rules_of
from scorekeeper.service_layer.repository import has_deals, players_in


def fingerprint(session: Session, league_id: int) -> tuple[str, int]:
    """The league's random public id and its revision, which grows with every change
    of a placing or of who is who: what the ratings depend on."""
    return tuple(
        session.execute(
            select(League.public_id, League.revision).where(League.id == league_id)
        ).one()
    )


# ---------------------------------------------------------------- figures


@dataclass
class Line:
    member_id: int
    name: str
    games: int = 0
    # Counting what the byes scored (``bye_wins``): half a win each makes 2.5.
    wins: int | float = 0
    points: int = 0
    deals: int = 0
    money_cents: int = 0
    rating: float = 0.0
    rating_change: float | None = None
    byes: int = 0
    # Included in points when the league counts a bye as the player's average.
    bye_points: int = 0
    # Shared by ties; None for a player with fewer games than the league's minimum.
    place: int | None = None
    # Included in wins when the league scores a bye (half a win or a win).
    bye_wins: int | float = 0

    @property
    def win_rate(self) -> float:
        # A bye that scores is a game won (or half won) for the rate too.
        played = self.games + (self.byes if self.bye_wins else 0)
        return self.wins / played if played else 0.0

    @property
    def average_per_deal(self) -> float | None:
        return (self.points - self.bye_points) / self.deals if self.deals else None


def season_filter(query, season: str | None):
    if season is None:
        return query
    return query.where(LeagueResult.night_id.in_(select(Night.id).where(Night.season == season)))


def aggregate(session: Session, league_id: int, season: str | None) -> list[tuple]:
    """One row per member: name, games, wins, points, deals, money (the SQL of the standings)."""
    query = (
        select(
            LeagueResult.member_id,
            Member.name,
            func.count(),
            func.sum(case((LeagueResult.won, 1), else_=0)),
            func.sum(LeagueResult.points),
            func.sum(LeagueResult.deals),
            func.sum(LeagueResult.money_cents),
        )
        .join(Member, Member.id == LeagueResult.member_id)
        .where(LeagueResult.league_id == league_id)
        .group_by(LeagueResult.member_id, Member.name)
    )
    return list(session.execute(season_filter(query, season)))


def nights_in_order(session: Session, league_id: int, season: str | None):
    """Each night's (table, member, place, side) rows, nights and tables in the order played.

    A member's side is their seat modulo the number of the game's players: at a
    partnership table (sides as its players) partners share it, elsewhere every
    seat is its own.
    """
    game_players = players_in(LeagueTable.game_id)
    query = (
        select(
            LeagueResult.night_id,
            LeagueResult.table_id,
            LeagueResult.member_id,
            LeagueResult.place,
            LeagueSeat.position,
            game_players,
        )
        .join(Night, Night.id == LeagueResult.night_id)
        .join(LeagueTable, LeagueTable.id == LeagueResult.table_id)
        .join(
            LeagueSeat,
            (LeagueSeat.table_id == LeagueResult.table_id)
            & (LeagueSeat.member_id == LeagueResult.member_id),
        )
        .where(LeagueResult.league_id == league_id)
        .order_by(Night.held_on, Night.id, LeagueTable.number, LeagueResult.id)
    )
    nights: list[int] = []
    placings: list[tuple[tuple[int, int, int, int], ...]] = []
    for night, rows in groupby(session.execute(season_filter(query, season)), key=lambda r: r[0]):
        nights.append(night)
        placings.append(
            tuple(
                (table, member, place, position % players)
                for _, table, member, place, position, players in rows
            )
        )
    return nights, placings


class RatingCache:
    """The latest replayed ratings per league and season, kept while the league's
    fingerprint stands; a change replays from the first night that differs.

    A league is known by its database and row id, not its public id: an import keeps
    the public id, and the ratings map member ids, which are each database's own.
    """

    def __init__(self, size: int = 64):
        self.entries: LRUCache[tuple, tuple[tuple, Ratings]] = LRUCache(maxsize=size)
        self.lock = threading.Lock()

    def get(self, session: Session, league_id: int, season: str | None) -> Ratings:
        stamp = fingerprint(session, league_id)
        key = (session.get_bind().url, league_id, season)
        with self.lock:
            cached = self.entries.get(key)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        ratings = replay(
            cached[1] if cached else None, *nights_in_order(session, league_id, season)
        )
        with self.lock:
            self.entries[key] = (stamp, ratings)
        return ratings


rating_cache = RatingCache()


def ratings(session: Session, league_id: int, season: str | None) -> Ratings:
    """Up-to-date ratings: stale results are re-derived first (this commits)."""
    refresh(session, league_id)
    return rating_cache.get(session, league_id, season)


RANK_BY = {
    "rating": _l("Rating"),
    "wins": _l("Wins"),
    "win_rate": _l("Win rate"),
    "points": _l("Points"),
    "money": _l("Money"),
}
BYE_COUNTS = {
    "none": _l("A bye does not count"),
    "average": _l("A bye adds the player's average points per game"),
}


def bye_wins(byes: int, bye_scores: str) -> int | float:
    """The wins ``byes`` byes score: a whole number when it is one (2, 2.5)."""
    wins = byes * BYE_SHARE[bye_scores]
    return int(wins) if float(wins).is_integer() else wins


def rank_key(rank_by: str, higher_wins: bool):
    """What the standings are ordered by; equal keys share a place."""
    keys = {
        "rating": lambda line: (-round(line.rating, 9), -line.wins),
        "wins": lambda line: (-line.wins, -line.win_rate),
        "win_rate": lambda line: (-line.win_rate, -line.wins),
        "points": lambda line: (-line.points if higher_wins else line.points,),
        "money": lambda line: (-line.money_cents,),
    }
    return keys[rank_by]


def rank(lines: list[Line], rank_by: str, higher_wins: bool, min_games: int) -> list[Line]:
    """Ranked players first with shared places for ties (1, 2, 2, 4), then the unranked."""
    key = rank_key(rank_by, higher_wins)
    ordered = sorted(lines, key=lambda line: (key(line), line.name.casefold()))
    # A player with byes only is listed (unranked), never ranked on no games.
    least = max(min_games, 1)
    ranked = [line for line in ordered if line.games >= least]
    previous = None
    for index, line in enumerate(ranked, 1):
        line.place = previous.place if previous and key(previous) == key(line) else index
        previous = line
    return ranked + [line for line in ordered if line.games < least]


def byes_of(session: Session, league_id: int, season: str | None) -> dict[int, int]:
    # A night in rounds has a round's byes in later_byes too (league/rounds.py).
    query = select(Night.byes, Night.later_byes).where(Night.league_id == league_id)
    if season is not None:
        query = query.where(Night.season == season)
    counts: dict[int, int] = {}
    for byes, later in session.execute(query):
        for member_id in [*(byes or ()), *(m for round_byes in later or () for m in round_byes)]:
            counts[member_id] = counts.get(member_id, 0) + 1
    return counts


@dataclass(frozen=True)
class Standings:
    season: str | None
    seasons: tuple[str, ...]
    higher_wins: bool
    currency: str | None
    lines: tuple[Line, ...]
    rank_by: str = "rating"
    min_games: int = 0
    bye_counts: str = "none"
    bye_scores: str = "nothing"
    # Played in partnerships: each player is credited with their side's result.
    partnership: bool = False
    # Games with deals that do not count (yet): (night id, date, table number).
    open_games: tuple[tuple[int, date, int], ...] = ()
    # Added by league/director.py: the adjustments in force, the handicap standing
    # (with the nights a handicap is taken over) and, once the season closed, when.
    adjustments: tuple[Any, ...] = ()
    handicap: tuple[Any, ...] = ()
    handicap_nights: int = 0
    closed: Any = None

    @property
    def rank_label(self) -> str:
        return RANK_BY[self.rank_by]


def seasons_of(session: Session, league_id: int) -> tuple[str, ...]:
    return tuple(
        session.scalars(
            select(Night.season)
            .where(Night.league_id == league_id)
            .group_by(Night.season)
            .order_by(func.max(Night.held_on).desc())
        )
    )


def open_games(session: Session, league_id: int, season: str | None) -> tuple:
    """Tables whose game has deals but counts neither as finished, ended nor typed: a
    game in play tonight, or an earlier one a correction reopened (it would otherwise
    leave the standings without a word)."""
    query = (
        select(Night.id, Night.held_on, LeagueTable.number)
        .join(LeagueTable, LeagueTable.night_id == Night.id)
        .where(Night.league_id == league_id)
        .where(has_deals(LeagueTable.game_id))
        .where(~exists().where(LeagueResult.table_id == LeagueTable.id))
        .order_by(Night.held_on, Night.id, LeagueTable.number)
    )
    if season is not None:
        query = query.where(Night.season == season)
    return tuple(tuple(row) for row in session.execute(query))


def scratch(session: Session, league: League, season: str | None) -> Standings:
    """The league's standings for a season (None: all seasons) as its games alone make
    them, best rating first; ``director.standings`` adds the director's adjustments and
    handicaps, or gives a closed season's frozen table."""
    season_ratings = ratings(session, league.id, season)
    current = season_ratings.current
    byes = byes_of(session, league.id, season)
    lines = []
    for member_id, name, games, wins, points, deals, money in aggregate(session, league.id, season):
        sat_out = byes.get(member_id, 0)
        bye_points = round(points / games * sat_out) if league.bye_counts == "average" else 0
        scored = bye_wins(sat_out, league.bye_scores)
        lines.append(
            Line(
                member_id=member_id,
                name=name,
                games=games,
                wins=wins + scored,
                points=points + bye_points,
                deals=deals,
                money_cents=money,
                rating=current.get(member_id, 0.0),
                rating_change=season_ratings.last_change(member_id),
                byes=sat_out,
                bye_points=bye_points,
                bye_wins=scored,
            )
        )
    listed = {line.member_id for line in lines}
    sat_out_only = [member for member in byes if member not in listed]
    if sat_out_only:
        names = session.execute(select(Member.id, Member.name).where(Member.id.in_(sat_out_only)))
        lines += [
            Line(
                member_id=i,
                name=name,
                byes=byes[i],
                wins=bye_wins(byes[i], league.bye_scores),
                bye_wins=bye_wins(byes[i], league.bye_scores),
            )
            for i, name in names
        ]
    variant = scoring.get_variant(league.variant)
    wins_high = higher_wins(league)
    return Standings(
        season=season,
        seasons=seasons_of(session, league.id),
        higher_wins=wins_high,
        currency=rules_of(league).currency,
        lines=tuple(rank(lines, league.rank_by, wins_high, league.min_games)),
        rank_by=league.rank_by,
        min_games=league.min_games,
        bye_counts=league.bye_counts,
        bye_scores=league.bye_scores,
        partnership=variant.partnership,
        open_games=open_games(session, league.id, season),
    )
