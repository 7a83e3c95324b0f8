"""JSON API v1 (the reference, stable contract included, is docs/api.md).

Views parse the request, call a use case and shape the answer; every refusal
is a problem+json (see ``problems``). The API authenticates with the game's
edit token, not a session cookie, so it is exempt from CSRF protection.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, request, url_for
from werkzeug.exceptions import HTTPException

from scorekeeper import scoring, understand
from scorekeeper.db import storable
from scorekeeper.extensions import csrf, limit_writes, limiter
from scorekeeper.printing import PrintError
from scorekeeper.printing.layout import requested_size
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer import circles, services, understanding
from scorekeeper.service_layer.errors import (
    Conflict,
    DealNotFound,
    GameNotFound,
    IdempotencyKeyReused,
    InvalidInput,
    ServiceError,
    TokenInvalid,
    TokenMissing,
)
from scorekeeper.service_layer.results import GameView, StartedGame
from scorekeeper.translate import translate
from scorekeeper.web.api import openapi
from scorekeeper.web.api.problems import Problem, http_exception_problem, problem_response
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.table.sheets import cached_game_sheet, content_disposition, sheet_file_name

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)
limit_writes(bp)

GAME_FIELDS = (
    "variant",
    "preset",
    "players",
    "options",
    "first_dealer",
    "stakes",
    "title",
    "seats",
)
# What secrets.token_urlsafe makes, at most the column's width: anything else
# cannot be a game, and never reaches the database (PostgreSQL refuses NULs).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,43}")
DEAL_NUMBER = re.compile(r"[1-9][0-9]{0,8}")
# Visible ASCII, at most the column's width.
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,200}")
RECORDED_BY = "api"
UNDERSTAND = ("text", "language")  # the fields of POST .../understand

STATUS_OF = {
    GameNotFound: 404,
    DealNotFound: 404,
    TokenMissing: 401,
    TokenInvalid: 403,
    Conflict: 409,
    InvalidInput: 422,
    IdempotencyKeyReused: 422,
}


# ---------------------------------------------------------------- routes


@bp.get("/openapi.json")
def openapi_document():
    return json_response(openapi.document())


@bp.get("/variants")
def variants():
    return json_response(scoring.describe_catalogue())


@bp.post("/games")
def create_game():
    body = json_body()
    if not isinstance(body, Mapping):
        raise Problem(
            422, message("A new game is a JSON object."), {"": message("must be a JSON object")}
        )
    unknown = {
        name: "is not a field of a new game"
        for name in body
        if name not in GAME_FIELDS and name != "circle"
    }
    if unknown:
        raise Problem(422, message("The game cannot be started as given."), unknown)
    if body.get("circle") is not None:  # null: no circle, as if left out
        return start_game_in_circle(body)
    started = services.start_game(unit_of_work(), **{name: body.get(name) for name in GAME_FIELDS})
    return started_response(started)


@bp.get("/games/<game_id>")
def game(game_id: str):
    game_id = checked_game_id(game_id)
    if request.if_none_match:
        version = services.current_version(unit_of_work(), game_id)
        etag = version_etag(version)
        # If-None-Match compares weakly (RFC 9110 13.1.2); "*" matches any game.
        if request.if_none_match.contains_weak(etag.strip('"')):
            return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    return state_response(services.load_game(unit_of_work(), game_id))


@bp.post("/games/<game_id>/deals")
def record_deal(game_id: str):
    game_id = checked_game_id(game_id)
    entry = json_body()
    recorded = services.record_deal(
        unit_of_work(),
        game_id,
        bearer_token(),
        entry,
        idempotency_key=idempotency_key(),
        by=RECORDED_BY,
    )
    if recorded.replayed_body is not None:
        first = json.loads(recorded.replayed_body)
        return json_text_response(
            recorded.replayed_body,
            201,
            headers={
                **recorded_headers(game_id, first["version"], len(first["deals"])),
                "Idempotent-Replayed": "true",
            },
        )
    view = recorded.game
    return json_text_response(
        view.json, 201, headers=recorded_headers(game_id, view.version, len(view.entries))
    )


@bp.post("/games/<game_id>/understand")
def understand_deal(game_id: str):
    game_id = checked_game_id(game_id)
    text, language = understand_request(json_body())
    understood = understanding.understand_deal(unit_of_work(), game_id, text, language)
    return json_response(
        {
            "entry": understood.entry,
            "unclear": understood.unclear,
            "reasons": {path: translate(why) for path, why in understood.reasons.items()},
        }
    )


@bp.put("/games/<game_id>/deals/<number>")
def correct_deal(game_id: str, number: str):
    game_id = checked_game_id(game_id)
    deal = checked_deal_number(game_id, number)
    entry = json_body()
    view = services.correct_deal(
        unit_of_work(),
        game_id,
        bearer_token(),
        deal,
        entry,
        if_match=request.headers.get("If-Match"),
        by=RECORDED_BY,
    )
    return state_response(view)


@bp.delete("/games/<game_id>/deals/<number>")
def delete_deal(game_id: str, number: str):
    game_id = checked_game_id(game_id)
    deal = checked_deal_number(game_id, number)
    view = services.delete_last_deal(
        unit_of_work(),
        game_id,
        bearer_token(),
        deal,
        if_match=request.headers.get("If-Match"),
        by=RECORDED_BY,
    )
    return state_response(view)


@bp.post("/games/<game_id>/end")
def end_game(game_id: str):
    game_id = checked_game_id(game_id)
    # An empty body is the plain end, as {} is.
    body = json_body() if request.content_length or request.is_json else {}
    if not isinstance(body, Mapping):
        raise Problem(
            422,
            message('An early end is a JSON object: {} or {"split": true}.'),
            {"": message("must be a JSON object")},
        )
    errors = {name: message("is not a field of an early end") for name in body if name != "split"}
    split = body.get("split", False)
    if type(split) is not bool:
        errors["split"] = message("must be true or false")
    if errors:
        raise Problem(422, message("The game cannot be ended so."), errors)
    view = services.end_game(
        unit_of_work(),
        game_id,
        bearer_token(),
        split=split,
        if_match=request.headers.get("If-Match"),
    )
    return state_response(view)


@bp.delete("/games/<game_id>/end")
def reopen_game(game_id: str):
    game_id = checked_game_id(game_id)
    view = services.reopen_game(
        unit_of_work(), game_id, bearer_token(), if_match=request.headers.get("If-Match")
    )
    return state_response(view)


@bp.put("/games/<game_id>/aliases")
def set_aliases(game_id: str):
    """The game's spoken names (docs/voice.md), all of them: {"aliases": {word: name}}."""
    game_id = checked_game_id(game_id)
    body = json_body()
    aliases = body.get("aliases") if isinstance(body, Mapping) else None
    if not isinstance(aliases, Mapping) or not all(isinstance(v, str) for v in aliases.values()):
        raise Problem(
            422,
            message("These spoken names cannot be kept."),
            {"aliases": message("must be an object of names")},
        )
    view = understanding.set_spoken_names(unit_of_work(), game_id, bearer_token(), aliases)
    return json_response({"aliases": view.spoken_names or {}})


