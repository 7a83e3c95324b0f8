"""Nights: seating the members present, swapping seats and starting play.

Games are started only through ``scorekeeper.service_layer.services``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from itertools import combinations
from typing import Any

from sqlalchemy import exists, func, select, update
from sqlalchemy.orm import Session

from scorekeeper import scoring
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.league import seasons, seating, standings, table_links
from scorekeeper.league.access import (
    NotFound,
    clean_name,
    load_night,
    managed,
    night_of,
    scored_row,
)
from scorekeeper.league.answers import asked_byes
from scorekeeper.league.confirm import confirmation_of
from scorekeeper.league.log import record
from scorekeeper.league.models import Adjustment, League, LeagueSeat, LeagueTable, Night
from scorekeeper.league.scorers import tonight_only
from scorekeeper.league.views import (
    LeagueView,
    NightView,
    TableView,
    higher_wins,
    league_view_of,
    night_view_of,
    rules_of,
)
from scorekeeper.models import DealRevision, Game, utcnow
from scorekeeper.scoring.game import NAME_LENGTH
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def variant_of(league: League):
    return scoring.get_variant(league.variant)


def people_at_table(cls: type[scoring.Variant]) -> list[int]:
    """How many members may sit at one table: the variant's players, or for a
    partnership game whole sides of partners (4, 6 or 8 at Hand and Foot)."""
    if not cls.partnership:
        return list(range(cls.min_players, cls.max_players + 1))
    low, high = cls.seats_per_side
    return sorted(
        {
            sides * partners
            for sides in range(cls.min_players, cls.max_players + 1)
            for partners in range(low, high + 1)
            if sides * partners <= cls.max_seats
        }
    )


def sides_at(cls: type[scoring.Variant], people: int) -> int:
    """The number of sides a partnership table of ``people`` plays in: the fewest that
    fit (six at Hand and Foot play two sides of three)."""
    low, high = cls.seats_per_side
    return next(
        sides
        for sides in range(cls.min_players, cls.max_players + 1)
        if people % sides == 0 and low <= people // sides <= high
    )


def side_names(seated: Sequence[str], sides: int) -> list[str]:
    """Each side named by its partners ("Ann & Cy"), seat i playing for side i mod sides.

    Names too long for a player's name shorten to the partners' first names, and to
    "Side 1", "Side 2" ... when even those are too long or alike.
    """
    partners = [seated[side::sides] for side in range(sides)]
    for shorten in (lambda name: name, lambda name: name.split()[0]):
        names = [" & ".join(shorten(name) for name in side) for side in partners]
        if all(len(name) <= NAME_LENGTH for name in names) and len(
            {name.casefold() for name in names}
        ) == len(names):
            return names
    return [f"Side {side + 1}" for side in range(sides)]


def _met(session: Session, league_id: int) -> dict[tuple[int, int], int]:
    """How often each pair of members has sat at one table in this league."""
    rows = session.execute(
        select(LeagueSeat.table_id, LeagueSeat.member_id)
        .join(LeagueTable, LeagueTable.id == LeagueSeat.table_id)
        .join(Night, Night.id == LeagueTable.night_id)
        .where(Night.league_id == league_id, Night.started)
    )
    by_table: dict[int, list[int]] = {}
    for table_id, member_id in rows:
        by_table.setdefault(table_id, []).append(member_id)
    met: dict[tuple[int, int], int] = {}
    for members in by_table.values():
        for a, b in combinations(members, 2):
            key = seating.pair_key(a, b)
            met[key] = met.get(key, 0) + 1
    return met


def seat_players(
    session: Session, league: League, present: Sequence[int], method: str, rng
) -> tuple[list[list[int]], list[int]]:
    """The tables, and the byes when the count does not split into legal tables."""
    cls = variant_of(league)
    allowed = people_at_table(cls)
    sizes, out = seating.sizes_with_byes(
        len(present), allowed[0], allowed[-1], league.table_size, allowed
    )
    byes_so_far = standings.byes_of(session, league.id, None)
    byes = seating.choose_byes(present, out, byes_so_far, rng)
    seated = [member for member in present if member not in byes]
    if method == "rotating":
        return seating.seat_rotating(seated, sizes, _met(session, league.id), rng), byes
    if method == "balanced":
        ratings = standings.ratings(session, league.id, None)
        return seating.seat_balanced(seated, sizes, ratings.current, rng), byes
    return seating.seat_random(seated, sizes, rng), byes


def create_night(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    *,
    held_on: Any,
    season: Any,
    present: Sequence[Any],
    method: Any,
    rng: random.Random | None = None,
) -> int:
    """Seat the members present at tables of the variant's size; returns the night's id."""
    errors: dict[str, str] = {}
    if not isinstance(held_on, date):
        errors["held_on"] = _("must be a date")
    if method not in seating.METHODS:
        errors["method"] = _("must be one of %(choices)s", choices=", ".join(seating.METHODS))
    if season in (None, "") and isinstance(held_on, date):
        season = str(held_on.year)
    season = clean_name(season, "season", 20, errors)
    if errors:
        raise InvalidInput(_("The night cannot be seated as given."), errors)
    rng = rng or random.SystemRandom()
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        seasons.refuse_closed(session, league, season)
        members = {m.id for m in league.members}
        chosen = list(dict.fromkeys(present))
        if not set(chosen) <= members:
            raise InvalidInput(
                _("The night cannot be seated as ticked."),
                {"present": _("Tick the present players from the members.")},
            )
        left = [m.name for m in league.members if m.id in chosen and not m.active]
        if left:
            raise InvalidInput(
                _("The night cannot be seated as ticked."),
                {
                    "present": _(
                        "%(names)s left the club: bring them back first.", names=", ".join(left)
                    )
                },
            )
        try:
            # Those who asked in advance to sit out round 1 do (league/answers.py).
            asked = asked_byes(league, held_on, 1, chosen)
            tables, byes = seat_players(
                session, league, [m for m in chosen if m not in asked], method, rng
            )
            byes = [*asked, *byes]
        except seating.SeatingError as exc:
            raise InvalidInput(
                _("The night cannot be seated as ticked."), {"present": str(exc)}
            ) from None
        night = Night(
            league_id=league.id,
            held_on=held_on,
            season=season,
            seating=method,
            started=False,
            byes=byes,
            tables=new_tables(tables),
        )
        session.add(night)
        uow.commit()
        return night.id


def new_tables(tables: Sequence[Sequence[int]], first: int = 1) -> list[LeagueTable]:
    """Table rows for seated member ids, numbered from ``first``; the first seat deals first."""
    return [
        LeagueTable(
            number=number,
            source="phone",
            revision=1,
            seats=[LeagueSeat(position=i, member_id=m) for i, m in enumerate(table)],
        )
        for number, table in enumerate(tables, first)
    ]


def unstarted(league: League, night_id: Any) -> Night:
    """The night, if play has not started (its seats may still change)."""
    night = night_of(league, night_id)
    if night.started:
        raise InvalidInput(
            _("Play has started: the games are set up with these seats."),
            {"night": _("has started")},
        )
    return night


def night_view(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int
) -> tuple[LeagueView, NightView]:
    """The league with this one night (not the whole season: a night page is polled all
    evening and a league may have a hundred nights), and the night."""
    with uow:
        session = uow.session
        league = scored_row(session, public_id, organizer_id)
        night = load_night(session, league, night_id)
        tonight_only(league, organizer_id, night)
        return league_view_of(league, True, [night]), night_view_of(night, True)


def swap_seats(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    first: Any,
    second: Any,
) -> None:
    """Swap two seated members (at one table or two), or a seated member and one
    sitting out (who takes the seat), before play starts."""
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        night = unstarted(league, night_id)
        seats = {seat.member_id: seat for table in night.tables for seat in table.seats}
        byes = list(night.byes or ())
        before = _places(night, (first, second))
        if second in byes and first in seats:
            seats[first].member_id = second
            night.byes = [first if member == second else member for member in byes]
        elif first not in seats or second not in seats or first == second:
            raise InvalidInput(
                _("Pick two different players seated tonight."),
                {"first": _("pick two seated players")},
            )
        else:
            a, b = seats[first], seats[second]
            a.member_id, b.member_id = b.member_id, a.member_id
        after = _places(night, (first, second))
        record(session, league, organizer_id, "seating", night.held_on.isoformat(), before, after)
        uow.commit()


def _places(night: Night, member_ids: Sequence[int]) -> dict[str, int | None]:
    """Where each of ``member_ids`` sits tonight: their table's number, None sitting out."""
    names = {m.id: m.name for m in night.league.members}
    places: dict[str, int | None] = {}
    for table in night.tables:
        for seat in table.seats:
            if seat.member_id in member_ids:
                places[names[seat.member_id]] = table.number
    places.update({names[m]: None for m in night.byes or () if m in member_ids})
    return dict(sorted(places.items()))


