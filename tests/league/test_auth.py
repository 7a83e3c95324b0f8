"""Organizer accounts: sign up, log in and out, change password, the CLI, the login limit."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.league import auth
from scorekeeper.league.models import Organizer
from scorekeeper.service_layer.errors import InvalidInput

from .support import PASSWORD, login, make_organizer


def stored(database, email="org@example.org") -> Organizer | None:
    with database.session_factory() as session:
        return session.scalar(select(Organizer).where(Organizer.email == email))


def test_passwords_are_stored_as_scrypt_hashes(uow, database):
    make_organizer(uow, email="  Org@Example.org ")
    organizer = stored(database)
    assert organizer.password_hash.startswith("scrypt:")
    assert PASSWORD not in organizer.password_hash


def test_a_short_password_or_a_bad_email_is_refused_and_nothing_is_stored(uow, database):
    with pytest.raises(InvalidInput) as refused:
        auth.create_organizer(uow, email="not an email", name="", password="short")
    assert set(refused.value.errors) == {"email", "name", "password"}
    assert stored(database, "not an email") is None


def test_an_email_address_has_one_account(uow):
    make_organizer(uow)
    with pytest.raises(InvalidInput, match="already"):
        make_organizer(uow, email="ORG@example.org")


def test_signing_up_makes_an_account_to_log_in_with(client, database):
    response = client.post(
        "/account/signup",
        data={
            "email": "new@example.org",
            "name": "Nia",
            "password": PASSWORD,
            "confirm": PASSWORD,
        },
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/account/login"
    assert login(client, "new@example.org").status_code == 303
    assert client.get("/leagues/").status_code == 200
    assert stored(database, "new@example.org").name == "Nia"


def test_a_signup_with_mismatched_passwords_is_shown_again(client, database):
    response = client.post(
        "/account/signup",
        data={"email": "new@example.org", "name": "Nia", "password": PASSWORD, "confirm": "x"},
    )
    assert response.status_code == 422
    assert b"does not match" in response.data
    assert stored(database, "new@example.org") is None


def test_logging_in_and_out(client, uow):
    make_organizer(uow)
    assert client.get("/leagues/").status_code == 302
    assert login(client).status_code == 303
    assert client.get("/leagues/").status_code == 200
    assert client.post("/account/logout").status_code == 303
    assert client.get("/leagues/").status_code == 302


def test_a_wrong_password_is_refused_without_saying_which_part_was_wrong(client, uow):
    make_organizer(uow)
    wrong = login(client, password="wrong password")
    unknown = login(client, email="nobody@example.org")
    assert wrong.status_code == unknown.status_code == 401
    assert b"do not match" in wrong.data and b"do not match" in unknown.data
    assert client.get("/leagues/").status_code == 302


def test_login_only_redirects_within_the_site(client, uow):
    make_organizer(uow)
    data = {"email": "org@example.org", "password": PASSWORD}
    away = client.post("/account/login?next=//evil.example/x", data=data)
    assert away.headers["Location"] == "/leagues/"
    inside = client.post("/account/login?next=/leagues/new", data=data)
    assert inside.headers["Location"] == "/leagues/new"


def test_changing_the_password_needs_the_current_one(client, uow, database):
    make_organizer(uow)
    login(client)
    new = "a much better passphrase"
    refused = client.post(
        "/account/password",
        data={"current_password": "wrong", "new_password": new, "confirm": new},
    )
    assert refused.status_code == 422
    changed = client.post(
        "/account/password",
        data={"current_password": PASSWORD, "new_password": new, "confirm": new},
    )
    assert changed.status_code == 303
    client.post("/account/logout")
    assert login(client).status_code == 401
    assert login(client, password=new).status_code == 303


def test_the_create_organizer_command_makes_the_first_account(runner, database):
    result = runner.invoke(
        args=["create-organizer", "--email", "first@example.org", "--name", "First"],
        input=f"{PASSWORD}\n{PASSWORD}\n",
    )
    assert result.exit_code == 0, result.output
    assert "Created organizer first@example.org" in result.output
    assert stored(database, "first@example.org").password_hash.startswith("scrypt:")


def test_the_create_organizer_command_explains_a_refusal(runner):
    result = runner.invoke(
        args=["create-organizer", "--email", "x", "--name", "X", "--password", "short"]
    )
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Error: not created: email must be an email address; password must be 12 to 200 characters"
    ]


def test_the_create_organizer_command_says_once_that_an_email_is_taken(runner, database):
    command = ["create-organizer", "--email", "first@example.org", "--name", "First"]
    assert runner.invoke(args=[*command, "--password", PASSWORD]).exit_code == 0

    again = runner.invoke(args=[*command, "--password", PASSWORD])

    assert again.exit_code == 1
    assert again.output.splitlines() == ["Error: not created: email has an account already"]


class TestTheLoginLimit:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_LOGIN": "3 per minute"}

    def test_repeated_login_attempts_are_limited(self, client, uow):
        make_organizer(uow)
        answers = [login(client, password="guess number x").status_code for _ in range(4)]
        assert answers == [401, 401, 401, 429]
        # Reading the login page is not limited.
        assert client.get("/account/login").status_code == 200

    def test_guesses_at_one_account_do_not_refuse_anothers_right_password(self, client, uow):
        """A club behind one NAT: the limit counts an address and an account together."""
        make_organizer(uow)
        make_organizer(uow, email="guessed@example.org", name="Gil")
        wrong = [login(client, "guessed@example.org", "guess number x") for _ in range(4)]
        assert [answer.status_code for answer in wrong] == [401, 401, 401, 429]
        assert login(client).status_code == 303  # the owner, from the same address
        assert login(client, "nobody@example.org", "guess number x").status_code == 401

    def test_right_passwords_do_not_use_up_the_limit(self, client, uow):
        make_organizer(uow)
        for _ in range(4):
            assert login(client).status_code == 303
            client.post("/account/logout")
        assert login(client, password="guess number x").status_code == 401
