"""Organizer accounts: Flask-Login, scrypt password hashes, the create-organizer command.

Only league organizers have accounts; casual games stay account-free.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import cache
from typing import Any

import click
from flask import Flask, current_app, session
from flask.cli import with_appcontext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import LoginManager, UserMixin, user_logged_in, user_logged_out
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash
from zxcvbn import zxcvbn
from zxcvbn.frequency_lists import FREQUENCY_LISTS

from scorekeeper.league.models import Organizer
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

login_manager = LoginManager()
login_manager.login_view = "league.login"
login_manager.login_message = _l("Log in as an organizer to see this page.")

# OWASP ASVS 2.1.1: at least 12 characters.
PASSWORD_MIN = 12
PASSWORD_MAX = 200
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
# werkzeug's scrypt at its full cost (N=2**15, about 0.1-0.3 s a hash: what a guess costs).
# The test suite swaps in a cheap scrypt (tests/conftest.py), where organizers are many.
PASSWORD_HASH_METHOD = "scrypt"
# Checked against when the email is unknown, so both paths cost one scrypt.
_DUMMY_HASH = generate_password_hash("no such organizer", method=PASSWORD_HASH_METHOD)
# What a logged-in session carries besides Flask-Login's own keys.
GENERATION = "organizer_generation"
LAST_SEEN = "organizer_seen"


class EmailTaken(InvalidInput):
    """Said by the command line; the signup page answers as for a new account."""


@dataclass(frozen=True)
class Account(UserMixin):
    """The logged-in organizer, detached from any database session."""

    id: int
    email: str
    name: str
    generation: int


def _account(organizer: Organizer) -> Account:
    return Account(organizer.id, organizer.email, organizer.name, organizer.session_generation)


def hash_password(password: str) -> str:
    return generate_password_hash(password, method=PASSWORD_HASH_METHOD)


def _uow() -> UnitOfWork:
    return UnitOfWork(current_app.extensions["scorekeeper.db"].session_factory)


@login_manager.user_loader
def load_organizer(organizer_id: str) -> Account | None:
    """The session's organizer, unless the session is over.

    Over when it has been idle longer than ORGANIZER_IDLE_SECONDS, or when the
    organizer logged out or changed the password since (the account's session
    generation moved on): a copied cookie stops working then.
    """
    now = int(time.time())
    seen = session.get(LAST_SEEN)
    idle = current_app.config["ORGANIZER_IDLE_SECONDS"]
    if not organizer_id.isdigit() or not isinstance(seen, int) or now - seen > idle:
        return end_session()
    with _uow() as uow:
        organizer = uow.session.get(Organizer, int(organizer_id))
        if organizer is None or session.get(GENERATION) != organizer.session_generation:
            return end_session()
        if now - seen >= 60:  # a fresh cookie once a minute, not on every request
            session[LAST_SEEN] = now
        return _account(organizer)


def end_session() -> None:
    """Forget the login; the phone's game edit tokens stay."""
    for key in ("_user_id", "_fresh", "_id", GENERATION, LAST_SEEN):
        session.pop(key, None)


@user_logged_in.connect
def _start_session(_app, user: Account, **_extra) -> None:
    session[GENERATION] = user.generation
    session[LAST_SEEN] = int(time.time())


@user_logged_out.connect
def _end_every_session(_app, user: Account | None, **_extra) -> None:
    """Logging out ends this session and every other one of the account (a copied cookie too)."""
    if user is not None and user.is_authenticated:
        with _uow() as uow:
            _next_generation(uow, user.id)
            uow.commit()
    end_session()


def _next_generation(uow: UnitOfWork, organizer_id: int) -> None:
    uow.session.execute(
        update(Organizer)
        .where(Organizer.id == organizer_id)
        .values(session_generation=Organizer.session_generation + 1)
    )


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
    if guessable(password):
        errors[field] = _(
            "is too easy to guess (leaked passwords, words, repeats or sequences): choose another"
        )
        return ""
    return password


# zxcvbn's estimate below which a password is refused: fewer than a million guesses
# (its scores 0 and 1), such as 123456789012, passwordpassword or iloveyou1234: leaked
# passwords, words and names joined, repeated or in sequence. Offline: its own lists.
GUESSES_AT_LEAST = 10**6


def guessable(password: str) -> bool:
    # The first 100 characters: zxcvbn's time grows faster than the length.
    return zxcvbn(password[:100])["guesses"] < GUESSES_AT_LEAST


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
            check_password_hash(_DUMMY_HASH, password)
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


@click.command("create-organizer")
@click.option("--email", prompt=True, help="The organizer's login email address.")
@click.option("--name", prompt=True, help="The name shown to co-organizers.")
@click.password_option(help="At least 12 characters; asked for twice when not given.")
@with_appcontext
def create_organizer_command(email: str, name: str, password: str) -> None:
    """Create an organizer account (the first one, or any other)."""
    try:
        organizer = create_organizer(_uow(), email=email, name=name, password=password)
    except InvalidInput as exc:
        # The fields' own messages, once: the summary would say the same again.
        problems = "; ".join(f"{field} {message}" for field, message in exc.errors.items())
        raise click.ClickException(_("not created: %(problems)s", problems=problems)) from None
    click.echo(_("Created organizer %(email)s.", email=organizer.email))


def init_app(app: Flask) -> None:
    login_manager.init_app(app)
    app.cli.add_command(create_organizer_command)
