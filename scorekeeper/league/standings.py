"""Standings: derived from the league's games, cached per game version.

A table's result rows in ``league_results`` are recomputed whenever its game's
version or the table's own revision moved since they were derived, so a
correction made on a phone shows in the standings on the next read. Ratings
(openskill's Plackett-Luce model, one rating per member) are replayed over the
counted games in order and kept in memory under a fingerprint of everything
they depend on.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import case, delete, func, insert, select, update
from sqlalchemy.orm import Session, selectinload

from scorekeeper import scoring
from scorekeeper.league.models import League, LeagueResult, LeagueTable, Member, Night
from scorekeeper.models import Game

RATING_MODEL = PlackettLuce()


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


def setup_of(game: Game) -> scoring.Setup:
    return scoring.Setup(
        variant=game.variant,
        preset=game.preset,
        options=game.options,
        players=tuple(game.players),
        first_dealer=game.first_dealer,
        stakes=game.stakes,
    )


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
    higher_wins = scoring.get_variant(game.variant).higher_wins
    if table.source == "paper_totals":
        if not table.paper_totals:
            return None
        points = [int(table.paper_totals[name]) for name in names]
        seat_places = places(points, higher_wins)
        return "totals", [
            SeatResult(i, name, points[i], seat_places[i], seat_places[i] == 1, 0, 0)
            for i, name in enumerate(names)
        ]
    entries = [deal.entry for deal in game.deals]
    if not entries:
        return None
    state = scoring.derive(setup_of(game), entries)
    if state.finished:
        counted_as, winners = "finished", set(state.winners)
    elif table.closed:
        counted_as, winners = "closed", set(state.leaders)
    else:
        return None
    scores = state.final if state.final else state.totals
    points = [scores[name] for name in names]
    seat_places = places(points, higher_wins)
    balances = state.settlement["balances"] if state.settlement else {}
    return counted_as, [
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
        session.execute(delete(LeagueResult).where(LeagueResult.table_id.in_(ids)))
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
            session.execute(
                update(LeagueTable)
                .where(LeagueTable.id == table.id)
                .values(
                    cached_version=table.game.version if table.game else None,
                    cached_revision=table.revision,
                )
            )
        if rows:
            session.execute(insert(LeagueResult), rows)
        session.commit()
    return len(stale)


def fingerprint(session: Session, league_id: int) -> tuple[Any, ...]:
    """Changes whenever any cached result or who-is-who changes (the numbers only grow).

    The league's random public id makes it unique to this league even where
    row ids repeat (another database, a test's fresh one).
    """
    public_id, league_revision = session.execute(
        select(League.public_id, League.revision).where(League.id == league_id)
    ).one()
    count, versions, revisions = session.execute(
        select(
            func.count(LeagueTable.id),
            func.coalesce(func.sum(LeagueTable.cached_version), 0),
            func.coalesce(func.sum(LeagueTable.cached_revision), 0),
        )
        .join(Night, Night.id == LeagueTable.night_id)
        .where(Night.league_id == league_id)
    ).one()
    return (public_id, league_revision, count, versions, revisions)


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

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None


@dataclass
class Ratings:
    """Each member's rating after the season's games, and after each night they played."""

    current: dict[int, float] = field(default_factory=dict)
    # member id -> [(night id, rating after that night, change that night)]
    by_night: dict[int, list[tuple[int, float, float]]] = field(default_factory=dict)
    last_night: int | None = None


def season_filter(query, season: str | None):
    if season is None:
        return query
    return query.where(LeagueResult.night_id.in_(select(Night.id).where(Night.season == season)))


def aggregate(session: Session, league_id: int, season: str | None) -> list[tuple]:
    """One row per member: games, wins, points, deals, money (the SQL part of the standings)."""
    query = (
        select(
            LeagueResult.member_id,
            func.count(),
            func.sum(case((LeagueResult.won, 1), else_=0)),
            func.sum(LeagueResult.points),
            func.sum(LeagueResult.deals),
            func.sum(LeagueResult.money_cents),
        )
        .where(LeagueResult.league_id == league_id)
        .group_by(LeagueResult.member_id)
    )
    return list(session.execute(season_filter(query, season)))


def compute_ratings(placings: Iterable[tuple[int, int, int, int]]) -> Ratings:
    """Replay (night, table, member, place) rows, in play order, through the rating model."""
    result = Ratings()
    model_ratings: dict[int, Any] = {}
    before_night: dict[int, float] = {}
    night_players: list[int] = []
    current_night = None
    current_table = None
    table: list[tuple[int, int]] = []

    def rate_table() -> None:
        if len(table) < 2:
            return
        teams = [[model_ratings.setdefault(m, RATING_MODEL.rating())] for m, _ in table]
        rated = RATING_MODEL.rate(teams, ranks=[place for _, place in table])
        for (member, _), (new,) in zip(table, rated, strict=True):
            model_ratings[member] = new

    def close_night() -> None:
        for member in night_players:
            after = model_ratings[member].ordinal()
            result.by_night.setdefault(member, []).append(
                (current_night, after, after - before_night[member])
            )

    for night, table_id, member, place in placings:
        if table_id != current_table:
            rate_table()
            table, current_table = [], table_id
        if night != current_night:
            if current_night is not None:
                close_night()
            current_night, night_players = night, []
        if member not in night_players:
            night_players.append(member)
            before_night[member] = (
                model_ratings[member].ordinal() if member in model_ratings else 0.0
            )
        table.append((member, place))
    rate_table()
    if current_night is not None:
        close_night()
    result.last_night = current_night
    result.current = {member: rating.ordinal() for member, rating in model_ratings.items()}
    return result


def placings_in_order(session: Session, league_id: int, season: str | None):
    query = (
        select(
            LeagueResult.night_id, LeagueResult.table_id, LeagueResult.member_id, LeagueResult.place
        )
        .join(Night, Night.id == LeagueResult.night_id)
        .join(LeagueTable, LeagueTable.id == LeagueResult.table_id)
        .where(LeagueResult.league_id == league_id)
        .order_by(Night.held_on, Night.id, LeagueTable.number, LeagueResult.id)
    )
    return session.execute(season_filter(query, season))


class RatingCache:
    """A small LRU of replayed ratings, keyed by season and the league's fingerprint."""

    def __init__(self, size: int = 64):
        self.size = size
        self.entries: OrderedDict[tuple, Ratings] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, session: Session, league_id: int, season: str | None) -> Ratings:
        key = (season, fingerprint(session, league_id))
        with self.lock:
            if key in self.entries:
                self.entries.move_to_end(key)
                return self.entries[key]
        ratings = compute_ratings(placings_in_order(session, league_id, season))
        with self.lock:
            self.entries[key] = ratings
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)
        return ratings


