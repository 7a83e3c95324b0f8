"""An organizer's second factor: an authenticator app's codes (TOTP, RFC 6238), passkeys
(league/passkeys.py) and one-time recovery codes; and a league's setting that every
organizer of it log in with one.

The login asks for the password first, then for one of these (web/league/second_factor.py).
A recovery code is for a lost phone: each works once, and only its SHA-256 is kept.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pyotp
from sqlalchemy import delete, exists, func, select
from sqlalchemy.orm import Session

from scorekeeper.i18n import gettext as _
from scorekeeper.league.access import managed_row
from scorekeeper.league.log import fields, record
from scorekeeper.league.models import (
    League,
    LeagueOrganizer,
    Organizer,
    Passkey,
    RecoveryCode,
)
from scorekeeper.models import utcnow
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

ISSUER = "Scorekeeper"
RECOVERY_CODES = 10
# Lower-case letters and digits without the look-alikes (0/o, 1/l/i): read off paper.
_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
# A code read back from paper: spaces, dashes and capitals do not matter.
_NOT_CODE = re.compile(r"[\s\-]")


@dataclass(frozen=True)
class PasskeyView:
    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True)
class SecondFactors:
    """What an organizer's security page shows."""

    totp: bool
    passkeys: tuple[PasskeyView, ...]
    recovery_left: int
    # The names of the organizer's leagues that require a second factor.
    required_by: tuple[str, ...]

    @property
    def any(self) -> bool:
        return self.totp or bool(self.passkeys)


def _organizer(session: Session, organizer_id: int) -> Organizer:
    organizer = session.get(Organizer, organizer_id)
    if organizer is None:
        raise InvalidInput(_("There is no such organizer."))
    return organizer


def has_second_factor(session: Session, organizer_id: int) -> bool:
    passkey = exists().where(Passkey.organizer_id == organizer_id)
    return bool(
        session.scalar(
            select(Organizer.totp_secret.is_not(None) | passkey).where(Organizer.id == organizer_id)
        )
    )


def required_by(session: Session, organizer_id: int) -> tuple[str, ...]:
    names = session.scalars(
        select(League.name)
        .join(LeagueOrganizer, LeagueOrganizer.league_id == League.id)
        .where(LeagueOrganizer.organizer_id == organizer_id, League.require_second_factor)
        .order_by(League.name)
    )
    return tuple(names)


def status(uow: UnitOfWork, organizer_id: int) -> SecondFactors:
    with uow:
        organizer = _organizer(uow.session, organizer_id)
        passkeys = uow.session.scalars(
            select(Passkey).where(Passkey.organizer_id == organizer_id).order_by(Passkey.id)
        )
        left = uow.session.scalar(
            select(func.count(RecoveryCode.id)).where(
                RecoveryCode.organizer_id == organizer_id, RecoveryCode.used_at.is_(None)
            )
        )
        return SecondFactors(
            totp=organizer.totp_secret is not None,
            passkeys=tuple(PasskeyView(p.id, p.name, p.created_at) for p in passkeys),
            recovery_left=left or 0,
            required_by=required_by(uow.session, organizer_id),
        )


def needs_second_factor(uow: UnitOfWork, organizer_id: int) -> bool:
    """True when a league of the organizer's asks for a second factor they have not set up."""
    with uow:
        session = uow.session
        return bool(required_by(session, organizer_id)) and not has_second_factor(
            session, organizer_id
        )


def logs_in_with_second_factor(uow: UnitOfWork, organizer_id: int) -> bool:
    with uow:
        return has_second_factor(uow.session, organizer_id)


# --- the authenticator app (TOTP) ---------------------------------------------------------


def new_totp_secret() -> str:
    """A secret to show as a QR code; kept only once a code made from it is typed back."""
    return pyotp.random_base32()


