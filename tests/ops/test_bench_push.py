"""bench/bench_push.py reads the scoreboard's version from its ETag, weak or strong, and a
run that showed no deal, or lost some, fails rather than printing a table of nothing."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from scorekeeper.service_layer import services

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def bench_push(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # the benchmarks import each other by name
    return importlib.import_module("bench_push")


def test_the_version_is_read_from_the_scoreboards_etag_as_the_gzip_layer_sends_it(
    bench_push, client, uow
):
    started = services.start_game(uow, variant="thirteen", players=["Ann", "Bob", "Cy"])
    answer = client.get(
        f"/games/{started.game.public_id}/scoreboard", headers={"Accept-Encoding": "gzip"}
    )
    assert answer.status_code == 200
    assert answer.headers["Content-Encoding"] == "gzip"
    etag = answer.headers["ETag"]
    assert etag.startswith("W/")  # as the gzip layer sends it
    assert bench_push.version_of(etag) == services.load_game(uow, started.game.public_id).version


@pytest.mark.parametrize(("etag", "version"), [('"v1"', 1), ('W/"v12"', 12), ('"v3:gzip"', 3)])
def test_weak_and_strong_etags_give_the_version(bench_push, etag, version):
    assert bench_push.version_of(etag) == version


def test_an_etag_of_no_version_is_an_error_not_a_guess(bench_push):
    with pytest.raises(ValueError, match="not a scoreboard ETag"):
        bench_push.version_of('"abc"')


def phase(**changes) -> dict:
    return {
        "label": "push, 10 watchers",
        "watchers": 10,
        "push_shown_ms": {"p50": 20, "p95": 40, "max": 60},
        "poll_shown_ms": None,
        "not_shown": 0,
        "watcher_errors": 0,
        "load_errors": 0,
        **changes,
    }


def test_a_run_fails_when_a_deal_is_not_shown_or_nothing_was_measured(bench_push):
    assert bench_push.failures({"phases": [phase()]}) == []
    assert bench_push.failures({"phases": [phase(not_shown=80, watcher_errors=10)]}) == [
        "push, 10 watchers: 0 load errors, 10 watcher errors, 80 deals not shown"
    ]
    assert bench_push.failures({"phases": [phase(push_shown_ms=None)]}) == [
        "push, 10 watchers: no deal shown on any watcher"
    ]
