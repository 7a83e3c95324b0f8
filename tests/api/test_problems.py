"""Whatever a client sends, the answer is a problem+json, never a 500, and nothing is stored."""

from __future__ import annotations

from unittest.mock import ANY

import pytest

from scorekeeper.models import Deal, Game
from tests.api.conftest import PLAYERS, ann_goes_out, assert_problem, bearer, count

MALFORMED = {
    "broken syntax": b'{"out": "Ann",',
    "NaN": b'{"out": "Ann", "hands": {"Bob": NaN, "Cy": 7}}',
    "an infinite number": b'{"out": "Ann", "hands": {"Bob": 1e999, "Cy": 7}}',
    "nesting past the recursion limit": b"[" * 30_000 + b"]" * 30_000,
    "bytes that are not UTF-8": b'{"out": "\xff"}',
    "an integer too long to read": b'{"number": ' + b"9" * 5000 + b"}",
    "nothing": b"",
}


@pytest.mark.parametrize("body", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_body_is_400_and_stores_nothing(start, database, body):
    game = start()
    for path, method in ((f"{game.url}/deals", "post"), (f"{game.url}/deals/1", "put")):
        response = game.client.open(
            path,
            method=method,
            data=body,
            content_type="application/json",
            headers=bearer(game.token),
        )
        assert_problem(response, 400)
    response = game.client.post("/api/v1/games", data=body, content_type="application/json")
    assert_problem(response, 400)
    assert count(database, Deal) == 0
    assert count(database, Game) == 1


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_that_is_not_json_is_415(start, database, content_type):
    game = start()
    headers = bearer(game.token)
    body = b'{"out": "Ann", "hands": {"Bob": 5, "Cy": 7}}'
    response = game.client.post(
        f"{game.url}/deals", data=body, content_type=content_type, headers=headers
    )
    assert "Content-Type" in assert_problem(response, 415)["errors"]
    response = game.client.post("/api/v1/games", data=body, content_type=content_type)
    assert_problem(response, 415)
    assert count(database, Deal) == 0


def test_a_body_over_max_content_length_is_413(start, database, app):
    game = start()
    padding = "x" * app.config["MAX_CONTENT_LENGTH"]
    response = game.record(ann_goes_out(padding=padding))
    assert_problem(response, 413)
    response = game.client.post(
        "/api/v1/games", json={"variant": "rummy", "players": PLAYERS, "title": padding}
    )
    assert_problem(response, 413)
    assert count(database, Deal) == 0
    assert count(database, Game) == 1


@pytest.mark.parametrize(
    ("players", "path"), [(["Ann\x00", "Bob"], "players.0"), (["Ann", "Bob\ud800"], "players.1")]
)
def test_text_no_database_can_hold_is_422_and_stores_nothing(client, database, players, path):
    response = client.post("/api/v1/games", json={"variant": "rummy", "players": players})
    assert assert_problem(response, 422)["errors"] == {path: ANY}
    assert count(database, Game) == 0


def test_unknown_routes_and_methods_under_the_api_are_problems(client):
    assert_problem(client.get("/api/v1/nothing-here"), 404)
    assert_problem(client.get("/api/v2/games"), 404)
    assert_problem(client.get("/api"), 404)
    response = client.delete("/api/v1/variants")
    assert_problem(response, 405)
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "HEAD"}
    assert_problem(client.patch("/api/v1/games/AAAAAAAAAAAAAAAAAAAAAA/deals/1"), 405)


def test_unknown_pages_outside_the_api_are_not_problems(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype != "application/problem+json"


def test_the_api_answers_with_the_security_headers(client):
    response = client.get("/api/v1/variants")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


class TestWithCsrfProtectionOn:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "WTF_CSRF_ENABLED": True}

    def test_the_api_needs_no_csrf_token_because_it_takes_a_bearer_token(self, start, database):
        game = start()
        assert game.record(ann_goes_out()).status_code == 201
        assert count(database, Deal) == 1


class TestWithRateLimiting:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_WRITES": "3 per minute"}

    def test_writes_past_the_limit_are_429_with_retry_after_and_store_nothing(
        self, start, database
    ):
        game = start()  # write 1
        assert game.record(ann_goes_out()).status_code == 201  # write 2
        assert game.record(ann_goes_out()).status_code == 201  # write 3
        response = game.record(ann_goes_out())
        assert_problem(response, 429)
        assert 1 <= int(response.headers["Retry-After"]) <= 60
        assert count(database, Deal) == 2
        # Reads are not limited: the view page polls.
        assert game.client.get(game.url).status_code == 200

    def test_the_limit_is_per_client_address(self, start):
        game = start()
        for _ in range(2):
            game.record(ann_goes_out())
        assert game.record(ann_goes_out()).status_code == 429
        response = game.client.post(
            f"{game.url}/deals",
            json=ann_goes_out(),
            headers=bearer(game.token),
            environ_base={"REMOTE_ADDR": "192.0.2.7"},
        )
        assert response.status_code == 201
