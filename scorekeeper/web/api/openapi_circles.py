"""The circles part of the OpenAPI document (web.api.openapi merges it in): docs/api.md,
"Circles"."""

from __future__ import annotations

from typing import Any

from scorekeeper.service_layer.circle_checks import SPLITS
from scorekeeper.web.api.openapi_answers import (
    BODY_ERRORS,
    IF_MATCH,
    QUERY_ERRORS,
    WRITE_ERRORS,
    errors,
    json_body,
    started,
)
from scorekeeper.web.api.openapi_parts import (
    BOOLEAN,
    HEADER,
    INTEGER,
    NAME,
    STORABLE,
    STRING,
    array,
    nullable,
    obj,
    ref,
)

MEMBER = {"type": "string", "minLength": 1, "maxLength": 40}
CENTS = {"type": "integer", "minimum": 1, "maximum": 10**9}
NOTE = nullable({"type": "string", "maxLength": 200})
MONEY = {"type": "object", "additionalProperties": INTEGER}
CIRCLE_TOKEN = [{"circleToken": []}]


def schemas() -> dict[str, Any]:
    return {"Circle": _circle(), **_bodies(), **_people()}


def _people() -> dict[str, Any]:
    """A member's record and a head-to-head (service_layer.circle_people)."""
    streak = nullable(
        obj(
            {"won": BOOLEAN, "games": INTEGER},
            required=["won", "games"],
            description="The run the member is on: the latest games all won, or all not.",
        )
    )
    line = {"games": INTEGER, "wins": INTEGER, "win_rate": INTEGER, "net_cents": INTEGER}
    family = obj(
        {
            **line,
            "average": {"type": "number"},
            "best": INTEGER,
            "worst": INTEGER,
            "streak": streak,
        },
        required=[*line, "average", "best", "worst", "streak"],
        description="Totals of the member's player or side: best as the family counts "
        "(most points, or fewest where the lowest wins).",
    )
    both = {"type": "object", "additionalProperties": INTEGER}
    return {
        "PersonRecord": obj(
            {
                "name": STRING,
                "lifetime": obj(line, required=list(line)),
                "streak": streak,
                "by_variant": {"type": "object", "additionalProperties": family},
                "balance_cents": INTEGER,
            },
            required=["name", "lifetime", "streak", "by_variant", "balance_cents"],
        ),
        "HeadToHead": obj(
            {
                "a": STRING,
                "b": STRING,
                "games": INTEGER,
                "partners": INTEGER,
                "against": INTEGER,
                "level": INTEGER,
                "wins": both,
                "ahead": both,
            },
            required=["a", "b", "games", "partners", "against", "level", "wins", "ahead"],
        ),
    }


def _circle() -> dict[str, Any]:
    """The circle as GET answers it."""
    transfer = obj(
        {"from": STRING, "to": STRING, "cents": INTEGER}, required=["from", "to", "cents"]
    )
    count = obj({"games": INTEGER, "wins": INTEGER}, required=["games", "wins"])
    game = obj(
        {
            "id": STRING,
            "title": nullable(STRING),
            "variant": STRING,
            "preset": nullable(STRING),
            "players": array(STRING),
            "finished": BOOLEAN,
            "winners": array(STRING),
            "created_at": {"type": "string", "format": "date-time"},
        },
        required=["id", "title", "variant", "preset", "players", "finished", "winners"],
    )
    stats = obj(
        {
            "games": INTEGER,
            "wins": INTEGER,
            "by_variant": {"type": "object", "additionalProperties": count},
            "net_cents": INTEGER,
        },
        required=["games", "wins", "by_variant", "net_cents"],
    )
    at = {"type": "string", "format": "date-time"}
    payment = obj(
        {"number": INTEGER, "from": STRING, "to": STRING, "cents": INTEGER, "note": NOTE, "at": at},
        required=["number", "from", "to", "cents", "note", "at"],
    )
    expense = _expense(at)
    return obj(
        {
            "id": STRING,
            "name": STRING,
            "currency": STRING,
            "version": {"type": "integer", "minimum": 1},
            "members": array(STRING),
            "games": {**array(game), "description": "Newest first."},
            "stats": {"type": "object", "additionalProperties": stats},
            "payments": array(payment),
            "expenses": array(expense),
            "ledger": obj(
                {
                    "balances": {**MONEY, "description": "Cents per member; they sum to 0."},
                    "transfers": array(transfer),
                },
                required=["balances", "transfers"],
            ),
        },
        required=[
            "id",
            "name",
            "currency",
            "version",
            "members",
            "games",
            "stats",
            "payments",
            "expenses",
            "ledger",
        ],
    )


