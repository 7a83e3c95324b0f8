"""Every organizer-only route refuses a logged-out visitor and another league's organizer.

The route lists (tests/league/routes.py, and below) are checked against the app's URL
map, so a new league route cannot be added without saying who may use it.
"""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from tests.conftest import SECRET_KEY
from tests.databases import seeded_setting
from tests.tiers import alternated

from .routes import ORGANIZER_ONLY, as_listed, attempt, fill, snapshot
from .support import NAMES, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start

PUBLISHED_ONLY = [
    "/leagues/{lid}/public",
    "/leagues/{lid}/schedule.ics",
    "/leagues/{lid}/standings",
    "/leagues/{lid}/standings.pdf",
    "/leagues/{lid}/standings.csv",
    "/leagues/{lid}/players/{mid}",
]
ANY_ORGANIZER = [
    ("GET", "/leagues/"),
    ("GET", "/leagues/new"),
    ("POST", "/leagues/new"),
    ("GET", "/leagues/import"),
    ("POST", "/leagues/import"),
    # An import being stored: only the session that sent it may see it (404 otherwise).
    ("GET", "/leagues/import/some-import-job"),
    ("GET", "/account/password"),
    ("POST", "/account/password"),
    ("GET", "/account/invitations/some-invitation-token"),
    ("POST", "/account/invitations/some-invitation-token"),
    ("GET", "/account/security"),
    ("POST", "/account/security/app"),
    ("POST", "/account/security/app/on"),
    ("POST", "/account/security/app/off"),
    ("POST", "/account/security/passkeys/options"),
    ("POST", "/account/security/passkeys"),
    ("POST", "/account/security/passkeys/1/remove"),
    ("POST", "/account/security/recovery"),
]
OPEN = {
    "/account/signup",
    "/account/login",
    "/account/logout",
    # The login's second step: the password's half of the login, in the session, is the key.
    "/account/login/second",
    "/account/login/passkey/options",
    "/account/login/passkey",
    # A password reset: asking for one tells nothing; the mailed link is the key.
    "/account/reset",
    "/account/reset/1/2/some-invitation-token",
    # A member's unsubscribe link is the key (tests/league/test_mail.py).
    "/leagues/mail/{mid}/some-invitation-token",
    "/leagues/games/<game_id>.json",
    "/leagues/games/<game_id>.csv",
    # A member's answer page: their personal link is the key (tests/league/test_answers.py).
    "/leagues/answers/some-invitation-token",
    "/leagues/answers/some-invitation-token/1",
    "/leagues/answers/some-invitation-token/nights.ics",
    "/leagues/answers/some-invitation-token/1/bye",
    # The venue screen: its derived link is the key (tests/league/test_screen.py).
    "/leagues/{lid}/nights/{nid}/screen/some-invitation-token",
    "/leagues/{lid}/nights/{nid}/screen/some-invitation-token/board",
    "/leagues/{lid}/nights/{nid}/screen/some-invitation-token/events",
    # The night page's stream: its signed pass is the key (tests/league/test_night_stream_pass.py).
    "/leagues/{lid}/nights/{nid}/events",
    # A table's confirm link is the key (tests/league/test_confirm.py).
    "/leagues/{lid}/nights/{nid}/tables/1/confirm/some-invitation-token",
    # A closed season's certificate: read as the standings are (published, or organizers
    # only), once its season closed (tests/league/test_director_pages.py).
    "/leagues/{lid}/seasons/2026/certificates/most_wins/{mid}.pdf",
}


