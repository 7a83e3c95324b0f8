"""HEAD on every GET route answers as GET does, without a body."""

from __future__ import annotations

import re

import pytest

from tests.league.support import login, make_league, make_organizer, member_ids, started_night


@pytest.fixture
def arguments(client, uow) -> dict[str, dict[str, str]]:
    """Real values for every route argument, by the first part of the route's path."""
    created = client.post("/api/v1/games", json={"variant": "rummy", "players": ["Ann", "Bob"]})
    game = created.get_json()
    game_id, token = game["game"]["id"], game["edit_token"]
    recorded = client.post(
        f"/api/v1/games/{game_id}/deals",
        json={"out": "Ann", "hands": {"Bob": 12}},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert recorded.status_code == 201, recorded.get_data(as_text=True)

    organizer = make_organizer(uow)
    league_id = make_league(uow, organizer)
    members = list(member_ids(uow, league_id, organizer).values())
    night = started_night(uow, league_id, organizer, members[:4])
    assert login(client).status_code == 303
    return {
        "games": {"public_id": game_id, "token": token, "number": "1"},
        "api": {"game_id": game_id},
        "leagues": {
            "public_id": league_id,
            "night_id": str(night.id),
            "number": str(night.tables[0].number),
            "member_id": str(members[0]),
            "game_id": night.tables[0].game_id,
        },
        "static": {"filename": "app.js"},
    }


def fill(rule, arguments: dict[str, dict[str, str]]) -> str:
    values = arguments.get(rule.rule.strip("/").split("/")[0], {})
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda match: values[match.group(1)], rule.rule)


def test_every_get_route_answers_head_as_it_answers_get(app, client, uow, arguments):
    urls = [fill(rule, arguments) for rule in app.url_map.iter_rules() if "GET" in rule.methods]
    assert len(urls) > 30

    differing = []
    for url in urls:
        got, head = client.get(url), client.head(url)
        if (head.status_code, head.mimetype) != (got.status_code, got.mimetype) or head.data:
            differing.append(f"{url}: GET {got.status_code}, HEAD {head.status_code}")
    assert differing == []