def _expense(at: dict[str, Any]) -> dict[str, Any]:
    """An expense as the circle answers it."""
    return obj(
        {
            "number": INTEGER,
            "paid_by": STRING,
            "cents": INTEGER,
            "shared_by": array(STRING),
            "note": NOTE,
            "at": at,
            # Only for an expense shared otherwise than equally, or paid in another
            # currency: how, as entered, and what each sharer owes.
            "split": {"type": "string", "enum": list(SPLITS[1:])},
            "parts": {"type": "object", "additionalProperties": {"type": "number"}},
            "owed": {"type": "object", "additionalProperties": INTEGER},
            "paid_in": obj(
                {"currency": STRING, "amount": INTEGER, "rate": STRING},
                required=["currency", "amount", "rate"],
            ),
        },
        required=["number", "paid_by", "cents", "shared_by", "note", "at"],
    )


def _bodies() -> dict[str, Any]:
    """What the writes take."""
    return {
        "NewCircle": obj(
            {
                "name": {"type": "string", "minLength": 1, "maxLength": 80},
                "members": nullable(array(MEMBER, maxItems=100)),
                "currency": nullable({"type": "string", "pattern": "^[A-Z]{3}$"}),
            },
            required=["name"],
            additionalProperties=False,
        ),
        "StartedCircle": obj(
            {
                "circle": ref("Circle"),
                "edit_token": NAME,
                "links": _links(),
            },
            required=["circle", "edit_token", "links"],
        ),
        "NewMember": obj({"name": MEMBER}, required=["name"], additionalProperties=False),
        "Rename": obj(
            {"name": MEMBER, "new_name": MEMBER},
            required=["name", "new_name"],
            additionalProperties=False,
        ),
        "NewPayment": obj(
            {"from": MEMBER, "to": MEMBER, "cents": CENTS, "note": NOTE},
            required=["from", "to", "cents"],
            additionalProperties=False,
        ),
        "NewExpense": _new_expense(),
        "NewCircleToken": obj(
            {"edit_token": NAME, "links": _links()}, required=["edit_token", "links"]
        ),
        "CircleGame": obj(
            {"game": NAME, "edit_token": NAME},
            required=["game", "edit_token"],
            additionalProperties=False,
        ),
    }


def circle_answer(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "headers": {"ETag": {**HEADER, "required": True}},
        "content": {"application/json": {"schema": ref("Circle")}},
    }


CIRCLE = [
    {
        "name": "circle_id",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,43}$"},
        "description": "The circle's unguessable id.",
    }
]
RECORD = [
    *CIRCLE,
    {
        "name": "number",
        "in": "path",
        "required": True,
        "schema": {"type": "integer", "minimum": 1, "maximum": 999999999},
    },
]


def _new_expense() -> dict[str, Any]:
    """An expense's body: the contract's fields, then how it is shared and the currency
    it was paid in (the project's additive fields)."""
    return obj(
        {
            "paid_by": MEMBER,
            "cents": CENTS,
            "shared_by": array(MEMBER, minItems=1),
            "note": NOTE,
            "split": {
                "type": "string",
                "enum": list(SPLITS),
                "description": "equal (the default); shares, exact (cents) or "
                "percent: each sharer's part in parts.",
            },
            "parts": nullable(
                {
                    "type": "object",
                    "minProperties": 1,
                    "additionalProperties": {
                        "anyOf": [
                            {"type": "number", "minimum": 0},
                            {"type": "string", "pattern": "^[0-9]+([.][0-9]{1,2})?$"},
                        ]
                    },
                    "description": "member: their shares, cents or percentage.",
                }
            ),
            "currency": nullable(
                {
                    "type": "string",
                    "pattern": "^[A-Z]{3}$",
                    "description": "Paid in another currency than the circle's: "
                    "cents (and exact parts) are in it.",
                }
            ),
            "rate": nullable(
                {
                    "anyOf": [
                        {"type": "number", "exclusiveMinimum": 0},
                        {"type": "string", "pattern": "^[0-9]+([.][0-9]{1,8})?$"},
                    ],
                    "description": "The circle's money for one unit of currency, as "
                    "entered; the ledger's cents are the amount at it, rounded half up.",
                }
            ),
        },
        required=["paid_by", "cents", "shared_by"],
        additionalProperties=False,
    )