@dataclass(frozen=True)
class TablePlan:
    """A table's game as the league sets it up: its players, and for a partnership
    game its sides as the players and the members as ``seats``."""

    table_id: int
    number: int
    players: list[str]
    seats: list[str] | None

    @classmethod
    def of(cls, table: LeagueTable, variant: type[scoring.Variant]) -> TablePlan:
        names = [seat.member.name for seat in table.seats]
        players = game_players(variant, names)
        return cls(table.id, table.number, players, names if variant.partnership else None)


def game_players(variant: type[scoring.Variant], seated: Sequence[str]) -> list[str]:
    """The players of a table's game: the seated members, or for a partnership game
    their sides."""
    if not variant.partnership:
        return list(seated)
    return side_names(seated, sides_at(variant, len(seated)))


def _table_setups(league: League, night: Night) -> list[TablePlan]:
    """Each table's plan, after checking its game can be set up."""
    rules = rules_of(league)
    plan, errors = [], {}
    for table in night.tables:
        table_plan = TablePlan.of(table, variant_of(league))
        try:
            scoring.make_setup(
                variant=rules.variant,
                preset=rules.preset,
                players=table_plan.players,
                seats=table_plan.seats,
                options=rules.options,
                stakes=rules.stakes,
            )
        except scoring.ScoringError as exc:
            errors.update({f"tables.{table.number}.{k}": v for k, v in exc.errors.items()})
        plan.append(table_plan)
    if errors:
        raise InvalidInput(_("The house rules do not fit these tables."), errors)
    return plan


