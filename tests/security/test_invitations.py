"""Adding a co-organizer never tells which addresses have accounts (issue 16, finding 11).

Every address added is stored as an invitation, shown the same way on the league's
page; it becomes co-organizer rights when that address logs in or signs up.
"""

from __future__ import annotations

import re

from scorekeeper.league import services as league
from tests.league.support import PASSWORD, login, make_league, make_organizer
from tests.web.support import text

KNOWN = "kim.ødegård@example.org"
UNKNOWN = "nobody.here@example.org"


def invite(client, lid: str, email: str):
    return client.post(f"/leagues/{lid}/organizers", data={"email": email})


def signup(client, email: str):
    form = {"email": email, "name": "Nia", "password": PASSWORD, "confirm": PASSWORD}
    return client.post("/account/signup", data=form)


def answer(client, lid: str, email: str) -> tuple:
    """The answer to adding ``email`` and the page it leads to, with the address blanked."""
    added = invite(client, lid, email)
    page = client.get(added.headers["Location"])
    shown = re.sub(r'(name="csrf_token" value=")[^"]*', r"\1", text(page))
    shown = re.sub(r"/invitations/\d+/", "/invitations/N/", shown.replace(email, "EMAIL"))
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
    assert "EMAIL is invited" in known[3]
    # Neither has rights yet: Kim has not logged in since.
    assert [o.email for o in league.league_view(uow, lid, olga).organizers] == ["org@example.org"]


def test_a_known_address_becomes_a_co_organizer_at_its_next_login(app, client, uow):
    olga = make_organizer(uow)
    make_organizer(uow, email=KNOWN, name="Kim")
    lid = make_league(uow, olga)
    login(client)
    invite(client, lid, KNOWN.upper())

    kims_phone = app.test_client()
    assert login(kims_phone, KNOWN).status_code == 303
    assert kims_phone.get(f"/leagues/{lid}").status_code == 200
    view = league.league_view(uow, lid, olga)
    assert [(o.email, o.role) for o in view.organizers] == [
        ("org@example.org", "owner"),
        (KNOWN, "co"),
    ]
    assert view.invitations == ()


def test_a_logged_in_account_takes_its_invitation_up_on_its_leagues_page(app, client, uow):
    olga = make_organizer(uow)
    make_organizer(uow, email=KNOWN, name="Kim")
    lid = make_league(uow, olga)
    kims_phone = app.test_client()
    login(kims_phone, KNOWN)
    assert kims_phone.get(f"/leagues/{lid}").status_code == 403
    login(client)
    invite(client, lid, KNOWN)

    assert "Thursday Club" in text(kims_phone.get("/leagues/"))
    assert kims_phone.get(f"/leagues/{lid}").status_code == 200


def test_an_invitation_becomes_rights_when_the_address_signs_up(app, client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    invite(client, lid, UNKNOWN)
    assert [i.email for i in league.league_view(uow, lid, olga).invitations] == [UNKNOWN]

    new_phone = app.test_client()
    assert signup(new_phone, UNKNOWN).status_code == 303
    assert login(new_phone, UNKNOWN).status_code == 303
    assert new_phone.get(f"/leagues/{lid}").status_code == 200
    view = league.league_view(uow, lid, olga)
    assert [(o.email, o.role) for o in view.organizers][1:] == [(UNKNOWN, "co")]
    assert view.invitations == ()


def test_a_withdrawn_invitation_gives_no_rights(app, client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    invite(client, lid, UNKNOWN)
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
