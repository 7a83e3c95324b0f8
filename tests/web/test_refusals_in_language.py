"""A refusal from the service layer (its detail, English in the core) reads in the
page's language, as the rest of the page does."""

from __future__ import annotations

from tests.catalogs import translated
from tests.web.support import csrf_token, deal_data, start, text

PLAYERS = ["Ann", "Bob", "Cy"]


def test_a_game_refused_at_the_start_says_so_in_polish(client):
    client.get("/language/pl")
    page = client.get("/games/new").get_data(as_text=True)
    data = {"game": "variant:contract", "act": "start", "csrf_token": csrf_token(page)}
    data |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
    data |= {"shown": data["game"], "o_contract_contracts": "25: 2 sets of 3"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    page = text(response)
    assert translated("pl", "The game cannot be started as given.") in page
    assert "cannot be started" not in page


def test_a_deal_another_phone_recorded_first_says_so_in_polish(client, app):
    game_id = start(client, PLAYERS)
    other = app.test_client()
    other.get("/language/pl")
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["edit"] = dict(mine["edit"])
    stale = deal_data(other, game_id, out="2", hands_0="1", hands_1="2")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    assert other.post(f"/games/{game_id}/deals", data=stale).status_code == 303
    page = text(other.get(f"/games/{game_id}"))
    claimed = "Deal %(claimed)s has already been recorded; the next deal is deal %(next)s."
    assert translated("pl", claimed, claimed=1, next=2) in page
    assert "already been recorded" not in page
