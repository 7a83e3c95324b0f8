"""The league's log: every change to its results, seating, adjustments, members, links
and settings, with who made it (the organizer account and its role), when, which
thing, and what it was before and after.

Each use case records its own change with ``record``, in the transaction that makes
it, so a page, the API or anything else calling the use case leaves the same trace.
Organizers read it on the director page; exports carry it and imports keep it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.league.access import managed, readable, role_in
from scorekeeper.league.models import League, LeagueTable, LogEntry, Organizer
from scorekeeper.models import as_utc
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork

KINDS = {
    "result": message("Result"),
    "seating": message("Seating"),
    "adjustment": message("Adjustment"),
    "member": message("Member"),
    "link": message("Link"),
    "settings": message("Settings"),
}
SUBJECT_LENGTH = 120
# What the director page shows; the export carries every entry.
SHOWN = 200


@dataclass(frozen=True)
class Change:
    at: datetime
    who: Any  # a name, or a Message
    role: str
    kind: str
    kind_label: Any
    subject: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    after_confirmation: bool


def record(
    session: Session,
    league: League,
    organizer_id: int | None,
    kind: str,
    subject: str,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    *,
    after_confirmation: bool = False,
) -> None:
    """Log one change made by ``organizer_id`` (with the use case's own rows); a
    change that changed nothing is not one."""
    if before is not None and before == after:
        return
    account = session.get(Organizer, organizer_id) if organizer_id is not None else None
    session.add(
        LogEntry(
            league_id=league.id,
            who=account.name if account else "?",
            role=role_in(league, organizer_id) or "?",
            kind=kind,
            subject=subject[:SUBJECT_LENGTH],
            before=before,
            after=after,
            after_confirmation=after_confirmation,
        )
    )


# Who corrected a table's deal through its game (the table's link): no account, so the
# game's own "by" (the API's name for itself) or a phone.
THROUGH_LINK = "link"
PHONE = "phone"


def deal_changed(
    session: Session,
    game_id: int,
    version_before: int,
    number: int,
    action: str,
    entry_before: Any,
    entry_after: Any,
    by: str | None,
) -> None:
    """A deal of a league table's game corrected or undone, by whoever holds its link:
    logged as a result change, marked when a second phone had confirmed the result."""
    table = session.scalar(select(LeagueTable).where(LeagueTable.game_id == game_id))
    if table is None:
        return
    confirmed = (table.confirmed_version, table.confirmed_revision) == (
        version_before,
        table.revision,
    )
    after = None if action == "deleted" else {"deal": number, "entry": entry_after}
    session.add(
        LogEntry(
            league_id=table.night.league_id,
            who=(by or PHONE)[:80],
            role=THROUGH_LINK,
            kind="result",
            subject=at_table(table)[:SUBJECT_LENGTH],
            before={"deal": number, "entry": entry_before},
            after=after,
            after_confirmation=confirmed,
        )
    )


services.DEAL_CHANGED.append(deal_changed)


def _who(row: LogEntry) -> Any:
    """Who made a logged change, as pages say it: a phone through a table's link in words."""
    if (row.role, row.who) == (THROUGH_LINK, PHONE):
        return message("a phone with the table's link")
    return row.who


def fields(row: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """A row's ``names`` as a log's before or after."""
    return {name: getattr(row, name) for name in names}


def at_table(table: Any) -> str:
    """A table as the log names it: its night's date and its number."""
    return f"{table.night.held_on.isoformat()} · {table.number}"


def league_log(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> list[Change]:
    """The latest changes, newest first (organizers only)."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        rows = uow.session.scalars(
            select(LogEntry)
            .where(LogEntry.league_id == league.id)
            .order_by(LogEntry.id.desc())
            .limit(SHOWN)
        )
        return [
            Change(
                as_utc(row.at),
                _who(row),
                row.role,
                row.kind,
                KINDS.get(row.kind, row.kind),
                row.subject,
                row.before,
                row.after,
                row.after_confirmation,
            )
            for row in rows
        ]


@dataclass(frozen=True)
class Correction:
    """A result changed after a second phone had confirmed it, as the standings note it."""

    subject: str
    who: Any  # a name, or a Message
    at: datetime


def corrections(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, season: str | None = None
) -> list[Correction]:
    """The results changed after their confirmation (of ``season``'s nights, when
    given), oldest first: whoever reads the standings reads them too."""
    with uow:
        league, _manage = readable(uow.session, public_id, organizer_id)
        days = {n.held_on.isoformat() for n in league.nights if season in (None, n.season)}
        rows = uow.session.scalars(
            select(LogEntry)
            .where(LogEntry.league_id == league.id, LogEntry.after_confirmation)
            .order_by(LogEntry.id)
        )
        return [
            Correction(row.subject, _who(row), as_utc(row.at))
            for row in rows
            if row.subject.split(" ")[0] in days
        ]


def export_log(session: Session, league: League) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(LogEntry).where(LogEntry.league_id == league.id).order_by(LogEntry.id)
    )
    return [
        {
            "at": as_utc(row.at).isoformat(),
            "who": row.who,
            "role": row.role,
            "kind": row.kind,
            "subject": row.subject,
            "before": row.before,
            "after": row.after,
            "after_confirmation": row.after_confirmation,
        }
        for row in rows
    ]


def read_log(reader, value: Any) -> list[LogEntry]:
    """The "log" list of an export (absent in older ones: an empty log)."""
    entries = []
    for i, raw in enumerate(reader.items(value or [], "log", 100_000)):
        path = f"log.{i}"
        item = reader.mapping(raw, path)
        entries.append(
            LogEntry(
                at=reader.moment(item.get("at"), f"{path}.at"),
                who=reader.text(item.get("who"), f"{path}.who", 80) or "?",
                role=reader.text(item.get("role"), f"{path}.role", 10) or "?",
                kind=reader.choice(item.get("kind"), f"{path}.kind", KINDS),
                subject=reader.text(item.get("subject"), f"{path}.subject", SUBJECT_LENGTH) or "",
                before=_state(reader, item.get("before"), f"{path}.before"),
                after=_state(reader, item.get("after"), f"{path}.after"),
                after_confirmation=reader.flag(
                    item.get("after_confirmation", False), f"{path}.after_confirmation"
                ),
            )
        )
    return entries


def _state(reader, value: Any, path: str) -> dict[str, Any] | None:
    return None if value is None else dict(reader.mapping(value, path))
