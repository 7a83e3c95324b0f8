"""The director's part of a league export (its "director" object) and its import.

Exported: the handicap setting, the current season, every adjustment (withdrawn ones
too, with who and when) naming its night by its index in the export's "nights" and its
player by the export's member id, and the closed seasons (name, who closed it, when).
On import the adjustments are stored first, then each closed season is closed again
over the imported games: its frozen standings and awards are derived, not read, so a
file cannot put figures in a table that its games do not give. The league's log
(the export's "log", league/log.py) is read and stored with this part, as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.league import adjustments as adjusting
from scorekeeper.league import director, log, seasons
from scorekeeper.league.handicap import DEFAULT_NIGHTS, MAX_NIGHTS
from scorekeeper.league.models import Adjustment, League, LogEntry, Night, SeasonArchive
from scorekeeper.models import as_utc
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def export_part(session: Session, league: League) -> dict[str, Any]:
    index = {night.id: i for i, night in enumerate(league.nights)}
    rows = session.scalars(
        select(Adjustment).where(Adjustment.league_id == league.id).order_by(Adjustment.id)
    )
    closed = session.scalars(
        select(SeasonArchive)
        .where(SeasonArchive.league_id == league.id)
        .order_by(SeasonArchive.closed_at, SeasonArchive.id)
    )
    return {
        "handicap": league.handicap,
        "handicap_nights": league.handicap_nights,
        "current_season": league.current_season,
        "adjustments": [
            {
                "kind": row.kind,
                "night": index[row.night_id],
                "member": row.member_id,
                "table": row.table_number,
                "points": row.points,
                "reason": row.reason,
                "made_by": row.made_by,
                "made_at": as_utc(row.made_at).isoformat(),
                "withdrawn_by": row.withdrawn_by,
                "withdrawn_at": as_utc(row.withdrawn_at).isoformat() if row.withdrawn_at else None,
            }
            for row in rows
        ],
        "closed_seasons": [
            {
                "season": archive.season,
                "closed_by": archive.closed_by,
                "closed_at": as_utc(archive.closed_at).isoformat(),
            }
            for archive in closed
        ],
    }


@dataclass
class Part:
    """The director's part as read from a file, checked, waiting for the league's rows."""

    handicap: bool = False
    handicap_nights: int = DEFAULT_NIGHTS
    current_season: str | None = None
    # (kind, night index, exported member id, table, points, reason, made_by, made_at,
    # withdrawn_by, withdrawn_at)
    adjustments: list[tuple] = field(default_factory=list)
    closed: list[tuple[str, str, datetime]] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)


def read_part(
    reader, value: Any, nights: Sequence[Night], member_ids: set[int], log_value: Any = None
) -> Part:
    """Checks the "director" object and the log (absent in older exports: nothing to read)."""
    part = Part(log=log.read_log(reader, log_value))
    if value is None:
        return part
    doc = reader.mapping(value, "director")
    part.handicap = reader.flag(doc.get("handicap", False), "director.handicap")
    part.handicap_nights = reader.integer(
        doc.get("handicap_nights", DEFAULT_NIGHTS),
        "director.handicap_nights",
        1,
        MAX_NIGHTS,
    )
    part.current_season = reader.text(
        doc.get("current_season"), "director.current_season", 20, optional=True
    )
    for i, raw in enumerate(reader.items(doc.get("adjustments", []), "director.adjustments")):
        part.adjustments.append(
            read_adjustment(reader, raw, f"director.adjustments.{i}", nights, member_ids)
        )
    seasons_held = {night.season for night in nights}
    for i, raw in enumerate(
        reader.items(doc.get("closed_seasons", []), "director.closed_seasons", 500)
    ):
        path = f"director.closed_seasons.{i}"
        item = reader.mapping(raw, path)
        season = reader.text(item.get("season"), f"{path}.season", 20)
        if season is not None and season not in seasons_held:
            reader.fail(f"{path}.season", message("must be one of the league's seasons"))
        part.closed.append(
            (
                season,
                reader.text(item.get("closed_by"), f"{path}.closed_by", 80),
                reader.moment(item.get("closed_at"), f"{path}.closed_at"),
            )
        )
    return part


def read_adjustment(reader, raw: Any, path: str, nights: Sequence[Night], member_ids: set[int]):
    item = reader.mapping(raw, path)
    kind = reader.choice(item.get("kind"), f"{path}.kind", adjusting.KINDS)
    night = reader.integer(item.get("night"), f"{path}.night", 0, max(len(nights) - 1, 0))
    member = table = None
    if kind == "averaged":
        table = reader.integer(item.get("table"), f"{path}.table", 1, 500)
        if nights and not any(t.number == table for t in nights[night].tables):
            reader.fail(f"{path}.table", message("must be one of the night's tables"))
    else:
        member = item.get("member")
        if member not in member_ids:
            reader.fail(f"{path}.member", message("must be one of the players of that night"))
    withdrawn_at = item.get("withdrawn_at")
    return (
        kind,
        night,
        member,
        table,
        reader.integer(item.get("points", 0), f"{path}.points", 0, adjusting.MAX_POINTS),
        reader.text(item.get("reason"), f"{path}.reason", adjusting.REASON_LENGTH),
        reader.text(item.get("made_by"), f"{path}.made_by", 80),
        reader.moment(item.get("made_at"), f"{path}.made_at"),
        reader.text(item.get("withdrawn_by"), f"{path}.withdrawn_by", 80, optional=True),
        None if withdrawn_at is None else reader.moment(withdrawn_at, f"{path}.withdrawn_at"),
    )


def store_part(
    uow: UnitOfWork,
    league_id: int,
    part: Part,
    member_map: Mapping[int, int],
    nights: Sequence[int],
) -> None:
    """The adjustments, then the closed seasons closed again over the imported games;
    ``nights`` are the stored nights' ids in the file's order."""
    with uow:
        session = uow.session
        league = session.get(League, league_id)
        league.handicap, league.handicap_nights = part.handicap, part.handicap_nights
        league.current_season = part.current_season
        nights = list(
            session.scalars(
                select(Night.id)
                .where(Night.league_id == league_id)
                .order_by(Night.held_on, Night.id)
            )
        )
        for (
            kind,
            night,
            member,
            table,
            points,
            reason,
            made_by,
            made_at,
            by,
            at,
        ) in part.adjustments:
            session.add(
                Adjustment(
                    league_id=league_id,
                    kind=kind,
                    night_id=nights[night],
                    member_id=None if member is None else member_map[member],
                    table_number=table,
                    points=points,
                    reason=reason,
                    made_by=made_by,
                    made_at=made_at,
                    withdrawn_by=by,
                    withdrawn_at=at,
                )
            )
        for entry in part.log:
            entry.league_id = league_id
        session.add_all(part.log)
        session.flush()
        for season, closed_by, closed_at in part.closed:
            table = director.standings(session, league, season, live=True)
            in_force = director.superseded_out(
                session, adjusting.adjustments_in(session, league_id, None)
            )
            history, season_of = director.percentage_history(session, league, in_force)
            given = seasons.awards(table.lines, history, season_of, season)
            session.add(
                SeasonArchive(
                    league_id=league_id,
                    season=season,
                    standings=director.freeze(table),
                    awards=[asdict(award) for award in given],
                    closed_by=closed_by,
                    closed_at=closed_at,
                )
            )
            session.flush()
        uow.commit()