def start_night(uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int) -> None:
    """Start one game per table under the league's rules, each with its table's link.

    The night is marked started first (no more swaps), then each table without
    a game gets one; a table linked meanwhile by a second click keeps its game.
    Repeating the call completes a start that was cut short.
    """
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        night = night_of(league, night_id)
        plan = _table_setups(league, night)
        pending = {table.id for table in night.tables if table.game_id is None}
        rules = rules_of(league)
        title = f"{league.name}, {night.held_on.isoformat()}, table {{}}"
        if night.round_minutes and not night.started:  # timed rounds: round 1's clock
            night.round_ends_at = utcnow() + timedelta(minutes=night.round_minutes)
        night.started = True
        uow.commit()
    for table in plan:
        if table.table_id not in pending:
            continue
        started = services.start_game(
            UnitOfWork(uow.session_factory),
            players=table.players,
            seats=table.seats,
            variant=rules.variant,
            preset=rules.preset,
            options=rules.options,
            stakes=rules.stakes,
            title=title.format(table.number),
        )
        with uow:
            game_id = uow.session.scalar(
                select(Game.id).where(Game.public_id == started.game.public_id)
            )
            linked = uow.session.execute(
                update(LeagueTable)
                .where(LeagueTable.id == table.table_id, LeagueTable.game_id.is_(None))
                .values(game_id=game_id, link_round=1)
            )
            if linked.rowcount:
                # The game's token becomes the table's derived one, which only its
                # hash keeps; the random one start_game made was never handed out.
                token = table_links.derive(
                    table_links.key_of(uow.session), started.game.public_id, 1
                )
                uow.session.execute(
                    update(Game)
                    .where(Game.id == game_id)
                    .values(edit_token_hash=services.hash_token(token))
                )
            uow.commit()


@dataclass(frozen=True)
class TableGlance:
    """One table as the night page shows it at a glance."""

    number: int
    names: tuple[str, ...]
    status: str  # waiting, in play, reopened, finished, ended early, totals typed
    deals: int
    # The winners once it counts, else the leaders so far.
    leaders: tuple[str, ...]
    last_change: datetime | None
    game_id: str | None
    # Where the league asks a second phone to confirm: waiting, unconfirmed or
    # confirmed (league/confirm.py); None where it does not.
    confirmation: str | None = None
    # Each player's running total, in the order of ``names`` (None: not scored yet).
    totals: tuple[int | None, ...] = ()

    @property
    def status_label(self) -> str:
        return STATUS_LABELS[self.status]


# The glance's states as the night page says them (the states themselves name CSS classes).
STATUS_LABELS = {
    "waiting": _l("waiting"),
    "in play": _l("in play"),
    "reopened": _l("open again: not in the standings until finished or ended"),
    "finished": _l("finished"),
    "ended early": _l("ended early"),
    "totals typed": _l("totals typed"),
}


def night_version(uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int) -> str:
    """A tag that changes with anything the night's tables show, found without deriving a game."""
    with uow:
        return version_of(uow.session, scored_row(uow.session, public_id, organizer_id), night_id)