def _token_path() -> dict[str, Any]:
    """The circle's edit token replaced."""
    return {
        "parameters": CIRCLE,
        "post": {
            "operationId": "rotateCircleToken",
            "summary": "A new edit token; the old one stops working, on the circle "
            "and on its games",
            "security": CIRCLE_TOKEN,
            "responses": {
                "200": {
                    "description": "The new token and links",
                    "content": {"application/json": {"schema": ref("NewCircleToken")}},
                },
                **errors(*QUERY_ERRORS, *WRITE_ERRORS),
            },
        },
    }


def _links() -> dict[str, Any]:
    """A circle's view and edit links."""
    uri = {"type": "string", "format": "uri"}
    return obj({"view": uri, "edit": uri}, required=["view", "edit"])


def _write(
    operation_id: str, summary: str, body: str, status: str, description: str | None = None
) -> dict[str, Any]:
    return {
        "operationId": operation_id,
        "summary": summary,
        **({"description": description} if description else {}),
        "security": CIRCLE_TOKEN,
        "requestBody": json_body(body),
        "responses": {
            status: circle_answer(summary),
            **errors(*BODY_ERRORS, *WRITE_ERRORS),
        },
    }


def _on_record(method: str, operation_id: str, summary: str) -> dict[str, Any]:
    """A record's removal (DELETE, with If-Match) or the undo of one (POST .../restore)."""
    removal = method == "delete"
    operation: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "security": CIRCLE_TOKEN,
    }
    if removal:
        operation["parameters"] = [IF_MATCH]
    conflict = ("Conflict",) if removal else ()
    operation["responses"] = {
        "200": circle_answer("Removed" if removal else "Restored"),
        **errors(*QUERY_ERRORS, *WRITE_ERRORS, *conflict),
    }
    return {"parameters": RECORD, method: operation}


def paths() -> dict[str, Any]:
    return {**_circle_paths(), **_record_paths(), **_people_paths()}


def _read(operation_id: str, summary: str, schema: str, **more: Any) -> dict[str, Any]:
    return {
        "operationId": operation_id,
        "summary": summary,
        **more,
        "responses": {
            "200": {
                "description": summary,
                "headers": {"ETag": {**HEADER, "required": True}},
                "content": {"application/json": {"schema": ref(schema)}},
            },
            **errors(*QUERY_ERRORS, "NotFound", "Invalid", "Unavailable"),
        },
    }


def _people_paths() -> dict[str, Any]:
    """People's records: one member's, two members' head-to-head, everyone's as CSV."""
    member = {**STRING, "pattern": f"^{STORABLE}*$"}
    return {
        "/api/v1/circles/{circle_id}/people/{name}": {
            "parameters": [
                *CIRCLE,
                {"name": "name", "in": "path", "required": True, "schema": member},
            ],
            "get": _read(
                "circlePerson",
                "One member's record: lifetime, by game family, streak and money",
                "PersonRecord",
                description="Finished games only; the name matched case-insensitively. "
                "404 for a name that is not a member.",
            ),
        },
        "/api/v1/circles/{circle_id}/head-to-head": {
            "parameters": CIRCLE,
            "get": _read(
                "circleHeadToHead",
                "Two members' finished games together: wins, partners, who finished ahead",
                "HeadToHead",
                parameters=[
                    {"name": name, "in": "query", "required": True, "schema": member}
                    for name in ("a", "b")
                ],
            ),
        },
        "/api/v1/circles/{circle_id}/people.csv": {
            "parameters": CIRCLE,
            "get": {
                "operationId": "circlePeople",
                "summary": "Every member's record, a row for their lifetime and one per family",
                "responses": {
                    "200": {"description": "CSV", "content": {"text/csv": {"schema": STRING}}},
                    **errors(*QUERY_ERRORS, "NotFound", "Unavailable"),
                },
            },
        },
    }


