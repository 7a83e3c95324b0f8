"""The production server's settings that are not gunicorn's own (scorekeeper/gunicorn_conf.py)."""

from __future__ import annotations

import gc
import sys

import pytest

from bench.bench_load import scorekeeper_spec, start_gunicorn
from scorekeeper import gunicorn_conf, streams_conf
from tests import collector
from tests.waiting import wait_until


def test_a_web_worker_hands_the_interpreter_lock_on_after_a_millisecond():
    before = sys.getswitchinterval()
    try:
        gunicorn_conf.post_fork(server=None, worker=None)
        assert sys.getswitchinterval() == pytest.approx(0.001)
    finally:
        sys.setswitchinterval(before)


# A gunicorn config of the shipped settings that writes, in each web worker as it starts,
# the objects its garbage collector walks (generations 0 to 2), those frozen out of it,
# and whether the printing engine (WeasyPrint) came loaded with the fork.
PROBE_CONF = """
import gc, os, sys
from scorekeeper.gunicorn_conf import *
from scorekeeper import gunicorn_conf as shipped

def post_fork(server, worker):
    shipped.post_fork(server, worker)
    engine = "scorekeeper.printing.engine" in sys.modules
    with open(os.environ["GC_PROBE"], "a") as out:
        out.write(f"{len(gc.get_objects())} {gc.get_freeze_count()} {engine}\\n")
"""


def test_a_web_workers_collections_leave_out_the_app_loaded_before_the_fork(database_url, tmp_path):
    # Every full collection in a worker walked the preloaded app again (some 220,000
    # objects, about 115 ms of CPU), holding the interpreter lock while the process's
    # deal posts waited (bench/README.md, the club night's sixth look). Frozen before
    # the fork, a worker's collections walk only what it makes itself.
    conf = tmp_path / "probe_conf.py"
    conf.write_text(PROBE_CONF)
    probe = tmp_path / "gc.txt"
    server = start_gunicorn(
        scorekeeper_spec(tmp_path / "instance"),
        tmp_path / "gunicorn.log",
        {"SCOREKEEPER_DATABASE_URL": database_url, "GC_PROBE": str(probe), "WEB_CONCURRENCY": "2"},
        conf=str(conf),
    )

    def both_started() -> bool:
        return probe.exists() and len(probe.read_text().splitlines()) == 2

    try:
        wait_until(both_started, "both web workers started")
    finally:
        server.kill()
    for line in probe.read_text().splitlines():
        walked, frozen, engine = line.split()
        assert int(frozen) > 20 * int(walked), line
        # The app leaves WeasyPrint to the first PDF; the master loads it for all workers.
        assert engine == "True", line


def test_the_stream_process_freezes_the_app_it_loaded_out_of_its_collections():
    # The stream process loads the app after the fork (no preload): its hook, called once
    # the app is loaded, leaves every object living then out of the collector's walks.
    with collector.as_in_production():
        # Garbage left by earlier tests is collected first: a collection the thresholds
        # start between the count and the freeze would free it, and the frozen count would
        # fall short of the walked one (681,161 walked, 680,511 frozen, in one run).
        gc.collect()
        walked_before = len(gc.get_objects())
        streams_conf.post_worker_init(worker=None)
        assert gc.get_freeze_count() >= 0.99 * walked_before
        assert len(gc.get_objects()) < walked_before / 20
