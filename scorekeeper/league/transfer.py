"""Export and import: a league or a single game as JSON (complete) or CSV (for spreadsheets).

The JSON keeps everything that is truth: the house rules, members with their
other spellings, nights, seats, how each table's result came in, and each
game's setup, entries (with who recorded them and when) and earlier versions
of corrected deals. Edit tokens are secrets and are never exported: an import
makes new games with new tokens. Derived figures are not exported either;
they are derived again from the imported entries.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import func, select, text
from sqlalchemy.orm import selectinload

from scorekeeper import scoring
from scorekeeper.db import storable
from scorekeeper.league import chunks, seating, standings, table_links
from scorekeeper.league.access import CONTROL, managed, name_key, one_line
from scorekeeper.league.invitations import Invited, new_invitation
from scorekeeper.league.leagues import check_language, check_rules, new_league_id
from scorekeeper.league.models import (
    League,
    LeagueOrganizer,
    LeagueSeat,
    LeagueTable,
    Member,
    Night,
    Organizer,
    PlannedNight,
)
from scorekeeper.league.schedule import time_zones
from scorekeeper.league.views import SOURCES
from scorekeeper.models import Deal, DealRevision, Game, as_utc, utcnow
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import GameNotFound
from scorekeeper.service_layer.repository import game_row, setup_of
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

LEAGUE_FORMAT = "scorekeeper.league"
GAME_FORMAT = "scorekeeper.game"
FORMAT_VERSION = 1
# Generous, but a bound: an import is one request and one transaction.
MAX_GAMES = 20000
# An export nests about ten levels (nights, tables, game, deals, entry, hands);
# an option value a few. Deeper is not an export, and would exhaust the parser.
MAX_DEPTH = 24


# ---------------------------------------------------------------- export


def _iso(moment: datetime) -> str:
    return as_utc(moment).isoformat()


def game_document(game: Game, revisions: list[DealRevision]) -> dict[str, Any]:
    return {
        "format": GAME_FORMAT,
        "version": FORMAT_VERSION,
        # Kept by an import where this server has no game of that id (printed QR codes).
        "id": game.public_id,
        "title": game.title,
        "created_at": _iso(game.created_at),
        "setup": setup_of(game).to_dict(),
        # The table's early end (docs/rules.md section 15), as stored: null or {"split": bool}.
        "ending": game.ending,
        "deals": [
            {
                "number": deal.number,
                "entry": deal.entry,
                "recorded_at": _iso(deal.recorded_at),
                "recorded_by": deal.recorded_by,
            }
            for deal in game.deals
        ],
        "revisions": [
            {
                "number": revision.number,
                "entry": revision.entry,
                "action": revision.action,
                "recorded_at": _iso(revision.recorded_at),
                "recorded_by": revision.recorded_by,
                "replaced_at": _iso(revision.replaced_at),
                "replaced_by": revision.replaced_by,
            }
            for revision in revisions
        ],
    }


def _revisions_by_game(session, game_ids: list[int]) -> dict[int, list[DealRevision]]:
    found: dict[int, list[DealRevision]] = {}
    for start in range(0, len(game_ids), 500):
        rows = session.scalars(
            select(DealRevision)
            .where(DealRevision.game_id.in_(game_ids[start : start + 500]))
            .order_by(DealRevision.number, DealRevision.id)
        )
        for row in rows:
            found.setdefault(row.game_id, []).append(row)
    return found


def _games_query():
    return select(Game).options(selectinload(Game.seats), selectinload(Game.deals))


def export_game(uow: UnitOfWork, public_id: str) -> dict[str, Any]:
    """Anyone who can read the game (has its id) can export it."""
    with uow:
        game = uow.session.scalar(_games_query().where(Game.public_id == public_id))
        if game is None:
            raise GameNotFound(_("There is no game %(id)r.", id=public_id))
        return game_document(game, _revisions_by_game(uow.session, [game.id]).get(game.id, []))


def export_league(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> dict[str, Any]:
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        game_ids = [t.game_id for n in league.nights for t in n.tables if t.game_id is not None]
        games: dict[int, Game] = {}
        for start in range(0, len(game_ids), 500):
            batch = session.scalars(
                _games_query().where(Game.id.in_(game_ids[start : start + 500]))
            )
            games.update({game.id: game for game in batch})
        revisions = _revisions_by_game(session, game_ids)
        return {
            "format": LEAGUE_FORMAT,
            "version": FORMAT_VERSION,
            "league": {
                "id": league.public_id,
                "name": league.name,
                "variant": league.variant,
                "preset": league.preset,
                "options": league.options,
                "stakes": league.stakes,
                "table_size": league.table_size,
                "published": league.published,
                "rank_by": league.rank_by,
                "min_games": league.min_games,
                "bye_counts": league.bye_counts,
                "hide_money": league.hide_money,
                "language": league.language,
                "time_zone": league.time_zone,
            },
            # By email only: an import invites them again (rights at their next login).
            "organizers": [
                {"email": lo.organizer.email, "role": lo.role}
                for lo in sorted(league.organizers, key=lambda lo: (lo.role != "owner", lo.id))
            ],
            "invitations": [{"email": invitation.email} for invitation in league.invitations],
            "schedule": [
                {
                    "held_on": night.held_on.isoformat(),
                    "note": night.note,
                    "starts_at": night.starts_at.strftime("%H:%M") if night.starts_at else None,
                    "place": night.place,
                    "capacity": night.capacity,
                    "answer_by": _iso(night.answer_by) if night.answer_by else None,
                }
                for night in league.schedule
            ],
            "members": [
                {"id": m.id, "name": m.name, "aliases": list(m.aliases or ()), "active": m.active}
                for m in league.members
            ],
            "nights": [
                {
                    "held_on": night.held_on.isoformat(),
                    "season": night.season,
                    "seating": night.seating,
                    "started": night.started,
                    "byes": list(night.byes or ()),
                    "tables": [
                        {
                            "number": table.number,
                            "source": table.source,
                            "paper_totals": table.paper_totals,
                            "closed": table.closed,
                            "seats": [seat.member_id for seat in table.seats],
                            "game": None
                            if table.game_id is None
                            else game_document(
                                games[table.game_id], revisions.get(table.game_id, [])
                            ),
                        }
                        for table in night.tables
                    ],
                }
                for night in league.nights
            ],
        }


GAME_COLUMNS = ["deal", "dealer", "winner"]


def game_rows(uow: UnitOfWork, public_id: str) -> list[list[Any]]:
    """One row per deal: the points each player scored, then the running totals."""
    view = services.load_game(uow, public_id)
    state = view.state
    players = list(state.players)
    rows: list[list[Any]] = [[*GAME_COLUMNS, *players, *(f"{name} total" for name in players)]]
    for deal, running in zip(state.deals, state.running_totals, strict=True):
        rows.append(
            [
                deal.number,
                deal.dealer,
                deal.winner or "",
                *(deal.points.get(name, 0) for name in players),
                *(running[name] for name in players),
            ]
        )
    return rows


LEAGUE_COLUMNS = [
    "night",
    "season",
    "table",
    "source",
    "game",
    "deal",
    "dealer",
    "player",
    "points",
    "running_total",
]


def league_rows(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> list[list[Any]]:
    """Long format, one row per player per deal (per game for totals typed from paper)."""
    document = export_league(uow, public_id, organizer_id)
    rows: list[list[Any]] = [LEAGUE_COLUMNS]
    for night in document["nights"]:
        for table in night["tables"]:
            game = table["game"]
            if game is None:
                continue
            head = [night["held_on"], night["season"], table["number"], table["source"]]
            setup = scoring.Setup.from_dict(game["setup"])
            if table["source"] == "paper_totals" and table["paper_totals"]:
                for name, total in table["paper_totals"].items():
                    rows.append([*head, game.get("title") or "", "", "", name, total, total])
                continue
            state = scoring.derive(setup, [deal["entry"] for deal in game["deals"]])
            for deal, running in zip(state.deals, state.running_totals, strict=True):
                for name in state.players:
                    rows.append(
                        [
                            *head,
                            game.get("title") or "",
                            deal.number,
                            deal.dealer,
                            name,
                            deal.points.get(name, 0),
                            running[name],
                        ]
                    )
    return rows


# ---------------------------------------------------------------- reading JSON

BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class NotJson(InvalidInput):
    """The text does not parse as JSON at all."""


class NotJsonValue:
    """What the parser keeps in place of NaN, Infinity or a number too large to store."""

    def __init__(self, text: str):
        self.text = text


def read_json(raw: bytes | str, *, max_depth: int = MAX_DEPTH, field: str = "file") -> Any:
    """Untrusted JSON, every problem an InvalidInput naming where it is.

    The nesting is measured before parsing (the parser would run out of stack
    on a deep file); NaN, Infinity, numbers beyond 64 bits and text no database
    can store (NUL, an unpaired surrogate) are refused by their path.
    """
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise InvalidInput(
            _("That file is not UTF-8 text."),
            {field: _("has a byte that is not UTF-8 at %(place)s", place=exc.start)},
        ) from None
    deep_at = nesting_beyond(text, max_depth)
    if deep_at is not None:
        raise InvalidInput(
            _("That is nested too deeply."),
            {
                field: _(
                    "is nested more than %(depth)s levels deep at %(place)s",
                    depth=max_depth,
                    place=place(text, deep_at),
                )
            },
        )
    try:
        value = json.loads(
            text, parse_constant=NotJsonValue, parse_int=bounded_int, parse_float=finite_float
        )
    except json.JSONDecodeError as exc:
        raise NotJson(
            _("That is not JSON."),
            # json's "Unterminated string starting at" would read "starting at at line 1".
            {
                field: _(
                    "%(problem)s at %(place)s",
                    problem=exc.msg.removesuffix(" starting at"),
                    place=place(text, exc.pos),
                )
            },
        ) from None
    errors = unusable_values(value)
    if errors:
        raise InvalidInput(_("That file holds values that cannot be stored."), errors)
    return value


def place(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return _("line %(line)s, column %(column)s", line=line, column=column)


def nesting_beyond(text: str, limit: int) -> int | None:
    """The offset where arrays and objects first nest deeper than ``limit``, if they do."""
    depth = 0
    for match in BRACKET_OR_STRING.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                return match.start()
        elif token in ("]", "}"):
            depth -= 1
    return None


def bounded_int(text: str) -> int | NotJsonValue:
    return int(text) if len(text.lstrip("-")) <= 18 else NotJsonValue(text)


def finite_float(text: str) -> float | NotJsonValue:
    number = float(text)
    return number if math.isfinite(number) else NotJsonValue(text)


def unusable_values(value: Any) -> dict[str, str]:
    """NaN, Infinity, huge numbers and unstorable text, by path (``nights.0.season``)."""
    errors: dict[str, str] = {}
    pending: list[tuple[str, Any]] = [("", value)]
    while pending:
        path, item = pending.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                if not storable(key):
                    errors[path or "document"] = _("has a name with a NUL or an unpaired surrogate")
                else:
                    pending.append((f"{path}.{key}" if path else key, child))
        elif isinstance(item, list):
            pending.extend(
                (f"{path}.{i}" if path else str(i), child) for i, child in enumerate(item)
            )
        elif isinstance(item, NotJsonValue):
            errors[path or "document"] = _(
                "is %(text)s, not a number that can be stored", text=item.text[:20]
            )
        elif isinstance(item, str) and not storable(item):
            errors[path or "document"] = _("must not contain a NUL or an unpaired surrogate")
    return errors


def in_the_file(field: str) -> str:
    """A core error's path as a path in the file: the core names deal 3 "deals.3", the
    file's list holds it at index 2."""
    head, _dot, rest = field.partition(".")
    number, dot, tail = rest.partition(".")
    if head == "deals" and number.isdigit() and int(number) > 0:
        return f"deals.{int(number) - 1}{dot}{tail}"
    return field