def totp_uri(secret: str, email: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def _totp_step(secret: str, code: Any, after: int | None) -> int | None:
    """The 30-second step ``code`` is for (this one or a neighbour, for a slow clock),
    None when it is for none of them or for a step no later than ``after`` (used)."""
    if not isinstance(code, str):
        return None
    code = _NOT_CODE.sub("", code)
    if not re.fullmatch(r"\d{6}", code):
        return None
    totp = pyotp.TOTP(secret)
    now = totp.timecode(utcnow())
    for step in (now, now - 1, now + 1):
        if (after is None or step > after) and secrets.compare_digest(
            totp.generate_otp(step), code
        ):
            return step
    return None


def turn_on_totp(uow: UnitOfWork, organizer_id: int, secret: Any, code: Any) -> None:
    """Keep ``secret`` once ``code`` shows the app made it."""
    if not isinstance(secret, str) or not re.fullmatch(r"[A-Z2-7]{16,64}", secret):
        raise InvalidInput(_("Start setting up the app again."), {"code": _("has expired")})
    step = _totp_step(secret, code, None)
    if step is None:
        raise InvalidInput(
            _("The authenticator app was not turned on."),
            {"code": _("is not the app's current code")},
        )
    with uow:
        organizer = _organizer(uow.session, organizer_id)
        organizer.totp_secret = secret
        organizer.totp_last_step = step
        uow.commit()


def turn_off_totp(uow: UnitOfWork, organizer_id: int) -> None:
    with uow:
        organizer = _organizer(uow.session, organizer_id)
        organizer.totp_secret = None
        organizer.totp_last_step = None
        uow.commit()


def check_totp(uow: UnitOfWork, organizer_id: int, code: Any) -> bool:
    """Whether ``code`` is the app's current code; each code works once."""
    with uow:
        organizer = uow.session.get(Organizer, organizer_id)
        if organizer is None or organizer.totp_secret is None:
            return False
        step = _totp_step(organizer.totp_secret, code, organizer.totp_last_step)
        if step is None:
            return False
        organizer.totp_last_step = step
        uow.commit()
        return True


# --- recovery codes -----------------------------------------------------------------------


def _code_hash(code: str) -> str:
    return hashlib.sha256(_NOT_CODE.sub("", code).lower().encode()).hexdigest()


def new_recovery_codes(uow: UnitOfWork, organizer_id: int) -> list[str]:
    """Ten new codes, shown now and never again; the earlier ones stop working."""
    codes = [
        "-".join("".join(secrets.choice(_CODE_ALPHABET) for _ in range(5)) for _ in range(2))
        for _ in range(RECOVERY_CODES)
    ]
    with uow:
        _organizer(uow.session, organizer_id)
        uow.session.execute(delete(RecoveryCode).where(RecoveryCode.organizer_id == organizer_id))
        uow.session.add_all(
            RecoveryCode(organizer_id=organizer_id, code_hash=_code_hash(code)) for code in codes
        )
        uow.commit()
    return codes


def use_recovery_code(uow: UnitOfWork, organizer_id: int, code: Any) -> bool:
    """Whether ``code`` is one of the organizer's unused codes; it is used up now."""
    if not isinstance(code, str) or len(code) > 40:
        return False
    with uow:
        row = uow.session.scalar(
            select(RecoveryCode).where(
                RecoveryCode.organizer_id == organizer_id,
                RecoveryCode.code_hash == _code_hash(code),
                RecoveryCode.used_at.is_(None),
            )
        )
        if row is None:
            return False
        row.used_at = utcnow()
        uow.commit()
        return True


def check_code(uow: UnitOfWork, organizer_id: int, code: Any) -> bool:
    """The login's second step typed: the app's code, or else a recovery code."""
    return check_totp(uow, organizer_id, code) or use_recovery_code(uow, organizer_id, code)


# --- the league's setting -----------------------------------------------------------------


def set_required(uow: UnitOfWork, public_id: str, organizer_id: int | None, on: bool) -> None:
    """Whether every organizer of the league logs in with a second factor (a setting)."""
    with uow:
        league = managed_row(uow.session, public_id, organizer_id)
        before = fields(league, ("require_second_factor",))
        league.require_second_factor = bool(on)
        after = fields(league, ("require_second_factor",))
        record(uow.session, league, organizer_id, "settings", "second factor", before, after)
        uow.commit()