rating_cache = RatingCache()


def ratings(session: Session, league_id: int, season: str | None) -> Ratings:
    """Up-to-date ratings: stale results are re-derived first (this commits)."""
    refresh(session, league_id)
    return rating_cache.get(session, league_id, season)


@dataclass(frozen=True)
class Standings:
    season: str | None
    seasons: tuple[str, ...]
    higher_wins: bool
    currency: str | None
    lines: tuple[Line, ...]


def seasons_of(session: Session, league_id: int) -> tuple[str, ...]:
    return tuple(
        session.scalars(
            select(Night.season)
            .where(Night.league_id == league_id)
            .group_by(Night.season)
            .order_by(func.max(Night.held_on).desc())
        )
    )


def standings(session: Session, league: League, season: str | None) -> Standings:
    """The league's standings for a season (None: all seasons), best rating first."""
    season_ratings = ratings(session, league.id, season)
    names: Mapping[int, str] = dict(
        session.execute(select(Member.id, Member.name).where(Member.league_id == league.id)).all()
    )
    lines = []
    for member_id, games, wins, points, deals, money in aggregate(session, league.id, season):
        history = season_ratings.by_night.get(member_id, [])
        last = history[-1] if history else None
        lines.append(
            Line(
                member_id=member_id,
                name=names[member_id],
                games=games,
                wins=wins,
                points=points,
                deals=deals,
                money_cents=money,
                rating=season_ratings.current.get(member_id, 0.0),
                rating_change=last[2] if last and last[0] == season_ratings.last_night else None,
            )
        )
    lines.sort(key=lambda line: (-line.rating, -line.wins, line.name.casefold()))
    return Standings(
        season=season,
        seasons=seasons_of(session, league.id),
        higher_wins=scoring.get_variant(league.variant).higher_wins,
        currency=(league.stakes or {}).get("currency"),
        lines=tuple(lines),
    )
