"""A game started from a circle starts on the new-game page every game starts from:
every house rule, partners' seats in the order tapped with the sides' names, the
circle's members offered as players (a tap seats one, with or without a script)."""

from __future__ import annotations

import re

import pytest

from tests.api.conftest import FAMILY


@pytest.fixture
def circle(client):
    """A circle of eight started from its page: this phone keeps its edit token."""
    started = client.post(
        "/circles/new",
        data={"name": "Famille Ñúñez", "members": "\n".join(FAMILY), "currency": "EUR"},
    )
    client.get(started.headers["Location"])
    return re.search(r"/circles/([^/]+)", started.headers["Location"]).group(1)


def text(response) -> str:
    return response.get_data(as_text=True)


def test_the_circle_offers_the_one_new_game_page(client, circle):
    page = text(client.get(f"/circles/{circle}"))
    assert f'href="/circles/{circle}/games/new"' in page
    assert 'name="more"' not in page  # the circle's own, poorer form is gone
    form = text(client.get(f"/circles/{circle}/games/new"))
    plain = text(client.get("/games/new"))
    for part in ('class="partners"', 'fieldset class="players"', 'id="update"', "stakes_on"):
        assert part in form and part in plain
    for name in FAMILY:
        assert f'data-member="{name}"' in form
        assert f'<option value="{name}">' in form
    assert re.search(r'<input[^>]*name="currency"[^>]*value="EUR"', form)
    # A phone that only reads the circle has no new-game page.
    assert client.application.test_client().get(f"/circles/{circle}/games/new").status_code == 403


def test_a_tap_seats_a_member_without_a_script(client, circle):
    tapped = client.post(
        f"/circles/{circle}/games/new",
        data={
            "game": "variant:rummy",
            "shown": "variant:rummy",
            "players-0": FAMILY[3],
            "players-1": "",
            "act": f"member:{FAMILY[5]}",
        },
    )
    assert tapped.status_code == 200
    page = text(tapped)
    seated = re.findall(r'name="players-\d+" placeholder="[^"]*" type="text" value="([^"]*)"', page)
    assert seated[:2] == [FAMILY[3], FAMILY[5]]


def test_canasta_with_house_rules_and_chosen_partners_starts_in_the_circle(client, circle):
    seats = [FAMILY[6], FAMILY[1], FAMILY[4], "Zia Nouvelle-Arrivée"]
    started = client.post(
        f"/circles/{circle}/games/new",
        data={
            "game": "variant:canasta",
            "shown": "variant:canasta",
            "players-0": "Les Aînés",
            "players-1": "Les Cadets",
            **{f"seats-{i}": name for i, name in enumerate(seats)},
            "o_canasta_target": "3000",
            "stakes_on": "y",
            "cents_per_point": "1",
            "round_to": "5",
            "mode": "pairs",
            "currency": "EUR",
        },
    )
    assert started.status_code == 303, text(started)
    game_id = re.search(r"/games/([^/]+)", started.headers["Location"]).group(1)
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert game["players"] == ["Les Aînés", "Les Cadets"]
    assert game["seats"] == seats
    assert game["options"]["target"] == 3000
    assert game["stakes"]["currency"] == "EUR"
    body = client.get(f"/api/v1/circles/{circle}").get_json()
    assert body["games"][0]["id"] == game_id
    assert body["games"][0]["players"] == seats
    assert body["members"] == [*FAMILY, "Zia Nouvelle-Arrivée"]


def test_a_refused_start_shows_the_form_again_as_typed(client, circle):
    refused = client.post(
        f"/circles/{circle}/games/new",
        data={
            "game": "variant:rummy",
            "shown": "variant:rummy",
            "players-0": FAMILY[0],
            "players-1": FAMILY[2],
            "stakes_on": "y",
            "cents_per_point": "1",
            "round_to": "5",
            "mode": "pairs",
            "currency": "USD",
        },
    )
    assert refused.status_code == 422
    page = text(refused)
    assert "EUR" in page and 'id="currency-msg"' in page
    assert f'value="{FAMILY[2]}"' in page
    assert client.get(f"/api/v1/circles/{circle}").get_json()["games"] == []
