"""An organizer adds a passkey in Chromium (its virtual authenticator, over the DevTools
protocol, stands in for a phone's) and logs in with the password then the passkey; a
passkey that is not the organizer's own does not log in."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_no_violations
from tests.browser.support import submit
from tests.league.support import PASSWORD, make_league, make_organizer

pytestmark = pytest.mark.browser

# ASCII before the @: a browser's email field refuses any other.
EMAIL = "olga.wisniewska-lukasiewicz@example.org"
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


def phone_with_authenticator(new_phone, live_server: str):
    """A phone on ``localhost`` (a passkey's relying party is a host name, never an
    address) with an authenticator of its own; the page and the DevTools session."""
    page = new_phone()
    page.goto(live_server.replace("127.0.0.1", "localhost") + "/")
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return page, cdp, authenticator["authenticatorId"]


def on_localhost(page, path: str) -> None:
    page.goto(re.sub(r"(//[^/]+)/.*", r"\1", page.url) + path)


def password_step(page) -> None:
    on_localhost(page, "/account/login")
    page.fill("input[name=email]", EMAIL)
    page.fill("input[name=password]", PASSWORD)
    submit(page, "Log in")


def test_a_passkey_is_added_and_logs_in_after_the_password(new_phone, live_server, uow):
    olga = make_organizer(uow, email=EMAIL, name="Ołga Wiśniewska-Łukasiewicz")
    make_league(uow, olga, name="Czwartkowy Klub Remika Żółć")
    page, cdp, authenticator = phone_with_authenticator(new_phone, live_server)
    password_step(page)
    expect(page).to_have_url(re.compile(r"/leagues/$"))
    on_localhost(page, "/account/security")
    page.fill("#passkey-add input[name=name]", "Telefon Ołgi")
    with page.expect_navigation(url=re.compile(r"/account/security$")):
        page.get_by_role("button", name="Add a passkey").click()
    expect(page.locator("#passkeys li")).to_have_text(re.compile("Telefon Ołgi"))
    assert (
        len(cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"])
        == 1
    )
    assert_no_violations(page)
    submit(page, "Log out")

    password_step(page)
    expect(page).to_have_url(re.compile(r"/account/login/second$"))
    # The password alone opened no page of the organizer's.
    assert (
        "/account/login"
        in page.request.get(page.url.replace("/account/login/second", "/leagues/")).url
    )
    with page.expect_navigation(url=re.compile(r"/leagues/$")):
        page.get_by_role("button", name="Log in with your passkey").click()
    expect(page.get_by_text("Czwartkowy Klub Remika Żółć")).to_be_visible()
    counts = [
        c["signCount"]
        for c in cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})[
            "credentials"
        ]
    ]
    assert counts and counts[0] >= 1


def test_another_authenticators_passkey_does_not_log_in(new_phone, live_server, uow):
    olga = make_organizer(uow, email=EMAIL)
    make_league(uow, olga)
    page, cdp, authenticator = phone_with_authenticator(new_phone, live_server)
    password_step(page)
    on_localhost(page, "/account/security")
    page.fill("#passkey-add input[name=name]", "Telefon")
    with page.expect_navigation(url=re.compile(r"/account/security$")):
        page.get_by_role("button", name="Add a passkey").click()
    submit(page, "Log out")
    # The phone's authenticator is swapped for one that never registered here.
    cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": authenticator})
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    password_step(page)
    page.get_by_role("button", name="Log in with your passkey").click()
    expect(page.locator("#passkey-error")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/account/login/second$"))
