"""Export and import: a league or a single game as JSON (complete) or CSV (for spreadsheets).

The JSON keeps everything that is truth: the house rules, members with their
other spellings, nights, seats, how each table's result came in, and each
game's setup, entries (with who recorded them and when) and earlier versions
of corrected deals. Edit tokens are secrets and are never exported: an import
makes new games with new tokens. Derived figures are not exported either;
they are derived again from the imported entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, text

from scorekeeper.i18n import gettext as _
from scorekeeper.league import chunks, counting, director_transfer, table_links
from scorekeeper.league.export import (
    FORMAT_VERSION,
    GAME_COLUMNS,
    GAME_FORMAT,
    LEAGUE_COLUMNS,
    LEAGUE_FORMAT,
    export_game,
    export_league,
    game_rows,
    league_rows,
)
from scorekeeper.league.import_reader import Reader, read_league, read_organizers
from scorekeeper.league.invitations import Invited, new_invitation
from scorekeeper.league.json_input import NotJson, read_json, readable_path
from scorekeeper.league.leagues import new_league_id
from scorekeeper.league.models import League, LeagueOrganizer, Member, Night, Organizer
from scorekeeper.models import DealRevision, Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# The league's files, written and read: callers (the pages, tests, benches) know them
# all as transfer.*; the writing, the JSON reading and the field checks have modules.
__all__ = [
    "FORMAT_VERSION",
    "GAME_COLUMNS",
    "GAME_FORMAT",
    "LEAGUE_COLUMNS",
    "LEAGUE_FORMAT",
    "Imported",
    "NotJson",
    "export_game",
    "export_league",
    "game_rows",
    "import_document",
    "league_rows",
    "read_json",
    "readable_path",
]


@dataclass(frozen=True)
class Imported:
    league_id: str | None = None
    game_id: str | None = None
    edit_token: str | None = None
    # The file's other organizers and invitations, invited here with one-time links.
    invited: tuple[Invited, ...] = ()


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
    byes: list[tuple[Night, list[list[Member]]]] = []
    league = read_league(reader, doc, games, byes)
    # Adjustments and closed seasons name members by their exported ids, kept or not.
    exported_ids = [member.id for member in league.members]
    directed = director_transfer.read_part(
        reader, doc.get("director"), league.nights, set(exported_ids), doc.get("log")
    )
    if reader.errors:
        raise InvalidInput(_("The league cannot be imported."), reader.errors)
    emails = read_organizers(reader, doc.get("organizers", []), "organizers")
    for email, role in read_organizers(reader, doc.get("invitations", []), "invitations").items():
        emails.setdefault(email, role)
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
            addresses = {e: role for e, role in emails.items() if e != importer_email}
            links = [new_invitation(email) for email in addresses]
            for row, _token in links:
                row.role = addresses[row.email]
            league.organizers = [LeagueOrganizer(organizer_id=organizer_id, role="owner")]
            league.invitations = [row for row, _token in links]
            invited = tuple(Invited(row.email, token) for row, token in links)
            uow.session.add(league)
            uow.commit()
        chunks.store_nights(uow, league, nights, {id(night): out for night, out in byes})
        _store_by_member(uow, league, exported_ids, directed, [n.id for n in nights])
    except BaseException:
        chunks.forget(uow, league, games)
        raise
    with uow:
        # Derive every game's result now, so the first standings page is quick.
        counting.refresh(uow.session, league.id, batch=chunks.REFRESH_TABLES)
    return Imported(league_id=league.public_id, invited=invited)


def _store_by_member(uow, league: League, exported_ids, directed, night_ids) -> None:
    """What names members by their exported ids, now that the stored ids are known:
    the director's part, and the pairs never seated together (read with the exported
    ids, ``import_reader.read_never_pairs``)."""
    member_map = dict(zip(exported_ids, (m.id for m in league.members), strict=True))
    director_transfer.store_part(uow, league.id, directed, member_map, night_ids)
    if league.never_pairs:
        with uow:
            stored = uow.session.get(League, league.id)
            stored.never_pairs = [[member_map[a], member_map[b]] for a, b in league.never_pairs]
            uow.commit()


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
