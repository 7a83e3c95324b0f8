"""Who is coming: each member's personal link (no account) to answer yes, maybe or no
for the planned nights ahead; the organizer's count and names per night, with its
seats and deadline; and a new night's attendance that starts from the yes answers.

A link is shown to the organizer once, when made, and stored hashed as edit tokens
are; making a member's link again replaces the old one.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import select

from scorekeeper.i18n import gettext as _
from scorekeeper.league.access import NotFound, managed, member_of, readable
from scorekeeper.league.models import Answer, League, Member, PlannedNight
from scorekeeper.league.schedule import calendar_of
from scorekeeper.models import as_utc, utcnow
from scorekeeper.service_layer.services import InvalidInput, hash_token
from scorekeeper.service_layer.unit_of_work import UnitOfWork

ANSWERS = ("yes", "maybe", "no")


@dataclass(frozen=True)
class AnswerLink:
    member_id: int
    name: str
    token: str


@dataclass(frozen=True)
class Turnout:
    """The answers for one planned night, as the organizer sees them."""

    coming: tuple[str, ...]  # yes, within the seats, in the order answered
    waiting: tuple[str, ...]  # yes past the seats
    maybe: tuple[str, ...]
    away: tuple[str, ...]
    late: frozenset[str]  # answered (or changed) after the deadline
    capacity: int | None
    answer_by: datetime | None
    unanswered: int


@dataclass(frozen=True)
class MyNight:
    """One planned night on a member's answer page."""

    planned_id: int
    held_on: date
    starts_at: time | None
    place: str | None
    note: str | None
    answer: str | None
    in_line: int | None  # their place among those waiting for a seat (1 = next)
    answer_by: datetime | None
    late: bool  # the deadline has passed: an answer now is marked late
    bye_round: int | None = None  # the round they asked to sit out with a bye


@dataclass(frozen=True)
class AnswerPage:
    league_name: str
    language: str | None
    member_name: str
    nights: tuple[MyNight, ...]


def make_answer_links(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, member_id: Any = None
) -> list[AnswerLink]:
    """New links: for one member (replacing theirs), or for every member without one."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        if member_id is None:
            members = [m for m in league.members if m.active and m.answer_token_hash is None]
        else:
            members = [member_of(league, member_id)]
            if not members[0].active:
                raise InvalidInput(
                    _("%(name)s left the club: bring them back first.", name=members[0].name),
                    {"member": _("left the club")},
                )
        made = []
        for member in members:
            token = secrets.token_urlsafe(24)
            member.answer_token_hash = hash_token(token)
            made.append(AnswerLink(member.id, member.name, token))
        uow.commit()
        return made


def _member_by_link(session, token: Any) -> Member:
    member = None
    if isinstance(token, str) and 0 < len(token) <= 64:
        member = session.scalar(select(Member).where(Member.answer_token_hash == hash_token(token)))
    if member is None:
        raise NotFound(_("This link is not (or no longer) a member's answer link."))
    return member


def _ahead(league: League, today: date) -> list[PlannedNight]:
    return [night for night in league.schedule if night.held_on >= today and not night.cancelled]


def answer_page(uow: UnitOfWork, token: Any, *, today: date | None = None) -> AnswerPage:
    """What a member's link shows: the nights ahead and their answer for each."""
    today = today or date.today()
    now = utcnow()
    with uow:
        member = _member_by_link(uow.session, token)
        league = member.league
        nights = []
        for night in _ahead(league, today):
            mine = next((a for a in night.answers if a.member_id == member.id), None)
            _coming, waiting = _seated(night)
            nights.append(
                MyNight(
                    night.id,
                    night.held_on,
                    night.starts_at,
                    night.place,
                    night.note,
                    mine.answer if mine else None,
                    waiting.index(member.id) + 1 if member.id in waiting else None,
                    as_utc(night.answer_by) if night.answer_by else None,
                    night.answer_by is not None and now > as_utc(night.answer_by),
                    mine.bye_round if mine else None,
                )
            )
        return AnswerPage(league.name, league.language, member.name, tuple(nights))


def give_answer(
    uow: UnitOfWork, token: Any, planned_id: Any, answer: Any, *, today: date | None = None
) -> MyNight:
    """A member's answer for a night ahead: a changed answer takes its new place in line."""
    if answer not in ANSWERS:
        raise InvalidInput(
            _("Say whether you are coming."),
            {"answer": _("must be one of %(choices)s", choices=", ".join(ANSWERS))},
        )
    today = today or date.today()
    with uow:
        member, night, mine = _my_night_ahead(uow.session, token, planned_id, today)
        if mine is None:
            night.answers.append(Answer(member_id=member.id, answer=answer))
        elif mine.answer != answer:
            mine.answer, mine.answered_at = answer, utcnow()
        uow.commit()
    return next(
        n for n in answer_page(uow, token, today=today).nights if n.planned_id == planned_id
    )


