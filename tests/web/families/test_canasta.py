"""Canasta's pages: partners' seats dealt seat by seat, seats that do not fit shown again,
a side's canastas and red threes as steppers with their bounds."""

from __future__ import annotations

import re

from scorekeeper.service_layer import services
from tests.web.support import csrf_token, record, start, text


def test_a_canasta_game_started_with_seats_deals_seat_by_seat(client, uow):
    seats = {"seats-0": "Nadia", "seats-1": "Émile", "seats-2": "Søren", "seats-3": "Wanjiru"}
    game_id = start(client, ["NS", "EW"], game="preset:Canasta", **seats)
    view = services.load_game(uow, game_id)
    assert view.setup.seats == ("Nadia", "Émile", "Søren", "Wanjiru")
    page = text(client.get(f"/games/{game_id}"))
    assert "<b>Nadia</b> deals, <b>Émile</b> plays first" in page


def test_seats_that_do_not_fit_are_shown_again_beside_the_seats(client, database):
    page = client.get("/games/new").get_data(as_text=True)
    data = {
        "game": "preset:Canasta",
        "act": "start",
        "csrf_token": csrf_token(page),
        "players-0": "NS",
        "players-1": "EW",
        "seats-0": "North",
        "seats-1": "East",
        "seats-2": "South",
    }
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    html = text(response)
    assert "exactly 2 for each side" in html
    assert 'value="South"' in html  # every value kept
    assert '<details class="partners" open>' in html


def test_a_sides_canastas_and_red_threes_are_steppers_with_their_bounds(client, uow):
    game_id = start(client, ["NS", "EW"], game="preset:Canasta")
    page = text(client.get(f"/games/{game_id}"))
    natural = re.search(r"<input[^>]*name=\"natural_0\"[^>]*>", page).group(0)
    assert 'type="number"' in natural
    assert 'min="0"' in natural
    assert 'max="11"' in natural
    assert 'data-step="natural_0"' in page

    response = record(
        client,
        game_id,
        out="0",
        melded_0="385",
        hand_0="30",
        natural_0="1",
        mixed_0="2",
        red_threes_0="1",
        melded_1="0",
        hand_1="120",
        red_threes_1="1",
    )

    assert response.status_code == 303, text(response)
    state = services.load_game(uow, game_id).state
    assert state.totals == {"NS": 1655, "EW": -220}
