"""Director adjustments: a forfeit, penalty points, an averaged table, each with a reason.

Every adjustment belongs to a night (and so to its season) and is made by an organizer,
whose name and the time are kept; withdrawing one keeps it on the record, struck out,
with who withdrew it and when. What each kind does to the standings (docs/league.md):

- **penalty**: ``points`` off the player's points (added where lower points win);
- **forfeit**: one game lost: a game more, no win, and the ``points`` the organizer
  gives it (0 unless told); 0 % that night for the handicap;
- **averaged**: a table that could not finish counts for each of its players as a game
  scoring their average points per game so far, with no win; 50 % for the handicap.

Ratings stay the replay of games played: no adjustment moves them. No Flask here: the
words are ``message()`` ids the web layer translates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from scorekeeper.league.access import CONTROL, NotFound, managed, one_line
from scorekeeper.league.counting import refresh
from scorekeeper.league.log import record
from scorekeeper.league.models import Adjustment, LeagueResult, Night, Organizer, SeasonArchive
from scorekeeper.league.standings import Line
from scorekeeper.models import utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

KINDS = {
    "forfeit": message("Forfeit"),
    "penalty": message("Penalty points"),
    "averaged": message("Averaged table"),
}
REASON_LENGTH = 200
MAX_POINTS = 100_000
# The handicap percentage a game of each kind counts as (handicap.py).
PERCENTAGES = {"forfeit": 0.0, "averaged": 50.0}


@dataclass(frozen=True)
class AdjustmentView:
    id: int
    kind: str
    night_id: int
    held_on: date
    season: str
    table_number: int | None
    member_id: int | None
    # The members whose standing it changes (an averaged table's players), and their names.
    members: tuple[int, ...]
    names: tuple[str, ...]
    points: int
    reason: str
    made_by: str
    made_at: datetime
    withdrawn_by: str | None = None
    withdrawn_at: datetime | None = None
    # Its mark in the standings (1, 2 ...), counted over those in force.
    number: int = 0

    @property
    def kind_label(self) -> str:
        return KINDS[self.kind]

    @property
    def who(self) -> str:
        return ", ".join(self.names)

    @property
    def in_force(self) -> bool:
        return self.withdrawn_at is None


def check(kind: Any, points: Any, reason: Any) -> tuple[int, str]:
    """The points and the reason as stored, or a field-level refusal."""
    errors: dict[str, str] = {}
    if kind not in KINDS:
        errors["kind"] = message("must be a forfeit, penalty points or an averaged table")
    low = 1 if kind == "penalty" else 0
    if points in (None, "") and kind != "penalty":
        points = 0
    if kind == "averaged":
        points = 0
    elif isinstance(points, bool) or not isinstance(points, int) or not low <= points <= MAX_POINTS:
        errors["points"] = message(
            "must be a whole number from %(low)s to %(high)s", low=low, high=MAX_POINTS
        )
    text = one_line_text(reason, REASON_LENGTH)
    if text is None:
        errors["reason"] = message(
            "say why, in 1 to %(limit)s characters on one line", limit=REASON_LENGTH
        )
    if errors:
        raise InvalidInput(message("The adjustment cannot be recorded as given."), errors)
    return points, text


def one_line_text(value: Any, limit: int) -> str | None:
    """Text cleaned as the forms clean it (one line), or None when it is not text, empty,
    longer than ``limit`` or holds a control character."""
    if not isinstance(value, str):
        return None
    text = one_line(value)
    return text if 0 < len(text) <= limit and not CONTROL.search(text) else None


def refused(field: str, said: str) -> InvalidInput:
    return InvalidInput(message("The adjustment cannot be recorded as given."), {field: said})


def target_of(session: Session, night: Night, kind: str, member_id: Any, number: Any):
    """The member or table the adjustment is about, checked against the night."""
    if kind == "averaged":
        table = next((t for t in night.tables if t.number == number), None)
        if table is None:
            raise refused("table", message("must be one of the night's tables"))
        refresh(session, night.league_id)  # the results of games finished since the last read
        counted = session.scalar(select(exists().where(LeagueResult.table_id == table.id)))
        if counted:
            raise refused(
                "table",
                message("counts already: reopen its game first if it could not finish"),
            )
        return None, number
    there = {seat.member_id for table in night.tables for seat in table.seats}
    there |= set(night.byes or ())
    if member_id not in there:
        raise refused("member", message("must be one of the players of that night"))
    return member_id, None


def season_closed(session: Session, league_id: int, season: str) -> bool:
    return bool(
        session.scalar(
            select(
                exists().where(SeasonArchive.league_id == league_id, SeasonArchive.season == season)
            )
        )
    )


def refuse_closed(session: Session, league_id: int, season: str) -> None:
    """A closed season's standings are frozen: its adjustments stay as they were."""
    if season_closed(session, league_id, season):
        raise refused("night", message("is in a closed season: its standings are frozen"))


