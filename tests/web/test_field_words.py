"""A refused deal names each field as the form labels it: the variant's own label
(gin's Deadwood), never another game's "in hand"."""

from __future__ import annotations

import re

from tests.web.support import csrf_token, deal_data, start, text


def test_a_gin_deal_refused_names_the_deadwood_field_as_labelled(client):
    game_id = start(client, ["Ann", "Bob"], "preset:Gin Rummy")
    page = text(client.get(f"/games/{game_id}"))
    assert "Bob: Deadwood" in page  # the cell's label
    data = deal_data(client, game_id, out="0", hands_0="5")
    response = client.post(f"/games/{game_id}/deals", data=data, headers={"X-Outbox": "1"})
    assert response.status_code == 422
    problems = response.get_json()["problems"]
    assert problems and all(p.startswith("Bob, deadwood: ") for p in problems), problems
    assert not any("in hand" in p for p in problems)


def test_a_corrected_gin_deal_in_the_history_names_the_deadwood(client):
    game_id = start(client, ["Ann", "Bob"], "preset:Gin Rummy")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_0="5", hands_1="30"),
    )
    form = text(client.get(f"/games/{game_id}/deals/1/edit"))
    data = {
        "csrf_token": csrf_token(form),
        "number": "1",
        "key": re.search(r'name="key" type="hidden" value="([^"]+)"', form).group(1),
        "out": "0",
        "hands_0": "5",
        "hands_1": "31",
    }
    assert client.post(f"/games/{game_id}/deals/1/edit", data=data).status_code in (302, 303)
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Deadwood: Ann 5, Bob 31" in history
    assert "in hand" not in history
