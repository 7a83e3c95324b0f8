"""A big league's pages for anonymous readers are made by a job, not in the request
(web/league/cache.py, LEAGUE_PAGE_JOB_SIZE): the reader gets "being made" the first
time, the last version made while a new one is made, and the new one once the job ran."""

from __future__ import annotations

import pytest

from tests.league.support import (
    make_organizer,
    play_out,
    published_night_of_eight,
    run_the_waiting_job,
)
from tests.league.support import started_night as start


@pytest.fixture
def app_config(app_config):
    # Eight members and two tables: above a bound of 8 (the default, 1,000, is measured
    # for leagues of hundreds; the rule is the same).
    return {**app_config, "JOBS_IMMEDIATE": False, "LEAGUE_PAGE_JOB_SIZE": 8}


def test_a_big_leagues_standings_are_made_by_a_job_and_the_last_ones_shown_meanwhile(app, uow):
    olga = make_organizer(uow)
    lid, ids, _night = published_night_of_eight(uow, olga)
    reader, other = app.test_client(), app.test_client()
    first = reader.get(f"/leagues/{lid}/standings")
    assert first.status_code == 202
    job = first.headers["Scorekeeper-Job"]
    page = first.get_data(as_text=True)
    assert "This page is being made" in page
    assert f'data-events="/jobs/{job}/events?since=waiting"' in page
    # A second reader meanwhile: the same job, not a second one (run_the_waiting_job
    # checks that one job waits).
    assert other.get(f"/leagues/{lid}/standings").headers["Scorekeeper-Job"] == job

    run_the_waiting_job(app)
    made = reader.get(f"/leagues/{lid}/standings")
    assert (made.status_code, made.headers["ETag"]) == (200, f'"{job}"')
    assert "Ann" in made.get_data(as_text=True)

    later = start(uow, lid, olga, [ids[n] for n in ("Ann", "Bob", "Cy", "Dee")])
    play_out(uow, later.tables[0], 1)
    meanwhile = other.get(f"/leagues/{lid}/standings")
    assert meanwhile.status_code == 200 and "ETag" not in meanwhile.headers
    assert meanwhile.data == made.data  # the last version made, while the new one is
    new_job = meanwhile.headers["Scorekeeper-Job"]
    assert new_job != job
    run_the_waiting_job(app)
    new = other.get(f"/leagues/{lid}/standings")
    assert (new.status_code, new.headers["ETag"]) == (200, f'"{new_job}"')
    assert new.data != made.data
