"""Real values for every route's arguments, to walk the whole url_map in a test."""

from __future__ import annotations

import re
from datetime import date

from scorekeeper.league import adjustments as league_adjustments
from scorekeeper.league import services as league
from tests.league.support import PASSWORD, make_league, make_organizer, member_ids, started_night

ARGUMENT = re.compile(r"<(?:[^:>]+:)?([^>]+)>")
# The league pages write name before value, the table pages the other way round.
CSRF_INPUT = re.compile(
    r'<input[^>]*name="csrf_token"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*name="csrf_token"'
)


def route_arguments(client, uow) -> dict[str, dict[str, str]]:
    """A game with one deal and a league with a started night, this client logged in.

    The values are grouped by the first part of a route's path (``games``,
    ``api``, ``leagues`` …), since ``public_id`` means a game in one and a league
    in the other.
    """
    created = client.post("/api/v1/games", json={"variant": "rummy", "players": ["Ann", "Bob"]})
    game = created.get_json()
    game_id, token = game["game"]["id"], game["edit_token"]
    recorded = client.post(
        f"/api/v1/games/{game_id}/deals",
        json={"out": "Ann", "hands": {"Bob": 12}},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert recorded.status_code == 201, recorded.get_data(as_text=True)
    made = client.post("/api/v1/circles", json={"name": "Sundays", "members": ["Ann", "Bob"]})
    circle = made.get_json()
    circle_id, circle_token = circle["circle"]["id"], circle["edit_token"]

    organizer = make_organizer(uow)
    co_organizer = make_organizer(uow, email="co@example.org", name="Cora")
    league_id = make_league(uow, organizer)
    members = list(member_ids(uow, league_id, organizer).values())
    night = started_night(uow, league_id, organizer, members[:4])
    invited = league.add_organizer(uow, league_id, organizer, "invited@example.org")
    (invitation,) = league.league_view(uow, league_id, organizer).invitations
    league.plan_nights(uow, league_id, organizer, [date(2027, 1, 14)], "7 pm")
    (planned,) = league.schedule_of(uow, league_id, organizer)
    (answer_link,) = league.make_answer_links(uow, league_id, organizer, members[0])
    adjustment = league_adjustments.record_adjustment(
        uow,
        league_id,
        organizer,
        kind="penalty",
        night_id=night.id,
        member_id=members[0],
        points=5,
        reason="Late",
    )
    log_in(client, "org@example.org")
    return {
        "games": {"public_id": game_id, "token": token, "number": "1"},
        "api": {"game_id": game_id, "number": "1", "circle_id": circle_id, "name": "Ann"},
        "circles": {
            "public_id": circle_id,
            "token": circle_token,
            "game_id": game_id,
            "kind": "expense",
            "number": "1",
            "act": "undo",
            "name": "Ann",
        },
        "leagues": {
            "public_id": league_id,
            "night_id": str(night.id),
            "number": str(night.tables[0].number),
            "member_id": str(members[0]),
            "removed_id": str(co_organizer),
            "invitation_id": str(invitation.id),
            "planned_id": str(planned.id),
            "game_id": night.tables[0].game_id,
            "token": answer_link.token,
            "adjustment_id": str(adjustment),
            "season": "2026",  # a season still open: its certificates answer 404
            "kind": "most_wins",
            "job_id": "0f8e6d4c",  # no such import: the page answers 404 to GET and HEAD alike
        },
        "static": {"filename": "app.js"},
        "jobs": {"job_id": "0f8e6d4c"},  # no such job: its stream answers 404 to GET and HEAD
        "language": {"language": "fr"},
        "account": {"token": invited.token, "passkey_id": "1", "organizer": "1", "expires": "2"},
    }


def fill(rule, arguments: dict[str, dict[str, str]]) -> str:
    """The rule's path with its arguments filled in (a KeyError names a new one)."""
    values = arguments.get(rule.rule.strip("/").split("/")[0], {})
    return ARGUMENT.sub(lambda match: values[match.group(1)], rule.rule)


def log_in(client, email: str) -> None:
    """Log in through the form with its token, so it works with CSRF on or off."""
    found = CSRF_INPUT.search(client.get("/account/login").get_data(as_text=True))
    token = next(filter(None, found.groups()), "") if found else ""
    form = {"email": email, "password": PASSWORD, "csrf_token": token}
    assert client.post("/account/login", data=form).status_code == 303
