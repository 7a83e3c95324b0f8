"""Organizer accounts: scrypt password hashes, signing up, logging in, a new password.

Only league organizers have accounts; casual games stay account-free. The login
session (Flask-Login) and the create-organizer command are the web's:
scorekeeper/web/league/auth.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash
from zxcvbn import zxcvbn
from zxcvbn.frequency_lists import FREQUENCY_LISTS

from scorekeeper.i18n import gettext as _
from scorekeeper.league.models import Organizer
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# OWASP ASVS 2.1.1: at least 12 characters.
PASSWORD_MIN = 12
PASSWORD_MAX = 200
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
# werkzeug's scrypt at its full cost (N=2**15, about 0.1-0.3 s a hash: what a guess costs).
# The test suite swaps in a cheap scrypt (tests/conftest.py), where organizers are many.
PASSWORD_HASH_METHOD = "scrypt"


@cache
def _dummy_hash() -> str:
    """Checked against when the email is unknown, so both paths cost one scrypt. Made by
    the first such login, not at import: one scrypt at full cost (~0.1 s of CPU) every
    start of the app paid, and most never log anyone in."""
    return generate_password_hash("no such organizer", method=PASSWORD_HASH_METHOD)


class EmailTaken(InvalidInput):
    """Said by the command line; the signup page answers as for a new account."""


@dataclass(frozen=True)
class Account:
    """The logged-in organizer, detached from any database session.

    What Flask-Login asks of a user (its UserMixin's four): an account is active and
    authenticated, never anonymous, and known by its id.
    """

    id: int
    email: str
    name: str
    generation: int

    is_active = True
    is_authenticated = True
    is_anonymous = False

    def get_id(self) -> str:
        return str(self.id)


def _account(organizer: Organizer) -> Account:
    return Account(organizer.id, organizer.email, organizer.name, organizer.session_generation)


def hash_password(password: str) -> str:
    return generate_password_hash(password, method=PASSWORD_HASH_METHOD)


def session_account(uow: UnitOfWork, organizer_id: int, generation: Any) -> Account | None:
    """The organizer of a login session of ``generation``; None when the account is gone or
    its sessions ended since (a logout, a new password): a copied cookie stops working."""
    with uow:
        organizer = uow.session.get(Organizer, organizer_id)
        if organizer is None or generation != organizer.session_generation:
            return None
        return _account(organizer)


def end_every_session(uow: UnitOfWork, organizer_id: int) -> None:
    """Every session of the account ends: a logout ends the copied cookies too."""
    with uow:
        uow.session.execute(
            update(Organizer)
            .where(Organizer.id == organizer_id)
            .values(session_generation=Organizer.session_generation + 1)
        )
        uow.commit()


@cache
def breached_passwords() -> frozenset[str]:
    """The 30,000 most common passwords of a breach corpus, as zxcvbn ships them."""
    return frozenset(FREQUENCY_LISTS["passwords"])


def check_password(password: Any, field: str, errors: dict[str, str]) -> str:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        errors[field] = _(
            "must be %(low)s to %(high)s characters", low=PASSWORD_MIN, high=PASSWORD_MAX
        )
        return ""
    if password.lower() in breached_passwords():
        errors[field] = _("is in a list of passwords leaked from other sites: choose another")
        return ""
    weakness = guessable(password)
    if weakness is not None:
        errors[field] = weakness
        return ""
    return password


# zxcvbn's estimate below which a password is refused: 10^8 guesses, its score 3 ("safely
# unguessable") and the least it advises. Below are passwords such as letmeinletme (10^7),
# 123456789012, passwordpassword or iloveyou1234: leaked passwords, words and names
# joined, repeated or in sequence. At scrypt's cost a guess, 10^8 guesses are weeks of a
# core's time. Offline: zxcvbn's own lists.
GUESSES_AT_LEAST = 10**8


def guessable(password: str) -> str | None:
    """Why zxcvbn finds ``password`` too easy to guess, or None: said by the longest
    part it recognised (a leaked password, a word, a repeat, a sequence, a row of keys,
    a date), never quoting the password back."""
    # The first 100 characters: zxcvbn's time grows faster than the length.
    found = zxcvbn(password[:100])
    if found["guesses"] >= GUESSES_AT_LEAST:
        return None
    parts = [part for part in found["sequence"] if part["pattern"] != "bruteforce"]
    if not parts:
        return _("is too easy to guess: too short for how plain it is; choose another")
    part = max(parts, key=lambda part: len(part["token"]))
    if part["pattern"] == "dictionary" and part.get("dictionary_name") == "passwords":
        return _(
            "is too easy to guess: it is built on a password common in leaked lists; choose another"
        )
    reasons = {
        "dictionary": _(
            "is too easy to guess: it is built from common words or names; choose another"
        ),
        "repeat": _("is too easy to guess: it repeats itself; choose another"),
        "sequence": _(
            "is too easy to guess: it holds a sequence such as abcd or 1234; choose another"
        ),
        "spatial": _("is too easy to guess: it holds a row of keys such as qwerty; choose another"),
    }
    return reasons.get(
        part["pattern"], _("is too easy to guess: it holds a date or a year; choose another")
    )


def create_organizer(uow: UnitOfWork, *, email: Any, name: Any, password: Any) -> Account:
    errors: dict[str, str] = {}
    email = email.strip().lower() if isinstance(email, str) else ""
    if len(email) > 254 or not EMAIL.match(email):
        errors["email"] = _("must be an email address")
    name = " ".join(name.split()) if isinstance(name, str) else ""
    if not 1 <= len(name) <= 80:
        errors["name"] = _("must be 1 to 80 characters")
    password = check_password(password, "password", errors)
    if errors:
        raise InvalidInput(_("The account cannot be created as given."), errors)
    with uow:
        organizer = Organizer(email=email, name=name, password_hash=hash_password(password))
        uow.session.add(organizer)
        try:
            uow.commit()
        except IntegrityError:
            raise EmailTaken(
                _("There is an account with that email address already."),
                {"email": _("has an account already")},
            ) from None
        return _account(organizer)


def authenticate(uow: UnitOfWork, email: Any, password: Any) -> Account | None:
    if not isinstance(email, str) or not isinstance(password, str):
        return None
    with uow:
        organizer = uow.session.scalar(
            select(Organizer).where(Organizer.email == email.strip().lower())
        )
        if organizer is None:
            check_password_hash(_dummy_hash(), password)
            return None
        if not check_password_hash(organizer.password_hash, password):
            return None
        return _account(organizer)


def change_password(uow: UnitOfWork, organizer_id: int, current: Any, new: Any) -> Account:
    """A new password; every session of the account ends (log in again with the returned one)."""
    errors: dict[str, str] = {}
    new = check_password(new, "new_password", errors)
    with uow:
        organizer = uow.session.get(Organizer, organizer_id)
        if organizer is None or not (
            isinstance(current, str) and check_password_hash(organizer.password_hash, current)
        ):
            errors["current_password"] = _("is not your password")
        if errors:
            raise InvalidInput(_("The password was not changed."), errors)
        organizer.password_hash = hash_password(new)
        organizer.session_generation += 1
        uow.commit()
        return _account(organizer)