def adjusted(league_id: int) -> tuple[Any, Any]:
    """How many adjustments the league's director made and withdrew, in the night's
    version: the screen shows the marks they put on the standings (still one query)."""
    mine = Adjustment.league_id == league_id
    return (
        select(func.count(Adjustment.id)).where(mine).scalar_subquery(),
        select(func.count(Adjustment.withdrawn_at)).where(mine).scalar_subquery(),
    )


def version_of(session, league: League, night_id: int) -> str:
    """``night_version`` for a league already found (the organizer's or the venue screen's)."""
    night = session.scalar(select(Night).where(Night.id == night_id, Night.league_id == league.id))
    if night is None:
        raise NotFound(_("That night is not in this league."))
    rows = session.execute(
        select(
            LeagueTable.number,
            LeagueTable.revision,
            LeagueTable.source,
            LeagueTable.closed,
            LeagueTable.confirmed_version,
            LeagueTable.confirmed_revision,
            Game.version,
            LeagueSeat.member_id,
            *adjusted(league.id),
        )
        .outerjoin(Game, Game.id == LeagueTable.game_id)
        .join(LeagueSeat, LeagueSeat.table_id == LeagueTable.id)
        .where(LeagueTable.night_id == night.id)
        .order_by(LeagueTable.number, LeagueSeat.position)
    ).all()
    clock = (night.rounds, night.round_method, night.round_ends_at, night.later_byes)
    state = repr(
        (league.revision, league.confirm_results, night.started, clock, [tuple(r) for r in rows])
    )
    return hashlib.sha256(state.encode()).hexdigest()[:20]


def night_glance(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int
) -> tuple[TableGlance, ...]:
    """Every table of the night: in play or done, deals played, who leads, the last change."""
    with uow:
        seen = night_seen(uow.session, scored_row(uow.session, public_id, organizer_id), night_id)
    return glances(uow, seen)


@dataclass(frozen=True)
class NightSeen:
    """What the glances need of a night, read in one transaction (the games come after)."""

    night: NightView
    higher_wins: bool
    reopened: frozenset[str | None]
    # The league asks a second phone to confirm each result.
    confirming: bool = False


def night_seen(session, league: League, night_id: int) -> NightSeen:
    night_row = load_night(session, league, night_id)
    night = night_view_of(night_row, True)
    # An earlier night's game still open after a correction was reopened by it.
    corrected: set[str | None] = set()
    if night.held_on < date.today():
        game_ids = [t.game_id for t in night_row.tables if t.game_id is not None]
        corrected = set(
            session.scalars(
                select(Game.public_id).where(
                    Game.id.in_(game_ids),
                    exists().where(DealRevision.game_id == Game.id),
                )
            )
        )
    return NightSeen(night, higher_wins(league), frozenset(corrected), league.confirm_results)


def glances(uow: UnitOfWork, seen: NightSeen) -> tuple[TableGlance, ...]:
    found = []
    for table in seen.night.tables:
        game = services.load_game(uow, table.game_id) if table.game_id else None
        seen_now = glance(table, game, seen.higher_wins, table.game_id in seen.reopened)
        done = seen_now.status in DONE
        confirmation = confirmation_of(seen.confirming, table.confirmed, done)
        found.append(replace(seen_now, confirmation=confirmation))
    return tuple(found)


# A table whose result counts (in the standings) at a glance.
DONE = ("finished", "ended early", "totals typed")


def glance(
    table: TableView, game: services.GameView | None, higher_wins: bool, reopened: bool = False
) -> TableGlance:
    """The table at a glance; ``reopened``: a game of an earlier night still open is one
    a correction reopened, which the standings leave out until it is finished or ended."""
    if table.source == "paper_totals" and table.paper_totals:
        totals = table.paper_totals
        best = (max if higher_wins else min)(totals.values())
        leaders = tuple(name for name in table.names if totals.get(name) == best)
        status, deals = "totals typed", 0
        running = totals
    elif game is None:
        return TableGlance(table.number, table.names, "waiting", 0, (), None, None)
    else:
        state = game.state
        status = "finished" if state.finished else "ended early" if table.closed else "in play"
        leaders = tuple(state.winners if state.finished else state.leaders if state.deals else ())
        deals = len(state.deals)
        running = state.totals if deals else {}
    last = game.updated_at if game is not None and (deals or status == "totals typed") else None
    if last is not None and last.tzinfo is None:
        last = last.replace(tzinfo=UTC)  # stored in UTC; SQLite gives it back without a zone
    if status == "in play" and reopened:
        status = "reopened"
    totals = tuple(running.get(name) for name in table.names)
    return TableGlance(
        table.number, table.names, status, deals, leaders, last, table.game_id, totals=totals
    )
