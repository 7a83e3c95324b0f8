"""The new-game page and the entry forms of Golf, Burraco and the free pad: a score
that may be negative, Golf's six cards, Burraco's burracos and its pozzetto one tap."""

from __future__ import annotations

from scorekeeper.service_layer import services
from scorekeeper.web.table.entry_text import entry_text
from tests.web.support import csrf_token, deal_data, entries, message_beside, start, text

PRESETS = ["Golf (9 holes)", "Golf (18 holes)", "Burraco", "Buraco", "Free score pad"]


def record(client, game_id: str, **fields: str):
    return client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))


def test_the_new_game_page_offers_the_presets_with_a_description(client):
    page = text(client.get("/games/new"))
    for preset in PRESETS:
        assert f'<option value="preset:{preset}"' in page, preset
    # A game's description comes with its house rules, fetched when the game is chosen.
    rules = text(client.get("/games/new/rules", query_string={"game": "preset:Golf (9 holes)"}))
    assert "Six-card Golf over nine holes: column pairs cancel, lowest total wins." in rules


def test_a_golf_hole_takes_a_grid_or_a_score_and_the_grid_is_scored(client, uow):
    game_id = start(client, ["A", "B", "C"], game="preset:Golf (9 holes)")
    page = text(client.get(f"/games/{game_id}"))
    assert 'id="grid"' in page and 'class="grid-open"' in page and 'data-sign="scores_1"' in page
    response = record(client, game_id, scores_1="", grids_0="K 5 7 K 3 9", grids_1="2 J A 2 Q 4",
                      scores_2="7")  # fmt: skip
    assert response.status_code == 303, text(response)
    state = services.load_game(uow, game_id).state
    assert state.deals[0].points == {"A": 24, "B": 25, "C": 7}
    setup = services.load_game(uow, game_id).setup
    assert "Grid: A K 5 7 / K 3 9" in entry_text(entries(uow, game_id)[0], setup)


def test_a_golf_score_may_be_negative_and_a_wrong_grid_is_shown_beside_it(client, uow):
    game_id = start(client, ["A", "B"], game="preset:Golf (9 holes)")
    response = record(client, game_id, scores_0="-6", scores_1="4", grids_1="K 5 7")
    assert response.headers["Location"] == f"/games/{game_id}#problems"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "must be a list of 6 ranks" in message_beside(html, "grids_1")
    assert 'value="K 5 7"' in html and entries(uow, game_id) == []
    response = record(client, game_id, scores_0="-6", scores_1="4")
    assert response.status_code == 303
    assert entries(uow, game_id)[0] == {"scores": {"A": -6, "B": 4}}


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


def test_a_free_pad_takes_one_player_or_many_and_negative_scores(client, uow):
    game_id = start(client, ["Solo"], game="preset:Free score pad")
    assert record(client, game_id, scores_0="-12").status_code == 303
    assert services.load_game(uow, game_id).state.totals == {"Solo": -12}
    names = [f"P{i}" for i in range(12)]
    game_id = start(client, names, game="preset:Free score pad")
    scores = {f"scores_{i}": str(i - 5) for i in range(12)}
    assert record(client, game_id, **scores).status_code == 303
    assert services.load_game(uow, game_id).state.totals["P0"] == -5


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
