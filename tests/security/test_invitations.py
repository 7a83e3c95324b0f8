"""Adding a co-organizer never tells which addresses have accounts (issue 16, finding 11),
and only the holder of the invitation's one-time link can take it up (issue 23, item 4).

Every address added is stored as an invitation, shown the same way on the league's
page; the inviting organizer is shown a link to pass on.
"""

from __future__ import annotations

import re

from sqlalchemy import select

from scorekeeper.league import services as league
from scorekeeper.league.models import OrganizerInvitation
from tests.league.support import PASSWORD, login, make_league, make_organizer
from tests.web.support import text

KNOWN = "kim.ødegård@example.org"
UNKNOWN = "nobody.here@example.org"
LINK = re.compile(r"https?://[^/\s]+(/account/invitations/[A-Za-z0-9_-]+)")


def invite(client, lid: str, email: str):
    return client.post(f"/leagues/{lid}/organizers", data={"email": email})


def invitation_link(client, lid: str, email: str) -> str:
    """The path of the one-time link the league's page shows after inviting ``email``."""
    page = text(client.get(invite(client, lid, email).headers["Location"]))
    return LINK.search(page).group(1)


def signup(client, email: str):
    form = {"email": email, "name": "Nia", "password": PASSWORD, "confirm": PASSWORD}
    return client.post("/account/signup", data=form)


def answer(client, lid: str, email: str) -> tuple:
    """The answer to adding ``email`` and the page it leads to, address and link blanked."""
    added = invite(client, lid, email)
    page = client.get(added.headers["Location"])
    shown = re.sub(r'(name="csrf_token" value=")[^"]*', r"\1", text(page))
    shown = re.sub(r"/invitations/\d+/", "/invitations/N/", shown.replace(email, "EMAIL"))
    shown = re.sub(r"/account/invitations/[A-Za-z0-9_-]+", "/account/invitations/T", shown)
    return added.status_code, added.headers["Location"], page.status_code, shown


def test_adding_a_known_or_an_unknown_address_answers_the_same(client, uow):
    olga = make_organizer(uow)
    make_organizer(uow, email=KNOWN, name="Kim")
    lid = make_league(uow, olga)
    login(client)

    known = answer(client, lid, KNOWN)
    (invitation,) = league.league_view(uow, lid, olga).invitations
    league.withdraw_invitation(uow, lid, olga, invitation.id)
    unknown = answer(client, lid, UNKNOWN)

    assert known == unknown
    assert known[:3] == (303, f"/leagues/{lid}#organizers", 200)
    assert "EMAIL is invited" in known[3] and "/account/invitations/T" in known[3]
    # Neither has rights yet: Kim has not opened the link.
    assert [o.email for o in league.league_view(uow, lid, olga).organizers] == ["org@example.org"]


def test_signing_up_or_logging_in_with_the_address_gives_no_rights(app, client, uow):
    """The audit's case: a stranger who signs up first with the invited address."""
    olga = make_organizer(uow)
    make_organizer(uow, email=KNOWN, name="Kim")
    lid = make_league(uow, olga)
    login(client)
    invite(client, lid, UNKNOWN)
    invite(client, lid, KNOWN)

    stranger = app.test_client()
    assert signup(stranger, UNKNOWN).status_code == 303
    assert login(stranger, UNKNOWN).status_code == 303
    assert stranger.get("/leagues/").status_code == 200
    assert stranger.get(f"/leagues/{lid}").status_code == 403
    assert stranger.get(f"/leagues/{lid}/export.json").status_code == 403
    kims_phone = app.test_client()
    assert login(kims_phone, KNOWN).status_code == 303
    kims_phone.get("/leagues/")
    assert kims_phone.get(f"/leagues/{lid}").status_code == 403
    assert [o.email for o in league.league_view(uow, lid, olga).organizers] == ["org@example.org"]