def readable_path(path: str) -> str:
    """An error's place in a file for people: its keys as the file has them, each index
    counted from 1 like the deals and nights the messages name ("nights #1 / tables #2
    / game / deals #3", never a night 0 beside a deal 3)."""
    return " / ".join(
        f"#{int(part) + 1}" if part.isdigit() else part for part in path.split(".")
    ).replace(" / #", " #")


# ---------------------------------------------------------------- import

PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{8,22}")


@dataclass(frozen=True)
class Imported:
    league_id: str | None = None
    game_id: str | None = None
    edit_token: str | None = None
    # The file's other organizers and invitations, invited here with one-time links.
    invited: tuple[Invited, ...] = ()


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
            state = scoring.derive(setup, [deal.entry for deal in deals], ending)
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


def _with_token(game: Game) -> str:
    token = services.new_edit_token()
    game.edit_token_hash = services.hash_token(token)
    return token


def import_document(uow: UnitOfWork, organizer_id: int, document: Any) -> Imported:
    """Import a league (the importer becomes its owner) or a single game; all or nothing."""
    reader = Reader()
    doc = reader.mapping(document, "document")
    if doc.get("format") == GAME_FORMAT:
        rows = reader.game(doc, "game")
        if rows is None:
            raise InvalidInput(_("The game cannot be imported."), reader.errors)
        token = _with_token(rows[0])
        with uow:
            keep_free_ids(uow.session, Game, [rows[0]], services.new_public_id)
            uow.session.add(rows[0])
            chunks.add_revisions(uow.session, [rows])
            uow.commit()
            return Imported(game_id=rows[0].public_id, edit_token=token)
    if doc.get("format") != LEAGUE_FORMAT or doc.get("version") != FORMAT_VERSION:
        raise InvalidInput(
            _("That is not a scorekeeper export."),
            {
                "format": _(
                    "must be %(league)s or %(game)s, version %(version)s",
                    league=LEAGUE_FORMAT,
                    game=GAME_FORMAT,
                    version=FORMAT_VERSION,
                )
            },
        )
    games: list[tuple[Game, list[DealRevision]]] = []
    # Who sat out each night: member ids are known once the members are stored.
    byes: list[tuple[Night, list[Member]]] = []
    league = _read_league(reader, doc, games, byes)
    if reader.errors:
        raise InvalidInput(_("The league cannot be imported."), reader.errors)
    emails = _read_organizers(reader, doc.get("organizers", []), "organizers")
    emails += _read_organizers(reader, doc.get("invitations", []), "invitations")
    if reader.errors:
        raise InvalidInput(_("The league cannot be imported."), reader.errors)
    with uow:
        session = uow.session
        keep_free_ids(session, League, [league], new_league_id)
        keep_free_ids(session, Game, [game for game, _ in games], services.new_public_id)
        keep_member_ids(session, league.members)
        importer_email = session.get(Organizer, organizer_id).email
        # A table's link derives from its game's id, final from here on.
        for night in league.nights:
            for table in night.tables:
                if table.game is not None:
                    table_links.issue(session, table)
    # Stored in steps of bounded size (league.chunks), so table play writes between them.
    nights, league.nights = list(league.nights), []
    try:
        chunks.store_games(uow, games)
        with uow:
            # Every other address is invited, known here or not: an import never tells who
            # has an account; each gets a one-time link for the importer to pass on.
            addresses = dict.fromkeys(e for e in emails if e != importer_email)
            links = [new_invitation(email) for email in addresses]
            league.organizers = [LeagueOrganizer(organizer_id=organizer_id, role="owner")]
            league.invitations = [row for row, _token in links]
            invited = tuple(Invited(row.email, token) for row, token in links)
            uow.session.add(league)
            uow.commit()
        chunks.store_nights(uow, league, nights, {id(night): out for night, out in byes})
    except BaseException:
        chunks.forget(uow, league, games)
        raise
    with uow:
        # Derive every game's result now, so the first standings page is quick.
        standings.refresh(uow.session, league.id, batch=chunks.CHUNK_ROWS)
    return Imported(league_id=league.public_id, invited=invited)


