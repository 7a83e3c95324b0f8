"""An import file checked field by field: the league, its members, nights, tables,
schedule and games, each problem collected by its path in the file (``Reader``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, date, datetime, time
from typing import Any

from scorekeeper import scoring
from scorekeeper.i18n import gettext as _
from scorekeeper.league import seating, standings, swiss, views
from scorekeeper.league.access import CONTROL, name_key, one_line
from scorekeeper.league.export import FORMAT_VERSION, GAME_FORMAT
from scorekeeper.league.json_input import in_the_file
from scorekeeper.league.leagues import check_language, check_rules, new_league_id
from scorekeeper.league.models import League, LeagueSeat, LeagueTable, Member, Night, PlannedNight
from scorekeeper.league.rounds import MOST_ROUNDS, read_rounds
from scorekeeper.league.schedule import time_zones
from scorekeeper.league.views import SOURCES
from scorekeeper.models import Deal, DealRevision, Game, utcnow
from scorekeeper.service_layer import services
from scorekeeper.service_layer.repository import game_row
from scorekeeper.service_layer.results import game_state
from scorekeeper.service_layer.services import InvalidInput

# Generous, but a bound: an import is one request and one transaction.
MAX_GAMES = 20000
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{8,22}")


class Reader:
    """Checks an untrusted document field by field, collecting errors by path."""

    def __init__(self):
        self.errors: dict[str, str] = {}

    def fail(self, path: str, message: str) -> None:
        self.errors.setdefault(path, message)

    def mapping(self, value: Any, path: str) -> Mapping[str, Any]:
        if isinstance(value, Mapping):
            return value
        self.fail(path, _("must be an object"))
        return {}

    def items(self, value: Any, path: str, limit: int = MAX_GAMES) -> list[Any]:
        if isinstance(value, list) and len(value) <= limit:
            return value
        self.fail(path, _("must be a list of at most %(limit)s", limit=limit))
        return []

    def text(self, value: Any, path: str, limit: int, *, optional: bool = False) -> str | None:
        if value is None and optional:
            return None
        # Cleaned as the forms clean what is typed: one line, no control characters.
        if isinstance(value, str) and 0 < len(value.strip()) <= limit:
            cleaned = one_line(value)
            if not CONTROL.search(cleaned):
                return cleaned
            self.fail(path, _("must not contain control characters"))
            return None
        self.fail(path, _("must be text of 1 to %(limit)s characters", limit=limit))
        return None

    def integer(self, value: Any, path: str, low: int = -(10**9), high: int = 10**9) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        self.fail(path, _("must be a whole number from %(low)s to %(high)s", low=low, high=high))
        return low

    def flag(self, value: Any, path: str) -> bool:
        if isinstance(value, bool):
            return value
        self.fail(path, _("must be true or false"))
        return False

    def moment(self, value: Any, path: str) -> datetime:
        try:
            moment = datetime.fromisoformat(value)
        except (TypeError, ValueError):
            self.fail(path, _("must be an ISO 8601 time"))
            return utcnow()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def day(self, value: Any, path: str) -> date:
        try:
            return date.fromisoformat(value)
        except (TypeError, ValueError):
            self.fail(path, _("must be an ISO 8601 date"))
            return date.today()

    def clock(self, value: Any, path: str) -> time | None:
        """An optional time of day (19:30)."""
        if value is None:
            return None
        try:
            return time.fromisoformat(value)
        except (TypeError, ValueError):
            self.fail(path, _("must be a time such as 19:30"))
            return None

    def choice(self, value: Any, path: str, choices) -> Any:
        if isinstance(value, str) and value in choices:
            return value
        self.fail(path, _("must be one of %(choices)s", choices=", ".join(choices)))
        return next(iter(choices))

    def game(self, value: Any, path: str) -> tuple[Game, list[DealRevision]] | None:
        """New rows from an exported game, its entries checked by the scoring core."""
        doc = self.mapping(value, path)
        if doc.get("format") != GAME_FORMAT or doc.get("version") != FORMAT_VERSION:
            self.fail(
                f"{path}.format",
                _(
                    "must be %(format)s version %(version)s",
                    format=GAME_FORMAT,
                    version=FORMAT_VERSION,
                ),
            )
            return None
        try:
            setup = scoring.Setup.from_dict(doc.get("setup"))
        except scoring.ScoringError as exc:
            for field, message in exc.errors.items():
                # The core names a setup that is not an object "setup" itself.
                self.fail(f"{path}.setup" if field == "setup" else f"{path}.setup.{field}", message)
            return None
        deals = []
        for i, raw in enumerate(self.items(doc.get("deals"), f"{path}.deals", 1000)):
            deal = self.mapping(raw, f"{path}.deals.{i}")
            self.integer(deal.get("number"), f"{path}.deals.{i}.number", i + 1, i + 1)
            deals.append(
                Deal(
                    number=i + 1,
                    entry=self.mapping(deal.get("entry"), f"{path}.deals.{i}.entry"),
                    recorded_at=self.moment(
                        deal.get("recorded_at"), f"{path}.deals.{i}.recorded_at"
                    ),
                    recorded_by=self.text(
                        deal.get("recorded_by"), f"{path}.deals.{i}.recorded_by", 80, optional=True
                    ),
                )
            )
        revisions = [
            self.revision(raw, f"{path}.revisions.{i}")
            for i, raw in enumerate(self.items(doc.get("revisions", []), f"{path}.revisions"))
        ]
        ending = self.ending(doc.get("ending"), f"{path}.ending")
        if self.errors:
            return None
        try:
            state = game_state(setup, [deal.entry for deal in deals], ending)
        except scoring.ScoringError as exc:
            for field, message in exc.errors.items():
                self.fail(f"{path}.{in_the_file(field)}", message)
            return None
        for deal, scored in zip(deals, state.deals, strict=True):
            deal.entry = dict(scored.entry)
        created = self.moment(doc.get("created_at"), f"{path}.created_at")
        game = game_row(
            setup,
            public_id=self.public_id(doc.get("id"), f"{path}.id"),
            edit_token_hash="",  # set by the caller, which keeps the token
            # An ending the entries made moot (they reach the end rule) is not kept.
            ending=ending if state.ended_early else None,
            title=self.text(doc.get("title"), f"{path}.title", 120, optional=True),
            version=1,
            created_at=created,
            updated_at=utcnow(),
            deals=deals,
        )
        return game, revisions

    def ending(self, value: Any, path: str) -> dict[str, bool] | None:
        """A game's stored early end: absent or null, else {"split": true or false}."""
        if value is None:
            return None
        doc = self.mapping(value, path)
        if set(doc) != {"split"}:
            self.fail(path, _('must be null or {"split": true or false}'))
            return None
        return {"split": self.flag(doc["split"], f"{path}.split")}

    def public_id(self, value: Any, path: str, new_id=services.new_public_id) -> str:
        """The exported id, to keep where it is free (``keep_free_ids``); else a new one."""
        if value is None:
            return new_id()
        if isinstance(value, str) and PUBLIC_ID.fullmatch(value):
            return value
        self.fail(path, _("must be 8 to 22 letters, digits, - or _"))
        return ""

    def revision(self, value: Any, path: str) -> DealRevision:
        doc = self.mapping(value, path)
        return DealRevision(
            number=self.integer(doc.get("number"), f"{path}.number", 1, 1000),
            entry=self.mapping(doc.get("entry"), f"{path}.entry"),
            action=self.choice(doc.get("action"), f"{path}.action", ("corrected", "deleted")),
            recorded_at=self.moment(doc.get("recorded_at"), f"{path}.recorded_at"),
            recorded_by=self.text(doc.get("recorded_by"), f"{path}.recorded_by", 80, optional=True),
            replaced_at=self.moment(doc.get("replaced_at"), f"{path}.replaced_at"),
            replaced_by=self.text(doc.get("replaced_by"), f"{path}.replaced_by", 80, optional=True),
        )


