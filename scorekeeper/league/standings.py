"""Standings: derived from the league's games, cached per game version.

A table's result rows in ``league_results`` are recomputed whenever its game's
version or the table's own revision moved since they were derived, so a
correction made on a phone shows in the standings on the next read. Ratings
(openskill's Plackett-Luce model, one rating per member) are replayed over the
counted games in order (league/ratings.py) and kept in memory under a
fingerprint of everything they depend on.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from itertools import groupby
from typing import Any

from cachetools import LRUCache
from sqlalchemy import case, delete, exists, func, insert, select, update
from sqlalchemy.orm import Session, selectinload

from scorekeeper import scoring
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.league.models import (
    League,
    LeagueResult,
    LeagueSeat,
    LeagueTable,
    Member,
    Night,
)
from scorekeeper.league.ratings import Ratings, replay
from scorekeeper.league.views import higher_wins, rules_of
from scorekeeper.models import Deal, Game, Seat
from scorekeeper.service_layer.repository import setup_of

# ---------------------------------------------------------------- one game's result


@dataclass(frozen=True)
class SeatResult:
    position: int
    name: str
    points: int
    place: int
    won: bool
    deals: int
    money_cents: int


def places(points: Sequence[int], higher_wins: bool) -> list[int]:
    """Competition places (1, 2, 2, 4): tied players share a place."""
    better = (lambda a, b: a > b) if higher_wins else (lambda a, b: a < b)
    return [1 + sum(better(other, mine) for other in points) for mine in points]


def table_result(table: LeagueTable) -> tuple[str, list[SeatResult]] | None:
    """How the table counts and each seat's result, or None while it does not count.

    A game counts once it is finished, or when the organizer closed it early
    (it counts as it stands), or when its final totals were typed from paper.
    """
    game = table.game
    if game is None:
        return None
    names = game.players
    if table.source == "paper_totals":
        if not table.paper_totals:
            return None
        points = [int(table.paper_totals[name]) for name in names]
        # The game's own rule: its options may make it won low (Penalty Rummy, pool).
        seat_places = places(points, scoring.derive(setup_of(game), []).higher_wins)
        return "totals", seated(
            game,
            [
                SeatResult(i, name, points[i], seat_places[i], seat_places[i] == 1, 0, 0)
                for i, name in enumerate(names)
            ],
        )
    entries = [deal.entry for deal in game.deals]
    if not entries:
        return None
    state = scoring.derive(setup_of(game), entries, game.ending)
    if state.finished:
        counted_as, winners = "finished", set(state.winners)
    elif table.closed:
        counted_as, winners = "closed", set(state.leaders)
    else:
        return None
    scores = state.final if state.final else state.totals
    points = [scores[name] for name in names]
    seat_places = places(points, state.higher_wins)
    balances = state.settlement["balances"] if state.settlement else {}
    results = [
        SeatResult(
            i,
            name,
            points[i],
            seat_places[i],
            name in winners,
            len(entries),
            balances.get(name, 0),
        )
        for i, name in enumerate(names)
    ]
    return counted_as, seated(game, results)


def seated(game: Game, results: list[SeatResult]) -> list[SeatResult]:
    """Each seat's result: a partnership game's seat gets its side's (seat i plays for
    side i mod sides), the side's money shared equally by its partners (an odd cent
    to the first seated); elsewhere each player is a seat."""
    if game.seated_players is None:
        return results
    sides = len(results)
    partners = len(game.seated_players) // sides
    by_seat = []
    for position, name in enumerate(game.seated_players):
        side = results[position % sides]
        share, odd_cents = divmod(side.money_cents, partners)
        money = share + (1 if position // sides < odd_cents else 0)
        by_seat.append(replace(side, position=position, name=name, money_cents=money))
    return by_seat


# ---------------------------------------------------------------- the cache


def stale_tables(session: Session, league_id: int) -> list[int]:
    return list(
        session.scalars(
            select(LeagueTable.id)
            .join(Night, Night.id == LeagueTable.night_id)
            .outerjoin(Game, Game.id == LeagueTable.game_id)
            .where(Night.league_id == league_id, Night.started)
            .where(
                (LeagueTable.cached_revision.is_(None))
                | (LeagueTable.cached_revision != LeagueTable.revision)
                | LeagueTable.cached_version.is_distinct_from(Game.version)
            )
        )
    )


def refresh(session: Session, league_id: int, *, batch: int = 500) -> int:
    """Re-derive the result rows of every table whose game or row moved; commits."""
    stale = stale_tables(session, league_id)
    for start in range(0, len(stale), batch):
        ids = stale[start : start + batch]
        tables = session.scalars(
            select(LeagueTable)
            .where(LeagueTable.id.in_(ids))
            .options(
                selectinload(LeagueTable.seats),
                selectinload(LeagueTable.night),
                selectinload(LeagueTable.game).selectinload(Game.seats),
                selectinload(LeagueTable.game).selectinload(Game.deals),
            )
        ).all()
        before = placings_of(session, ids)
        # Derived before the first write: SQLite's one writer lock is held from the
        # DELETE to the commit, and deriving a few hundred games is CPU time.
        rows = []
        for table in tables:
            outcome = table_result(table)
            if outcome is not None:
                counted_as, seats = outcome
                member_at = {seat.position: seat.member_id for seat in table.seats}
                rows.extend(
                    {
                        "table_id": table.id,
                        "league_id": league_id,
                        "night_id": table.night_id,
                        "member_id": member_at[seat.position],
                        "points": seat.points,
                        "place": seat.place,
                        "won": seat.won,
                        "deals": seat.deals,
                        "money_cents": seat.money_cents,
                        "counted_as": counted_as,
                    }
                    for seat in seats
                )
            table.cached_version = table.game.version if table.game else None
            table.cached_revision = table.revision
        session.execute(delete(LeagueResult).where(LeagueResult.table_id.in_(ids)))
        if rows:
            session.execute(insert(LeagueResult), rows)
        after = placings_of(session, ids)
        if after != before:
            # Ratings depend on placings alone: only a changed placing replays them.
            session.execute(
                update(League).where(League.id == league_id).values(revision=League.revision + 1)
            )
        session.commit()
    return len(stale)


def placings_of(session: Session, table_ids: Sequence[int]) -> set[tuple[int, int, int]]:
    rows = session.execute(
        select(LeagueResult.table_id, LeagueResult.member_id, LeagueResult.place).where(
            LeagueResult.table_id.in_(table_ids)
        )
    )
    return {tuple(row) for row in rows}


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
    wins: int = 0
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

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

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
    game_players = (
        select(func.count())
        .where(Seat.game_id == LeagueTable.game_id)
        .correlate(LeagueTable)
        .scalar_subquery()
    )
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
        .where(exists().where(Deal.game_id == LeagueTable.game_id))
        .where(~exists().where(LeagueResult.table_id == LeagueTable.id))
        .order_by(Night.held_on, Night.id, LeagueTable.number)
    )
    if season is not None:
        query = query.where(Night.season == season)
    return tuple(tuple(row) for row in session.execute(query))


def standings(
    session: Session, league: League, season: str | None, *, live: bool = False
) -> Standings:
    """The league's standings for a season (None: all seasons), best rating first, with
    the director's adjustments and handicaps (a closed season's frozen, unless ``live``)."""
    from scorekeeper.league import director  # it builds on this module

    if not live and (kept := director.frozen(session, league, season)) is not None:
        return kept
    season_ratings = ratings(session, league.id, season)
    current = season_ratings.current
    byes = byes_of(session, league.id, season)
    lines = []
    for member_id, name, games, wins, points, deals, money in aggregate(session, league.id, season):
        sat_out = byes.get(member_id, 0)
        bye_points = round(points / games * sat_out) if league.bye_counts == "average" else 0
        lines.append(
            Line(
                member_id=member_id,
                name=name,
                games=games,
                wins=wins,
                points=points + bye_points,
                deals=deals,
                money_cents=money,
                rating=current.get(member_id, 0.0),
                rating_change=season_ratings.last_change(member_id),
                byes=sat_out,
                bye_points=bye_points,
            )
        )
    listed = {line.member_id for line in lines}
    sat_out_only = [member for member in byes if member not in listed]
    if sat_out_only:
        names = session.execute(select(Member.id, Member.name).where(Member.id.in_(sat_out_only)))
        lines += [Line(member_id=i, name=name, byes=byes[i]) for i, name in names]
    variant = scoring.get_variant(league.variant)
    wins_high = higher_wins(league)
    table = Standings(
        season=season,
        seasons=seasons_of(session, league.id),
        higher_wins=wins_high,
        currency=rules_of(league).currency,
        lines=tuple(rank(lines, league.rank_by, wins_high, league.min_games)),
        rank_by=league.rank_by,
        min_games=league.min_games,
        bye_counts=league.bye_counts,
        partnership=variant.partnership,
        open_games=open_games(session, league.id, season),
    )
    return director.decorate(session, league, table)
