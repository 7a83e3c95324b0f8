"""An organizer's second factor on the league's blueprint: the login's second step (a
passkey, the authenticator app's code or a recovery code), the security page that turns
them on and off, and the league setting that every organizer use one.

A password alone logs in no account that has a second factor: it only opens the second
step, for a few minutes, kept in the signed session (``SECOND_STEP``). The uses are the
league's: scorekeeper/league/second_factor.py and scorekeeper/league/passkeys.py.
"""

from __future__ import annotations

import base64
import time
from typing import Any

from flask import (
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user

from scorekeeper.extensions import limiter
from scorekeeper.league import auth, passkeys
from scorekeeper.league import second_factor as factors
from scorekeeper.league.auth import Account
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.league.blueprint import bp, organizer_id
from scorekeeper.web.table.share import qr_svg

# The password's half of a login waiting for its second step: {id, generation, at, next}.
SECOND_STEP = "second_step"
# How long the second step may wait after the password.
SECOND_STEP_SECONDS = 300
# A challenge handed to the browser, kept until its answer comes back (used once).
CHALLENGE = "passkey_challenge"
# The authenticator app's secret shown as a QR code, until a code from it is typed back.
NEW_SECRET = "totp_secret"
# What an organizer who must set up a second factor may still open.
SETUP_ENDPOINTS = frozenset(
    {
        "league.security",
        "league.totp_begin",
        "league.totp_on",
        "league.passkey_options",
        "league.passkey_add",
        "league.recovery_codes",
        "league.logout",
    }
)


def site() -> passkeys.Site:
    rp_id = current_app.config.get("WEBAUTHN_RP_ID") or request.host.rsplit(":", 1)[0]
    return passkeys.Site(rp_id=rp_id, origin=f"{request.scheme}://{request.host}")


def keep_challenge(options: passkeys.Options) -> Any:
    session[CHALLENGE] = base64.urlsafe_b64encode(options.challenge).decode()
    return current_app.response_class(options.json, mimetype="application/json")


def take_challenge() -> bytes:
    kept = session.pop(CHALLENGE, None)
    if not isinstance(kept, str):
        abort(400)
    return base64.urlsafe_b64decode(kept)


# --------------------------------------------------------------- the login's second step


def start_second_step(account: Account, next_url: str) -> Any:
    """After the right password: ask for the second factor (the account is not logged in)."""
    session[SECOND_STEP] = {
        "id": account.id,
        "generation": account.generation,
        "at": int(time.time()),
        "next": next_url,
    }
    return redirect(url_for("league.second_step"), 303)


def waiting() -> dict[str, Any] | None:
    pending = session.get(SECOND_STEP)
    if not isinstance(pending, dict) or not isinstance(pending.get("at"), int):
        return None
    if time.time() - pending["at"] > SECOND_STEP_SECONDS:
        session.pop(SECOND_STEP, None)
        return None
    return pending


def finish_login(pending: dict[str, Any]) -> str | None:
    """Log in the waiting account; where to go next, or None when it is gone since."""
    session.pop(SECOND_STEP, None)
    account = auth.session_account(unit_of_work(), pending["id"], pending["generation"])
    if account is None:
        return None
    login_user(account)
    return pending["next"]


def second_step_key() -> str:
    pending = session.get(SECOND_STEP)
    return f"second step {pending.get('id') if isinstance(pending, dict) else request.remote_addr}"


def second_step_failed(response) -> bool:
    return response.status_code == 401


@bp.route("/account/login/second", methods=["GET", "POST"])
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN"],
    methods=["POST"],
    key_func=second_step_key,
    deduct_when=second_step_failed,
)
def second_step():
    pending = waiting()
    if pending is None:
        flash(_("Log in again: the second step waited too long."))
        return redirect(url_for("league.login"), 303)
    failed = False
    if request.method == "POST":
        if factors.check_code(unit_of_work(), pending["id"], request.form.get("code")):
            next_url = finish_login(pending)
            if next_url is not None:
                return redirect(next_url, 303)
            return redirect(url_for("league.login"), 303)
        failed = True
    has_passkey = bool(factors.status(unit_of_work(), pending["id"]).passkeys)
    return render_template("league/second_step.html", failed=failed, has_passkey=has_passkey), (
        401 if failed else 200
    )


@bp.post("/account/login/passkey/options")
def passkey_login_options():
    pending = waiting()
    if pending is None:
        abort(401)
    return keep_challenge(passkeys.authentication_options(unit_of_work(), pending["id"], site()))


