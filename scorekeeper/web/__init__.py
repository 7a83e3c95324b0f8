"""The web layer, a package per feature (table, api, circles, league, voice; what they
share in common/), wired into the app here: headers, static files, the PDF limit, the
errors no blueprint matched, and every blueprint registered (docs/architecture.md,
"The web layer by feature").

Views parse input, call a use case in ``scorekeeper.service_layer.services``
and render; nothing here computes a score.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from contextlib import suppress
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from flask_compress import Compress
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.middleware.proxy_fix import ProxyFix

import scorekeeper.ratelimit_storage  # noqa: F401 - registers its URI scheme
from scorekeeper import jobs
from scorekeeper.extensions import csrf, limiter
from scorekeeper.printing import budget
from scorekeeper.web.api import circles as circles_api
from scorekeeper.web.api import games as api
from scorekeeper.web.api.problems import http_exception_problem, problem_response
from scorekeeper.web.circles import pages as circles
from scorekeeper.web.common import edge, i18n, job_events, push

# The league's and the table's routes by use: each module adds its routes to its
# feature's blueprint when imported, so before the blueprint is registered below.
from scorekeeper.web.league import (  # noqa: F401
    accounts,
    answers,
    confirm,
    director,
    imports,
    mail,
    manage,
    nights,
    public,
    rounds,
    screen,
    second_factor,
)
from scorekeeper.web.league import blueprint as league
from scorekeeper.web.table import blueprint as table
from scorekeeper.web.table import fixes, game, share, sheets, start  # noqa: F401
from scorekeeper.web.voice import say

# No inline script or style anywhere: every script and stylesheet is a file
# under /static. QR codes are inline <svg> elements, which CSP allows.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# What the pages may ask the browser for: the microphone (say the deal), keeping the
# screen awake and an organizer's passkey (logging in), each for this site only; every
# other powerful feature is off, for the pages and anything they could embed. Only
# features Chromium knows (an unknown one is an error in every page's console): the share
# sheet's web-share, unknown to desktop Chromium, is left to its default, this site only,
# and so is bluetooth (unused).
PERMISSIONS_ALLOWED = ("microphone", "screen-wake-lock", "publickey-credentials-get")
PERMISSIONS_OFF = (
    *("accelerometer", "autoplay", "camera", "clipboard-read", "display-capture"),
    *("encrypted-media", "fullscreen", "gamepad", "geolocation", "gyroscope", "hid"),
    *("idle-detection", "local-fonts", "magnetometer", "midi", "otp-credentials"),
    *("payment", "picture-in-picture", "serial", "usb"),
    *("window-management", "xr-spatial-tracking"),
)
PERMISSIONS_POLICY = ", ".join(
    [
        *(f"{name}=(self)" for name in PERMISSIONS_ALLOWED),
        *(f"{name}=()" for name in PERMISSIONS_OFF),
    ]
)


def read_static_files_whole(response: Response) -> Response:
    """Flask sends static files as a stream, which Flask-Compress compresses only with the
    stream algorithms (never gzip) or not at all: read the few KB of a text file whole."""
    text = response.mimetype in current_app.config["COMPRESS_MIMETYPES"]
    if request.endpoint == "static" and response.status_code == 200 and text:
        response.direct_passthrough = False
        response.make_sequence()
        if response.mimetype in SLIMMED:
            response.set_data(slim(response.get_data(as_text=True), response.mimetype))
    return response


# Sent without their comments and indentation: a phone on a bad signal loads the
# scripts and the stylesheet with every table page (docs/table-play.md, page weight).
SLIMMED = ("text/css", "text/javascript", "application/javascript")
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
JS_COMMENT_LINE = re.compile(r"^[ \t]*//.*\n", re.M)
INDENT = re.compile(r"^[ \t]+", re.M)


@lru_cache(maxsize=32)
def slim(text: str, mimetype: str) -> str:
    """``text`` less whole-line comments and leading blanks (nothing a line means)."""
    text = CSS_COMMENT.sub("", text) if mimetype == "text/css" else JS_COMMENT_LINE.sub("", text)
    return INDENT.sub("", text)


def init_app(app: Flask) -> None:
    use_the_apps_jobs(app)
    if app.config["PROXY_COUNT"]:
        count = int(app.config["PROXY_COUNT"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count)

    if app.config["SESSION_COOKIE_SECURE"] and app.config["SESSION_COOKIE_NAME"] == "session":
        # An https-only cookie of this host alone: no subdomain can set or shadow it.
        app.config["SESSION_COOKIE_NAME"] = "__Host-session"
    # First: the bounded <int:> converter must be in place before any rule, and
    # its after_request must run after Flask-Limiter's (they run last-first).
    edge.init_app(app)
    i18n.init_app(app)
    csrf.init_app(app)
    if not app.config["RATELIMIT_STORAGE_URI"]:
        counters = Path(app.instance_path) / "ratelimits.sqlite3"
        app.config["RATELIMIT_STORAGE_URI"] = f"scorekeeper-sqlite:///{counters}"
    limiter.init_app(app)
    Compress(app)
    app.after_request(read_static_files_whole)  # before Compress's own (last-first)
    app.url_defaults(version_static_urls)
    app.after_request(add_security_headers)
    app.context_processor(stream_origin)
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(NotFound, unknown_route)
    app.register_error_handler(MethodNotAllowed, unknown_route)
    # Organizer logins (Flask-Login) and the league pages, then the table's, the API's.
    league.init_app(app)
    mail.init_app(app)
    app.register_blueprint(table.bp)
    app.register_blueprint(say.bp)
    app.register_blueprint(circles.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(circles_api.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(job_events.bp)
    limit_pdfs(app)


def use_the_apps_jobs(app: Flask) -> None:
    """Each request puts jobs on its own app's queue and reads its made files (jobs)."""

    def activate() -> None:
        g.jobs_token = jobs.activate(app.extensions["scorekeeper.jobs"])

    def deactivate(_error: BaseException | None) -> None:
        token = g.pop("jobs_token", None)
        if token is not None:
            jobs.deactivate(token)

    app.before_request(activate)
    app.teardown_request(deactivate)


