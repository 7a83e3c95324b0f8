"""An organizer's second factor: the authenticator app's codes (TOTP), recovery codes that
work once each, the login's two steps, and a league that requires a second factor.

Passkeys are logged in with in a real browser: tests/browser/test_passkey_login.py.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import select

from scorekeeper.league import log
from scorekeeper.league import second_factor as factors
from scorekeeper.league.models import RecoveryCode
from scorekeeper.models import utcnow
from scorekeeper.service_layer.errors import InvalidInput

from .support import login, make_league, make_organizer

EMAIL = "ołga.wiśniewska-łukasiewicz@przykład.example.org"


def code_at(secret: str, steps_on: int = 0) -> str:
    """The app's code ``steps_on`` 30-second steps from now."""
    return pyotp.TOTP(secret).at(utcnow() + timedelta(seconds=30 * steps_on))


def app_on(uow, organizer_id: int) -> str:
    secret = factors.new_totp_secret()
    factors.turn_on_totp(uow, organizer_id, secret, code_at(secret))
    return secret


def test_the_app_is_turned_on_only_with_a_code_it_made(uow):
    olga = make_organizer(uow)
    secret = factors.new_totp_secret()
    with pytest.raises(InvalidInput) as refused:
        factors.turn_on_totp(uow, olga, secret, "000000" if code_at(secret) != "000000" else "1")
    assert "code" in refused.value.errors
    assert not factors.status(uow, olga).totp
    factors.turn_on_totp(uow, olga, secret, code_at(secret))
    assert factors.status(uow, olga).totp
    uri = factors.totp_uri(secret, "olga@example.org")
    assert uri.startswith("otpauth://totp/") and f"secret={secret}" in uri


def test_a_code_works_once_and_a_neighbouring_step_is_allowed_for_a_slow_clock(uow):
    olga = make_organizer(uow)
    secret = app_on(uow, olga)
    # The code that turned the app on is used up.
    assert not factors.check_totp(uow, olga, code_at(secret))
    later = code_at(secret, 1)
    assert factors.check_totp(uow, olga, later.replace("", " ").strip())  # spaces typed
    assert not factors.check_totp(uow, olga, later)
    assert not factors.check_totp(uow, olga, code_at(secret, 5))


def test_recovery_codes_are_stored_hashed_and_each_works_once(uow, database):
    olga = make_organizer(uow)
    codes = factors.new_recovery_codes(uow, olga)
    assert len(codes) == len(set(codes)) == factors.RECOVERY_CODES
    assert all(re.fullmatch(r"[a-z2-9]{5}-[a-z2-9]{5}", code) for code in codes)
    with database.session_factory() as session:
        stored = session.scalars(select(RecoveryCode.code_hash)).all()
    assert not set(codes) & set(stored)
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in stored)
    # Read back off paper: capitals and spaces for the dash.
    assert factors.use_recovery_code(uow, olga, codes[0].upper().replace("-", " "))
    assert not factors.use_recovery_code(uow, olga, codes[0])
    assert factors.status(uow, olga).recovery_left == factors.RECOVERY_CODES - 1
    # Another organizer's code is not this one's.
    nia = make_organizer(uow, email="nia@example.org", name="Nia")
    assert not factors.use_recovery_code(uow, nia, codes[1])
    # New codes replace the old.
    factors.new_recovery_codes(uow, olga)
    assert not factors.use_recovery_code(uow, olga, codes[1])


def second_step(client, code: str):
    return client.post("/account/login/second", data={"code": code})


def test_the_password_alone_does_not_log_in_an_account_with_the_app_on(client, uow):
    olga = make_organizer(uow, email=EMAIL)
    secret = app_on(uow, olga)
    answer = login(client, EMAIL)
    assert answer.headers["Location"] == "/account/login/second"
    # Not logged in yet: the leagues ask for a login.
    assert client.get("/leagues/").status_code == 302
    assert (
        second_step(client, "123456" if code_at(secret, 1) != "123456" else "1").status_code == 401
    )
    assert client.get("/leagues/").status_code == 302
    answer = second_step(client, code_at(secret, 1))
    assert answer.status_code == 303 and answer.headers["Location"] == "/leagues/"
    assert client.get("/leagues/").status_code == 200


def test_a_recovery_code_logs_in_once(client, uow, app):
    olga = make_organizer(uow, email=EMAIL)
    app_on(uow, olga)
    codes = factors.new_recovery_codes(uow, olga)
    login(client, EMAIL)
    assert second_step(client, codes[3]).status_code == 303
    assert client.get("/leagues/").status_code == 200
    client.post("/account/logout")
    other = app.test_client()
    login(other, EMAIL)
    assert second_step(other, codes[3]).status_code == 401
    assert other.get("/leagues/").status_code == 302
    assert second_step(other, codes[4]).status_code == 303


def test_the_second_step_without_a_password_first_goes_back_to_the_login(client, uow):
    olga = make_organizer(uow, email=EMAIL)
    app_on(uow, olga)
    answer = client.post("/account/login/second", data={"code": "123456"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/account/login"


def test_the_security_page_turns_the_app_on_and_makes_codes_shown_once(client, uow):
    make_organizer(uow, email=EMAIL)
    login(client, EMAIL)
    page = client.post("/account/security/app").get_data(as_text=True)
    secret = re.search(r'id="totp-secret">([A-Z2-7]+)<', page).group(1)
    assert "<svg" in page
    refused = client.post("/account/security/app/on", data={"code": "12"})
    assert refused.status_code == 422 and secret in refused.get_data(as_text=True)
    answer = client.post("/account/security/app/on", data={"code": code_at(secret)})
    assert answer.status_code == 303
    page = client.get("/account/security").get_data(as_text=True)
    assert "You have no recovery codes" in page
    made = client.post("/account/security/recovery").get_data(as_text=True)
    codes = re.findall(r"<code>([a-z2-9]{5}-[a-z2-9]{5})</code>", made)
    assert len(codes) == factors.RECOVERY_CODES
    again = client.get("/account/security").get_data(as_text=True)
    assert not any(code in again for code in codes)
    assert "Unused recovery codes: 10." in again


def test_a_league_that_requires_a_second_factor_sends_an_organizer_without_one_to_set_it_up(
    client, uow
):
    olga = make_organizer(uow, email=EMAIL)
    public_id = make_league(uow, olga)
    login(client, EMAIL)
    answer = client.post(f"/leagues/{public_id}/second-factor", data={"required": "1"})
    assert answer.status_code == 303
    sent = client.get(f"/leagues/{public_id}")
    assert sent.status_code == 303 and sent.headers["Location"] == "/account/security"
    page = client.get("/account/security").get_data(as_text=True)
    assert "Thursday Club" in page
    secret = re.search(
        r'id="totp-secret">([A-Z2-7]+)<', client.post("/account/security/app").get_data(True)
    ).group(1)
    client.post("/account/security/app/on", data={"code": code_at(secret)})
    assert client.get(f"/leagues/{public_id}").status_code == 200
    changes = log.league_log(uow, public_id, olga)
    assert any(c.kind == "settings" and c.after == {"require_second_factor": True} for c in changes)