def read_organizers(reader: Reader, value: Any, path: str) -> dict[str, str]:
    """The organizers' (or invitations') emails in the file, lower-cased, without repeats,
    each with the role it is invited again for: a scorer as a scorer, anyone else as co."""
    emails: dict[str, str] = {}
    for i, raw in enumerate(reader.items(value, path, 100)):
        item = reader.mapping(raw, f"{path}.{i}")
        email = reader.text(item.get("email"), f"{path}.{i}.email", 254)
        roles = ("owner", "co", "scorer") if path == "organizers" else ("co", "scorer")
        role = reader.choice(item.get("role", "co"), f"{path}.{i}.role", roles)
        if email:
            emails.setdefault(email.lower(), "scorer" if role == "scorer" else "co")
    return emails


def read_league(
    reader: Reader,
    doc: Mapping[str, Any],
    games: list[tuple[Game, list[DealRevision]]],
    byes: list[tuple[Night, list[list[Member]]]],
) -> League:
    head = reader.mapping(doc.get("league"), "league")
    name = reader.text(head.get("name"), "league.name", 80)
    try:
        rules = check_rules(
            preset=head.get("preset"),
            variant=head.get("variant"),
            options=head.get("options"),
            stakes=head.get("stakes"),
            table_size=head.get("table_size"),
        )
    except InvalidInput as exc:
        for field, message in exc.errors.items():
            reader.fail(f"league.{field}", message)
        rules = None
    members = read_members(reader, doc.get("members"))
    nights = [
        _read_night(reader, raw, f"nights.{i}", members, games, byes)
        for i, raw in enumerate(reader.items(doc.get("nights"), "nights"))
    ]
    if len(games) > MAX_GAMES:
        reader.fail("nights", _("must hold at most %(num)s games", num=MAX_GAMES))
    return League(
        public_id=reader.public_id(head.get("id"), "league.id", new_league_id),
        name=name or "",
        variant=rules.variant if rules else "",
        preset=rules.preset if rules else None,
        options=dict(rules.options) if rules else {},
        stakes=dict(rules.stakes) if rules and rules.stakes else None,
        table_size=rules.table_size if rules else 0,
        published=reader.flag(head.get("published", False), "league.published"),
        rank_by=reader.choice(head.get("rank_by", "rating"), "league.rank_by", standings.RANK_BY),
        min_games=reader.integer(head.get("min_games", 0), "league.min_games", 0, 1000),
        bye_counts=reader.choice(
            head.get("bye_counts", "none"), "league.bye_counts", standings.BYE_COUNTS
        ),
        # Exports from before byes could score have none that do.
        bye_scores=reader.choice(
            head.get("bye_scores", "nothing"), "league.bye_scores", views.BYE_SCORES
        ),
        # Exports from before Swiss tie-breaks: Buchholz, no acceleration.
        tiebreak=reader.choice(
            head.get("tiebreak", "buchholz"), "league.tiebreak", swiss.TIEBREAKS
        ),
        accelerate=reader.flag(head.get("accelerate", False), "league.accelerate"),
        # By the export's member ids until they are stored (transfer._store_by_member).
        never_pairs=read_never_pairs(reader, head.get("never_pairs", []), set(members)),
        hide_money=reader.flag(head.get("hide_money", False), "league.hide_money"),
        # Exports from before leagues had a language have none: each reader's own.
        language=_read_language(reader, head.get("language")),
        time_zone=_read_time_zone(reader, head.get("time_zone")),
        revision=1,
        members=list(members.values()),
        nights=nights,
        schedule=read_schedule(reader, doc.get("schedule", [])),
    )


