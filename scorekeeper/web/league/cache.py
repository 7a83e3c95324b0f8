"""A published league's pages for anonymous readers, made once per league version.

The standings of a large league cost a second or two of CPU. For a reader without an
account (the public, the phones at the tables), its public page, standings and players'
pages are kept (``jobs.files``: every process and server) under the league's version
(``league.versions``), the page, its query, the language and the app's own files: a
reload, or the twentieth phone, costs a few small queries. The key is the page's strong
``ETag``; a browser that has it gets ``304 Not Modified``. Pages made (not the ones
kept) count against ``RATELIMIT_PUBLIC_PAGES`` per client address.

Organizers and scorers (their pages show more) and a reader with a message to show
get the page made for them, as before.

A big league's new version (more than ``LEAGUE_PAGE_JOB_SIZE`` members and games) is
made by a job in the worker, not in the request, so no request pays for it: meanwhile
the reader gets the last version made of the same page (``Scorekeeper-Job`` names the
job), or, if none was ever made, a "being made" page that loads it once the job is
done (print/being_made.html, the job's stream). The bound and what a page costs:
docs/security.md.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from flask import (
    Response,
    current_app,
    g,
    get_flashed_messages,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _

from scorekeeper import jobs
from scorekeeper.extensions import limiter
from scorekeeper.league.versions import public_size, public_version
from scorekeeper.printing.budget import BEING_MADE_SECONDS, files_version
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.league.blueprint import organizer_id


def _kept() -> bool:
    """Whether this request's page is kept already (or not kept at all: an organizer's),
    so it does not count against the limit. Its key and page wait in ``g``."""
    public_id = (request.view_args or {}).get("public_id", "")
    if organizer_id() is not None or session.get("_flashes"):
        g.league_page_key = None
        return True
    g.league_page_key = key = page_key(public_id)
    if key in request.if_none_match:
        g.league_page = b""
        return True
    g.league_page = jobs.files().get(key)
    return g.league_page is not None


PUBLIC_PAGES_LIMIT = limiter.shared_limit(
    lambda: current_app.config["RATELIMIT_PUBLIC_PAGES"], scope="league-pages", exempt_when=_kept
)


def app_files_version() -> str:
    """The templates' and static files' names, sizes and times: a deploy changes it,
    so no page kept from before names the old scripts."""
    return files_version(Path(current_app.root_path), ("templates", "static"))


def page_key(public_id: str, version: str | None = None) -> str:
    """The key of this request's page at the league's ``version`` (None: today's);
    ``version=""``: the key under which the last version made of it is kept."""
    if version is None:
        version = public_version(unit_of_work(), public_id)
    parts = (
        "league-page",
        version,
        request.endpoint or "",
        request.full_path,
        str(get_locale()),
        app_files_version(),
    )
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


# The views kept for readers, by name: a job makes one's page by its name.
_views: dict[str, Callable[..., Any]] = {}
# Seconds a page's job may run (the heaviest public page: well under one).
PAGE_SECONDS = 60


@jobs.job(seconds=PAGE_SECONDS)
def make_page(key: str, last: str, view: str, path: str, language: str, kwargs: dict) -> str:
    """The job making a big league's page for an anonymous reader (its id: ``key``),
    in a request like the reader's (path, language), kept under ``key`` and ``last``."""
    files = jobs.files()
    try:
        headers = {"Accept-Language": language}
        with current_app.test_request_context(path, headers=headers):
            page = _views[view](**kwargs)
        if isinstance(page, str):
            files.put(key, page.encode())
            files.put(last, page.encode())
    finally:
        files.release(key)
    return key


def _made_by_a_job(public_id: str, view: Callable[..., Any], kwargs: dict) -> Response | None:
    """A big league's page not kept yet: its job is sent (once), and the reader gets
    the page once made, else the last one made, else "being made". None: not big."""
    if public_size(unit_of_work(), public_id) <= current_app.config["LEAGUE_PAGE_JOB_SIZE"]:
        return None
    files, key = jobs.files(), g.league_page_key
    last = page_key(public_id, "")
    name = f"{view.__module__}.{view.__qualname__}"
    asked = (
        key,
        last,
        name,
        request.full_path,
        str(get_locale()),
        {"public_id": public_id, **kwargs},
    )
    if jobs.immediate() or files.claim(key, PAGE_SECONDS * 2):
        jobs.enqueue(make_page, *asked, job_id=key)
    body = files.get(key)
    if body is not None:
        return _answer(Response(body, mimetype="text/html"), key)
    headers = {"Cache-Control": "no-store", "Scorekeeper-Job": key}
    body = files.get(last)
    if body is not None:  # the last version made, while the new one is made
        return Response(body, mimetype="text/html", headers=headers)
    events = url_for("jobs.events", job_id=key, since="waiting")
    page = render_template(
        "print/being_made.html",
        heading=_("This page is being made"),
        events=events,
        retry_after=BEING_MADE_SECONDS,
    )
    return Response(page, 202, headers=headers)


def for_readers(view: Callable[..., Any]) -> Callable[..., Any]:
    """Keep ``view``'s page for anonymous readers (its first argument: the league's id)."""

    _views[f"{view.__module__}.{view.__qualname__}"] = view

    @wraps(view)
    def kept(public_id: str, **kwargs: Any):
        if "league_page_key" not in g:  # the limit is off: nothing asked _kept yet
            _kept()
        key = g.league_page_key
        if key is None:
            return view(public_id, **kwargs)
        g.public_page = True  # web.common.edge lets the browser keep it, asking each time
        if key in request.if_none_match:
            return _answer(Response(status=304), key)
        body = g.league_page
        if body is None and (made := _made_by_a_job(public_id, view, kwargs)) is not None:
            return made
        if body is None:
            made = _made_here(public_id, view, kwargs)
            if not isinstance(made, bytes):
                return made
            body = made
        return _answer(Response(body, mimetype="text/html"), key)

    return PUBLIC_PAGES_LIMIT(kept)


def _made_here(public_id: str, view: Callable[..., Any], kwargs: dict) -> bytes | Response:
    """The page made in this request and kept, also as the last one made of it; or,
    while another request (of any process or server) is making the same page, the
    last one made, so a new version read by twenty phones at once is made once,
    not twenty times over (each reader holding a thread and the CPU meanwhile)."""
    files, key = jobs.files(), g.league_page_key
    last = page_key(public_id, "")
    claimed = files.claim(key, PAGE_SECONDS)
    if not claimed:
        body = files.get(last)
        if body is not None:  # not this version's: not to be kept by the browser
            return Response(body, mimetype="text/html", headers={"Cache-Control": "no-store"})
    try:
        page = view(public_id, **kwargs)
        if not isinstance(page, str) or get_flashed_messages(with_categories=True):
            return page  # an error or a redirect: not kept
        body = page.encode()
        files.put(key, body)
        files.put(last, body)
    finally:
        if claimed:  # another request's claim is its own to release
            files.release(key)
    return body


def _answer(response: Response, key: str) -> Response:
    response.set_etag(key)
    # Kept by the browser, asked about again each time: a new result shows at once.
    response.headers["Cache-Control"] = "no-cache"
    return response
