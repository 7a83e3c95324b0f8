"""JSON API v1: circles (docs/api.md, "Circles"; docs/circles.md).

As the game routes: parse, call a use case, shape the answer; every refusal is a
problem+json. A circle's edit token is the bearer; a game is started in a circle by
``POST /api/v1/games`` with ``"circle"`` (web.api.games, ``start_game_in_circle``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, Response, request, url_for

from scorekeeper.extensions import csrf, limit_writes
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer import circle_people as people
from scorekeeper.service_layer import circles
from scorekeeper.service_layer.errors import ServiceError
from scorekeeper.web.api import games as api
from scorekeeper.web.api.problems import Problem, problem_response
from scorekeeper.web.circles.export import ledger_rows, people_rows
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.league.blueprint import csv_response

bp = Blueprint("circles_api", __name__, url_prefix="/api/v1/circles")
csrf.exempt(bp)
limit_writes(bp)

CIRCLE_FIELDS = ("name", "members", "currency")
PAYMENT_FIELDS = ("from", "to", "cents", "note")
# The contract's fields, then how it is shared and the currency it was paid in.
EXPENSE_FIELDS = ("paid_by", "cents", "shared_by", "note", "split", "parts", "currency", "rate")
RECORD_NUMBER = re.compile(r"[1-9][0-9]{0,8}")
STATUS_OF = {
    circles.CircleNotFound: 404,
    circles.RecordNotFound: 404,
    circles.CircleConflict: 409,
}


@bp.post("")
def create_circle():
    body = object_body(CIRCLE_FIELDS, message("The circle cannot be started as given."))
    started = circles.create_circle(
        unit_of_work(), **{name: body.get(name) for name in CIRCLE_FIELDS}
    )
    circle = started.circle
    body = {
        "circle": circle.as_dict(),
        "edit_token": started.edit_token,
        "links": circle_links(circle.public_id, started.edit_token),
    }
    location = url_for("circles_api.circle", circle_id=circle.public_id)
    return api.created_response(body, location, circle.etag)


@bp.get("/<circle_id>")
def circle(circle_id: str):
    view = circles.load_circle(unit_of_work(), checked_circle_id(circle_id))
    return circle_response(view, host_of(view))


@bp.post("/<circle_id>/members")
def add_member(circle_id: str):
    body = object_body(("name",), message("The member cannot be added."))
    if_match = request.headers.get("If-Match")
    view = written(circles.add_member, circle_id, body.get("name"), if_match=if_match)
    return circle_response(view, status=201)


@bp.patch("/<circle_id>/members")
def rename_member(circle_id: str):
    body = object_body(("name", "new_name"), message("The member cannot be renamed so."))
    view = written(circles.rename_member, circle_id, body.get("name"), body.get("new_name"))
    return circle_response(view)


@bp.post("/<circle_id>/payments")
def add_payment(circle_id: str):
    body = object_body(PAYMENT_FIELDS, message("The payment cannot be recorded as given."))
    return circle_response(written(circles.add_payment, circle_id, body), status=201)


@bp.post("/<circle_id>/expenses")
def add_expense(circle_id: str):
    body = object_body(EXPENSE_FIELDS, message("The expense cannot be recorded as given."))
    return circle_response(written(circles.add_expense, circle_id, body), status=201)


@bp.delete("/<circle_id>/payments/<number>", defaults={"kind": "payments"})
@bp.delete(
    "/<circle_id>/expenses/<number>", defaults={"kind": "expenses"}, endpoint="remove_expense"
)
@bp.post(
    "/<circle_id>/payments/<number>/restore",
    defaults={"kind": "payments", "restore": True},
    endpoint="restore_record",
)
@bp.post(
    "/<circle_id>/expenses/<number>/restore",
    defaults={"kind": "expenses", "restore": True},
    endpoint="restore_expense",
)
def remove_record(circle_id: str, kind: str, number: str, restore: bool = False):
    """A removal, or (``restore``) the undo of a mistaken one."""
    circle_id = checked_circle_id(circle_id)  # an unknown circle before a bad number
    view = circles.remove_record(
        unit_of_work(),
        circle_id,
        api.bearer_token(),
        kind.removesuffix("s"),
        checked_number(kind, number),
        if_match=None if restore else request.headers.get("If-Match"),
        restore=restore,
    )
    return circle_response(view)


@bp.post("/<circle_id>/token")
def rotate_token(circle_id: str):
    """A new edit token; the old one stops working, on the circle and its games."""
    circle_id = checked_circle_id(circle_id)
    token = circles.rotate_token(unit_of_work(), circle_id, api.bearer_token())
    return api.json_response(
        {"edit_token": token, "links": circle_links(circle_id, token)},
        headers={"Cache-Control": "no-store"},
    )


@bp.post("/<circle_id>/games")
def add_game(circle_id: str):
    """Bring an existing game in: the circle's token as the bearer, the game's in the body."""
    body = object_body(("game", "edit_token"), message("The game cannot be added to the circle."))
    view = written(circles.add_existing_game, circle_id, body.get("game"), body.get("edit_token"))
    return circle_response(view, status=201)


@bp.get("/<circle_id>/ledger.csv")
def ledger_csv(circle_id: str):
    view = circles.load_circle(unit_of_work(), checked_circle_id(circle_id))
    response = csv_response(ledger_rows(view), f"{view.name} ledger.csv", bom=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/<circle_id>/people/<name>")
def person(circle_id: str, name: str):
    """One member's record (docs/api.md, "People's records")."""
    view = circles.load_circle(unit_of_work(), checked_circle_id(circle_id))
    member = view.member_index(name)
    if member is None:
        raise Problem(404, message("There is no member %(name)r in this circle.", name=name))
    return record_response(view, people.person(view, member))