def read_never_pairs(reader: Reader, value: Any, members: set[int]) -> list[list[int]]:
    """The pairs never seated together, by the export's member ids."""
    pairs = []
    for i, pair in enumerate(reader.items(value, "league.never_pairs", 1000)):
        ok = isinstance(pair, list) and len(pair) == 2 and pair[0] != pair[1]
        if not ok or not all(isinstance(m, int) and m in members for m in pair):
            reader.fail(f"league.never_pairs.{i}", _("must be two different members"))
        else:
            pairs.append(sorted(pair))
    return pairs


def read_members(reader: Reader, value: Any) -> dict[int, Member]:
    """The league's members by their id in the file, each name once."""
    members: dict[int, Member] = {}
    keys: set[str] = set()
    for i, raw in enumerate(reader.items(value, "members")):
        item = reader.mapping(raw, f"members.{i}")
        old_id = reader.integer(item.get("id"), f"members.{i}.id", 1)
        member_name = reader.text(item.get("name"), f"members.{i}.name", 40) or ""
        aliases = [
            reader.text(alias, f"members.{i}.aliases.{j}", 40) or ""
            for j, alias in enumerate(reader.items(item.get("aliases", []), f"members.{i}.aliases"))
        ]
        key = name_key(member_name)
        if old_id in members or key in keys:
            reader.fail(f"members.{i}", _("repeats another member"))
        keys.add(key)
        active = reader.flag(item.get("active", True), f"members.{i}.active")
        members[old_id] = Member(
            id=old_id, name=member_name, name_key=key, aliases=aliases, active=active
        )
    return members