def keep_free_ids(session, model, rows: list, new_id) -> None:
    """Rows keep their exported public id unless this server (or the file) already has it."""
    wanted = [row.public_id for row in rows]
    taken: set[str] = set()
    for start in range(0, len(wanted), 500):
        batch = wanted[start : start + 500]
        taken.update(session.scalars(select(model.public_id).where(model.public_id.in_(batch))))
    for row in rows:
        if row.public_id in taken:
            row.public_id = new_id()
        taken.add(row.public_id)


def keep_member_ids(session, members: list[Member]) -> None:
    """Members keep their exported ids where free, so a saved player link finds the same
    person (as the league's and games' ids are kept); a taken one gets an id above every
    id in the file and the table, so no old link ever finds someone else (404 instead)."""
    wanted = [member.id for member in members]
    taken: set[int] = set()
    for start in range(0, len(wanted), 500):
        batch = wanted[start : start + 500]
        taken.update(session.scalars(select(Member.id).where(Member.id.in_(batch))))
    top = max([session.scalar(select(func.max(Member.id))) or 0, *wanted])
    for member in members:
        if member.id in taken:
            top += 1
            member.id = top
    if session.get_bind().dialect.name == "postgresql":
        # Ids given explicitly do not move the sequence: move it past them.
        sequence = session.scalar(text("SELECT pg_get_serial_sequence('league_members', 'id')"))
        latest = f"(SELECT last_value FROM {sequence})"
        moved = text(f"SELECT setval('{sequence}', GREATEST(:top, {latest}))")
        session.execute(moved, {"top": top})