@bp.post("/account/login/passkey")
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN"],
    key_func=second_step_key,
    deduct_when=second_step_failed,
)
def passkey_login():
    pending = waiting()
    if pending is None:
        return jsonify(error=_("Log in again: the second step waited too long.")), 401
    challenge = take_challenge()
    if not passkeys.authenticate(
        unit_of_work(), pending["id"], request.get_json(silent=True), challenge, site()
    ):
        return jsonify(error=_("That passkey was not accepted.")), 401
    next_url = finish_login(pending)
    if next_url is None:
        return jsonify(error=_("Log in again: the second step waited too long.")), 401
    return jsonify(next=next_url)


# --------------------------------------------------------------- the security page


@bp.before_request
def send_to_set_up() -> Any:
    """An organizer of a league that requires a second factor, without one, sets it up first."""
    if (
        current_user.is_authenticated
        and request.endpoint not in SETUP_ENDPOINTS
        and factors.needs_second_factor(unit_of_work(), current_user.id)
    ):
        flash(
            _("A league of yours asks every organizer to log in with a second factor: set one up.")
        )
        return redirect(url_for("league.security"), 303)
    return None


def security_page(**shown: Any) -> str:
    return render_template(
        "league/security.html", factors=factors.status(unit_of_work(), current_user.id), **shown
    )


@bp.get("/account/security")
@login_required
def security():
    return security_page()


@bp.post("/account/security/app")
@login_required
def totp_begin():
    secret = factors.new_totp_secret()
    session[NEW_SECRET] = secret
    return security_page(new_secret=secret, qr=qr_svg(qr_uri(secret)))


def qr_uri(secret: str) -> str:
    return factors.totp_uri(secret, current_user.email)


@bp.post("/account/security/app/on")
@login_required
def totp_on():
    secret = session.get(NEW_SECRET)
    try:
        factors.turn_on_totp(unit_of_work(), current_user.id, secret, request.form.get("code"))
    except InvalidInput as exc:
        # Shown again with the same QR code: the app already holds this secret.
        shown = {"new_secret": secret, "qr": qr_svg(qr_uri(secret))} if secret else {}
        return security_page(errors=exc.errors, **shown), 422
    session.pop(NEW_SECRET, None)
    flash(_("The authenticator app is on: the login asks for its code after the password."))
    return redirect(url_for("league.security"), 303)


@bp.post("/account/security/app/off")
@login_required
def totp_off():
    factors.turn_off_totp(unit_of_work(), current_user.id)
    flash(_("The authenticator app is off."))
    return redirect(url_for("league.security"), 303)


@bp.post("/account/security/passkeys/options")
@login_required
def passkey_options():
    return keep_challenge(passkeys.registration_options(unit_of_work(), current_user.id, site()))


@bp.post("/account/security/passkeys")
@login_required
def passkey_add():
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400)
    challenge = take_challenge()
    passkeys.register(
        unit_of_work(), current_user.id, body.get("credential"), challenge, site(), body.get("name")
    )
    flash(_("The passkey was added: the login asks for it after the password."))
    return jsonify(next=url_for("league.security"))


@bp.post("/account/security/passkeys/<row_id:passkey_id>/remove")
@login_required
def passkey_remove(passkey_id: int):
    passkeys.remove(unit_of_work(), current_user.id, passkey_id)
    flash(_("The passkey was removed."))
    return redirect(url_for("league.security"), 303)


@bp.post("/account/security/recovery")
@login_required
def recovery_codes():
    codes = factors.new_recovery_codes(unit_of_work(), current_user.id)
    return security_page(codes=codes)


# --------------------------------------------------------------- the league's setting


@bp.post("/leagues/<public_id>/second-factor")
def second_factor_required(public_id: str):
    on = request.form.get("required") == "1"
    factors.set_required(unit_of_work(), public_id, organizer_id(), on)
    flash(
        _("Every organizer of this league now logs in with a second factor.")
        if on
        else _("Organizers of this league may log in with a password alone.")
    )
    return redirect(url_for("league.manage", public_id=public_id) + "#security", 303)


def login_next(account: Account, next_url: str) -> Any:
    """The password was right: log in, or first ask for the account's second factor."""
    if factors.logs_in_with_second_factor(unit_of_work(), account.id):
        return start_second_step(account, next_url)
    login_user(account)
    return redirect(next_url, 303)
