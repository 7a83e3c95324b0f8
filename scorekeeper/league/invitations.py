"""Co-organizer invitations: a one-time link, not the address, is the proof.

An organizer invites an address and is shown a link to pass on; only the link's
holder can take the invitation up, logged in with any account (the address is a
label for the organizers, not a check: whoever signs up first with it gets nothing).
The link's token is stored hashed, as game edit tokens are, and works once.
Every address added is stored alike, known here or not, so nothing tells an
organizer who has an account.
"""

from __future__ import annotations

import secrets
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.i18n import gettext as _
from scorekeeper.league.access import SCORER, NotFound, managed
from scorekeeper.league.auth import EMAIL
from scorekeeper.league.models import League, LeagueOrganizer, OrganizerInvitation
from scorekeeper.service_layer.services import InvalidInput, hash_token
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# What an invitation may make of its holder: a co-organizer or a scorer.
INVITED_ROLES = ("co", SCORER)


@dataclass(frozen=True)
class Invited:
    """The address as stored, and the link's token (None: the address runs the league)."""

    email: str
    token: str | None


@dataclass(frozen=True)
class Invitation:
    """What the link's holder is asked to accept."""

    league_id: str
    league_name: str
    email: str


def new_invitation(email: str) -> tuple[OrganizerInvitation, str]:
    token = secrets.token_urlsafe(32)  # 256 bits, in the shape URL tokens are checked for
    return OrganizerInvitation(email=email, token_hash=hash_token(token)), token


def add_organizer(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, email: Any, role: Any = "co"
) -> Invited:
    """Invite ``email`` to run the league ("co") or to keep its score ("scorer"): a new
    link each time (an earlier one stops working)."""
    key = email.strip().lower() if isinstance(email, str) else ""
    if len(key) > 254 or not EMAIL.match(key):
        raise InvalidInput(
            _("That is not an email address."), {"email": _("must be an email address")}
        )
    if role not in INVITED_ROLES:
        raise InvalidInput(
            _("Pick what the invited account may do."), {"role": _("must be co or scorer")}
        )
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        if any(lo.organizer.email == key for lo in league.organizers):
            return Invited(key, None)
        fresh, token = new_invitation(key)
        fresh.role = role
        waiting = next((i for i in league.invitations if i.email == key), None)
        if waiting is None:
            league.invitations.append(fresh)
        else:
            waiting.token_hash, waiting.role = fresh.token_hash, role
        try:
            uow.commit()
        except IntegrityError:  # the same form sent twice at once: the other one's link stands
            raise InvalidInput(
                _("That address was invited at the same moment: invite it again for a link."),
                {"email": _("was invited at the same moment")},
            ) from None
        return Invited(key, token)


def withdraw_invitation(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, invitation_id: int
) -> None:
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        invitation = next((i for i in league.invitations if i.id == invitation_id), None)
        if invitation is None:
            raise NotFound(_("That invitation is not waiting in this league."))
        league.invitations.remove(invitation)
        uow.commit()


def _waiting(session, token: Any) -> OrganizerInvitation:
    found = None
    if isinstance(token, str) and token:
        found = session.scalar(
            select(OrganizerInvitation).where(OrganizerInvitation.token_hash == hash_token(token))
        )
    if found is None:
        raise NotFound(_("That invitation link has been used or withdrawn. Ask for a new one."))
    return found


def invitation(uow: UnitOfWork, token: Any) -> Invitation:
    with uow:
        found = _waiting(uow.session, token)
        league = uow.session.get(League, found.league_id)
        return Invitation(league.public_id, league.name, found.email)


def accept_invitation(uow: UnitOfWork, organizer_id: int, token: Any) -> str:
    """The logged-in account runs the league from now on; the link is used up. Returns
    the league's public id."""
    with uow:
        session = uow.session
        found = _waiting(session, token)
        league = session.get(League, found.league_id)
        public_id = league.public_id
        held = next((lo for lo in league.organizers if lo.organizer_id == organizer_id), None)
        if held is None:
            league.organizers.append(LeagueOrganizer(organizer_id=organizer_id, role=found.role))
        elif held.role == SCORER and found.role != SCORER:
            held.role = found.role  # a scorer invited to run the league

        session.delete(found)
        with suppress(IntegrityError):  # accepted twice at once: the first one did it
            uow.commit()
        return public_id
