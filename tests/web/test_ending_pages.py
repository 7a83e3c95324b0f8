"""End the game here (asks first) and Reopen on the game page; the view link cannot."""

from __future__ import annotations

import re

from scorekeeper.service_layer import services
from tests.web.support import csrf_token, deal_data, entries, start, text

PLAYERS = ["Ann", "Bob", "Cy"]


def game_with_two_deals(client) -> str:
    game_id = start(client, PLAYERS, game="preset:Rummy")
    for fields in (
        {"out": "0", "hands_1": "5", "hands_2": "7"},
        {"out": "1", "hands_0": "30", "hands_2": "2"},
    ):
        data = deal_data(client, game_id, **fields)
        assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    return game_id


def test_the_game_page_links_to_end_the_game_and_the_link_asks_first(client, uow):
    game_id = game_with_two_deals(client)
    page = text(client.get(f"/games/{game_id}"))
    assert f'href="/games/{game_id}/end"' in page
    assert "End the game here" in page

    confirm = text(client.get(f"/games/{game_id}/end"))
    assert "End the game here?" in confirm
    assert "Winner as it stands: <strong>Bob</strong>" in confirm
    assert "Split the pot" not in confirm  # only pool rummy splits
    # Asking changed nothing.
    assert services.load_game(uow, game_id).state.ended_early is False


def test_ending_the_game_shows_it_ended_early_and_refuses_a_new_deal(client, uow):
    game_id = game_with_two_deals(client)
    form = client.get(f"/games/{game_id}/end").get_data(as_text=True)
    response = client.post(f"/games/{game_id}/end", data={"csrf_token": csrf_token(form)})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}"

    state = services.load_game(uow, game_id).state
    assert state.ended_early is True
    assert state.winners == ["Bob"]
    page = text(client.get(f"/games/{game_id}"))
    assert "Game ended early" in page
    assert "The table ended it after deal 2: the leaders win." in page
    assert 'id="deal-form"' not in page
    assert f'action="/games/{game_id}/reopen"' in page
    assert f'href="/games/{game_id}/end"' not in page

    # A form sent from a phone that had not seen the end stores nothing.
    stale = {"number": "3", "out": "0", "hands_1": "1", "hands_2": "2"}
    refused = client.post(f"/games/{game_id}/deals", data=stale)
    # Back to the game page's own address (not /deals), which says why.
    assert (refused.status_code, refused.headers["Location"]) == (303, f"/games/{game_id}")
    assert "ended early" in text(client.get(f"/games/{game_id}"))
    assert len(entries(uow, game_id)) == 2
    # Asking to end it again goes back to the game.
    assert client.get(f"/games/{game_id}/end").status_code == 303


def test_reopening_the_game_takes_deals_again(client, uow):
    game_id = game_with_two_deals(client)
    client.post(f"/games/{game_id}/end", data={})
    response = client.post(f"/games/{game_id}/reopen", data={})
    assert response.status_code == 303
    assert "The game is open again" in text(client.get(response.headers["Location"]))
    assert services.load_game(uow, game_id).state.ended_early is False
    data = deal_data(client, game_id, out="2", hands_0="1", hands_1="2")
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    assert len(entries(uow, game_id)) == 3


def test_reopening_a_game_not_ended_early_says_so(client, uow):
    game_id = game_with_two_deals(client)
    response = client.post(f"/games/{game_id}/reopen", data={}, follow_redirects=True)
    assert "not ended early" in text(response)


def test_a_finished_game_offers_no_early_end(client, uow):
    game_id = start(client, PLAYERS, game="preset:Rummy")
    data = deal_data(client, game_id, out="0", hands_1="70", hands_2="70")
    client.post(f"/games/{game_id}/deals", data=data)
    data = deal_data(client, game_id, out="0", hands_1="5", hands_2="5")
    client.post(f"/games/{game_id}/deals", data=data)
    assert services.load_game(uow, game_id).state.finished
    page = text(client.get(f"/games/{game_id}"))
    assert f'href="/games/{game_id}/end"' not in page
    assert client.post(f"/games/{game_id}/end", data={}).status_code == 303
    assert services.load_game(uow, game_id).state.ended_early is False


def test_the_view_link_can_neither_end_nor_reopen(client, app, uow):
    game_id = game_with_two_deals(client)
    reader = app.test_client()
    page = text(reader.get(f"/games/{game_id}"))
    assert "End the game here" not in page
    assert reader.get(f"/games/{game_id}/end").status_code == 403
    assert reader.post(f"/games/{game_id}/end", data={}).status_code == 403
    client.post(f"/games/{game_id}/end", data={})
    assert reader.post(f"/games/{game_id}/reopen", data={}).status_code == 403
    view_page = text(reader.get(f"/games/{game_id}"))
    assert "Game ended early" in view_page
    assert not re.search(r"Reopen the game", view_page)