# One per-client count for every PDF route (RATELIMIT_SHEETS): a PDF costs a tenth
# of a second to seconds of CPU, a page milliseconds.
PDF_LIMIT = limiter.shared_limit(lambda: current_app.config["RATELIMIT_SHEETS"], scope="pdf")
# Each view is wrapped once, however many apps are made: the limiter counts every wrapping.
_limited_pdf_views: dict[Callable, Callable] = {}


def limit_pdfs(app: Flask) -> None:
    """Put every route ending in .pdf, whichever blueprint has it, under PDF_LIMIT, and
    answer 503 when this process's PDF render slots are all busy (printing.budget)."""
    for rule in app.url_map.iter_rules():
        if rule.rule.endswith(".pdf"):
            view = app.view_functions[rule.endpoint]
            if view not in _limited_pdf_views.values():
                if view not in _limited_pdf_views:
                    _limited_pdf_views[view] = PDF_LIMIT(busy_is_503(view))
                app.view_functions[rule.endpoint] = _limited_pdf_views[view]


def busy_is_503(view: Callable) -> Callable:
    @wraps(view)
    def answer_or_busy(*args: Any, **kwargs: Any):
        budget.use_slots(current_app.config["PDF_RENDERERS"])
        try:
            return view(*args, **kwargs)
        except budget.PrintBusy as busy:
            return pdf_busy(busy.retry_after)
        except budget.BeingMade as made:
            return pdf_being_made(made.key, made.retry_after)

    return answer_or_busy


def pdf_being_made(job: str, retry_after: int) -> Response:
    """A worker is making the PDF (printing.budget): the page asks again by itself and
    gets the file once it is kept; an API client is told when to ask again. ``job`` is
    the render job's id (``jobs.state``), in the ``Scorekeeper-Job`` header."""
    headers = {"Cache-Control": "no-store", "Scorekeeper-Job": job}
    if request.path.startswith("/api/"):
        message = _("The PDF is being made; ask again in a few seconds.")
        return problem_response(503, message, headers={**headers, "Retry-After": str(retry_after)})
    # Its script waits on the job's stream and loads the file once it is made; a
    # browser without scripts reloads every ``retry_after`` s (the template's refresh).
    events = url_for("jobs.events", job_id=job, since="waiting")
    body = render_template("print/being_made.html", events=events, retry_after=retry_after)
    return Response(body, 202, headers=headers)


def pdf_busy(retry_after: int) -> Response:
    """Every render slot is making another PDF: try again shortly (the page does so itself)."""
    message = _("Another PDF is being made just now. This page tries again in a few seconds.")
    headers = {"Retry-After": str(retry_after), "Cache-Control": "no-store"}
    if request.path.startswith("/api/"):
        return problem_response(503, message, headers=headers)
    body = render_template("error.html", code=503, message=message)
    return Response(body, 503, headers={**headers, "Refresh": str(retry_after)})


def version_static_urls(endpoint: str, values: dict[str, Any]) -> None:
    """Give every /static URL its file's content hash (``?v=``).

    A phone then keeps app.css and app.js for a year (SEND_FILE_MAX_AGE_DEFAULT)
    and asks again only when a deploy changes them: one request per page, not three.
    """
    if endpoint == "static" and "filename" in values and "v" not in values:
        path = Path(current_app.static_folder or "", values["filename"])
        # A missing file: the URL answers 404 with or without a version.
        with suppress(OSError):
            values["v"] = _content_version(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=64)
def _content_version(path: Path, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def unknown_route(error: HTTPException):
    """Paths and methods no blueprint matched: problems under /api, the league side's own
    page under /leagues and /account, the game pages' elsewhere."""
    if request.path == "/api" or request.path.startswith("/api/"):
        return http_exception_problem(error)
    if request.path.startswith(("/leagues/", "/account/")):
        return league.http_error(error)
    return table.error_page(error.code or 404)


def stream_origin() -> dict[str, object]:
    """For every page: where it opens its event streams (None: its own origin)."""
    return {"push_origin": push.stream_origin(request, current_app.config["PUSH_PORT"])}


def add_security_headers(response: Response) -> Response:
    headers = response.headers
    origin = push.stream_origin(request, current_app.config["PUSH_PORT"])
    policy = push.content_security_policy(CONTENT_SECURITY_POLICY, origin)
    headers.setdefault("Content-Security-Policy", policy)
    headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    # Game pages carry capability tokens in their URLs: never leak them onward.
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def database_unavailable(error: OperationalError):
    """A locked or unreachable database is a passing outage: 503, never 500."""
    current_app.logger.warning("database unavailable: %s", error.orig or error)
    body = _("The score database is busy or unreachable; try again in a moment.") + "\n"
    if request.path.startswith("/api/"):
        response = jsonify(
            type="about:blank",
            title="Service Unavailable",
            status=503,
            detail=body.strip(),
            errors={},
        )
        response.mimetype = "application/problem+json"
    else:
        response = Response(body, mimetype="text/plain")
    response.status_code = 503
    response.headers["Retry-After"] = "2"
    return response