def _read_organizers(reader: Reader, value: Any, path: str) -> list[str]:
    """The organizers' (or invitations') emails in the file, lower-cased, without repeats."""
    emails: dict[str, None] = {}
    for i, raw in enumerate(reader.items(value, path, 100)):
        item = reader.mapping(raw, f"{path}.{i}")
        email = reader.text(item.get("email"), f"{path}.{i}.email", 254)
        if path == "organizers":
            reader.choice(item.get("role", "co"), f"{path}.{i}.role", ("owner", "co"))
        if email:
            emails[email.lower()] = None
    return list(emails)


def _read_league(
    reader: Reader,
    doc: Mapping[str, Any],
    games: list[tuple[Game, list[DealRevision]]],
    byes: list[tuple[Night, list[Member]]],
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
    members: dict[int, Member] = {}
    keys: set[str] = set()
    for i, raw in enumerate(reader.items(doc.get("members"), "members")):
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
        hide_money=reader.flag(head.get("hide_money", False), "league.hide_money"),
        # Exports from before leagues had a language have none: each reader's own.
        language=_read_language(reader, head.get("language")),
        time_zone=_read_time_zone(reader, head.get("time_zone")),
        revision=1,
        members=list(members.values()),
        nights=nights,
        schedule=[
            PlannedNight(
                held_on=reader.day(item.get("held_on"), f"schedule.{i}.held_on"),
                note=reader.text(item.get("note"), f"schedule.{i}.note", 80, optional=True),
                starts_at=reader.clock(item.get("starts_at"), f"schedule.{i}.starts_at"),
                place=reader.text(item.get("place"), f"schedule.{i}.place", 80, optional=True),
                capacity=(
                    None
                    if item.get("capacity") is None
                    else reader.integer(item["capacity"], f"schedule.{i}.capacity", 2, 1000)
                ),
                answer_by=(
                    None
                    if item.get("answer_by") is None
                    else reader.moment(item["answer_by"], f"schedule.{i}.answer_by")
                ),
            )
            for i, item in enumerate(
                reader.mapping(raw, f"schedule.{i}")
                for i, raw in enumerate(reader.items(doc.get("schedule", []), "schedule", 500))
            )
        ],
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


def _read_night(
    reader: Reader,
    raw: Any,
    path: str,
    members: Mapping[int, Member],
    games: list[tuple[Game, list[DealRevision]]],
    byes: list[tuple[Night, list[Member]]],
) -> Night:
    item = reader.mapping(raw, path)
    tables = []
    numbers: set[int] = set()
    # Each member has one place a night: one seat at one table, or a bye.
    placed: set[int] = set()
    for i, raw_table in enumerate(reader.items(item.get("tables"), f"{path}.tables", 500)):
        table_path = f"{path}.tables.{i}"
        doc = reader.mapping(raw_table, table_path)
        number = reader.integer(doc.get("number"), f"{table_path}.number", 1, 500)
        if number in numbers:
            reader.fail(f"{table_path}.number", _("repeats another table"))
        numbers.add(number)
        seat_ids = reader.items(doc.get("seats"), f"{table_path}.seats", 8)
        seats = []
        for position, member_id in enumerate(seat_ids):
            member = members.get(member_id) if isinstance(member_id, int) else None
            if member is None:
                reader.fail(f"{table_path}.seats.{position}", _("is not a member"))
                continue
            if member_id in placed:
                reader.fail(f"{table_path}.seats.{position}", _("is seated twice this night"))
            placed.add(member_id)
            seats.append(LeagueSeat(position=position, member=member))
        rows = None if doc.get("game") is None else reader.game(doc["game"], f"{table_path}.game")
        game = rows[0] if rows else None
        if rows:
            games.append(rows)
        paper = doc.get("paper_totals")
        if paper is not None:
            paper = {
                key: reader.integer(value, f"{table_path}.paper_totals.{key}")
                for key, value in reader.mapping(paper, f"{table_path}.paper_totals").items()
            }
            # Totals are kept by the game's player names: without a game they name nobody.
            if game is None or set(paper) != set(game.players):
                reader.fail(f"{table_path}.paper_totals", _("must name the game's players"))
        # A partnership game's players are its sides: the league seats its seated players.
        seated = None if game is None else game.seated_players or game.players
        if seated is not None and len(seated) != len(seats):
            reader.fail(f"{table_path}.seats", _("must seat the game's players"))
        tables.append(
            LeagueTable(
                number=number,
                source=reader.choice(doc.get("source"), f"{table_path}.source", SOURCES),
                paper_totals=paper,
                closed=reader.flag(doc.get("closed", False), f"{table_path}.closed"),
                revision=1,
                seats=seats,
                game=game,
            )
        )
    night = Night(
        held_on=reader.day(item.get("held_on"), f"{path}.held_on"),
        season=reader.text(item.get("season"), f"{path}.season", 20) or "",
        seating=reader.choice(item.get("seating"), f"{path}.seating", seating.METHODS),
        started=reader.flag(item.get("started", False), f"{path}.started"),
        byes=[],
        tables=tables,
    )
    sat_out = []
    for i, member_id in enumerate(reader.items(item.get("byes", []), f"{path}.byes", 100)):
        member = members.get(member_id) if isinstance(member_id, int) else None
        if member is None:
            reader.fail(f"{path}.byes.{i}", _("is not a member"))
        elif member_id in placed:
            reader.fail(f"{path}.byes.{i}", _("is seated this night, or has a bye twice"))
        else:
            placed.add(member_id)
            sat_out.append(member)
    if sat_out:
        byes.append((night, sat_out))
    return night