def read_schedule(reader: Reader, value: Any) -> list[PlannedNight]:
    """The planned nights: a date, and what the players are told of it."""
    return [
        _planned_night(reader, item, f"schedule.{i}")
        for i, item in enumerate(
            reader.mapping(raw, f"schedule.{i}")
            for i, raw in enumerate(reader.items(value, "schedule", 500))
        )
    ]


def _planned_night(reader: Reader, item: dict[str, Any], path: str) -> PlannedNight:
    def optional(name: str, read) -> Any:
        return None if item.get(name) is None else read(item[name], f"{path}.{name}")

    return PlannedNight(
        held_on=reader.day(item.get("held_on"), f"{path}.held_on"),
        note=reader.text(item.get("note"), f"{path}.note", 80, optional=True),
        starts_at=reader.clock(item.get("starts_at"), f"{path}.starts_at"),
        place=reader.text(item.get("place"), f"{path}.place", 80, optional=True),
        capacity=optional("capacity", lambda v, p: reader.integer(v, p, 2, 1000)),
        answer_by=optional("answer_by", reader.moment),
        # The calendar's history, so that calendars see the same events after an import
        # (files from before it had none: the night as first planned).
        calendar_key=optional("calendar_key", lambda v, p: reader.text(v, p, 16)),
        sequence=optional("sequence", lambda v, p: reader.integer(v, p, 0, 10**6)) or 0,
        changed_at=optional("changed_at", reader.moment),
        cancelled=optional("cancelled", reader.flag) or False,
    )


def _read_time_zone(reader: Reader, value: Any) -> str | None:
    if value is None or value in time_zones():
        return value
    reader.fail("league.time_zone", _("must be a zone name such as Europe/London"))
    return None


def _read_language(reader: Reader, value: Any) -> str | None:
    errors: dict[str, str] = {}
    language = check_language(value, errors)
    for message in errors.values():
        reader.fail("league.language", message)
    return language


def _read_seats(
    reader: Reader,
    seat_ids: list,
    table_path: str,
    round_number: int,
    members: Mapping[int, Member],
    placed: set[tuple[int, int]],
) -> list[LeagueSeat]:
    seats = []
    for position, member_id in enumerate(seat_ids):
        member = members.get(member_id) if isinstance(member_id, int) else None
        if member is None:
            reader.fail(f"{table_path}.seats.{position}", _("is not a member"))
            continue
        if (round_number, member_id) in placed:
            reader.fail(f"{table_path}.seats.{position}", _("is seated twice this night"))
        placed.add((round_number, member_id))
        seats.append(LeagueSeat(position=position, member=member))
    return seats


def _read_paper_totals(
    reader: Reader, paper: Any, table_path: str, game: Game | None
) -> dict[str, int] | None:
    if paper is None:
        return None
    paper = {
        key: reader.integer(value, f"{table_path}.paper_totals.{key}")
        for key, value in reader.mapping(paper, f"{table_path}.paper_totals").items()
    }
    # Totals are kept by the game's player names: without a game they name nobody.
    if game is None or set(paper) != set(game.players):
        reader.fail(f"{table_path}.paper_totals", _("must name the game's players"))
    return paper