def _circle_paths() -> dict[str, Any]:
    return {
        "/api/v1/circles": {
            "post": {
                "operationId": "createCircle",
                "summary": "Start a circle; the answer holds its edit token, shown only once",
                "requestBody": json_body("NewCircle"),
                "responses": {
                    "201": started("StartedCircle"),
                    **errors(*BODY_ERRORS, "RateLimited", "Unavailable"),
                },
            }
        },
        "/api/v1/circles/{circle_id}": {
            "parameters": CIRCLE,
            "get": {
                "operationId": "getCircle",
                "summary": "The circle: members, games, stats and ledger",
                "parameters": [
                    {
                        "name": "settle",
                        "in": "query",
                        "schema": {"type": "string", "enum": ["fewest", "host"]},
                        "description": "host: every other member settles with `host` alone.",
                    },
                    # web.common.edge answers 400 to a query string holding a NUL.
                    {
                        "name": "host",
                        "in": "query",
                        "schema": {**STRING, "pattern": f"^{STORABLE}*$"},
                        "description": "With settle=host: the member every other one settles "
                        "with (422 if no member of the circle is named so).",
                    },
                ],
                "responses": {
                    "200": circle_answer("The circle"),
                    **errors(*QUERY_ERRORS, "NotFound", "Invalid", "Unavailable"),
                },
            },
        },
        "/api/v1/circles/{circle_id}/members": {
            "parameters": CIRCLE,
            "post": _write(
                "addMember", "A new member (422 if the name is taken)", "NewMember", "201"
            ),
            "patch": _write("renameMember", "Rename a member", "Rename", "200"),
        },
        "/api/v1/circles/{circle_id}/payments": {
            "parameters": CIRCLE,
            "post": _write("addPayment", "Money handed over", "NewPayment", "201"),
        },
        "/api/v1/circles/{circle_id}/expenses": {
            "parameters": CIRCLE,
            "post": _write(
                "addExpense",
                "A shared cost",
                "NewExpense",
                "201",
                "Split equally among shared_by; the cents that do not split are owed one "
                "each by the first of them in member order, the order they joined the "
                "circle (103 by 4: 26, 26, 26, 25).",
            ),
        },
        "/api/v1/circles/{circle_id}/token": _token_path(),
        "/api/v1/circles/{circle_id}/games": {
            "parameters": CIRCLE,
            "post": _write("addCircleGame", "Bring an existing game in", "CircleGame", "201"),
        },
    }


def _record_paths() -> dict[str, Any]:
    """A payment's or an expense's removal and restore, and the ledger."""
    return {
        "/api/v1/circles/{circle_id}/payments/{number}": _on_record(
            "delete", "removePayment", "Remove payment n (a correction)"
        ),
        "/api/v1/circles/{circle_id}/expenses/{number}": _on_record(
            "delete", "removeExpense", "Remove expense n (a correction)"
        ),
        "/api/v1/circles/{circle_id}/payments/{number}/restore": _on_record(
            "post", "restorePayment", "Put a removed payment back"
        ),
        "/api/v1/circles/{circle_id}/expenses/{number}/restore": _on_record(
            "post", "restoreExpense", "Put a removed expense back"
        ),
        "/api/v1/circles/{circle_id}/ledger.csv": {
            "parameters": CIRCLE,
            "get": {
                "operationId": "circleLedger",
                "summary": "Every game result, expense and payment with running balances",
                "description": "UTF-8 with a byte-order mark; amounts and balances in the "
                "circle's currency as a spreadsheet reads them (35.40, not cents).",
                "responses": {
                    "200": {"description": "CSV", "content": {"text/csv": {"schema": STRING}}},
                    **errors(*QUERY_ERRORS, "NotFound", "Unavailable"),
                },
            },
        },
    }
