"""A night's print pack with a job queue, as served: the first ask sends the job and
makes no HTML, a second ask meanwhile finds the job, and the worker makes the HTML
with the PDF."""

from __future__ import annotations

import pytest

from .support import LONG_NAMES, login, make_league, make_organizer, member_ids, run_the_waiting_job
from .support import started_night as start


@pytest.fixture
def app_config(app_config):
    # A queue, and no worker but the test; the PDF made in this process, not a niced child
    # (tests/jobs/test_apart.py), so what its job renders is seen here.
    return {**app_config, "JOBS_IMMEDIATE": False, "JOB_NICE": 0}


def test_a_pack_asked_is_made_by_the_worker_and_its_html_with_it(app, client, uow, made):
    olga = make_organizer(uow)
    login(client)
    lid = make_league(uow, olga, names=LONG_NAMES)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in LONG_NAMES])
    path = f"/leagues/{lid}/nights/{night.id}/pack.pdf"
    first = client.get(path)
    assert first.status_code == 202
    job = first.headers["Scorekeeper-Job"]
    again = client.get(path)  # the same job, not a second (run_the_waiting_job checks)
    assert again.status_code == 202 and again.headers["Scorekeeper-Job"] == job
    assert "pad.html" not in made
    run_the_waiting_job(app)
    assert made.count("pad.html") == 1
    made.clear()
    kept = client.get(path)
    assert kept.status_code == 200 and kept.data.startswith(b"%PDF-")
    assert "pad.html" not in made
