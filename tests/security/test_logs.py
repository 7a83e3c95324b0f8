"""Finding 3: edit tokens never reach a log, under gunicorn or ``flask run``."""

from __future__ import annotations

import logging

from bench.bench_load import Phone
from scorekeeper.web.common.edge import RedactTokens, redact_tokens
from tests.ops.support import start_game


def test_gunicorns_access_log_holds_no_edit_token(serve):
    server = serve()
    phone = Phone(server.port)
    game_id, authorization = start_game(phone)
    token = authorization["Authorization"].removeprefix("Bearer ")
    assert phone.request("GET", f"/games/{game_id}/edit/{token}").status == 303
    assert phone.request("GET", f"/games/{game_id}/edit/{token}?x=1").status == 303
    # Issue 23, finding 10: a percent-encoded path is routed as the plain one.
    assert phone.request("GET", f"/games/{game_id}/edi%74/{token}").status == 303
    assert phone.request("GET", f"/games/{game_id}/%65dit%2F{token}").status == 303
    phone.request("POST", f"/api/v1/games/{game_id}/token", headers=authorization)
    phone.close()
    server.kill()
    log = server.log.read_text()
    assert f"/games/{game_id}/edit/[redacted]" in log
    assert f"/games/{game_id}/edi%74/[redacted]" in log
    assert token not in log


def test_the_development_servers_request_lines_are_redacted_too():
    record = logging.LogRecord(
        "werkzeug",
        logging.INFO,
        __file__,
        1,
        '%s "%s" %s',
        ("ip", "GET /games/g/edit/T0k HTTP/1.1", 303),
        None,
    )
    RedactTokens().filter(record)
    assert record.getMessage() == 'ip "GET /games/g/edit/[redacted] HTTP/1.1" 303'


def test_only_the_token_is_redacted():
    assert redact_tokens("/games/abc/edit/tok-1_x?y=1") == "/games/abc/edit/[redacted]?y=1"
    assert redact_tokens("/games/abc/deals/3/edit") == "/games/abc/deals/3/edit"


def test_a_percent_encoded_edit_link_is_redacted_however_it_is_spelled():
    assert (
        redact_tokens("GET /games/a/edi%74/T0k HTTP/1.1")
        == "GET /games/a/edi%74/[redacted] HTTP/1.1"
    )
    assert (
        redact_tokens("/games/a/%65%64%69%74%2fT%30k?x=1")
        == "/games/a/%65%64%69%74%2f[redacted]?x=1"
    )
    assert redact_tokens("/games/a/edit/T%30k%2Fz") == "/games/a/edit/[redacted]%2Fz"