@bp.post("/games/<game_id>/token")
def rotate_token(game_id: str):
    game_id = checked_game_id(game_id)
    token = services.rotate_edit_token(unit_of_work(), game_id, bearer_token())
    return json_response(
        {"edit_token": token, "links": links.links(game_id, token)},
        headers={"Cache-Control": "no-store"},
    )


@bp.get("/games/<game_id>/sheet.pdf")  # limited with every PDF (web.limit_pdfs)
def sheet(game_id: str):
    game_id = checked_game_id(game_id)
    view = services.load_game(unit_of_work(), game_id)
    try:
        pdf = cached_game_sheet(view, requested_size(request.args))
    except PrintError as error:
        raise Problem(422, error.detail, error.errors) from None
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": content_disposition(sheet_file_name(view)),
            "Cache-Control": "no-cache",
        },
    )


# ---------------------------------------------------------------- errors


@bp.errorhandler(ServiceError)
def service_refused(error: ServiceError):
    status = next(code for kind, code in STATUS_OF.items() if isinstance(error, kind))
    headers: dict[str, str] = {}
    extensions: dict[str, Any] = {}
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    if isinstance(error, Conflict):
        # The client sees what it collided with, and can retry with this ETag.
        extensions["state"] = error.game.as_dict()
        headers["ETag"] = error.game.etag
    return problem_response(status, error.detail, error.errors, headers=headers, **extensions)


@bp.errorhandler(Problem)
def problem(error: Problem):
    return error.response()


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    response = http_exception_problem(error)
    if error.code == 429:
        response.headers["Retry-After"] = str(retry_after_seconds())
    return response


def retry_after_seconds() -> int:
    current = limiter.current_limit
    if current is None:
        return 60
    return max(1, math.ceil(current.reset_at - time.time()))


# ---------------------------------------------------------------- request parts


def checked_game_id(game_id: str) -> str:
    if not GAME_ID.fullmatch(game_id):
        raise GameNotFound(message("There is no game %(game)r.", game=game_id))
    return game_id


def checked_deal_number(game_id: str, number: str) -> int:
    if not DEAL_NUMBER.fullmatch(number):
        raise DealNotFound(
            message("Game %(game)r has no deal %(number)r.", game=game_id, number=number)
        )
    return int(number)


