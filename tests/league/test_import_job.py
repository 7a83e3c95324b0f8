"""A league import is stored by the job worker, not in the request (web/league/imports.py):
the upload is answered at once with a page that waits and reloads; once the job has run,
that page leads to the new league, for the session that sent it only."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from tests.league.support import (
    NAMES,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    run_the_waiting_job,
    started_night,
)


@pytest.fixture
def app_config(app_config):
    return {**app_config, "JOBS_IMMEDIATE": False}  # a queue, and no worker but the test


def test_an_import_waits_for_the_worker_then_leads_to_the_league(app, client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = started_night(uow, lid, olga, [ids[n] for n in NAMES[:8]])
    for table in night.tables:
        play_out(uow, table, 0)
    document = transfer.export_league(uow, lid, olga)
    login(client)
    upload = {"file": (io.BytesIO(json.dumps(document).encode()), "league.json")}
    sent = client.post("/leagues/import", data=upload, content_type="multipart/form-data")
    assert sent.status_code == 303
    waiting = sent.headers["Location"]
    assert waiting.startswith("/leagues/import/")
    page = client.get(waiting)
    assert (page.status_code, page.headers["Refresh"]) == (202, "2")
    assert "The file is being imported" in page.get_data(as_text=True)
    assert len(league.leagues_of(uow, olga)) == 1  # nothing stored by the request

    someone_else = app.test_client()
    make_organizer(uow, email="mo@example.org", name="Mo")
    login(someone_else, email="mo@example.org")
    assert someone_else.get(waiting).status_code == 404

    run_the_waiting_job(app)
    done = client.get(waiting)
    assert done.status_code == 303
    imported = done.headers["Location"].rsplit("/", 1)[-1]
    assert imported != lid and len(league.leagues_of(uow, olga)) == 2
    assert "The league was imported." in client.get(done.headers["Location"]).get_data(True)
    assert client.get(waiting).status_code == 404  # its result was read once


def test_a_refused_import_is_shown_on_the_import_page_once_the_job_ran(app, client, uow):
    make_organizer(uow)
    login(client)
    upload = {"file": (io.BytesIO(b'{"format": "something else"}'), "x.json")}
    waiting = client.post("/leagues/import", data=upload, content_type="multipart/form-data")
    run_the_waiting_job(app)
    refused = client.get(waiting.headers["Location"])
    assert refused.status_code == 422
    assert "That is not a scorekeeper export." in refused.get_data(as_text=True)
