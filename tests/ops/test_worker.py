"""The job queue's worker, a real process beside gunicorn on loopback, as `make serve`
runs them: a PDF asked for is "being made" at once, made by the worker (never by the
web's threads) and served from the shared files to any of the web's processes."""

from __future__ import annotations

import http.client
import os
import subprocess
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from urllib.parse import urlencode

import pytest
from huey import SqliteHuey

from bench.bench_load import LOOPBACK, Phone
from scorekeeper import jobs
from scorekeeper.printing import budget
from tests.tiers import SLOW

from .support import start_worker, stop_worker

pytestmark = pytest.mark.servers

# A 6-player pad with 40-character accented names, as a club prints them.
NAMES = [f"Zoë Ågren-Łukasiewicz de la Peña {n:02d} é" for n in range(6)]
PAD = urlencode(
    [
        ("game", "variant:rummy"),
        ("players", "6"),
        ("page_size", "A4"),
        ("orientation", "auto"),
        *((f"names-{seat}", name) for seat, name in enumerate(NAMES)),
    ]
)


@pytest.fixture
def worker(tmp_path, database_url) -> Iterator[Callable[[], subprocess.Popen]]:
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        env = {"SCOREKEEPER_DATABASE_URL": database_url}
        started.append(start_worker(tmp_path / "instance", tmp_path / "worker.log", env))
        return started[-1]

    yield start
    for process in started:
        stop_worker(process)


def test_a_pdf_is_made_by_the_worker_and_served_by_every_web_process(serve, worker, tmp_path):
    server = serve(WEB_CONCURRENCY="2")
    phone = Phone(server.port)
    asked = phone.request("GET", f"/pads/pad.pdf?{PAD}")
    assert asked.status == 202, asked.body[:300]
    assert b"being made" in asked.body
    job = asked.headers["scorekeeper-job"]
    # The page waits on its job's stream; without scripts it reloads every 2 s.
    assert "refresh" not in asked.headers
    assert b'<noscript><meta http-equiv="refresh" content="2"></noscript>' in asked.body
    events = f"/jobs/{job}/events?since=waiting"
    assert f'data-events="{events}"'.encode() in asked.body
    # Asked again before any worker runs: the same job, not a second one.
    again = Phone(server.port).request("GET", f"/pads/pad.pdf?{PAD}")
    assert (again.status, again.headers["scorekeeper-job"]) == (202, job)

    # The app's own threaded stream (no stream process here) says when the job is done.
    stream = http.client.HTTPConnection(LOOPBACK, server.port, timeout=60)
    try:
        stream.request("GET", events)
        answer = stream.getresponse()
        assert answer.status == 200
        assert answer.getheader("Content-Type").startswith("text/event-stream")
        process = worker()
        while (line := answer.readline()) and not line.startswith(b"data: "):
            assert process.poll() is None, (tmp_path / "worker.log").read_text()
        assert line == b"data: done\n", (tmp_path / "worker.log").read_text()
    finally:
        stream.close()
    queue = SqliteHuey("scorekeeper", filename=str(tmp_path / "instance" / "jobs.sqlite3"))
    assert queue.result(job, preserve=True) == job
    answers = [Phone(server.port).request("GET", f"/pads/pad.pdf?{PAD}") for _ in range(4)]
    assert {(answer.status, answer.headers["content-type"]) for answer in answers} == {
        (200, "application/pdf")
    }
    assert all(answer.body.startswith(b"%PDF-") for answer in answers)
    assert len({answer.body for answer in answers}) == 1


# Slow tier (tests/tiers.py): the PDF made by the worker and served by every web process
# (above) stands for it in a quick run.
@SLOW
def test_a_pdf_is_made_below_the_webs_cpu_priority_and_the_worker_runs_at_its(
    tmp_path, database_url
):
    """A print pack's minutes of CPU must not take the cores from the tables' deal posts:
    a PDF is made in a child of its job, JOB_NICE steps of nice below the process that
    started the worker (10 by default, as make serve starts it; here 7). The worker and
    its other jobs (an import, holding SQLite's write turn a step at a time) stay at the
    web's priority, or the web's threads waiting for the turn preempt its holder.
    WeasyPrint (its Pango) is loaded by the worker before it forks its job processes,
    which start with it, though no PDF was laid out."""
    env = {"SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_JOB_NICE": "7"}
    process = start_worker(tmp_path / "instance", tmp_path / "worker.log", env)
    try:
        queue = jobs.configure(
            jobs.Settings(
                sqlite_path=str(tmp_path / "instance" / "jobs.sqlite3"),
                renders_folder=str(tmp_path / "instance" / "renders"),
            )
        )
        token = jobs.activate(queue)
        try:
            # The "PDF" is what nice(1) says its priority is, where the recipe runs.
            recipe = partial(subprocess.check_output, ["nice"])
            job = jobs.enqueue(budget.make_pdf, "niceness", recipe)
            assert queue.huey.result(job, blocking=True, timeout=60) == "niceness"
            made = queue.files.get("niceness")
        finally:
            jobs.deactivate(token)
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert made == f"{min(19, ours + 7)}\n".encode(), (tmp_path / "worker.log").read_text()
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
        assert children, (tmp_path / "worker.log").read_text()
        for pid in [process.pid, *map(int, children)]:
            assert os.getpriority(os.PRIO_PROCESS, pid) == ours
            assert "libpango" in Path(f"/proc/{pid}/maps").read_text(), pid
    finally:
        stop_worker(process)
