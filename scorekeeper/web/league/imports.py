"""A league or game import, stored by the job worker rather than in the request.

A big league's import is tens of seconds of reading, deriving and writing: in a web
thread it held that thread and, on SQLite, slowed every table's deal posts. The upload
is put on the job queue (``import_file``); the organizer's phone is sent to a page that
reloads itself until the job is done, then to the new league (or game) as before. A job
already done when the upload is answered (the tests, which run jobs in their thread)
is answered at once.

The job's result holds edit and invitation links: it is taken from the queue's store
once, by the organizer whose session started it.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, session, url_for
from flask_babel import force_locale, get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required

from scorekeeper import jobs
from scorekeeper.league import transfer
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.league.accounts import invitation_said
from scorekeeper.web.league.blueprint import bp, to_manage

# The longest an import may run in the worker (the largest file takes tens of seconds).
IMPORT_SECONDS = 600
WAIT_SECONDS = 2  # how often the waiting page asks again
SESSION_KEY = "import_jobs"


@jobs.job(seconds=IMPORT_SECONDS)
def import_file(organizer_id: int, raw: bytes, locale: str) -> Any:
    """Store an export file for ``organizer_id``: the Imported, or the InvalidInput that
    refused it (nothing stored), its words in ``locale``."""
    with force_locale(locale):
        try:
            return transfer.import_document(unit_of_work(), organizer_id, transfer.read_json(raw))
        except InvalidInput as refused:
            return refused


def start(raw: bytes):
    """Put the upload on the queue and answer: its result if it is done, else the
    waiting page."""
    job_id = jobs.enqueue(import_file, current_user.id, raw, str(get_locale()))
    session[SESSION_KEY] = [*session.get(SESSION_KEY, [])[-4:], job_id]
    return answer(job_id)


@bp.get("/leagues/import/<job_id>")
@login_required
def waiting(job_id: str):
    if job_id not in session.get(SESSION_KEY, []):
        abort(404)
    return answer(job_id)


def answer(job_id: str):
    if jobs.state(job_id) == "waiting":
        here = url_for("league.waiting", job_id=job_id)
        if request.path != here:  # the upload: on to the page that waits
            return redirect(here, 303)
        page = render_template("league/import_waiting.html")
        return page, 202, {"Refresh": str(WAIT_SECONDS), "Cache-Control": "no-store"}
    session[SESSION_KEY] = [other for other in session.get(SESSION_KEY, []) if other != job_id]
    result = jobs.take(job_id)
    if isinstance(result, InvalidInput):
        return render_template("league/import.html", refused=result), 422
    if result is None:  # stopped (its time limit, a worker lost)
        refused = InvalidInput(_("The league cannot be imported."))
        return render_template("league/import.html", refused=refused), 422
    if result.league_id is not None:
        flash(_("The league was imported."))
        for invited in result.invited:
            flash(invitation_said(invited))
        return to_manage(result.league_id)
    edit_url = links.edit_url(result.game_id, result.edit_token)
    flash(_("The game was imported. Its edit link: %(url)s", url=edit_url))
    return redirect(links.view_url(result.game_id), 303)
