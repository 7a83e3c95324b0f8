"""Mail on the league's blueprint: a member's one-tap unsubscribe (a page, and RFC 8058's
POST that mail apps send), an organizer's password reset by a one-time link, a
member's address for mail, and the night's results sent on the organizer's word.

Letters are composed by scorekeeper/league/mailing.py and handed to ``deliver``, which
sends them off the request (a thread of their own for now, with the mailer's retry
policy), so no page waits on the mail server. Mail is off without ``MAIL_HOST``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable

import click
from flask import Flask, current_app, flash, redirect, render_template, request, url_for
from flask.cli import with_appcontext
from flask_babel import gettext as _

from scorekeeper import mailer
from scorekeeper.extensions import csrf, limiter
from scorekeeper.league import mailing
from scorekeeper.mailer import Letter
from scorekeeper.models import utcnow
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.league.blueprint import bp, form_int, organizer_id
from scorekeeper.web.table.presenters import page_locale


def deliver(letters: Iterable[Letter]) -> threading.Thread | None:
    """Send ``letters`` in the background; the thread (tests wait on it), or None when
    mail is off or there is nothing to send."""
    settings = mailer.settings_from(current_app.config)
    letters = [letter for letter in letters if letter.to]
    if settings is None or not letters:
        return None
    logger = current_app.logger

    def send_all() -> None:
        for letter in letters:
            outcome = mailer.send_with_retries(settings, letter, pause=time.sleep)
            if not outcome.sent:
                logger.warning("mail to a member not sent: %s", outcome.error)

    thread = threading.Thread(target=send_all, name="mail", daemon=True)
    thread.start()
    return thread


def base() -> str:
    return links.base_url()


# --------------------------------------------------------------- unsubscribing


@bp.route("/leagues/mail/<row_id:member_id>/<token>", methods=["GET", "POST"])
@csrf.exempt  # RFC 8058: the mail app posts List-Unsubscribe=One-Click, with no cookie
def unsubscribe(member_id: int, token: str):
    if request.method == "POST":
        stopped = mailing.unsubscribe(unit_of_work(), member_id, token)
        if stopped is None:
            return render_template("league/unsubscribe.html", unknown=True), 404
        return render_template("league/unsubscribe.html", stopped=stopped)
    known = mailing.unsubscribe_token_matches(unit_of_work(), member_id, token)
    return render_template("league/unsubscribe.html", unknown=not known), (200 if known else 404)


# --------------------------------------------------------------- a password reset


@bp.route("/account/reset", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["RATELIMIT_LOGIN"], methods=["POST"])
def ask_reset():
    if request.method == "POST":
        letter = mailing.reset_letter(
            unit_of_work(), request.form.get("email"), base(), page_locale()
        )
        deliver([letter] if letter else [])
        # The same answer whether or not the address has an account.
        flash(_("If that address has an account, a link to set a new password is on its way."))
        return redirect(url_for("league.login"), 303)
    return render_template("league/reset.html", asking=True)


@bp.route("/account/reset/<row_id:organizer>/<row_id:expires>/<token>", methods=["GET", "POST"])
def reset(organizer: int, expires: int, token: str):
    token = f"{organizer}/{expires}/{token}"
    errors: dict[str, str] = {}
    if not mailing.reset_link_works(unit_of_work(), token):
        flash(_("This link has been used or has expired: ask for a new one."))
        return redirect(url_for("league.ask_reset"), 303)
    if request.method == "POST":
        if request.form.get("new_password") != request.form.get("confirm"):
            errors["confirm"] = _("does not match the new password")
        else:
            try:
                mailing.reset_password(unit_of_work(), token, request.form.get("new_password"))
            except InvalidInput as exc:
                errors = exc.errors
            else:
                flash(_("Your password was changed: log in with it."))
                return redirect(url_for("league.login"), 303)
    status = 422 if errors else 200
    return render_template("league/reset.html", asking=False, errors=errors), status


@bp.app_context_processor
def mail_context() -> dict:
    return {"mail_on": mail_on}


def mail_on() -> bool:
    return mailer.settings_from(current_app.config) is not None


# --------------------------------------------------------------- the organizer's


@bp.post("/leagues/<public_id>/member-mail")
def member_mail(public_id: str):
    mailing.set_member_mail(
        unit_of_work(),
        public_id,
        organizer_id(),
        form_int("member"),
        request.form.get("email"),
        request.form.get("language"),
    )
    flash(_("The member's address for mail is kept."))
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/mail-results")
def mail_results(public_id: str, night_id: int):
    letters = mailing.night_results(unit_of_work(), public_id, organizer_id(), night_id, base())
    deliver(letters)
    flash(_("The night's results are on their way to %(num)s members.", num=len(letters)))
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@click.command("send-reminders")
@with_appcontext
def send_reminders_command() -> None:
    """Remind members who have not answered for a night whose deadline is near (cron)."""
    letters = mailing.answer_reminders(unit_of_work(), utcnow(), base())
    thread = deliver(letters)
    if thread is not None:
        thread.join()
    click.echo(f"{len(letters)} reminders")


def init_app(app: Flask) -> None:
    app.cli.add_command(send_reminders_command)
