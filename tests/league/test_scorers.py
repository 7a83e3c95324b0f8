"""A scorer (an organizer account invited with the role "scorer") records and corrects a
night's results, and nothing else: every route is checked on the server, and the
pages hide what a scorer may not do. Removing a scorer or co-organizer gives the
nights still being played new edit links (league/rotation.py)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import TokenInvalid
from tests.conftest import SECRET_KEY
from tests.databases import seeded_setting
from tests.tiers import alternated

from .routes import SCORER_MAY, SCORER_MAY_NOT, as_listed, attempt, snapshot
from .support import NAMES, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start

SCORER_EMAIL = "sam@example.org"

# Pages that are no organizer's business at all (public, or opened by a link's key).
# Read as the standings are (a closed season's certificates too), or keyed by a link.
NOT_ORGANIZERS = (
    "/public",
    "/standings",
    "/players/",
    "/schedule.ics",
    "/screen/",
    "/confirm/",
    "/certificates/",
    # The night page's stream: the signed pass the page carries is its key, not the
    # login (tests/league/test_night_stream_pass.py).
    "/nights/<row_id:night_id>/events",
)


def olgas_league_with_sam_scoring(uow) -> dict:
    """Olga's league with a started night (table 1 played), Sam its scorer."""
    olga = make_organizer(uow)
    sam = make_organizer(uow, email=SCORER_EMAIL, name="Sam")
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]], held_on=date.today())
    play_out(uow, night.tables[0])
    invited = league.add_organizer(uow, lid, olga, SCORER_EMAIL, "scorer")
    league.accept_invitation(uow, sam, invited.token)
    league.add_organizer(uow, lid, olga, "invited@example.org")
    (invitation,) = league.league_view(uow, lid, olga).invitations
    return {
        "iid": invitation.id,
        "lid": lid,
        "nid": night.id,
        "mid": ids["Ann"],
        "mid2": ids["Bob"],
        "oid": olga,
        "olga": olga,
        "sam": sam,
        "night": night,
    }


# Stored once a module on SQLite: storing them was most of each of some 60 tests' time.
seeded, database_url, setting = seeded_setting(olgas_league_with_sam_scoring, SECRET_KEY)


def test_every_organizer_route_is_classified_for_scorers(app):
    listed = {path for _, path, _ in SCORER_MAY_NOT + SCORER_MAY}
    for rule in app.url_map.iter_rules():
        path = rule.rule
        if not rule.endpoint.startswith("league.") or "<public_id>" not in path:
            continue
        if any(part in path for part in NOT_ORGANIZERS) or path == "/leagues/<public_id>":
            continue
        assert as_listed(path) & listed, f"{rule.rule}: may a scorer use it? Say so in routes.py"


# A quick run refuses every other such route; the slow tier all (tests/tiers.py).
@pytest.mark.parametrize(("method", "path", "form"), alternated(SCORER_MAY_NOT, turn=0))
def test_a_scorer_is_refused_what_only_organizers_do(
    client, uow, database, setting, method, path, form
):
    login(client, email=SCORER_EMAIL)
    before = snapshot(uow, database, setting)
    response = attempt(client, method, path, form, setting)
    assert response.status_code == 403
    assert "A scorer records and corrects results only" in response.text
    assert snapshot(uow, database, setting) == before


@pytest.mark.parametrize(("method", "path", "form"), SCORER_MAY)
def test_a_scorer_records_and_corrects_tonights_results(
    client, uow, database, setting, method, path, form
):
    login(client, email=SCORER_EMAIL)
    before = snapshot(uow, database, setting)
    response = attempt(client, method, path, form, setting)
    assert response.status_code == (200 if method == "GET" else 303)
    if method == "POST":
        assert snapshot(uow, database, setting) != before


