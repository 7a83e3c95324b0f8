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
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path
from typing import Any

from flask import Response, current_app, g, get_flashed_messages, request, session
from flask_babel import get_locale

from scorekeeper import jobs
from scorekeeper.extensions import limiter
from scorekeeper.league.versions import public_version
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


@cache
def app_files_version() -> str:
    """The templates' and static files' names, sizes and times: a deploy changes it,
    so no page kept from before names the old scripts."""
    root = Path(current_app.root_path)
    digest = hashlib.sha256()
    for folder in ("templates", "static"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def page_key(public_id: str) -> str:
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


def for_readers(view: Callable[..., Any]) -> Callable[..., Any]:
    """Keep ``view``'s page for anonymous readers (its first argument: the league's id)."""

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
        if body is None:
            page = view(public_id, **kwargs)
            if not isinstance(page, str) or get_flashed_messages(with_categories=True):
                return page  # an error or a redirect: not kept
            body = page.encode()
            jobs.files().put(key, body)
        return _answer(Response(body, mimetype="text/html"), key)

    return PUBLIC_PAGES_LIMIT(kept)


def _answer(response: Response, key: str) -> Response:
    response.set_etag(key)
    # Kept by the browser, asked about again each time: a new result shows at once.
    response.headers["Cache-Control"] = "no-cache"
    return response
