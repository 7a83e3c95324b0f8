"""The league's organizer routes, each with a form to send, for the tests of who may use
them: tests/league/test_access.py (logged out, another league's organizer) and
tests/league/test_scorers.py (a scorer). One table, so a new route is classified once.
"""

from __future__ import annotations

import json

from sqlalchemy import func, select

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.models import Game

# (method, path, form); {lid} {nid} {mid} {mid2} {oid} {iid} are filled in from a test's
# setting, and the form "totals" is a total for each player at the night's table 2.
# What only the organizers do: a scorer is refused it (403), nothing changed.
SCORER_MAY_NOT = [
    ("POST", "/leagues/{lid}/rules", {"name": "Taken", "preset": "Rummy", "table_size": "4"}),
    ("POST", "/leagues/{lid}/publish", {"published": "1"}),
    ("POST", "/leagues/{lid}/confirming", {"confirming": "1"}),
    ("POST", "/leagues/{lid}/second-factor", {"required": "1"}),
    ("POST", "/leagues/{lid}/member-mail", {"member": "{mid}", "email": "ann@example.org"}),
    ("POST", "/leagues/{lid}/nights/{nid}/mail-results", {}),
    ("POST", "/leagues/{lid}/schedule", {"dates": "2027-01-14"}),
    ("POST", "/leagues/{lid}/schedule/1/remove", {}),
    ("POST", "/leagues/{lid}/schedule/1/move", {"held_on": "2027-02-11"}),
    ("POST", "/leagues/{lid}/answer-links", {"member": ""}),
    ("POST", "/leagues/{lid}/nights/{nid}/screen", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/screen/close", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds", {"rounds": "3", "method": "swiss"}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds/propose", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds/swap", {"first": "{mid}", "second": "{mid2}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/rounds/start", {}),
    ("GET", "/leagues/{lid}/director", None),
    ("POST", "/leagues/{lid}/handicap", {"handicap": "1", "handicap_nights": "4"}),
    (
        "POST",
        "/leagues/{lid}/adjustments",
        {"kind": "penalty", "night": "{nid}", "member": "{mid}", "points": "5", "reason": "R"},
    ),
    ("POST", "/leagues/{lid}/adjustments/1/withdraw", {}),
    ("POST", "/leagues/{lid}/seasons/close", {"season": "2026", "next_season": "2027"}),
    ("POST", "/leagues/{lid}/ranking", {"rank_by": "wins", "min_games": "0", "bye_counts": "none"}),
    ("POST", "/leagues/{lid}/never-pairs", {"first": "{mid}", "second": "{mid2}"}),
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
    ("POST", "/leagues/{lid}/nights/{nid}/swap", {"first": "{mid}", "second": "{mid2}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/reseat", {"method": "random"}),
    ("POST", "/leagues/{lid}/nights/{nid}/late", {"member": "{mid}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/remove", {"member": "{mid}"}),
    ("POST", "/leagues/{lid}/nights/{nid}/delete", {}),
    ("POST", "/leagues/{lid}/nights/{nid}/delete", {"confirm": "1"}),
    ("POST", "/leagues/{lid}/nights/{nid}/change", {"held_on": "2026-04-01", "season": "X"}),
    ("POST", "/leagues/{lid}/nights/{nid}/start", {}),
    ("GET", "/leagues/{lid}/export.json", None),
    ("GET", "/leagues/{lid}/export.csv", None),
]
# What a scorer may do too: read tonight, and record and correct the tables' results.
SCORER_MAY = [
    ("GET", "/leagues/{lid}/scoring", None),
    ("GET", "/leagues/{lid}/nights/{nid}", None),
    ("GET", "/leagues/{lid}/nights/{nid}/board", None),
    ("GET", "/leagues/{lid}/nights/{nid}/pack.pdf", None),
    ("GET", "/leagues/{lid}/nights/{nid}/sheets.pdf", None),
    ("GET", "/leagues/{lid}/nights/{nid}/tables/1", None),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/2/source", {"source": "paper_totals"}),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/2/totals", "totals"),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/2/close", {"closed": "1"}),
    ("POST", "/leagues/{lid}/nights/{nid}/tables/1/link", {}),
]
# Every route for the league's organizers alone (a scorer's league page is their nights).
ORGANIZER_ONLY = [("GET", "/leagues/{lid}", None), *SCORER_MAY_NOT, *SCORER_MAY]

# A league route's parameters as the tables above write them (a table's number: 1 or 2).
ROUTE_PARAMETERS = {
    "<public_id>": "{lid}",
    "<row_id:night_id>": "{nid}",
    "<row_id:member_id>": "{mid}",
    "<row_id:removed_id>": "{oid}",
    "<row_id:invitation_id>": "{iid}",
    "<row_id:planned_id>": "1",
    "<row_id:adjustment_id>": "1",
    "<row_id:passkey_id>": "1",
    "<row_id:organizer>/<row_id:expires>": "1/2",
}


def as_listed(rule: str) -> set[str]:
    """A route of the app's URL map as the tables above may list it."""
    for old, new in ROUTE_PARAMETERS.items():
        rule = rule.replace(old, new)
    return {rule.replace("<row_id:number>", str(number)) for number in (1, 2)}


def fill(value, setting):
    if isinstance(value, list):
        return [fill(v, setting) for v in value]
    return value.format(**setting) if isinstance(value, str) else value


def attempt(client, method, path, form, setting):
    if form == "totals":
        form = {f"total.{name}": "10" for name in setting["night"].tables[1].names}
    data = {k: fill(v, setting) for k, v in (form or {}).items()}
    return client.open(fill(path, setting), method=method, data=data)


def snapshot(uow, database, setting) -> str:
    """All a refused request must leave as it was: the league, its organizers and their
    roles, the games, tonight's edit links."""
    document = transfer.export_league(uow, setting["lid"], setting["olga"])
    view = league.league_view(uow, setting["lid"], setting["olga"])
    with database.session_factory() as session:
        games = session.scalar(select(func.count()).select_from(Game))
    organizers = [(o.id, o.role) for o in view.organizers]
    _, night = league.night_view(uow, setting["lid"], setting["olga"], setting["nid"])
    links = [table.edit_token for table in night.tables]
    return json.dumps([document, view.published, view.confirming, organizers, games, links])