def test_the_links_holder_accepts_it_once_and_becomes_a_co_organizer(app, client, uow):
    olga = make_organizer(uow)
    make_organizer(uow, email=KNOWN, name="Kim")
    lid = make_league(uow, olga)
    login(client)
    link = invitation_link(client, lid, KNOWN.upper())

    kims_phone = app.test_client()
    # Logged out, the link leads to the login, and back.
    sent = kims_phone.get(link)
    assert sent.status_code == 302 and "/account/login" in sent.headers["Location"]
    assert login(kims_phone, KNOWN).status_code == 303
    shown = kims_phone.get(link)
    assert shown.status_code == 200 and "Thursday Club" in text(shown)
    assert kims_phone.get(f"/leagues/{lid}").status_code == 403  # not before accepting
    accepted = kims_phone.post(link)
    assert (accepted.status_code, accepted.headers["Location"]) == (303, f"/leagues/{lid}")
    assert kims_phone.get(f"/leagues/{lid}").status_code == 200
    view = league.league_view(uow, lid, olga)
    assert [(o.email, o.role) for o in view.organizers] == [
        ("org@example.org", "owner"),
        (KNOWN, "co"),
    ]
    assert view.invitations == ()
    # Used up: nobody else can take it up again.
    other = app.test_client()
    signup(other, UNKNOWN)
    login(other, UNKNOWN)
    assert other.post(link).status_code == 404
    assert other.get(f"/leagues/{lid}").status_code == 403


def test_a_new_account_accepts_with_the_link_and_the_token_is_stored_hashed(
    app, client, uow, database
):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    link = invitation_link(client, lid, UNKNOWN)
    token = link.rsplit("/", 1)[1]
    with database.session_factory() as session:
        (stored,) = session.scalars(select(OrganizerInvitation)).all()
        assert token not in (stored.token_hash or "") and len(stored.token_hash) == 64

    new_phone = app.test_client()
    assert signup(new_phone, "another.address@example.org").status_code == 303
    assert login(new_phone, "another.address@example.org").status_code == 303
    assert new_phone.post(link).status_code == 303
    assert new_phone.get(f"/leagues/{lid}").status_code == 200


def test_inviting_again_replaces_the_link(app, client, uow):
    olga = make_organizer(uow)
    make_organizer(uow, email=KNOWN, name="Kim")
    lid = make_league(uow, olga)
    login(client)
    first = invitation_link(client, lid, KNOWN)
    second = invitation_link(client, lid, KNOWN)
    assert first != second
    kims_phone = app.test_client()
    login(kims_phone, KNOWN)
    assert kims_phone.post(first).status_code == 404
    assert kims_phone.post(second).status_code == 303


def test_a_withdrawn_invitation_gives_no_rights(app, client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    link = invitation_link(client, lid, UNKNOWN)
    page = text(client.get(f"/leagues/{lid}"))
    withdraw = re.search(r'action="(/leagues/[^"]+/invitations/\d+/withdraw)"', page)

    withdrawn = client.post(withdraw.group(1))
    assert (withdrawn.status_code, withdrawn.headers["Location"]) == (
        303,
        f"/leagues/{lid}#organizers",
    )
    assert UNKNOWN not in text(client.get(f"/leagues/{lid}"))
    assert client.post(withdraw.group(1)).status_code == 404  # already gone
    new_phone = app.test_client()
    signup(new_phone, UNKNOWN)
    login(new_phone, UNKNOWN)
    assert new_phone.post(link).status_code == 404
    assert new_phone.get(f"/leagues/{lid}").status_code == 403


def test_another_leagues_organizer_cannot_withdraw_an_invitation(app, client, uow):
    olga = make_organizer(uow)
    make_organizer(uow, email="mo@example.org", name="Mo")
    lid = make_league(uow, olga)
    league.add_organizer(uow, lid, olga, UNKNOWN)
    (invitation,) = league.league_view(uow, lid, olga).invitations
    login(client, "mo@example.org")

    answered = client.post(f"/leagues/{lid}/invitations/{invitation.id}/withdraw")
    assert answered.status_code == 403
    assert league.league_view(uow, lid, olga).invitations == (invitation,)


def test_a_mistyped_address_is_refused_beside_the_field_and_kept(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    refused = invite(client, lid, "kim at example.org")
    assert refused.status_code == 422
    page = text(refused)
    assert "must be an email address" in page
    assert 'value="kim at example.org"' in page
    assert league.league_view(uow, lid, olga).invitations == ()


def test_inviting_twice_or_inviting_an_organizer_stores_nothing_more(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    invite(client, lid, UNKNOWN)
    invite(client, lid, f"  {UNKNOWN.upper()} ")
    invite(client, lid, "org@example.org")
    assert [i.email for i in league.league_view(uow, lid, olga).invitations] == [UNKNOWN]
