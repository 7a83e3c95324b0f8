"""League use cases: leagues, members, organizers, nights, seating and results.

Like the game use cases, these know nothing of HTTP. Every use case that
changes a league first checks that the organizer asking is one of its
organizers (``Forbidden`` otherwise); read use cases check publication.
Games are started and written only through ``scorekeeper.service_layer.services``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, selectinload

from scorekeeper import scoring
from scorekeeper.league import seating, standings
from scorekeeper.league.models import (
    League,
    LeagueOrganizer,
    LeagueResult,
    LeagueSeat,
    LeagueTable,
    Member,
    Night,
    Organizer,
)
from scorekeeper.models import Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import InvalidInput, ServiceError
from scorekeeper.service_layer.unit_of_work import UnitOfWork

NAME_LENGTH = 40
SOURCES = {
    "phone": "phone",
    "paper_deals": "from paper (deals)",
    "paper_totals": "from paper (totals only)",
}


class NotFound(ServiceError):
    pass


class Forbidden(ServiceError):
    """Logged in, but not an organizer of this league."""


class LoginRequired(ServiceError):
    pass


# ---------------------------------------------------------------- views


@dataclass(frozen=True)
class Rules:
    variant: str
    preset: str | None
    options: Mapping[str, Any]
    stakes: Mapping[str, Any] | None
    table_size: int

    @property
    def label(self) -> str:
        return self.preset or scoring.get_variant(self.variant).name


@dataclass(frozen=True)
class MemberView:
    id: int
    name: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class OrganizerView:
    id: int
    name: str
    email: str
    role: str


@dataclass(frozen=True)
class SeatView:
    position: int
    member_id: int
    name: str


@dataclass(frozen=True)
class TableView:
    id: int
    number: int
    seats: tuple[SeatView, ...]
    game_id: str | None
    # Only ever put in a view for the league's organizers.
    edit_token: str | None
    source: str
    paper_totals: Mapping[str, int] | None
    closed: bool

    @property
    def source_label(self) -> str:
        return SOURCES[self.source]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)


@dataclass(frozen=True)
class NightView:
    id: int
    held_on: date
    season: str
    seating: str
    started: bool
    tables: tuple[TableView, ...]


@dataclass(frozen=True)
class LeagueHead:
    """What the public pages need of a league."""

    public_id: str
    name: str
    rules: Rules
    published: bool
    # Whether the viewer may change it (and see edit links).
    manage: bool


@dataclass(frozen=True)
class LeagueView(LeagueHead):
    members: tuple[MemberView, ...]
    organizers: tuple[OrganizerView, ...]
    nights: tuple[NightView, ...]


def _rules(league: League) -> Rules:
    return Rules(league.variant, league.preset, league.options, league.stakes, league.table_size)


def _member_view(member: Member) -> MemberView:
    return MemberView(member.id, member.name, tuple(member.aliases or ()))


def _table_view(table: LeagueTable, manage: bool) -> TableView:
    return TableView(
        id=table.id,
        number=table.number,
        seats=tuple(
            SeatView(seat.position, seat.member_id, seat.member.name) for seat in table.seats
        ),
        game_id=table.game.public_id if table.game else None,
        edit_token=table.edit_token if manage else None,
        source=table.source,
        paper_totals=table.paper_totals,
        closed=table.closed,
    )


def _night_view(night: Night, manage: bool) -> NightView:
    return NightView(
        id=night.id,
        held_on=night.held_on,
        season=night.season,
        seating=night.seating,
        started=night.started,
        tables=tuple(_table_view(table, manage) for table in night.tables),
    )


def _head(league: League, manage: bool) -> LeagueHead:
    return LeagueHead(league.public_id, league.name, _rules(league), league.published, manage)


def _league_view(league: League, manage: bool) -> LeagueView:
    return LeagueView(
        public_id=league.public_id,
        name=league.name,
        rules=_rules(league),
        published=league.published,
        manage=manage,
        members=tuple(_member_view(m) for m in league.members),
        organizers=tuple(
            OrganizerView(lo.organizer.id, lo.organizer.name, lo.organizer.email, lo.role)
            for lo in sorted(league.organizers, key=lambda lo: (lo.role != "owner", lo.id))
        ),
        nights=tuple(_night_view(n, manage) for n in reversed(league.nights)),
    )


# ---------------------------------------------------------------- access


def _load_league(session: Session, public_id: str) -> League:
    league = session.scalar(
        select(League)
        .where(League.public_id == public_id)
        .options(
            selectinload(League.organizers).selectinload(LeagueOrganizer.organizer),
            selectinload(League.members),
            selectinload(League.nights)
            .selectinload(Night.tables)
            .selectinload(LeagueTable.seats)
            .selectinload(LeagueSeat.member),
            selectinload(League.nights).selectinload(Night.tables).selectinload(LeagueTable.game),
        )
    )
    if league is None:
        raise NotFound("There is no such league.")
    return league


def is_organizer(league: League, organizer_id: int | None) -> bool:
    return organizer_id is not None and any(
        lo.organizer_id == organizer_id for lo in league.organizers
    )


def _managed(session: Session, public_id: str, organizer_id: int | None) -> League:
    """The league, if ``organizer_id`` is one of its organizers."""
    if organizer_id is None:
        raise LoginRequired("Log in as one of the league's organizers.")
    league = _load_league(session, public_id)
    if not is_organizer(league, organizer_id):
        raise Forbidden("Only the league's organizers may do this.")
    return league


def _readable(session: Session, public_id: str, organizer_id: int | None) -> tuple[League, bool]:
    """The league (its row and organizers only) and whether the viewer manages it.

    Unpublished leagues look absent to everyone else.
    """
    league = session.scalar(
        select(League).where(League.public_id == public_id).options(selectinload(League.organizers))
    )
    if league is None:
        raise NotFound("There is no such league.")
    manage = is_organizer(league, organizer_id)
    if not (manage or league.published):
        raise NotFound("There is no such league.")
    return league, manage


def league_view(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> LeagueView:
    """The league as an organizer manages it (Forbidden for anyone else)."""
    with uow:
        return _league_view(_managed(uow.session, public_id, organizer_id), True)


def leagues_of(uow: UnitOfWork, organizer_id: int) -> list[tuple[str, str]]:
    with uow:
        rows = uow.session.execute(
            select(League.public_id, League.name)
            .join(LeagueOrganizer, LeagueOrganizer.league_id == League.id)
            .where(LeagueOrganizer.organizer_id == organizer_id)
            .order_by(League.name)
        )
        return [tuple(row) for row in rows]


# ---------------------------------------------------------------- leagues and rules


def _clean_name(value: Any, field: str, limit: int, errors: dict[str, str]) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > limit:
        errors[field] = f"must be 1 to {limit} characters"
        return ""
    return " ".join(value.split())


def check_rules(*, preset: Any, variant: Any, options: Any, stakes: Any, table_size: Any) -> Rules:
    """House rules as make_setup resolves them, checked for the smallest table.

    Options are kept as given (not resolved) so that defaults that depend on the
    number of players (rummy's target) are resolved per table.
    """
    preset = preset or None
    variant = variant or None
    errors: dict[str, str] = {}
    cls = None
    try:
        cls = scoring.get_variant(variant or scoring.get_preset(preset).variant)
    except scoring.ScoringError as exc:
        errors.update(exc.errors)
    if cls is not None:
        players = [f"Player {i + 1}" for i in range(cls.min_players)]
        try:
            setup = scoring.make_setup(
                variant=variant, preset=preset, players=players, options=options, stakes=stakes
            )
        except scoring.ScoringError as exc:
            errors.update(exc.errors)
        else:
            variant, preset = setup.variant, setup.preset
        if (
            isinstance(table_size, bool)
            or not isinstance(table_size, int)
            or not cls.min_players <= table_size <= cls.max_players
        ):
            errors["table_size"] = (
                f"must be a whole number from {cls.min_players} to {cls.max_players}"
            )
    if errors:
        raise InvalidInput("These house rules cannot be used.", errors)
    return Rules(variant, preset, dict(options or {}), dict(stakes) if stakes else None, table_size)


def new_league_id() -> str:
    return secrets.token_urlsafe(12)


def create_league(uow: UnitOfWork, organizer_id: int, *, name: Any, rules: Rules) -> str:
    errors: dict[str, str] = {}
    name = _clean_name(name, "name", 80, errors)
    if errors:
        raise InvalidInput("The league cannot be created as given.", errors)
    with uow:
        league = League(
            public_id=new_league_id(),
            name=name,
            variant=rules.variant,
            preset=rules.preset,
            options=dict(rules.options),
            stakes=dict(rules.stakes) if rules.stakes else None,
            table_size=rules.table_size,
            published=False,
            revision=1,
            organizers=[LeagueOrganizer(organizer_id=organizer_id, role="owner")],
        )
        uow.session.add(league)
        uow.commit()
        return league.public_id


def update_rules(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, *, name: Any, rules: Rules
) -> None:
    """New house rules apply to the nights seated from now on; started games keep theirs."""
    errors: dict[str, str] = {}
    name = _clean_name(name, "name", 80, errors)
    if errors:
        raise InvalidInput("The league cannot be changed so.", errors)
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        league.name = name
        league.variant, league.preset = rules.variant, rules.preset
        league.options = dict(rules.options)
        league.stakes = dict(rules.stakes) if rules.stakes else None
        league.table_size = rules.table_size
        uow.commit()


def set_published(uow: UnitOfWork, public_id: str, organizer_id: int | None, published: bool):
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        league.published = bool(published)
        uow.commit()


# ---------------------------------------------------------------- organizers


def add_organizer(uow: UnitOfWork, public_id: str, organizer_id: int | None, email: Any) -> None:
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        key = email.strip().lower() if isinstance(email, str) else ""
        other = uow.session.scalar(select(Organizer).where(Organizer.email == key))
        if other is None:
            raise InvalidInput(
                "No organizer has that email address; they must sign up first.",
                {"email": "is not an organizer's address"},
            )
        if not is_organizer(league, other.id):
            league.organizers.append(LeagueOrganizer(organizer_id=other.id, role="co"))
            uow.commit()


def remove_organizer(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, removed_id: int
) -> None:
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        link = next((lo for lo in league.organizers if lo.organizer_id == removed_id), None)
        if link is None:
            raise NotFound("That organizer does not run this league.")
        if link.role == "owner":
            raise InvalidInput(
                "The league's owner cannot be removed.", {"organizer": "is the owner"}
            )
        league.organizers.remove(link)
        uow.commit()


# ---------------------------------------------------------------- members


def name_key(name: str) -> str:
    return name.casefold()


def add_members(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, names: Sequence[Any]
) -> list[str]:
    """Add each new name; a name the league knows (or knew, before a merge) is skipped."""
    errors: dict[str, str] = {}
    cleaned = [_clean_name(name, f"names.{i}", NAME_LENGTH, errors) for i, name in enumerate(names)]
    if errors or not cleaned:
        raise InvalidInput(
            "Member names must be 1 to 40 characters, one per line.",
            errors or {"names": "give at least one name"},
        )
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        known = {name_key(m.name) for m in league.members}
        known |= {name_key(alias) for m in league.members for alias in m.aliases or ()}
        added = []
        for name in cleaned:
            if name_key(name) not in known:
                known.add(name_key(name))
                league.members.append(Member(name=name, name_key=name_key(name), aliases=[]))
                added.append(name)
        uow.commit()
        return added


def _member(league: League, member_id: Any) -> Member:
    member = next((m for m in league.members if m.id == member_id), None)
    if member is None:
        raise NotFound("That player is not a member of this league.")
    return member


def rename_member(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, member_id: int, name: Any
) -> None:
    """A new spelling from now on; games already played keep the names they were played with."""
    errors: dict[str, str] = {}
    name = _clean_name(name, "name", NAME_LENGTH, errors)
    if errors:
        raise InvalidInput("That name cannot be used.", errors)
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        member = _member(league, member_id)
        if any(m.id != member.id and m.name_key == name_key(name) for m in league.members):
            raise InvalidInput(
                "Another member has that name; merge them instead.",
                {"name": "belongs to another member"},
            )
        if member.name != name:
            member.aliases = sorted({*member.aliases, member.name} - {name})
            member.name, member.name_key = name, name_key(name)
            league.revision += 1
        uow.commit()


def merge_members(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, source_id: int, target_id: int
) -> None:
    """Two spellings of one person: every seat and result of ``source`` becomes ``target``'s."""
    if source_id == target_id:
        raise InvalidInput("Pick two different members to merge.", {"source": "is the target"})
    with uow:
        session = uow.session
        league = _managed(session, public_id, organizer_id)
        source, target = _member(league, source_id), _member(league, target_id)
        clash = session.scalar(
            select(LeagueSeat.table_id)
            .where(LeagueSeat.member_id == source.id)
            .where(
                LeagueSeat.table_id.in_(
                    select(LeagueSeat.table_id).where(LeagueSeat.member_id == target.id)
                )
            )
            .limit(1)
        )
        if clash is not None:
            raise InvalidInput(
                f"{source.name} and {target.name} sat at the same table: they are two people.",
                {"source": "played at a table with the target"},
            )
        session.execute(
            update(LeagueSeat).where(LeagueSeat.member_id == source.id).values(member_id=target.id)
        )
        session.execute(
            update(LeagueResult)
            .where(LeagueResult.member_id == source.id)
            .values(member_id=target.id)
        )
        target.aliases = sorted({*target.aliases, source.name, *source.aliases} - {target.name})
        league.members.remove(source)
        league.revision += 1
        uow.commit()


# ---------------------------------------------------------------- nights


def _variant_of(league: League):
    return scoring.get_variant(league.variant)


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


def _seat(session: Session, league: League, present: Sequence[int], method: str, rng):
    cls = _variant_of(league)
    sizes = seating.table_sizes(len(present), cls.min_players, cls.max_players, league.table_size)
    if method == "rotating":
        return seating.seat_rotating(present, sizes, _met(session, league.id), rng)
    if method == "balanced":
        ratings = standings.ratings(session, league.id, None)
        return seating.seat_balanced(present, sizes, ratings.current, rng)
    return seating.seat_random(present, sizes, rng)


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
        errors["held_on"] = "must be a date"
    if method not in seating.METHODS:
        errors["method"] = "must be one of " + ", ".join(seating.METHODS)
    if season in (None, "") and isinstance(held_on, date):
        season = str(held_on.year)
    season = _clean_name(season, "season", 20, errors)
    if errors:
        raise InvalidInput("The night cannot be seated as given.", errors)
    rng = rng or random.SystemRandom()
    with uow:
        session = uow.session
        league = _managed(session, public_id, organizer_id)
        members = {m.id for m in league.members}
        chosen = list(dict.fromkeys(present))
        if not set(chosen) <= members:
            raise InvalidInput(
                "Pick the present players from the members.", {"present": "unknown member"}
            )
        try:
            tables = _seat(session, league, chosen, method, rng)
        except seating.SeatingError as exc:
            raise InvalidInput(str(exc), {"present": str(exc)}) from None
        night = Night(
            league_id=league.id,
            held_on=held_on,
            season=season,
            seating=method,
            started=False,
            tables=[
                LeagueTable(
                    number=number,
                    source="phone",
                    revision=1,
                    seats=[LeagueSeat(position=i, member_id=m) for i, m in enumerate(table)],
                )
                for number, table in enumerate(tables, 1)
            ],
        )
        session.add(night)
        uow.commit()
        return night.id


def _night(league: League, night_id: Any) -> Night:
    night = next((n for n in league.nights if n.id == night_id), None)
    if night is None:
        raise NotFound("That night is not in this league.")
    return night


def night_view(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int
) -> tuple[LeagueView, NightView]:
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        return _league_view(league, True), _night_view(_night(league, night_id), True)


def swap_seats(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    first: Any,
    second: Any,
) -> None:
    """Swap two seated members (at one table or two) before play starts."""
    with uow:
        session = uow.session
        league = _managed(session, public_id, organizer_id)
        night = _night(league, night_id)
        if night.started:
            raise InvalidInput(
                "Play has started: the games are set up with these seats.",
                {"night": "has started"},
            )
        seats = {seat.member_id: seat for table in night.tables for seat in table.seats}
        if first not in seats or second not in seats or first == second:
            raise InvalidInput(
                "Pick two different players seated tonight.", {"first": "pick two seated players"}
            )
        a, b = seats[first], seats[second]
        a.member_id, b.member_id = b.member_id, a.member_id
        uow.commit()


def _table_setups(league: League, night: Night) -> list[tuple[int, int, list[str]]]:
    """Each table's (id, number, names), after checking its game can be set up."""
    rules = _rules(league)
    plan, errors = [], {}
    for table in night.tables:
        names = [seat.member.name for seat in table.seats]
        try:
            scoring.make_setup(
                variant=rules.variant,
                preset=rules.preset,
                players=names,
                options=rules.options,
                stakes=rules.stakes,
            )
        except scoring.ScoringError as exc:
            errors.update({f"tables.{table.number}.{k}": v for k, v in exc.errors.items()})
        plan.append((table.id, table.number, names))
    if errors:
        raise InvalidInput("The house rules do not fit these tables.", errors)
    return plan


def start_night(uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int) -> None:
    """Start one game per table under the league's rules, keeping each edit token.

    The night is marked started first (no more swaps), then each table without
    a game gets one; a table linked meanwhile by a second click keeps its game.
    Repeating the call completes a start that was cut short.
    """
    with uow:
        session = uow.session
        league = _managed(session, public_id, organizer_id)
        night = _night(league, night_id)
        plan = _table_setups(league, night)
        pending = {table.id for table in night.tables if table.game_id is None}
        rules = _rules(league)
        title = f"{league.name}, {night.held_on.isoformat()}, table {{}}"
        night.started = True
        uow.commit()
    for table_id, number, names in plan:
        if table_id not in pending:
            continue
        started = services.start_game(
            UnitOfWork(uow.session_factory),
            players=names,
            variant=rules.variant,
            preset=rules.preset,
            options=rules.options,
            stakes=rules.stakes,
            title=title.format(number),
        )
        with uow:
            game_id = uow.session.scalar(
                select(Game.id).where(Game.public_id == started.game.public_id)
            )
            uow.session.execute(
                update(LeagueTable)
                .where(LeagueTable.id == table_id, LeagueTable.game_id.is_(None))
                .values(game_id=game_id, edit_token=started.edit_token)
            )
            uow.commit()


# ---------------------------------------------------------------- tables


@dataclass(frozen=True)
class TablePage:
    league: LeagueView
    night: NightView
    table: TableView
    game: services.GameView | None


def _table(league: League, night_id: Any, number: Any) -> tuple[Night, LeagueTable]:
    night = _night(league, night_id)
    table = next((t for t in night.tables if t.number == number), None)
    if table is None:
        raise NotFound("That table is not part of this night.")
    return night, table


def table_page(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> TablePage:
    with uow:
        league = _managed(uow.session, public_id, organizer_id)
        night, table = _table(league, night_id, number)
        view = _table_view(table, True)
        page = (_league_view(league, True), _night_view(night, True), view)
    game = services.load_game(uow, view.game_id) if view.game_id else None
    return TablePage(*page, game)


def _started_table(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> LeagueTable:
    league = _managed(uow.session, public_id, organizer_id)
    _, table = _table(league, night_id, number)
    if table.game is None:
        raise InvalidInput(
            "Start the night first: this table has no game yet.", {"night": "not started"}
        )
    return table


def set_source(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    source: Any,
) -> None:
    if source not in SOURCES:
        raise InvalidInput("Pick how this table's result comes in.", {"source": "unknown source"})
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        if table.source != source:
            table.source = source
            table.revision += 1
        uow.commit()


def set_closed(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    closed: bool,
) -> None:
    """End an unfinished game as it stands (time was up), or take that back."""
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        if table.closed != bool(closed):
            table.closed = bool(closed)
            table.revision += 1
        uow.commit()


def set_paper_totals(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    totals: Mapping[str, Any],
) -> None:
    """The final totals from a paper sheet; the table then counts by them alone."""
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        names = table.game.players
        errors: dict[str, str] = {}
        cleaned: dict[str, int] = {}
        for name in names:
            value = totals.get(name)
            if isinstance(value, str):
                value = value.strip()
                value = int(value) if value.lstrip("-").isdigit() and len(value) < 10 else None
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 10**9:
                errors[f"totals.{name}"] = "must be a whole number"
            else:
                cleaned[name] = value
        if errors:
            raise InvalidInput("Every player's final total is needed.", errors)
        table.paper_totals = cleaned
        table.source = "paper_totals"
        table.revision += 1
        uow.commit()


def _token_and_game(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> tuple[str, str]:
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        return table.game.public_id, table.edit_token


def record_paper_deal(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    entry: Any,
    *,
    by: str,
) -> services.GameView:
    """A deal typed from the paper sheet: recorded like a phone's, with the kept token."""
    game_id, token = _token_and_game(uow, public_id, organizer_id, night_id, number)
    return services.record_deal(uow, game_id, token, entry, by=by).game


def undo_paper_deal(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    deal: int,
    *,
    by: str,
) -> services.GameView:
    game_id, token = _token_and_game(uow, public_id, organizer_id, night_id, number)
    return services.delete_last_deal(uow, game_id, token, deal, by=by)


# ---------------------------------------------------------------- standings


def league_standings(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, season: str | None
) -> tuple[LeagueHead, standings.Standings]:
    with uow:
        league, manage = _readable(uow.session, public_id, organizer_id)
        return _head(league, manage), standings.standings(uow.session, league, season)


@dataclass(frozen=True)
class HistoryLine:
    night_id: int
    held_on: date
    season: str
    table: int
    players: tuple[str, ...]
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
        league, manage = _readable(session, public_id, organizer_id)
        member = session.scalar(
            select(Member).where(Member.id == member_id, Member.league_id == league.id)
        )
        if member is None:
            raise NotFound("That player is not a member of this league.")
        view = _head(league, manage)
        after_night = standings.ratings(session, league.id, None).history(member.id)
        rows = session.execute(
            select(LeagueResult, LeagueTable, Night)
            .join(LeagueTable, LeagueTable.id == LeagueResult.table_id)
            .join(Night, Night.id == LeagueResult.night_id)
            .where(LeagueResult.member_id == member.id)
            .options(selectinload(LeagueTable.game))
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
                    players=tuple(table.game.players) if table.game else (),
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
        return view, _member_view(member), lines
