"""League pages, on the league's blueprint: an organizer's account (signing up, logging
in and out, a new password) and a co-organizer invitation's one-time link."""

from __future__ import annotations

from flask import Response, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_limiter.util import get_remote_address
from flask_login import current_user, login_required, login_user, logout_user

from scorekeeper.extensions import limiter
from scorekeeper.league import auth
from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.edge import safe_next
from scorekeeper.web.league.blueprint import bp
from scorekeeper.web.league.second_factor import login_next


@bp.route("/account/signup", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["RATELIMIT_LOGIN"], methods=["POST"])
def signup():
    errors: dict[str, str] = {}
    if request.method == "POST":
        form = request.form
        if form.get("password") != form.get("confirm"):
            errors["confirm"] = _("does not match the password")
        else:
            try:
                auth.create_organizer(
                    unit_of_work(),
                    email=form.get("email"),
                    name=form.get("name"),
                    password=form.get("password"),
                )
            except auth.EmailTaken:
                pass  # answered as a new account is: a signup never tells who has one
            except services.InvalidInput as exc:
                errors = exc.errors
            if not errors:
                flash(_("If that address had no account, it has one now: log in with it."))
                return redirect(url_for("league.login"), 303)
    status = 422 if errors else 200
    return render_template("league/signup.html", errors=errors, form=request.form), status


def login_key() -> str:
    """The address and the account it logs in to: wrong guesses at one account from a
    club's shared address do not refuse another member's right password."""
    email = request.form.get("email", "")
    return f"{get_remote_address()} {email.strip().lower()[:254]}"


def login_failed(response: Response) -> bool:
    return response.status_code == 401


@bp.route("/account/login", methods=["GET", "POST"])
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN"],
    methods=["POST"],
    key_func=login_key,
    deduct_when=login_failed,
)
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN_ADDRESS"],
    methods=["POST"],
    deduct_when=login_failed,
)
def login():
    failed = False
    if request.method == "POST":
        organizer = auth.authenticate(
            unit_of_work(), request.form.get("email"), request.form.get("password")
        )
        if organizer is not None:
            # With a second factor on, the password only opens the login's second step.
            return login_next(
                organizer, safe_next(request.args.get("next"), url_for("league.leagues"))
            )
        failed = True
    status = 401 if failed else 200
    return render_template("league/login.html", failed=failed, form=request.form), status


@bp.post("/account/logout")
def logout():
    # The session keeps this phone's game edit tokens; only the login goes.
    logout_user()
    return redirect(url_for("table.home"), 303)


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def change_password():
    errors: dict[str, str] = {}
    if request.method == "POST":
        form = request.form
        if form.get("new_password") != form.get("confirm"):
            errors["confirm"] = _("does not match the new password")
        else:
            try:
                account = auth.change_password(
                    unit_of_work(),
                    current_user.id,
                    form.get("current_password"),
                    form.get("new_password"),
                )
            except services.InvalidInput as exc:
                errors = exc.errors
            else:
                login_user(account)  # this session goes on; every other one has ended
                flash(_("Your password was changed."))
                return redirect(url_for("league.leagues"), 303)
    status = 422 if errors else 200
    return render_template("league/password.html", errors=errors), status


def invitation_url(token: str) -> str:
    return f"{links.base_url()}{url_for('league.invitation', token=token)}"


def invitation_said(invited: league.Invited) -> str:
    return _(
        "%(email)s is invited. Pass them this link (it is shown only now, and works once,"
        " for whoever opens it logged in): %(url)s",
        email=invited.email,
        url=invitation_url(invited.token),
    )


@bp.route("/account/invitations/<token>", methods=["GET", "POST"])
@login_required
def invitation(token: str):
    """A co-organizer invitation's one-time link: see what it is, then accept it."""
    if request.method == "POST":
        public_id = league.accept_invitation(unit_of_work(), current_user.id, token)
        flash(_("You are one of this league's organizers now."))
        return redirect(url_for("league.manage", public_id=public_id), 303)
    return render_template(
        "league/invitation.html", invitation=league.invitation(unit_of_work(), token)
    )
