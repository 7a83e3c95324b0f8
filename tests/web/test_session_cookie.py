"""The session cookie is sent only when the session changed: a slow poll or stream
answer must not overwrite a newer cookie (a deal saved with its Undo) on the phone."""

from __future__ import annotations

from tests.web.support import deal_data, start

PLAYERS = ["Ann", "Bob", "Cy"]


def test_polls_the_state_and_the_event_stream_send_no_cookie(client):
    game_id = start(client, PLAYERS)  # this phone holds the game's edit token
    client.get(f"/games/{game_id}")  # shows "Game started" once: the session changes
    version_tag = client.get(f"/games/{game_id}/scoreboard").headers["ETag"]
    reads = {
        "scoreboard": client.get(f"/games/{game_id}/scoreboard"),
        "scoreboard unchanged": client.get(
            f"/games/{game_id}/scoreboard", headers={"If-None-Match": version_tag}
        ),
        "state": client.get(f"/api/v1/games/{game_id}"),
        "game page": client.get(f"/games/{game_id}"),
        "events": client.get(f"/games/{game_id}/events"),
    }
    try:
        for name, response in reads.items():
            assert response.status_code in (200, 304), name
            assert "Set-Cookie" not in response.headers, name
    finally:
        reads["events"].close()


def test_a_change_to_the_session_still_sends_it(client):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="5", hands_2="7")
    saved = client.post(f"/games/{game_id}/deals", data=data)
    assert saved.status_code == 303
    assert "Set-Cookie" in saved.headers  # "Deal 1 saved" and its Undo, for this phone
