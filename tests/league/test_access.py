"""Every organizer-only route refuses a logged-out visitor and another league's organizer.

The route lists below are checked against the app's URL map, so a new league
route cannot be added without saying who may use it.
"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.models import Game

from .support import NAMES, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start

# (method, path, form); {lid} {nid} {mid} {oid} {iid} are filled in from the fixture.
ORGANIZER_ONLY = [
    ("GET", "/leagues/{lid}", None),
    ("POST", "/leagues/{lid}/rules", {"name": "Taken", "preset": "Rummy", "table_size": "4"}),
    ("POST", "/leagues/{lid}/publish", {"published": "1"}),
    ("POST", "/leagues/{lid}/schedule", {"dates": "2027-01-14"}),
    ("POST", "/leagues/{lid}/schedule/1/remove", {}),
    ("POST", "/leagues/{lid}/answer-links", {"member": ""}),
    ("POST", "/leagues/{lid}/nights/{nid}/screen", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/screen/close", {}),
    ("GET", "/leagues/{lid}/scoring", None),
    ("POST", "/leagues/{lid}/confirming", {"confirming": "1"}),
    ("POST", "/leagues/{lid}/ranking", {"rank_by": "wins", "min_games": "0", "bye_counts": "none"}),
    ("POST", "/leagues/{lid}/members", {"names": "Mallory"}),
    ("POST", "/leagues/{lid}/members/{mid}/rename", {"name": "Mallory"}),
    ("POST", "/leagues/{lid}/members/{mid}/active", {"active": "0"}),
    ("POST", "/leagues/{lid}/members/merge", {"source": "{mid}", "target": "{mid2}"}),
    ("POST", "/leagues/{lid}/organizers", {"email": "other@example.org"}),
    ("POST", "/leagues/{lid}/organizers/{oid}/remove", {}),
    ("POST", "/leagues/{lid}/invitations/{iid}/withdraw", {}),
    (
        "POST",
        "/leagues/{lid}/nights",
        {"held_on": "2026-04-01", "method": "random", "present": ["{mid}", "{mid2}"]},
    ),
    ("GET", "/leagues/{lid}/nights/{nid}", None),
    ("GET", "/leagues/{lid}/nights/{nid}/board", None),
    ("POST", "/leagues/{lid}/nights/{nid}/swap", {"first": "{mid}", "second": "{mid2}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/reseat", {"method": "random"}),
    ("POST", "/leagues/{lid}/nights/{nid}/late", {"member": "{mid}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/remove", {"member": "{mid}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/delete", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/delete", {"confirm": "1"}),
    ("POST", "/leagues/{lid}/nights/{nid}/change", {"held_on": "2026-04-01", "season": "X"}),
    ("POST", "/leagues/{lid}/nights/{nid}/start", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds", {"rounds": "3", "method": "swiss"}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds/propose", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds/swap", {"first": "{mid}", "second": "{mid2}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds/start", {}),
    ("GET", "/leagues/{lid}/nights/{nid}/pack.pdf", None),
    ("GET", "/leagues/{lid}/nights/{nid}/sheets.pdf", None),
    ("GET", "/leagues/{lid}/nights/{nid}/tables/1", None),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/1/source", {"source": "paper_totals"}),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/1/totals", {"total.Ann": "1"}),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/1/close", {"closed": "1"}),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/1/link", {}),
    ("GET", "/leagues/{lid}/export.json", None),
    ("GET", "/leagues/{lid}/export.csv", None),
    ("GET", "/leagues/{lid}/director", None),
    ("POST", "/leagues/{lid}/handicap", {"handicap": "1", "handicap_nights": "4"}),
    (
        "POST",
        "/leagues/{lid}/adjustments",
        {"kind": "penalty", "night": "{nid}", "member": "{mid}", "points": "5", "reason": "R"},
    ),
    ("POST", "/leagues/{lid}/adjustments/1/withdraw", {}),
    ("POST", "/leagues/{lid}/seasons/close", {"season": "2026", "next_season": "2027"}),
]
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
    ("GET", "/account/password"),
    ("POST", "/account/password"),
    ("GET", "/account/invitations/some-invitation-token"),
    ("POST", "/account/invitations/some-invitation-token"),
]
OPEN = {
    "/account/signup",
    "/account/login",
    "/account/logout",
    "/leagues/games/<game_id>.json",
    "/leagues/games/<game_id>.csv",
    # A member's answer page: their personal link is the key (tests/league/test_answers.py).
    "/leagues/answers/some-invitation-token",
    "/leagues/answers/some-invitation-token/1",
    # The venue screen: its derived link is the key (tests/league/test_screen.py).
    "/leagues/{lid}/nights/{nid}/screen/some-invitation-token",
    "/leagues/{lid}/nights/{nid}/screen/some-invitation-token/board",
    # A table's confirm link is the key (tests/league/test_confirm.py).
    "/leagues/{lid}/nights/{nid}/tables/1/confirm/some-invitation-token",
    # A closed season's certificate: read as the standings are (published, or organizers
    # only), once its season closed (tests/league/test_director_pages.py).
    "/leagues/{lid}/seasons/2026/certificates/most_wins/{mid}.pdf",
}


@pytest.fixture
def setting(uow):
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
    }


def fill(value, setting):
    if isinstance(value, list):
        return [fill(v, setting) for v in value]
    return value.format(**setting) if isinstance(value, str) else value


def snapshot(uow, database, setting) -> str:
    document = transfer.export_league(uow, setting["lid"], setting["olga"])
    view = league.league_view(uow, setting["lid"], setting["olga"])
    with database.session_factory() as session:
        games = session.scalar(select(func.count()).select_from(Game))
    return json.dumps([document, view.published, [o.id for o in view.organizers], games])


def attempt(client, method, path, form, setting):
    data = {k: fill(v, setting) for k, v in (form or {}).items()}
    return client.open(fill(path, setting), method=method, data=data)


def test_the_route_lists_cover_every_league_route(app):
    listed = {path for _, path, _ in ORGANIZER_ONLY} | set(PUBLISHED_ONLY)
    listed |= {path for _, path in ANY_ORGANIZER} | OPEN
    normalise = {
        "<public_id>": "{lid}",
        "<row_id:night_id>": "{nid}",
        "<row_id:member_id>": "{mid}",
        "<row_id:removed_id>": "{oid}",
        "<row_id:invitation_id>": "{iid}",
        "<row_id:number>": "1",
        "<row_id:planned_id>": "1",
        "<token>": "some-invitation-token",
        "<row_id:adjustment_id>": "1",
        "<path:season>": "2026",
        "<kind>": "most_wins",
    }
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("league."):
            continue
        path = rule.rule
        for old, new in normalise.items():
            path = path.replace(old, new)
        assert path in listed, f"{rule.rule} is not classified in test_access.py"


@pytest.mark.parametrize(("method", "path", "form"), ORGANIZER_ONLY)
def test_a_logged_out_visitor_is_sent_to_log_in_and_changes_nothing(
    client, uow, database, setting, method, path, form
):
    before = snapshot(uow, database, setting)
    response = attempt(client, method, path, form, setting)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login")
    assert snapshot(uow, database, setting) == before


@pytest.mark.parametrize(("method", "path", "form"), ORGANIZER_ONLY)
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