def _read_table(
    reader: Reader,
    raw_table: Any,
    table_path: str,
    members: Mapping[int, Member],
    games: list[tuple[Game, list[DealRevision]]],
    numbers: set[int],
    placed: set[tuple[int, int]],
) -> LeagueTable:
    doc = reader.mapping(raw_table, table_path)
    number = reader.integer(doc.get("number"), f"{table_path}.number", 1, 500)
    if number in numbers:
        reader.fail(f"{table_path}.number", _("repeats another table"))
    numbers.add(number)
    # A night in rounds seats a member once a round (league/rounds.py).
    round_number = reader.integer(doc.get("round", 1), f"{table_path}.round", 1, MOST_ROUNDS)
    seat_ids = reader.items(doc.get("seats"), f"{table_path}.seats", 8)
    seats = _read_seats(reader, seat_ids, table_path, round_number, members, placed)
    rows = None if doc.get("game") is None else reader.game(doc["game"], f"{table_path}.game")
    game = rows[0] if rows else None
    if rows:
        games.append(rows)
    paper = _read_paper_totals(reader, doc.get("paper_totals"), table_path, game)
    # A partnership game's players are its sides: the league seats its seated players.
    seated = None if game is None else game.seated_players or game.players
    if seated is not None and len(seated) != len(seats):
        reader.fail(f"{table_path}.seats", _("must seat the game's players"))
    return LeagueTable(
        number=number,
        source=reader.choice(doc.get("source"), f"{table_path}.source", SOURCES),
        paper_totals=paper,
        closed=reader.flag(doc.get("closed", False), f"{table_path}.closed"),
        round=round_number,
        revision=1,
        seats=seats,
        game=game,
    )


def _read_byes(
    reader: Reader,
    item: Mapping[str, Any],
    path: str,
    members: Mapping[int, Member],
    placed: set[tuple[int, int]],
) -> list[list[Member]]:
    """Who sat out each round: the first round's byes, then each later round's."""
    later = reader.items(item.get("later_byes", []), f"{path}.later_byes", MOST_ROUNDS)
    rounds_out = []
    for number, (out, out_path) in enumerate(
        [(item.get("byes", []), f"{path}.byes")]
        + [(out, f"{path}.later_byes.{i}") for i, out in enumerate(later)],
        1,
    ):
        sat_out = []
        for i, member_id in enumerate(reader.items(out, out_path, 100)):
            member = members.get(member_id) if isinstance(member_id, int) else None
            if member is None:
                reader.fail(f"{out_path}.{i}", _("is not a member"))
            elif (number, member_id) in placed:
                reader.fail(f"{out_path}.{i}", _("is seated this night, or has a bye twice"))
            else:
                placed.add((number, member_id))
                sat_out.append(member)
        rounds_out.append(sat_out)
    return rounds_out


def _read_night(
    reader: Reader,
    raw: Any,
    path: str,
    members: Mapping[int, Member],
    games: list[tuple[Game, list[DealRevision]]],
    byes: list[tuple[Night, list[list[Member]]]],
) -> Night:
    item = reader.mapping(raw, path)
    numbers: set[int] = set()
    # Each member has one place a night: one seat at one table, or a bye.
    placed: set[tuple[int, int]] = set()
    tables = [
        _read_table(reader, raw_table, f"{path}.tables.{i}", members, games, numbers, placed)
        for i, raw_table in enumerate(reader.items(item.get("tables"), f"{path}.tables", 500))
    ]
    night = Night(
        held_on=reader.day(item.get("held_on"), f"{path}.held_on"),
        season=reader.text(item.get("season"), f"{path}.season", 20) or "",
        seating=reader.choice(item.get("seating"), f"{path}.seating", seating.METHODS),
        started=reader.flag(item.get("started", False), f"{path}.started"),
        byes=[],
        tables=tables,
        **read_rounds(reader, item, path),
    )
    rounds_out = _read_byes(reader, item, path, members, placed)
    if any(rounds_out):
        byes.append((night, rounds_out))
    return night
