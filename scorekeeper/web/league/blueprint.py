"""League pages: organizer accounts (/account) and leagues (/leagues), on one blueprint.

This module makes the blueprint and holds what its pages share (the error pages, a
refused form shown again, PDF and CSV answers); the pages are by use in this package's
accounts.py, manage.py, nights.py and public.py (and answers.py, confirm.py,
director.py, rounds.py, screen.py), which web/__init__.py imports before registering it.

Every organizer-only page is checked in the league use cases, on the server:
a logged-out visitor is sent to log in, another league's organizer gets 403,
and an unpublished league's public pages answer 404 to everyone but its organizers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import date
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.routing import IntegerConverter

from scorekeeper.extensions import limit_writes
from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.printing import PrintError
from scorekeeper.printing.layout import requested_size
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import GameNotFound, ServiceError
from scorekeeper.summary import money
from scorekeeper.translate import translate
from scorekeeper.web.league import auth as league_auth
from scorekeeper.web.table.presenters import page_locale
from scorekeeper.web.table.sheets import content_disposition

bp = Blueprint("league", __name__)
bp.add_app_template_filter(transfer.readable_path, "file_path")


@bp.app_template_global("league_money")
def league_money(cents: int, currency: str) -> str:
    """A league player's money as a game page writes it (the one formatter,
    ``summary.money``), in the page's language, a gain with its plus."""
    return money(cents, currency, page_locale(), signed=True)


limit_writes(bp)


class RowId(IntegerConverter):
    """A row id in a URL: a larger number is no row (404), not an overflow in the database."""

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    league_auth.init_app(app)
    app.url_map.converters["row_id"] = RowId
    app.register_blueprint(bp)
    # Before every other hook: CSRF protection reads the form, and with it the body.
    app.before_request_funcs.setdefault(None, []).insert(0, allow_a_season_file)


def allow_a_season_file() -> None:
    """A league export is far larger than the app-wide body limit allows any other request."""
    if request.endpoint == "league.import_file":
        request.max_content_length = current_app.config["LEAGUE_IMPORT_MAX_BYTES"]
        request.max_form_memory_size = current_app.config["LEAGUE_IMPORT_MAX_BYTES"]


def organizer_id() -> int | None:
    return current_user.id if current_user.is_authenticated else None


# ---------------------------------------------------------------- errors


@bp.errorhandler(league.LoginRequired)
def login_required_error(error: league.LoginRequired):
    flash(translate(error.detail))
    return redirect(url_for("league.login", next=request.full_path.rstrip("?")))


@bp.errorhandler(league.Forbidden)
def forbidden(error: league.Forbidden):
    return error_page(403, translate(error.detail))


@bp.errorhandler(league.NotFound)
@bp.errorhandler(GameNotFound)
def not_found(error: ServiceError):
    return error_page(404, translate(error.detail))


ERROR_TITLES = {403: _l("Organizers only"), 404: _l("Not found"), 413: _l("Too large")}
ERROR_MESSAGES = {
    400: _l("The form was out of date or incomplete. Go back, reload the page and try again."),
    404: _l("There is nothing here. Check the link."),
    405: _l("That page cannot be used that way."),
    413: _l("That was too much to send at once."),
    429: _l("Too many changes in a short time. Wait a moment and try again."),
}


def error_page(code: int, message: str):
    title = ERROR_TITLES.get(code) or _("Something went wrong")
    return render_template("league/error.html", code=code, title=title, message=message), code


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    """The league side's own page for CSRF failures, oversized bodies, unknown ids."""
    code = error.code or 500
    message = ERROR_MESSAGES.get(code) or _("Something went wrong.")
    if code == 413 and request.endpoint == "league.import_file":
        limit = current_app.config["LEAGUE_IMPORT_MAX_BYTES"] // 2**20
        message = _("An import file may be at most %(limit)s MB.", limit=limit)
    elif type(error) is BadRequest and error.description != BadRequest.description:
        message = error.description  # what was wrong with the text (a NUL ...), in words
    return error_page(code, message)


@bp.errorhandler(services.InvalidInput)
def invalid(error: services.InvalidInput):
    """A refused change: say why on the page it came from."""
    flash(translate(error.detail))
    for field, message in error.errors.items():
        if message not in error.detail:
            flash(f"{field.replace('_', ' ').replace('.', ' ')} {translate(message)}")
    return redirect(back_to(), 303)


def back_to() -> str:
    target = request.referrer or ""
    parts = urlsplit(target)
    if parts.netloc == request.host and parts.path.startswith("/"):
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return url_for("league.leagues")


def keeps_input(render: Callable[..., Any], form_name: str):
    """On a refusal, ``render`` the page again with the message beside the fields, as typed."""

    def wrap(view):
        @wraps(view)
        def checked(**kwargs):
            try:
                return view(**kwargs)
            except services.InvalidInput as refused:
                page = render(failed=form_name, refused=refused, **kwargs)
                return page, 422

        return checked

    return wrap


def typed_day(text: str) -> date | None:
    """A date as a form's date field sends it (2027-01-14); None for anything else."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def form_int(name: str) -> int | None:
    raw = request.form.get(name, "")
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


def board_answer(version: str, board: Callable[[], str]):
    """A polled board: 304 while ``version`` is the one the page has, else ``board()``."""
    # "v" and the tag, as the game pages' polling script sends it back.
    tag = "v" + version
    if request.if_none_match.contains_weak(tag):
        response = current_app.response_class(status=304)
    else:
        response = current_app.make_response(board())
    response.set_etag(tag, weak=True)  # gzipped or not (see the game's scoreboard)
    response.headers["Cache-Control"] = "no-cache, private"
    return response


def paper_asked() -> str | None:
    """The page_size a PDF route's query asks for (any case), None if it is not one we print on."""
    try:
        return requested_size(request.args)
    except PrintError:
        return None


def paper_refused():
    message = _("That paper size is not one we print on: say page_size=A4 or page_size=Letter.")
    return render_template("league/error.html", code=400, message=message), 400


def pdf_response(body: bytes, filename: str) -> Response:
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = attachment(filename, inline=True)
    return response


def attachment(filename: str, *, inline: bool = False) -> str:
    """A Content-Disposition value: an ASCII file name, and the name as typed (RFC 5987)."""
    return content_disposition(filename, inline=inline)


def csv_safe(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe.

    Numbers are written as numbers (a negative rating stays -1.83, not '-1.83): the
    guard is for text, which is where a formula could hide.
    """
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_response(rows: list[list[Any]], filename: str, *, bom: bool = False) -> Response:
    """``rows`` as a CSV download; ``bom`` starts it with UTF-8's byte-order mark, without
    which Excel on Windows reads the file in the machine's code page ("ZoÃ«" for "Zoë")."""
    buffer = io.StringIO()
    if bom:
        buffer.write("\ufeff")
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow([csv_safe(value) for value in row])
    response = Response(buffer.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = attachment(filename)
    return response
