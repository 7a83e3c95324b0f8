"""Burraco's pages: burraco steppers and the pozzetto in one tap, a finished seated game
played again with its seats."""

from __future__ import annotations

from scorekeeper.service_layer import services
from scorekeeper.web.table.entry_text import entry_text
from tests.web.support import csrf_token, entries, record, start, text


def test_a_burraco_deal_has_burraco_steppers_and_the_pozzetto_one_tap(client, uow):
    seats = {"seats-0": "Nadia", "seats-1": "Émile", "seats-2": "Søren", "seats-3": "Wanjiru"}
    game_id = start(client, ["NS", "EW"], game="preset:Burraco", **seats)
    page = text(client.get(f"/games/{game_id}"))
    assert "Who closed?" in page and "Clean burracos" in page and "Took the pozzetto" in page
    # A new deal starts with every side's pozzetto taken: EW's tap is left off.
    typed = {"melded_0": "560", "hand_0": "15", "melded_1": "245", "hand_1": "85"}
    counts = {"clean_0": "1", "dirty_0": "1", "dirty_1": "1", "pozzetto_0": "y"}
    response = record(client, game_id, out="0", **typed, **counts)
    assert response.status_code == 303, text(response)
    entry = entries(uow, game_id)[0]
    assert entry["pozzetto"] == {"NS": True, "EW": False}
    assert services.load_game(uow, game_id).state.totals == {"NS": 945, "EW": 160}
    setup = services.load_game(uow, game_id).setup
    assert "Took the pozzetto: NS yes, EW no" in entry_text(entry, setup)


def test_a_finished_seated_game_shows_its_page_and_plays_again_with_its_seats(client, uow):
    seats = {"seats-0": "Nadia", "seats-1": "Émile", "seats-2": "Søren", "seats-3": "Wanjiru"}
    game_id = start(client, ["NS", "EW"], game="preset:Burraco", **seats)
    typed = {"melded_0": "560", "hand_0": "15", "melded_1": "245", "hand_1": "85"}
    for _deal in range(3):
        record(client, game_id, out="0", clean_0="1", pozzetto_0="y", pozzetto_1="y", **typed)
    assert services.load_game(uow, game_id).state.finished
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    assert "Émile deals first" in text(page)
    token = csrf_token(page.get_data(as_text=True))
    response = client.post(f"/games/{game_id}/again", data={"csrf_token": token})
    assert response.status_code == 303
    new_id = response.headers["Location"].split("/")[2]
    again = services.load_game(uow, new_id).setup
    assert again.seats == ("Nadia", "Émile", "Søren", "Wanjiru") and again.first_dealer == "Émile"