def test_a_scorer_changes_totals_and_closes_tables_in_the_use_cases_too(uow, setting):
    lid, nid, sam = setting["lid"], setting["nid"], setting["sam"]
    table = setting["night"].tables[1]
    league.set_paper_totals(uow, lid, sam, nid, 2, {name: 5 for name in table.names})
    league.set_closed(uow, lid, sam, nid, 1, True)
    _, night = league.night_view(uow, lid, sam, nid)
    assert night.tables[1].paper_totals == {name: 5 for name in table.names}
    assert night.tables[0].closed
    for refused in (
        lambda: league.league_view(uow, lid, sam),
        lambda: league.set_published(uow, lid, sam, True),
        lambda: league.add_members(uow, lid, sam, ["Mallory"]),
        lambda: league.set_confirming(uow, lid, sam, True),
        lambda: league.remove_organizer(uow, lid, sam, setting["olga"]),
        lambda: league.start_night(uow, lid, sam, nid),
    ):
        with pytest.raises(league.Forbidden):
            refused()


def test_a_scorers_league_page_is_their_nights_and_hides_the_organizers_forms(client, setting):
    lid, nid = setting["lid"], setting["nid"]
    login(client, email=SCORER_EMAIL)
    leagues = client.get("/leagues/").text
    assert f"/leagues/{lid}/scoring" in leagues and "Leagues you keep the score of" in leagues
    moved = client.get(f"/leagues/{lid}")
    assert moved.status_code == 303 and moved.headers["Location"].endswith(f"/{lid}/scoring")
    nights = client.get(f"/leagues/{lid}/scoring").text
    assert f"/leagues/{lid}/nights/{nid}" in nights
    night = client.get(f"/leagues/{lid}/nights/{nid}").text
    for hidden in ("/delete", "/change", "/late", '/screen"', "Delete this night"):
        assert hidden not in night
    assert f"/leagues/{lid}/nights/{nid}/tables/1" in night
    table = client.get(f"/leagues/{lid}/nights/{nid}/tables/2").text
    for shown in ("/totals", "/close", "/source", "/link"):
        assert f"/tables/2{shown}" in table


def test_the_organizer_still_sees_every_form(client, setting):
    login(client)
    night = client.get(f"/leagues/{setting['lid']}/nights/{setting['nid']}").text
    assert "Delete this night" in night and "/change" in night
    manage = client.get(f"/leagues/{setting['lid']}").text
    assert "Sam" in manage and "(scorer)" in manage


def test_an_invitation_says_the_role_and_refuses_any_other(uow, setting):
    with pytest.raises(services.InvalidInput) as refused:
        league.add_organizer(uow, setting["lid"], setting["olga"], "x@example.org", "owner")
    assert "role" in refused.value.errors
    view = league.league_view(uow, setting["lid"], setting["olga"])
    assert {o.name: o.role for o in view.organizers} == {"Olga": "owner", "Sam": "scorer"}


def test_a_scorer_invited_to_run_the_league_becomes_a_co_organizer(uow, setting):
    invited = league.add_organizer(uow, setting["lid"], setting["olga"], "again@example.org")
    league.accept_invitation(uow, setting["sam"], invited.token)
    view = league.league_view(uow, setting["lid"], setting["sam"])  # no longer refused
    assert {o.name: o.role for o in view.organizers}["Sam"] == "co"


# ---------------------------------------------------------------- rotating links


def edit_page(client, table, token):
    return client.get(f"/games/{table.game_id}/edit/{token}")


@pytest.mark.parametrize("role", ["scorer", "co"])
def test_removing_a_scorer_or_co_organizer_replaces_tonights_edit_links(client, uow, setting, role):
    lid, olga, nid = setting["lid"], setting["olga"], setting["nid"]
    if role == "co":
        cora = make_organizer(uow, email="cora@example.org", name="Cora")
        invited = league.add_organizer(uow, lid, olga, "cora@example.org")
        league.accept_invitation(uow, cora, invited.token)
        removed = cora
    else:
        removed = setting["sam"]
    old = [table.edit_token for table in setting["night"].tables]

    league.remove_organizer(uow, lid, olga, removed)

    _, night = league.night_view(uow, lid, olga, nid)
    for table, old_token in zip(night.tables, old, strict=True):
        with pytest.raises(TokenInvalid):
            services.check_edit_token(uow, table.game_id, old_token)
        assert table.edit_token not in (None, old_token)
        services.check_edit_token(uow, table.game_id, table.edit_token)
    table = night.tables[1]
    assert edit_page(client, table, old[1]).status_code == 403
    assert edit_page(client, table, table.edit_token).status_code in (302, 303)
    entry = {"out": table.names[0], "hands": {n: 5 for n in table.names[1:]}}
    services.record_deal(uow, table.game_id, table.edit_token, entry)
    with pytest.raises(TokenInvalid):
        services.record_deal(uow, table.game_id, old[1], entry)


