"""An organizer's login session (Flask-Login) and the create-organizer command.

The accounts themselves (passwords, signing up, logging in) are the league's use cases:
scorekeeper/league/auth.py.
"""

from __future__ import annotations

import time

import click
from flask import Flask, current_app, session
from flask.cli import with_appcontext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import LoginManager, user_logged_in, user_logged_out

from scorekeeper.league import auth
from scorekeeper.league.auth import Account
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.web.common.db import unit_of_work

login_manager = LoginManager()
login_manager.login_view = "league.login"
login_manager.login_message = _l("Log in as an organizer to see this page.")
# No "fresh login" is ever asked for, and the sessions' end is ours (below). Flask-Login's
# basic protection only marked anonymous sessions not fresh, rewriting their cookie on
# the first page read: the service worker's background read of the home page, answered
# after a login, put the logged-out cookie back.
login_manager.session_protection = None

# What a logged-in session carries besides Flask-Login's own keys.
GENERATION = "organizer_generation"
LAST_SEEN = "organizer_seen"


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
    account = auth.session_account(unit_of_work(), int(organizer_id), session.get(GENERATION))
    if account is None:
        return end_session()
    if now - seen >= 60:  # a fresh cookie once a minute, not on every request
        session[LAST_SEEN] = now
    return account


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
        auth.end_every_session(unit_of_work(), user.id)
    end_session()


@click.command("create-organizer")
@click.option("--email", prompt=True, help="The organizer's login email address.")
@click.option("--name", prompt=True, help="The name shown to co-organizers.")
@click.password_option(help="At least 12 characters; asked for twice when not given.")
@with_appcontext
def create_organizer_command(email: str, name: str, password: str) -> None:
    """Create an organizer account (the first one, or any other)."""
    try:
        organizer = auth.create_organizer(unit_of_work(), email=email, name=name, password=password)
    except InvalidInput as exc:
        # The fields' own messages, once: the summary would say the same again.
        problems = "; ".join(f"{field} {message}" for field, message in exc.errors.items())
        raise click.ClickException(_("not created: %(problems)s", problems=problems)) from None
    click.echo(_("Created organizer %(email)s.", email=organizer.email))


def init_app(app: Flask) -> None:
    login_manager.init_app(app)
    app.cli.add_command(create_organizer_command)