def olgas_and_mos_leagues(uow) -> dict:
    """Olga's league with a played night, and Mo, who runs another league."""
    olga = make_organizer(uow)
    mo = make_organizer(uow, email="other@example.org", name="Mo")
    lid = make_league(uow, olga)
    make_league(uow, mo, name="Mo's club")
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    play_out(uow, night.tables[0])
    invited = league.add_organizer(uow, lid, olga, "other@example.org")
    league.accept_invitation(uow, mo, invited.token)  # Mo takes the invitation up, then is removed
    league.remove_organizer(uow, lid, olga, mo)
    league.add_organizer(uow, lid, olga, "invited@example.org")
    (invitation,) = league.league_view(uow, lid, olga).invitations
    _, night = league.night_view(uow, lid, olga, night.id)  # Mo's removal made new links
    return {
        "iid": invitation.id,
        "lid": lid,
        "nid": night.id,
        "mid": ids["Ann"],
        "mid2": ids["Bob"],
        "oid": olga,
        "olga": olga,
        "tokens": [t.edit_token for t in night.tables],
        "night": night,
    }


# Stored once a module on SQLite (storing them took 0.15 s a test, for over a hundred tests).
seeded, database_url, setting = seeded_setting(olgas_and_mos_leagues, SECRET_KEY)


def test_the_route_lists_cover_every_league_route(app):
    listed = {path for _, path, _ in ORGANIZER_ONLY} | set(PUBLISHED_ONLY)
    listed |= {path for _, path in ANY_ORGANIZER} | OPEN
    other = {
        "<token>": "some-invitation-token",
        "<path:season>": "2026",
        "<kind>": "most_wins",
        "<job_id>": "some-import-job",
    }
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("league."):
            continue
        path = rule.rule
        for old, new in other.items():
            path = path.replace(old, new)
        assert as_listed(path) & listed, f"{rule.rule} is not classified in tests/league/routes.py"


# A quick run refuses each organizer-only route once, to one of the two visitors; the
# slow tier to both (tests/tiers.py).
@pytest.mark.parametrize(("method", "path", "form"), alternated(ORGANIZER_ONLY, turn=0))
def test_a_logged_out_visitor_is_sent_to_log_in_and_changes_nothing(
    client, uow, database, setting, method, path, form
):
    before = snapshot(uow, database, setting)
    response = attempt(client, method, path, form, setting)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login")
    assert snapshot(uow, database, setting) == before


@pytest.mark.parametrize(("method", "path", "form"), alternated(ORGANIZER_ONLY, turn=1))
def test_another_leagues_organizer_is_refused_and_changes_nothing(
    client, uow, database, setting, method, path, form
):
    login(client, email="other@example.org")
    before = snapshot(uow, database, setting)
    response = attempt(client, method, path, form, setting)
    assert response.status_code == 403
    assert snapshot(uow, database, setting) == before
    assert not any(token.encode() in response.data for token in setting["tokens"])


@pytest.mark.parametrize(("method", "path"), ANY_ORGANIZER)
def test_account_pages_need_a_login(client, setting, method, path):
    response = client.open(path, method=method, data={})
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login")


@pytest.mark.parametrize("path", PUBLISHED_ONLY)
def test_unpublished_standings_are_not_found_by_anyone_but_the_organizers(
    client, uow, setting, path
):
    assert client.get(fill(path, setting)).status_code == 404
    login(client, email="other@example.org")
    assert client.get(fill(path, setting)).status_code == 404
    client.post("/account/logout")
    login(client)
    assert client.get(fill(path, setting)).status_code == 200


@pytest.mark.parametrize("path", PUBLISHED_ONLY)
def test_published_standings_are_public_and_carry_no_edit_link(client, uow, setting, path):
    league.set_published(uow, setting["lid"], setting["olga"], True)
    response = client.get(fill(path, setting))
    assert response.status_code == 200
    assert b"/edit/" not in response.data
    assert not any(token.encode() in response.data for token in setting["tokens"])


def test_a_co_organizer_may_run_the_league(client, uow, setting):
    invited = league.add_organizer(uow, setting["lid"], setting["olga"], "other@example.org")
    login(client, email="other@example.org")
    assert client.post(f"/account/invitations/{invited.token}").status_code == 303
    assert client.get(fill("/leagues/{lid}/nights/{nid}", setting)).status_code == 200
    response = client.post(fill("/leagues/{lid}/members", setting), data={"names": "Kim"})
    assert response.status_code == 303
    names = [m.name for m in league.league_view(uow, setting["lid"], setting["olga"]).members]
    assert "Kim" in names