def understand_request(body: Any) -> tuple[str, str | None]:
    """``(text, language)`` of a body ``{"text": str, "language": code?}``."""
    if not isinstance(body, Mapping):
        raise Problem(
            422, message("The words cannot be read as given."), {"": message("must be an object")}
        )
    errors = {str(name): message("is not a field here") for name in body if name not in UNDERSTAND}
    text, language = body.get("text"), body.get("language")
    if not isinstance(text, str) or not text.strip():
        errors["text"] = message("must be the words said, as text")
    elif len(text) > understanding.LONGEST_TEXT:
        errors["text"] = message(
            "must be at most %(most)s characters", most=understanding.LONGEST_TEXT
        )
    # Left out, the game's language is read; given, it must be one (null is none).
    if "language" in body and language not in understand.LANGUAGES:
        errors["language"] = message(
            "must be one of %(choices)s", choices=", ".join(understand.LANGUAGES)
        )
    if errors:
        raise Problem(422, message("The words cannot be read as given."), errors)
    return text, language


def bearer_token() -> str | None:
    authorization = request.authorization
    if authorization is None or authorization.type != "bearer":
        return None
    return authorization.token or None


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise Problem(
            400,
            message("The Idempotency-Key header must be 1 to 200 visible ASCII characters."),
            {"Idempotency-Key": message("must be 1 to 200 visible ASCII characters")},
        )
    return key


def json_body() -> Any:
    """The request's JSON body: 415 if not JSON, 413 if too large, 400 if malformed."""
    if not request.is_json:
        raise Problem(
            415,
            message("Send the body as JSON, with Content-Type: application/json."),
            {"Content-Type": message("must be application/json")},
        )
    raw = request.get_data(cache=True)  # raises 413 beyond MAX_CONTENT_LENGTH
    try:
        body = json.loads(raw, parse_constant=not_json, parse_float=finite_float)
    except ValueError as exc:
        raise Problem(400, message("The body is not valid JSON: %(reason)s.", reason=exc)) from None
    except RecursionError:
        raise Problem(
            400, message("The body is not valid JSON: it is nested too deeply.")
        ) from None
    unstorable = unstorable_text(body)
    if unstorable:
        raise Problem(422, message("The body holds text that cannot be stored."), unstorable)
    return body


def not_json(constant: str) -> float:
    raise ValueError(f"{constant} is not a JSON number")


def finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def unstorable_text(value: Any) -> dict[str, str]:
    """Strings no database column can hold: NULs and unpaired surrogates, by field path."""
    errors: dict[str, str] = {}
    pending: list[tuple[str, Any]] = [("", value)]  # a loop, not recursion: depth is the client's
    while pending:
        path, item = pending.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                child_path = f"{path}.{key}" if path else str(key)
                if not storable(key):
                    errors[path or ""] = "has a name with a NUL or an unpaired surrogate"
                else:
                    pending.append((child_path, child))
        elif isinstance(item, list):
            pending.extend(
                (f"{path}.{i}" if path else str(i), child) for i, child in enumerate(item)
            )
        elif isinstance(item, str) and not storable(item):
            errors[path] = "must not contain a NUL or an unpaired surrogate"
    return errors


# ---------------------------------------------------------------- responses


def json_response(
    data: Any, status: int = 200, *, headers: Mapping[str, str] | None = None
) -> Response:
    # json.dumps as the service layer stores an Idempotency-Key's first
    # answer, so a replay is byte for byte the answer first given.
    return json_text_response(json.dumps(data), status, headers=headers)


def start_game_in_circle(body: Mapping[str, Any]) -> Response:
    """``POST /api/v1/games`` with ``"circle"``: the circle's token is the bearer."""
    started = circles.start_game(unit_of_work(), body.get("circle"), bearer_token(), body)
    return started_response(started)


def started_response(started: StartedGame) -> Response:
    """201 for a game just started (alone or in a circle)."""
    game = started.game
    body = {
        "game": game.as_dict(),
        "edit_token": started.edit_token,
        "links": links.links(game.public_id, started.edit_token),
    }
    return created_response(body, url_for("api.game", game_id=game.public_id), game.etag)


def created_response(data: Any, location: str, etag: str) -> Response:
    """201 for what was just made, with its edit token in ``data``."""
    # The edit token is shown once and must not sit in any cache.
    headers = {"Location": location, "ETag": etag, "Cache-Control": "no-store"}
    return json_response(data, 201, headers=headers)


def json_text_response(
    text: str, status: int = 200, *, headers: Mapping[str, str] | None = None
) -> Response:
    return Response(text, status, headers=headers, mimetype="application/json")


def version_etag(version: int) -> str:
    return f'"v{version}"'  # as GameView.etag, without loading the game


def recorded_headers(game_id: str, version: int, number: int) -> dict[str, str]:
    return {
        "ETag": version_etag(version),
        "Cache-Control": "no-cache",
        "Location": url_for("api.correct_deal", game_id=game_id, number=number),
    }


def state_response(view: GameView) -> Response:
    return json_text_response(view.json, headers={"ETag": view.etag, "Cache-Control": "no-cache"})
