"""Findings 1, 2, 3 (hosts, caches), 9 (integers) and 12 (Retry-After): checks at the edge.

Run on both databases: PostgreSQL refuses a NUL in any text column, SQLite does
not, and the answers must be the same on both.
"""

from __future__ import annotations

import pytest

from tests.api.conftest import assert_problem, bearer
from tests.league.support import PASSWORD, login, make_league, make_organizer
from tests.web.support import CRAZY_GIN, start

ORGANIZER = {"email": "org@example.org", "password": PASSWORD}


# ---------------------------------------------------------------- finding 1: open redirect


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/phish",
        "/%09/evil.example/phish",  # a tab, which browsers drop: //evil.example
        "/%0a/evil.example/phish",
        "/%0d/x",  # once raised "Header values must not contain newline" after the login
        "%20//evil.example/",  # a space, which browsers trim
        "/\\evil.example/",
        "\\\\evil.example/",
        "https://evil.example/",
        "https:/evil.example/",
        "javascript:alert(1)",
        "leagues/new",
    ],
)
def test_a_login_never_redirects_off_the_site(client, uow, target):
    make_organizer(uow)
    answer = client.post(f"/account/login?next={target}", data=ORGANIZER)
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/leagues/"


def test_a_login_goes_on_to_the_page_on_this_site_that_sent_it(client, uow):
    make_organizer(uow)
    answer = client.post("/account/login?next=/leagues/new%3Fx%3D1", data=ORGANIZER)
    assert answer.headers["Location"] == "/leagues/new?x=1"


# ---------------------------------------------------------------- finding 2: NUL and surrogates


@pytest.mark.parametrize(
    "path",
    [
        "/games/a%00b",
        "/games/a%00b/share",
        "/games/a%00b/history",
        "/games/a%00b/table",
        "/games/a%00b/scoreboard",
        "/games/a%00b/sheet.pdf",
        "/games/a%00b/edit/t%00k",
        "/games/abc/edit/t%00k",
        "/leagues/a%00b",
        "/leagues/a%00b/standings",
        "/leagues/a%00b/standings.pdf",
        "/leagues/a%00b/standings.csv",
        "/leagues/a%00b/players/1",
        "/leagues/a%00b/export.json",
        "/leagues/games/a%00b.json",
        "/leagues/games/a%00b.csv",
        "/api/v1/games/a%00b",
    ],
)
def test_a_nul_in_an_id_is_not_found_on_either_database(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/account/login", "email"),
        ("/account/login", "password"),
        ("/account/signup", "email"),
        ("/account/signup", "name"),
    ],
)
def test_a_nul_in_an_account_form_is_a_clear_400_on_either_database(client, path, field):
    data = {"email": "org@example.org", "name": "Olga", "password": PASSWORD, "confirm": PASSWORD}
    data[field] = "a\x00b"
    answer = client.post(path, data=data)
    assert answer.status_code == 400
    assert "NUL" in answer.get_data(as_text=True)


def test_a_nul_in_a_league_name_is_refused_and_nothing_is_stored(client, uow):
    organizer = make_organizer(uow)
    make_league(uow, organizer)
    login(client)
    answer = client.post("/leagues/new", data={"name": "Thursday\x00Club", "variant": "rummy"})
    assert answer.status_code == 400
    assert "Thursday" not in client.get("/leagues/").get_data(as_text=True).replace(
        "Thursday Club", ""
    )


def test_a_nul_in_a_query_string_is_a_400_not_a_500(client):
    game_id = start(client, ["Ann", "Bob"])
    assert client.get(f"/games/{game_id}?x=%00").status_code == 400
    assert_problem(client.get(f"/api/v1/games/{game_id}?x=%00"), 400)


# ---------------------------------------------------------------- finding 9: integers in routes


@pytest.mark.parametrize(
    "path",
    [
        "/leagues/{league}/players/9223372036854775808",
        "/leagues/{league}/players/2147483648",
        "/leagues/{league}/nights/99999999999999999999999",
        "/leagues/{league}/nights/1/tables/9223372036854775808",
    ],
)
def test_an_integer_past_the_id_columns_is_not_found(client, uow, path):
    organizer = make_organizer(uow)
    league = make_league(uow, organizer)
    login(client)
    assert client.get(path.format(league=league)).status_code == 404


# ---------------------------------------------------------------- finding 3: hosts and caches


def test_a_stranger_host_header_never_reaches_a_link(client):
    answer = client.post(
        "/api/v1/games",
        json={"variant": "rummy", "players": ["Ann", "Bob"]},
        headers={"Host": "evil.example"},
    )
    assert_problem(answer, 400)
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_this_machine_and_the_venue_wifi_are_served_without_configuration(client):
    for host in ("localhost", "127.0.0.1:5000", "192.168.1.20:5000", "[::1]:8000"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host


class TestAPublicBaseUrl:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "PUBLIC_BASE_URL": "https://scores.example.org"}

    def test_links_use_it_whatever_the_host_header_says(self, client):
        answer = client.post(
            "/api/v1/games",
            json={"variant": "rummy", "players": ["Ann", "Bob"]},
            headers={"Host": "evil.example"},
        )
        assert answer.status_code == 201
        links = answer.get_json()["links"]
        assert all(url.startswith("https://scores.example.org/") for url in links.values())


class TestTrustedHosts:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "TRUSTED_HOSTS": ["scores.example.org"]}

    def test_only_the_listed_hosts_are_answered(self, client):
        answer = client.post(
            "/api/v1/games",
            json={"variant": "rummy", "players": ["Ann", "Bob"]},
            headers={"Host": "scores.example.org"},
        )
        assert answer.get_json()["links"]["edit"].startswith("http://scores.example.org/games/")
        assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_editor_pages_are_never_stored_by_a_cache(client):
    game_id = start(client, ["Ann", "Bob"])  # follows the edit link
    for path in (f"/games/{game_id}", f"/games/{game_id}/share"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    started = client.post(
        "/games/new",
        data={"game": CRAZY_GIN, "act": "start", "players-0": "Ann", "players-1": "Bob"},
    )
    assert "/edit/" in started.headers["Location"]
    assert started.headers["Cache-Control"] == "no-store"
    assert client.get(started.headers["Location"]).headers["Cache-Control"] == "no-store"


# ---------------------------------------------------------------- finding 12: Retry-After


class TestRetryAfter:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True}

    def test_only_a_429_says_when_to_retry(self, client, start):
        game = start()
        answer = game.record({"out": "Ann", "hands": {"Bob": 5, "Cy": 7}})
        assert answer.status_code == 201
        assert "X-RateLimit-Remaining" in answer.headers
        assert "Retry-After" not in answer.headers
        got = client.get(f"/api/v1/games/{game.id}", headers=bearer(game.token))
        assert "Retry-After" not in got.headers


# ---------------------------------------------------------------- finding 12: gunicorn's limits


def test_the_longest_valid_url_fits_gunicorns_request_line(client):
    """gunicorn answers a longer request line itself, in HTML (README: Production)."""
    from urllib.parse import urlencode

    from gunicorn.config import Config

    names = {f"names-{seat}": f"{seat}" + "É" * 39 for seat in range(8)}
    query = urlencode(
        {
            "game": "preset:Crazy Gin (13 deals)",
            "players": 8,
            **names,
            "page_size": "Letter",
            "orientation": "landscape",
        }
    )
    request_line = f"GET /pads/pad.pdf?{query} HTTP/1.1"
    assert len(request_line) < Config().limit_request_line
    assert client.get(f"/pads/pad.pdf?{query}").status_code == 200
