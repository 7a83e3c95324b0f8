"""Where the pages open their event streams: the stream process's port on the page's own
host when the server names one (make serve), which the page's policy then lets it reach;
else the page's own origin."""

from __future__ import annotations

import re

import pytest

from scorekeeper.service_layer import services


@pytest.fixture
def app_config(app_config) -> dict:
    return {**app_config, "PUSH_PORT": 8001}


def test_a_page_names_the_stream_process_and_its_policy_lets_it_connect(client, uow):
    started = services.start_game(uow, variant="thirteen", players=["Ann", "Bob", "Cy"])
    page = client.get(f"/games/{started.game.public_id}", base_url="http://scores.example.org:8000")
    assert re.search(r'<html [^>]*data-push="http://scores.example.org:8001"', page.text)
    policy = page.headers["Content-Security-Policy"]
    assert "connect-src 'self' http://scores.example.org:8001;" in policy


def test_without_a_stream_port_the_page_streams_from_its_own_origin(app, client, uow):
    app.config["PUSH_PORT"] = None
    started = services.start_game(uow, variant="thirteen", players=["Ann", "Bob", "Cy"])
    page = client.get(f"/games/{started.game.public_id}")
    assert "data-push" not in page.text
    assert "connect-src 'self';" in page.headers["Content-Security-Policy"]