def test_a_finished_earlier_night_keeps_its_links(uow):
    olga = make_organizer(uow)
    sam = make_organizer(uow, email=SCORER_EMAIL, name="Sam")
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    earlier = date.today() - timedelta(days=7)
    played = start(uow, lid, olga, [ids[n] for n in NAMES[:4]], held_on=earlier)
    play_out(uow, played.tables[0])
    unfinished = start(uow, lid, olga, [ids[n] for n in NAMES[4:8]], held_on=earlier)
    league.accept_invitation(uow, sam, league.add_organizer(uow, lid, olga, SCORER_EMAIL).token)

    league.remove_organizer(uow, lid, olga, sam)

    services.check_edit_token(uow, played.tables[0].game_id, played.tables[0].edit_token)
    with pytest.raises(TokenInvalid):  # still being played: rotated
        services.check_edit_token(
            uow, unfinished.tables[0].game_id, unfinished.tables[0].edit_token
        )


def test_a_scorer_keeps_tonights_score_not_a_finished_nights(client, uow, setting):
    lid, olga, sam = setting["lid"], setting["olga"], setting["sam"]
    ids = member_ids(uow, lid, olga)
    earlier = date.today() - timedelta(days=7)
    played = start(uow, lid, olga, [ids[n] for n in NAMES[:4]], held_on=earlier)
    play_out(uow, played.tables[0])
    table = played.tables[0]
    with pytest.raises(league.Forbidden):
        league.night_view(uow, lid, sam, played.id)
    with pytest.raises(league.Forbidden):
        league.set_paper_totals(uow, lid, sam, played.id, 1, {n: 1 for n in table.names})
    login(client, email=SCORER_EMAIL)
    for path in (f"/nights/{played.id}", f"/nights/{played.id}/tables/1"):
        refused = client.get(f"/leagues/{lid}{path}")
        assert refused.status_code == 403 and "earlier night" in refused.text
        assert table.edit_token not in refused.text
    assert client.post(f"/leagues/{lid}/nights/{played.id}/tables/1/close").status_code == 403
    nights = client.get(f"/leagues/{lid}/scoring").text
    assert f'/nights/{played.id}"' not in nights and "the organizers correct it" in nights
    assert f'/nights/{setting["nid"]}"' in nights
    league.night_view(uow, lid, olga, played.id)  # the organizers' still


def test_an_export_keeps_the_scorer_a_scorer_when_imported(uow, setting):
    document = transfer.export_league(uow, setting["lid"], setting["olga"])
    assert {"email": SCORER_EMAIL, "role": "scorer"} in document["organizers"]
    mo = make_organizer(uow, email="mo@example.org", name="Mo")
    imported = transfer.import_document(uow, mo, document)
    roles = {i.email: i.role for i in league.league_view(uow, imported.league_id, mo).invitations}
    assert roles == {SCORER_EMAIL: "scorer", "org@example.org": "co", "invited@example.org": "co"}
    (sam_link,) = [i for i in imported.invited if i.email == SCORER_EMAIL]
    league.accept_invitation(uow, setting["sam"], sam_link.token)
    with pytest.raises(league.Forbidden):
        league.league_view(uow, imported.league_id, setting["sam"])


def test_a_scorer_reads_the_unpublished_standings_as_the_public_will(client, setting):
    login(client, email=SCORER_EMAIL)
    page = client.get(f"/leagues/{setting['lid']}/standings")
    winner = setting["night"].tables[0].names[0]
    assert page.status_code == 200 and winner in page.text
    assert not any(t.edit_token in page.text for t in setting["night"].tables)