# The rounds a member may ask a bye for: 1 to rounds.MOST_ROUNDS (not imported, as
# rounds imports this module).
BYE_ROUNDS = range(1, 13)


def ask_bye(
    uow: UnitOfWork, token: Any, planned_id: Any, round_number: Any, *, today: date | None = None
) -> None:
    """A member coming to a night asks in advance to sit out one of its rounds with a
    bye (None: no bye); the round's seating leaves them out (``asked_byes``)."""
    if round_number is not None and round_number not in BYE_ROUNDS:
        raise InvalidInput(
            _("Pick a round of the night."), {"bye_round": _("must be a round from 1 to 12")}
        )
    today = today or date.today()
    with uow:
        _member, _night, mine = _my_night_ahead(uow.session, token, planned_id, today)
        if mine is None or mine.answer != "yes":
            raise InvalidInput(
                _("Say you are coming first."), {"bye_round": _("say you are coming first")}
            )
        mine.bye_round = round_number
        uow.commit()


def _my_night_ahead(
    session, token: Any, planned_id: Any, today: date
) -> tuple[Member, PlannedNight, Answer | None]:
    """The member a personal link names, the night ahead they answer for, and their
    answer to it so far (None before the first)."""
    member = _member_by_link(session, token)
    night = next((n for n in _ahead(member.league, today) if n.id == planned_id), None)
    if night is None:
        raise NotFound(_("That night is not ahead in this league's schedule."))
    return member, night, next((a for a in night.answers if a.member_id == member.id), None)


def asked_byes(league: League, day: date, round_number: int, present) -> list[int]:
    """Those present who asked to sit out ``round_number`` of the night planned on ``day``."""
    night = next((n for n in league.schedule if n.held_on == day), None)
    asked = {a.member_id for a in night.answers if a.bye_round == round_number} if night else set()
    return [member for member in present if member in asked]


def _seated(night: PlannedNight) -> tuple[list[int], list[int]]:
    """The members answering yes who have a seat, and those waiting, in answer order."""
    yes = [a.member_id for a in night.answers if a.answer == "yes"]
    seats = len(yes) if night.capacity is None else night.capacity
    return yes[:seats], yes[seats:]


def turnout(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> dict[int, Turnout]:
    """Each planned night's answers by id, for the organizer."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        names = {member.id: member.name for member in league.members}
        active = {member.id for member in league.members if member.active}
        return {night.id: _turnout(night, names, active) for night in league.schedule}


def _turnout(night: PlannedNight, names: dict[int, str], active: set[int]) -> Turnout:
    coming, waiting = _seated(night)

    def said(answer: str) -> tuple[str, ...]:
        return tuple(names[a.member_id] for a in night.answers if a.answer == answer)

    late = frozenset(
        names[a.member_id]
        for a in night.answers
        if night.answer_by is not None and as_utc(a.answered_at) > as_utc(night.answer_by)
    )
    return Turnout(
        tuple(names[m] for m in coming),
        tuple(names[m] for m in waiting),
        said("maybe"),
        said("no"),
        late,
        night.capacity,
        as_utc(night.answer_by) if night.answer_by else None,
        len(active - {a.member_id for a in night.answers}),
    )


def coming_on(uow: UnitOfWork, public_id: str, organizer_id: int | None, day: date) -> list[int]:
    """Who said yes (and has a seat) for the night planned on ``day``: a new night's
    attendance starts from them."""
    with uow:
        league, manage = readable(uow.session, public_id, organizer_id)
        if not manage:
            return []
        night = next((n for n in league.schedule if n.held_on == day), None)
        return _seated(night)[0] if night and not night.cancelled else []


def member_feed(uow: UnitOfWork, token: Any, *, host: str) -> bytes:
    """A member's own calendar, through their answer link: the nights they said yes
    to, past and ahead, a cancelled one kept (struck in their calendar) while their
    yes stands."""
    with uow:
        member = _member_by_link(uow.session, token)
        league = member.league
        mine = [
            night
            for night in league.schedule
            if any(a.member_id == member.id and a.answer == "yes" for a in night.answers)
        ]
        return calendar_of(league, mine, host=host)
