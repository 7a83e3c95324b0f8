"""Responses gzipped when the phone asks (gunicorn serves without a proxy), except the event
stream, which must leave event by event, and what is compressed already."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from tests.web.support import deal_data, start

PLAYERS = ["Ann", "Bob", "Cy"]
GZIP = {"Accept-Encoding": "gzip, deflate"}  # what Chrome asks for over plain http


def test_a_page_and_the_stylesheet_come_back_gzipped_when_asked(client):
    game_id = start(client, PLAYERS)
    page = client.get(f"/games/{game_id}", headers=GZIP)
    stylesheet = client.get("/static/app.css", headers=GZIP)
    for response, starts_with in ((page, b"<!doctype html>"), (stylesheet, b"")):
        assert response.status_code == 200
        assert response.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response.headers["Vary"]
        assert gzip.decompress(response.data).startswith(starts_with)
    plain = client.get("/static/app.css")
    assert "Content-Encoding" not in plain.headers
    assert gzip.decompress(stylesheet.data) == plain.data
    assert len(stylesheet.data) < len(plain.data) / 2


def test_the_event_stream_is_never_compressed(client):
    game_id = start(client, PLAYERS)
    stream = client.get(f"/games/{game_id}/events", headers=GZIP, buffered=False)
    assert stream.mimetype == "text/event-stream"
    assert "Content-Encoding" not in stream.headers
    stream.close()


def test_the_gzipped_scoreboard_poll_still_answers_304_until_the_game_changes(client):
    game_id = start(client, PLAYERS)
    poll = f"/games/{game_id}/scoreboard"
    first = client.get(poll, headers=GZIP)
    assert first.headers["Content-Encoding"] == "gzip"
    etag = first.headers["ETag"]
    unchanged = client.get(poll, headers={**GZIP, "If-None-Match": etag})
    assert unchanged.status_code == 304
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    changed = client.get(poll, headers={**GZIP, "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_the_api_keeps_its_etag_for_if_match_when_the_client_accepts_gzip(client):
    created = client.post("/api/v1/games", json={"variant": "thirteen", "players": PLAYERS})
    game_id = created.json["game"]["id"]
    answer = client.get(f"/api/v1/games/{game_id}", headers=GZIP)
    assert re.fullmatch(r'"v\d+"', answer.headers["ETag"])


def test_stylesheets_are_served_without_their_comments_and_every_rule_kept(client, app):
    source = (Path(app.static_folder) / "app.css").read_text(encoding="utf-8")
    assert "/*" in source  # the file explains itself to whoever edits it...
    served = client.get("/static/app.css").get_data(as_text=True)
    assert "/*" not in served and "*/" not in served  # ...the phone gets the rules alone
    assert [r.strip() for r in rules(served)] == [r.strip() for r in rules(source)]
    assert len(gzip.compress(served.encode())) < len(gzip.compress(source.encode())) * 0.9


def rules(css: str) -> list[str]:
    """Each rule of a stylesheet, its blank space made one space, comments left out."""
    return re.findall(r"[^{}]+\{[^{}]*\}", re.sub(r"/\*.*?\*/|\s+", " ", css, flags=re.S))
