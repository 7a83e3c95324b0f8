"""A job's stream: the "being made" page hears that its PDF is ready, instead of polling.

``/jobs/<id>/events`` sends one ``version`` event (the job's state, ``done`` or
``failed``) once the job is no longer waiting; the page's script (static/print/made.js)
then loads the file again. The stream process (streams.py) serves it where it runs; this
is the app's own threaded stream for ``make run`` and a bare gunicorn (push.answer).

A job's id tells nothing about whose it is (a render job's is the hash of the PDF's
content), and the stream says only whether it is done: it needs no login.
"""

from __future__ import annotations

import re

from flask import Blueprint, Flask, abort, current_app, request

from scorekeeper import jobs
from scorekeeper.web.common import push

bp = Blueprint("jobs", __name__)

# What a job id looks like: a render's content hash (hex), huey's uuid, an import's id.
JOB_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
# The threaded stream looks at a job this often (nothing wakes it: the worker writes
# the queue's own store, not the database).
LOOK_SECONDS = 0.5


def job_version(app: Flask, job_id: str) -> str:
    """The job's state on ``app``'s queue: "waiting", "done" or "failed"."""
    token = jobs.activate(app.extensions["scorekeeper.jobs"])
    try:
        return jobs.state(job_id)
    finally:
        jobs.deactivate(token)


@bp.get("/jobs/<job_id>/events")
def events(job_id: str):
    """Server-sent events: one ``version`` event once the job is done (see push)."""
    if not JOB_ID.fullmatch(job_id):
        abort(404)
    app = current_app._get_current_object()  # the stream outlives the request
    since = request.args.get("since", "waiting")
    return push.answer(f"job:{job_id}", since, lambda: job_version(app, job_id), LOOK_SECONDS)
