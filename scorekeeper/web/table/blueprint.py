"""Table play: the pages players use on their phones, on one blueprint whose routes sit
in a module per use (start, game, fixes, share in this package); here the edit
tokens this phone holds and the errors of every table page.

Who may change a game is decided by its edit token, which reaches a phone once,
through the edit link, and then lives in that phone's signed session cookie
(``session["edit"]``: game id -> token). The view link alone can read, never write.
The edit link of a circle (``session["circles"]``) changes every game of that circle.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request, session
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException

from scorekeeper.extensions import limit_writes
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import (
    DealNotFound,
    GameNotFound,
    ServiceError,
    TokenInvalid,
    TokenMissing,
)
from scorekeeper.service_layer.results import GameView, OpenedGame
from scorekeeper.translate import translate
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.table.entry_text import entry_text
from scorekeeper.web.table.option_kinds import option_kind
from scorekeeper.web.table.presenters import (
    chart,
    deal_script_words,
    deals_left_words,
    game_name,
    new_game_script_words,
    when,
)

bp = Blueprint("table", __name__)
limit_writes(bp)

# Edit tokens this phone holds; the oldest are forgotten past this many games.
REMEMBERED_GAMES = 30


bp.add_app_template_filter(entry_text)
bp.add_app_template_filter(when)
bp.add_app_template_filter(option_kind)  # _forms.html's house rules: spec|option_kind
bp.add_app_template_global(game_name)
bp.add_app_template_global(chart)
bp.add_app_template_global(deal_script_words)
bp.add_app_template_global(deals_left_words)
bp.add_app_template_global(new_game_script_words)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.get("/sw.js")
def service_worker():
    """The service worker, from the site's root so that it may keep every page."""
    response = current_app.send_static_file("sw.js")
    response.headers["Cache-Control"] = "no-cache"  # a new version is found at once
    return response


# ---------------------------------------------------------------- edit tokens in the session


def held_token(public_id: str) -> str | None:
    tokens = session.get("edit")
    return tokens.get(public_id) if isinstance(tokens, dict) else None


def held_circle_tokens() -> dict[str, str]:
    """The circles' edit tokens this phone holds (circle id -> token, web.circles.pages keeps
    them): each one changes any game of its circle."""
    tokens = session.get("circles")
    return tokens if isinstance(tokens, dict) else {}


def remember_token(public_id: str, token: str) -> None:
    tokens = dict(session.get("edit") or {})
    tokens.pop(public_id, None)
    tokens[public_id] = token
    session["edit"] = dict(list(tokens.items())[-REMEMBERED_GAMES:])
    session.permanent = True


def forget_token(public_id: str) -> None:
    tokens = dict(session.get("edit") or {})
    if tokens.pop(public_id, None) is not None:
        session["edit"] = tokens


def load(public_id: str) -> tuple[GameView, str | None]:
    """The game, and the edit token if this phone holds a valid one: one service call."""
    opened, token = open_page(public_id)
    return opened.game, token


def open_page(public_id: str) -> tuple[OpenedGame, str | None]:
    """The game as its page opens it, and the token this phone may change it with: the
    game's own, or the edit token of the circle it is in when the phone holds that."""
    token = held_token(public_id)
    opened = services.open_game(unit_of_work(), public_id, token, held_circle_tokens())
    if token and opened.token != token:
        forget_token(public_id)  # the token was replaced: this phone may only read now
    if opened.token is not None and opened.token != token:
        # Kept under the game too, so its deal posts (the outbox's among them) find it.
        remember_token(public_id, opened.token)
    return opened, opened.token


def writing_token(public_id: str) -> str:
    """The token this phone changes the game with; 403 for a phone that may only read,
    before loading anything when it holds neither the game's token nor a circle's."""
    token = held_token(public_id)
    if token:
        return token
    if not held_circle_tokens():
        abort(403)
    _opened, token = open_page(public_id)
    if token is None:
        abort(403)
    return token


def editable(public_id: str) -> tuple[GameView, str]:
    """The game and this phone's edit token; 403 for a phone that only holds the view link."""
    if not held_token(public_id) and not held_circle_tokens():
        abort(403)  # before loading anything: a read-only phone gets no further
    view, token = load(public_id)
    if token is None:
        abort(403)
    return view, token


@bp.errorhandler(GameNotFound)
@bp.errorhandler(DealNotFound)
def not_found(error: ServiceError):
    return render_template("error.html", code=404, message=translate(error.detail)), 404


@bp.errorhandler(TokenMissing)
@bp.errorhandler(TokenInvalid)
def forbidden(error: ServiceError):
    if isinstance(error, TokenInvalid) and request.view_args:
        forget_token(request.view_args.get("public_id", ""))  # replaced meanwhile
    return error_page(403)


ERROR_MESSAGES = {
    400: _l("The form was out of date or incomplete. Go back, reload the page and try again."),
    403: _l(
        "This phone can only look at this game. To record deals, open the game's edit "
        "link (ask whoever started the game to share it)."
    ),
    404: _l("There is nothing here. Check the link, or start a new game."),
    405: _l("That page cannot be used that way."),
    413: _l("That was far too much to send."),
    429: _l("Too many changes in a short time. Wait a moment and try again."),
}


def error_page(code: int):
    message = ERROR_MESSAGES.get(code, _l("Something went wrong."))
    return render_template("error.html", code=code, message=message), code


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    # Also catches CSRF failures and oversized bodies on these pages.
    return error_page(error.code or 500)
