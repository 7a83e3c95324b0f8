"""Findings 6 and 7: what one request can cost, and limits that count the right thing.

A game holds at most ``Variant.max_deals`` deals; a sheet prints at most
``SHEET_MAX_DEALS`` and is made once per game version; every PDF route shares
one per-client limit, counted once for all gunicorn workers; the edit-link
limit counts failed token checks only.
"""

from __future__ import annotations

import pytest

from bench.bench_load import Phone
from scorekeeper import scoring
from scorekeeper.league import services as league
from scorekeeper.scoring import Variant
from scorekeeper.web.table import sheets
from tests.api.conftest import assert_problem
from tests.league.support import make_league, make_organizer

PLAYERS = ["Ann", "Bob", "Cy"]
STALEMATE = {"out": None, "hands": {"Ann": 0, "Bob": 0, "Cy": 0}}
PAD = {"game": "variant:rummy", "players": "3", "page_size": "A4", "orientation": "auto"}


def test_a_game_refuses_the_deal_past_its_maximum():
    setup = scoring.make_setup(variant="rummy", players=PLAYERS, options={"target": 100})
    entries = [STALEMATE] * Variant.max_deals
    assert len(scoring.derive(setup, entries).deals) == 500
    with pytest.raises(scoring.ScoringError) as refused:
        scoring.validate_entry(setup, entries, STALEMATE)
    assert refused.value.errors == {"deals": "a game has at most 500 deals"}
    assert "start a new game" in str(refused.value.detail)


def test_the_api_refuses_it_clearly_and_stores_nothing(start, monkeypatch):
    monkeypatch.setattr(Variant, "max_deals", 3)
    game = start(options={"target": 100})
    for _ in range(3):
        assert game.record(STALEMATE).status_code == 201
    problem = assert_problem(game.record(STALEMATE), 422)
    assert problem["errors"] == {"deals": "a game has at most 3 deals"}
    assert len(game.state()["deals"]) == 3


def test_a_sheet_is_made_once_per_game_version(client, start, monkeypatch):
    made = []
    render = sheets.game_sheet_pdf
    monkeypatch.setattr(sheets, "game_sheet_pdf", lambda *a, **k: made.append(1) or render(*a, **k))
    game = start()
    for path in (f"/games/{game.id}/sheet.pdf", f"/api/v1/games/{game.id}/sheet.pdf") * 2:
        assert client.get(path).status_code == 200
    assert len(made) == 1
    game.record({"out": "Ann", "hands": {"Bob": 5, "Cy": 7}})
    assert client.get(f"/games/{game.id}/sheet.pdf").status_code == 200
    assert client.get(f"/games/{game.id}/sheet.pdf?page_size=Letter").status_code == 200
    assert len(made) == 3


def test_a_sheet_of_a_game_longer_than_a_sheet_prints_is_refused_at_once(
    client, start, monkeypatch
):
    monkeypatch.setattr(sheets, "SHEET_MAX_DEALS", 2)
    game = start(options={"target": 100})
    for _ in range(3):
        game.record(STALEMATE)
    page = client.get(f"/games/{game.id}/sheet.pdf")
    assert page.status_code == 422
    assert "This game has 3 deals; a sheet prints at most 2" in page.text
    problem = assert_problem(client.get(f"/api/v1/games/{game.id}/sheet.pdf"), 422)
    assert problem["errors"] == {"deals": "a sheet prints at most 2 deals"}


class TestPdfLimit:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_SHEETS": "3 per minute"}

    def test_every_pdf_route_is_limited(self, app):
        pdf_routes = {rule.endpoint for rule in app.url_map.iter_rules() if ".pdf" in rule.rule}
        assert pdf_routes == {
            "sheets.pad_pdf",
            "sheets.game_sheet",
            "api.sheet",
            "league.pack",
            "league.night_sheets",
            "league.standings_pdf",
            "league.certificate",
            "circles.statement",
        }
        for endpoint in pdf_routes:
            assert getattr(app.view_functions[endpoint], "__wrapped__", None), endpoint

    def test_all_pdfs_share_one_count_per_client(self, client, uow, start):
        organizer = make_organizer(uow)
        public_id = make_league(uow, organizer)
        league.set_published(uow, public_id, organizer, True)
        game = start()
        paths = [
            f"/leagues/{public_id}/standings.pdf",
            f"/games/{game.id}/sheet.pdf",
            f"/api/v1/games/{game.id}/sheet.pdf",
            f"/leagues/{public_id}/standings.pdf",
        ]
        statuses = [client.get(path).status_code for path in paths]
        assert statuses == [200, 200, 200, 429]
        other_phone = client.application.test_client()
        other = other_phone.get(
            "/pads/pad.pdf", query_string=PAD, environ_base={"REMOTE_ADDR": "10.0.0.9"}
        )
        assert other.status_code == 200


def test_the_pdf_limit_is_one_count_for_all_workers(serve):
    server = serve(
        SCOREKEEPER_RATELIMIT_ENABLED="true",
        SCOREKEEPER_RATELIMIT_SHEETS="3 per minute",
        WEB_CONCURRENCY="3",
    )
    statuses = []
    for _ in range(8):  # a new connection each: gunicorn hands them to any worker
        phone = Phone(server.port)
        query = "&".join(f"{name}={value}" for name, value in PAD.items())
        statuses.append(phone.request("GET", f"/pads/pad.pdf?{query}").status)
        phone.close()
    assert sorted(statuses) == [200] * 3 + [429] * 5


class TestEditLinkLimit:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_LOGIN": "10 per minute"}

    def test_forty_phones_at_one_club_all_open_their_edit_links(self, app, start):
        game = start()
        for _ in range(40):
            phone = app.test_client()
            assert phone.get(f"/games/{game.id}/edit/{game.token}").status_code == 303

    def test_guessing_tokens_is_limited(self, client, start):
        game = start()
        guesses = [client.get(f"/games/{game.id}/edit/guess{n}").status_code for n in range(11)]
        assert guesses == [403] * 10 + [429]
        # For the rest of the minute the guesser's address is refused even a valid link.
        assert client.get(f"/games/{game.id}/edit/{game.token}").status_code == 429