def record_adjustment(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    *,
    kind: Any,
    night_id: Any,
    member_id: Any = None,
    table_number: Any = None,
    points: Any = None,
    reason: Any,
) -> int:
    points, reason = check(kind, points, reason)
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        night = next((n for n in league.nights if n.id == night_id), None)
        if night is None:
            raise refused("night", message("must be one of the league's nights"))
        refuse_closed(session, league.id, night.season)
        member_id, table_number = target_of(session, night, kind, member_id, table_number)
        adjustment = Adjustment(
            league_id=league.id,
            kind=kind,
            night_id=night.id,
            member_id=member_id,
            table_number=table_number,
            points=points,
            reason=reason,
            made_by=session.get(Organizer, organizer_id).name,
        )
        session.add(adjustment)
        after = {"kind": kind, "points": points, "reason": reason, "table": table_number}
        whom = next((m.name for m in league.members if m.id == member_id), None)
        after["member"] = whom
        subject = night.held_on.isoformat()
        record(session, league, organizer_id, "adjustment", subject, None, after)
        uow.commit()
        return adjustment.id


def withdraw_adjustment(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, adjustment_id: int
) -> None:
    """Takes it out of the standings; the record keeps it, with who withdrew it and when."""
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        adjustment = session.get(Adjustment, adjustment_id)
        if adjustment is None or adjustment.league_id != league.id:
            raise NotFound(message("That adjustment is not in this league."))
        refuse_closed(session, league.id, session.get(Night, adjustment.night_id).season)
        if adjustment.withdrawn_at is None:
            adjustment.withdrawn_by = session.get(Organizer, organizer_id).name
            adjustment.withdrawn_at = utcnow()
            held_on = session.get(Night, adjustment.night_id).held_on.isoformat()
            said = {"kind": adjustment.kind, "reason": adjustment.reason}
            withdrawn = said | {"withdrawn": True}
            record(session, league, organizer_id, "adjustment", held_on, said, withdrawn)
            uow.commit()


def adjustments_in(
    session: Session, league_id: int, season: str | None, *, in_force: bool = True
) -> list[AdjustmentView]:
    """The league's adjustments (of a season), oldest first, numbered in force."""
    query = (
        select(Adjustment, Night)
        .join(Night, Night.id == Adjustment.night_id)
        .where(Adjustment.league_id == league_id)
        .order_by(Night.held_on, Adjustment.id)
    )
    if season is not None:
        query = query.where(Night.season == season)
    if in_force:
        query = query.where(Adjustment.withdrawn_at.is_(None))
    views = []
    number = 0
    names = {}
    for adjustment, night in session.execute(query):
        if not names:
            names = {m.id: m.name for m in night.league.members}
        if adjustment.kind == "averaged":
            table = next((t for t in night.tables if t.number == adjustment.table_number), None)
            members = tuple(seat.member_id for seat in table.seats) if table else ()
        else:
            members = (adjustment.member_id,)
        number += adjustment.withdrawn_at is None
        views.append(
            AdjustmentView(
                id=adjustment.id,
                kind=adjustment.kind,
                night_id=night.id,
                held_on=night.held_on,
                season=night.season,
                table_number=adjustment.table_number,
                member_id=adjustment.member_id,
                names=tuple(names.get(m, "?") for m in members),
                members=members,
                points=adjustment.points,
                reason=adjustment.reason,
                made_by=adjustment.made_by,
                made_at=adjustment.made_at,
                withdrawn_by=adjustment.withdrawn_by,
                withdrawn_at=adjustment.withdrawn_at,
                number=number if adjustment.withdrawn_at is None else 0,
            )
        )
    return views


def league_adjustments(
    uow: UnitOfWork, public_id: str, organizer_id: int | None
) -> list[AdjustmentView]:
    """Every adjustment of the league, withdrawn ones too: the organizers' record."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        return adjustments_in(uow.session, league.id, None, in_force=False)


def adjust_lines(
    lines: Sequence[Line], adjustments: Sequence[AdjustmentView], higher_wins: bool
) -> list[Line]:
    """The standings lines with the adjustments in force applied (see the module docstring)."""
    by_member = {line.member_id: replace(line) for line in lines}
    before = {line.member_id: line for line in lines}
    for adjustment in adjustments:
        if not adjustment.in_force:
            continue
        for member in adjustment.members:
            line = by_member.get(member)
            if line is None:
                name = adjustment.names[adjustment.members.index(member)]
                line = by_member[member] = Line(member_id=member, name=name)
            if adjustment.kind == "penalty":
                line.points += -adjustment.points if higher_wins else adjustment.points
            elif adjustment.kind == "forfeit":
                line.games += 1
                line.points += adjustment.points
            else:
                line.games += 1
                line.points += average_points(before.get(member))
    return list(by_member.values())


def average_points(line: Line | None) -> int:
    """A player's average points per game played, as a bye counted as average takes it."""
    if line is None or not line.games:
        return 0
    return round((line.points - line.bye_points) / line.games)