@bp.get("/<circle_id>/head-to-head")
def head_to_head(circle_id: str):
    """``?a=NAME&b=NAME``: the games two members played together, side by side."""
    view = circles.load_circle(unit_of_work(), checked_circle_id(circle_id))
    chosen = {key: view.member_index(request.args.get(key)) for key in ("a", "b")}
    errors = {
        key: message("must be a member of this circle")
        for key, member in chosen.items()
        if member is None
    }
    if not errors and chosen["a"] == chosen["b"]:
        errors["b"] = message("must be another member than a")
    if errors:
        raise Problem(422, message("There is no head-to-head of these two."), errors)
    return record_response(view, people.head_to_head(view, chosen["a"], chosen["b"]))


@bp.get("/<circle_id>/people.csv")
def people_csv(circle_id: str):
    view = circles.load_circle(unit_of_work(), checked_circle_id(circle_id))
    response = csv_response(people_rows(view), f"{view.name} people.csv", bom=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


def record_response(view: circles.CircleView, body: dict[str, Any]) -> Response:
    return api.json_response(body, 200, headers={"ETag": view.etag, "Cache-Control": "no-cache"})


# ---------------------------------------------------------------- errors


@bp.errorhandler(ServiceError)
def service_refused(error: ServiceError):
    status = next((code for kind, code in STATUS_OF.items() if isinstance(error, kind)), None)
    if status is None:
        return api.service_refused(error)
    extensions: dict[str, Any] = {}
    headers: dict[str, str] = {}
    if isinstance(error, circles.CircleConflict):
        extensions["circle"] = error.circle.as_dict()
        headers["ETag"] = error.circle.etag
    return problem_response(status, error.detail, error.errors, headers=headers, **extensions)


bp.register_error_handler(Problem, api.problem)
bp.register_error_handler(api.HTTPException, api.http_error)


# ---------------------------------------------------------------- request parts


def written(use_case: Callable[..., circles.CircleView], circle_id: str, *args, **kwargs):
    """A write to a circle: its unit of work, its checked id and the bearer token first."""
    return use_case(
        unit_of_work(), checked_circle_id(circle_id), api.bearer_token(), *args, **kwargs
    )


def checked_circle_id(circle_id: str) -> str:
    if not api.GAME_ID.fullmatch(circle_id):
        raise circles.CircleNotFound(message("There is no circle %(circle)r.", circle=circle_id))
    return circle_id


def checked_number(kind: str, number: str) -> int:
    if not RECORD_NUMBER.fullmatch(number):
        raise circles.RecordNotFound(circles.no_record(kind.removesuffix("s"), number))
    return int(number)


def object_body(fields: tuple[str, ...], refused: str) -> Mapping[str, Any]:
    """The JSON object sent, with no field beyond ``fields`` (else 422, nothing stored)."""
    body = api.json_body()
    if not isinstance(body, Mapping):
        raise Problem(422, refused, {"": message("must be a JSON object")})
    unknown = {name: message("is not a field here") for name in body if name not in fields}
    if unknown:
        raise Problem(422, refused, unknown)
    return body


def host_of(view: circles.CircleView) -> int | None:
    """``?settle=host&host=NAME``: settle through that member; the default is fewest."""
    settle = request.args.get("settle", "fewest")
    if settle == "fewest":
        return None
    errors: dict[str, str] = {}
    host = view.member_index(request.args.get("host"))
    if settle != "host":
        errors["settle"] = message('must be "fewest" or "host"')
    elif host is None:
        errors["host"] = message("must be a member of this circle")
    if errors:
        raise Problem(422, message("The circle cannot be settled so."), errors)
    return host


def circle_links(circle_id: str, edit_token: str) -> dict[str, str]:
    return {
        "view": links.circle_view_url(circle_id),
        "edit": links.circle_edit_url(circle_id, edit_token),
    }


def circle_response(
    view: circles.CircleView, host: int | None = None, *, status: int = 200
) -> Response:
    return api.json_response(
        view.as_dict(host), status, headers={"ETag": view.etag, "Cache-Control": "no-cache"}
    )
