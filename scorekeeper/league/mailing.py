"""The league's letters, each in its reader's language: an answer reminder before a
night's deadline, "you're in" when the waiting line moves, a night's results, a
co-organizer's invitation, and an organizer's password reset by a one-time link.

Only members with an address given for mail get any, none once they unsubscribed; each
letter to a member carries their one-tap unsubscribe link. Sending is the mailer's
(scorekeeper/mailer.py); these build the letters and mark what they cover.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES, force_locale
from scorekeeper.i18n import gettext as _
from scorekeeper.league import auth, table_links
from scorekeeper.league.access import managed, member_of
from scorekeeper.league.answers import _seated
from scorekeeper.league.log import fields, record
from scorekeeper.league.models import League, Member, Organizer, PlannedNight
from scorekeeper.mailer import Letter
from scorekeeper.models import as_utc
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# Members who have not answered are reminded once, this long before the deadline.
REMIND_AHEAD = timedelta(hours=48)
# How long a password reset link works.
RESET_SECONDS = 3600


def language_of(member: Member, league: League) -> str:
    return member.language or league.language or DEFAULT_LANGUAGE


def mailable(member: Member) -> bool:
    return bool(member.active and member.email and not member.mail_off)


def unsubscribe_token(session: Session, member_id: int) -> str:
    """The member's one-tap unsubscribe token: derived from the server's key, never stored."""
    return table_links.derive(table_links.key_of(session), "unsubscribe", member_id)


def unsubscribe_url(session: Session, member_id: int, base: str) -> str:
    return f"{base}/leagues/mail/{member_id}/{unsubscribe_token(session, member_id)}"


@dataclass(frozen=True)
class Reader:
    """A member a letter goes to, read while the database session is open."""

    id: int
    name: str
    email: str
    language: str
    unsubscribe: str


def reader_of(session: Session, member: Member, base: str) -> Reader:
    return Reader(
        member.id,
        member.name,
        member.email or "",
        language_of(member, member.league),
        unsubscribe_url(session, member.id, base),
    )


def _letter(reader: Reader, subject: str, body: str) -> Letter:
    """In the reader's language already (the caller's force_locale), with the footer."""
    footer = _("Stop these letters with one tap: %(url)s", url=reader.unsubscribe)
    return Letter(
        reader.email, subject, f"{body}\n\n-- \n{footer}\n", reader.language, reader.unsubscribe
    )


# --- a member's address and unsubscribing ---------------------------------------------


def set_member_mail(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    member_id: Any,
    email: Any,
    language: Any,
) -> None:
    """The address a member gave for mail (empty: none) and their language."""
    email = email.strip().lower() if isinstance(email, str) else ""
    if email and (len(email) > 254 or not auth.EMAIL.match(email)):
        raise InvalidInput(_("The address was not kept."), {"email": _("must be an email address")})
    if language not in (None, "", *LANGUAGES):
        raise InvalidInput(_("The address was not kept."), {"language": _("is not a language")})
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        member = member_of(league, member_id)
        names = ("email", "language")
        before = fields(member, names)
        member.email, member.language = email or None, language or None
        record(
            uow.session, league, organizer_id, "member", member.name, before, fields(member, names)
        )
        uow.commit()


def unsubscribe_token_matches(uow: UnitOfWork, member_id: int, token: str) -> bool:
    with uow:
        if uow.session.get(Member, member_id) is None:
            return False
        return hmac.compare_digest(token, unsubscribe_token(uow.session, member_id))


def unsubscribe(uow: UnitOfWork, member_id: Any, token: Any) -> tuple[str, str] | None:
    """Stop every letter to the member of this link: (their name, the league's), or None
    for a link that is no member's."""
    with uow:
        member = uow.session.get(Member, member_id) if isinstance(member_id, int) else None
        if member is None or not isinstance(token, str):
            return None
        if not hmac.compare_digest(token, unsubscribe_token(uow.session, member.id)):
            return None
        member.mail_off = True
        uow.commit()
        return member.name, member.league.name


# --- the letters ------------------------------------------------------------------------


def _night_said(night: PlannedNight) -> str:
    return night.held_on.isoformat() + (f", {night.note}" if night.note else "")


def answer_reminders(uow: UnitOfWork, now: datetime, base: str) -> list[Letter]:
    """A reminder to each member who has not answered for a night whose deadline is
    within REMIND_AHEAD; each night's reminders go once (marked now)."""
    letters = []
    with uow:
        nights = uow.session.scalars(
            select(PlannedNight).where(
                PlannedNight.answer_by.is_not(None),
                PlannedNight.reminded_at.is_(None),
                PlannedNight.cancelled.is_(False),
            )
        )
        for night in nights:
            deadline = as_utc(night.answer_by)
            if not now < deadline <= now + REMIND_AHEAD:
                continue
            league = uow.session.get(League, night.league_id)
            answered = {a.member_id for a in night.answers}
            for member in league.members:
                if member.id in answered or not mailable(member):
                    continue
                reader = reader_of(uow.session, member, base)
                with force_locale(reader.language):
                    letters.append(
                        _letter(
                            reader,
                            _(
                                "%(league)s: are you coming on %(date)s?",
                                league=league.name,
                                date=night.held_on.isoformat(),
                            ),
                            _(
                                "Hello %(name)s, %(league)s plays on %(night)s. Say whether you"
                                " are coming by %(deadline)s, with your personal answer link.",
                                name=member.name,
                                league=league.name,
                                night=_night_said(night),
                                deadline=deadline.strftime("%Y-%m-%d %H:%M UTC"),
                            ),
                        )
                    )
            night.reminded_at = now
        uow.commit()
    return letters


def seated(uow: UnitOfWork, planned_id: int) -> list[int]:
    """The members with a seat on a planned night now (yes answers within its capacity)."""
    with uow:
        night = uow.session.get(PlannedNight, planned_id)
        return _seated(night)[0] if night is not None else []


def youre_in(uow: UnitOfWork, planned_id: int, before: list[int], base: str) -> list[Letter]:
    """To each member who has a seat now and did not before: the waiting line moved."""
    letters = []
    with uow:
        night = uow.session.get(PlannedNight, planned_id)
        if night is None:
            return []
        league = uow.session.get(League, night.league_id)
        for member_id in _seated(night)[0]:
            member = uow.session.get(Member, member_id)
            if member_id in before or member is None or not mailable(member):
                continue
            reader = reader_of(uow.session, member, base)
            with force_locale(reader.language):
                letters.append(
                    _letter(
                        reader,
                        _(
                            "%(league)s: you're in on %(date)s",
                            league=league.name,
                            date=night.held_on.isoformat(),
                        ),
                        _(
                            "Hello %(name)s, a seat came free: you're in for %(league)s on"
                            " %(night)s.",
                            name=member.name,
                            league=league.name,
                            night=_night_said(night),
                        ),
                    )
                )
    return letters


def night_results(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, base: str
) -> list[Letter]:
    """To each member who played the night: their tables' totals."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = next((n for n in league.nights if n.id == night_id), None)
        if night is None:
            raise InvalidInput(_("There is no such night."))
        league_name, held_on = league.name, night.held_on.isoformat()
        tables = [
            (t.number, t.game.public_id, [seat.member_id for seat in t.seats])
            for t in night.tables
            if t.game is not None
        ]
        readers = {m.id: reader_of(uow.session, m, base) for m in league.members if mailable(m)}
    theirs: dict[int, list[tuple[int, str]]] = {}
    for number, game_id, seated_there in tables:
        totals = services.load_game(uow, game_id).state.totals
        said = ", ".join(f"{name} {points}" for name, points in totals.items())
        for member_id in seated_there:
            theirs.setdefault(member_id, []).append((number, said))
    letters = []
    for member_id, played in theirs.items():
        reader = readers.get(member_id)
        if reader is None:
            continue
        with force_locale(reader.language):
            lines = [
                _("Table %(number)s: %(totals)s", number=number, totals=totals)
                for number, totals in played
            ]
            subject = _("%(league)s: the results of %(date)s", league=league_name, date=held_on)
            hello = _("Hello %(name)s, tonight's results:", name=reader.name)
            letters.append(_letter(reader, subject, "\n".join([hello, *lines])))
    return letters


def invitation_letter(
    uow: UnitOfWork, public_id: str, email: str, url: str, language: str
) -> Letter:
    """The co-organizer invitation's link, to the address the inviting organizer gave."""
    with uow:
        league_name = uow.session.scalar(select(League.name).where(League.public_id == public_id))
    with force_locale(language):
        return Letter(
            email,
            _("An invitation to run %(league)s", league=league_name),
            _(
                "You are invited to help run %(league)s on Scorekeeper. Open this link"
                " (it works once) and log in or sign up to accept: %(url)s",
                league=league_name,
                url=url,
            ),
            language,
        )


# --- an organizer's password reset -------------------------------------------------------


def _reset_signature(session: Session, organizer: Organizer, expires: int) -> str:
    # Signed over the password's hash too: a new password (this link's own use) ends it.
    text = f"reset:{organizer.id}:{expires}:{organizer.password_hash}"
    digest = hmac.new(table_links.key_of(session), text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()  # a token's shape (web/common/edge.py)


def reset_letter(uow: UnitOfWork, email: Any, base: str, language: str) -> Letter | None:
    """A one-time link to set a new password, for the account of ``email``; None when
    there is none (the page answers the same either way)."""
    if not isinstance(email, str):
        return None
    with uow:
        organizer = uow.session.scalar(
            select(Organizer).where(Organizer.email == email.strip().lower())
        )
        if organizer is None:
            return None
        expires = int(time.time()) + RESET_SECONDS
        token = f"{organizer.id}/{expires}/{_reset_signature(uow.session, organizer, expires)}"
        address = organizer.email
    with force_locale(language):
        return Letter(
            address,
            _("A new password for Scorekeeper"),
            _(
                "Someone asked for a new password for your organizer account. Set one with"
                " this link within the hour (it works once): %(url)s\nIf it was not you,"
                " do nothing: your password stays.",
                url=f"{base}/account/reset/{token}",
            ),
            language,
        )


def _reset_organizer(session: Session, token: Any) -> Organizer | None:
    """The account of a reset link ``organizer_id/expires/signature``, while it works."""
    parts = token.split("/") if isinstance(token, str) else []
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    organizer = session.get(Organizer, int(parts[0]))
    if organizer is None or int(parts[1]) < time.time():
        return None
    expected = _reset_signature(session, organizer, int(parts[1]))
    return organizer if hmac.compare_digest(expected, parts[2]) else None


def reset_link_works(uow: UnitOfWork, token: Any) -> bool:
    with uow:
        return _reset_organizer(uow.session, token) is not None


def reset_password(uow: UnitOfWork, token: Any, password: Any) -> None:
    """Set the new password of the link's account; every session of it ends."""
    errors: dict[str, str] = {}
    password = auth.check_password(password, "new_password", errors)
    with uow:
        organizer = _reset_organizer(uow.session, token)
        if organizer is None:
            raise InvalidInput(_("This link has been used or has expired: ask for a new one."))
        if errors:
            raise InvalidInput(_("The password was not changed."), errors)
        organizer.password_hash = auth.hash_password(password)
        organizer.session_generation += 1
        uow.commit()
