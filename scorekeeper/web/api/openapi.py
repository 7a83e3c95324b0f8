"""The OpenAPI 3.1 document of JSON API v1, served at /api/v1/openapi.json.

Variant ids, preset names and entry fields come from the scoring catalogue, so
the document cannot drift from what the server accepts (web.api.openapi_entries).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorekeeper import scoring
from scorekeeper.web.api import openapi_circles
from scorekeeper.web.api.openapi_answers import (
    BODY_ERRORS,
    IF_MATCH,
    QUERY_ERRORS,
    WRITE_ERRORS,
    errors,
    json_body,
    started,
)
from scorekeeper.web.api.openapi_entries import catalogue_schema, entry_schema
from scorekeeper.web.api.openapi_parts import (
    HEADER,
    PAGE_SIZES,
    PROBLEM,
    STRING,
    ref,
)
from scorekeeper.web.api.openapi_schemas import game_schemas, request_schemas


def problem(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {PROBLEM: {"schema": ref("Problem")}},
    }
    if headers:
        response["headers"] = headers
    return response


RESPONSES = {
    "BadRequest": problem(
        "The body is not JSON, a header is malformed, or a query parameter holds a NUL "
        "or a broken character."
    ),
    "Unauthorized": problem(
        "No edit token was sent.",
        {"WWW-Authenticate": {**HEADER, "required": True}},
    ),
    "Forbidden": problem("The token is not this game's edit token."),
    "NotFound": problem("No such game, or no such deal."),
    "Conflict": problem(
        "The request does not fit the game as it now is (the deal exists, the game is over, "
        "If-Match is stale, not the last deal, not ended early); `state` holds the game as it "
        "now is.",
        {"ETag": HEADER},
    ),
    "TooLarge": problem("The body is larger than the configured MAX_CONTENT_LENGTH."),
    "NotJson": problem("The body is not application/json."),
    "Invalid": problem("Well-formed but breaks a rule; `errors` names each field."),
    "RateLimited": problem(
        "Too many writes from this client; retry after Retry-After seconds.",
        {"Retry-After": {**HEADER, "required": True}},
    ),
    "Unavailable": problem(
        "The database is busy or unreachable; retry after Retry-After seconds.",
        {"Retry-After": HEADER},
    ),
}


GAME_FROM_PATH = {"game_id": "$request.path.game_id"}
GAME_FROM_BODY = {"game_id": "$response.body#/game/id"}
FIRST_DEAL = {**GAME_FROM_PATH, "number": "$response.body#/deals/0/number"}


def link(operation_id: str, parameters: dict[str, str], description: str) -> dict[str, Any]:
    return {"operationId": operation_id, "parameters": parameters, "description": description}


# What a client can do next with an answer (OpenAPI links): the game it started or
# changed, and its first deal. Fuzzers follow them to record real deals in real games.
LINKS = {
    "started": {
        "GetGame": link("getGame", GAME_FROM_BODY, "The game just started."),
        "RecordDeal": link("recordDeal", GAME_FROM_BODY, "Record its first deal."),
        "ScoreSheet": link("scoreSheet", GAME_FROM_BODY, "Print its sheet."),
    },
    "changed": {
        "GetGame": link("getGame", GAME_FROM_PATH, "The game as it now is."),
        "RecordDeal": link("recordDeal", GAME_FROM_PATH, "Record the next deal."),
        "CorrectDeal": link("correctDeal", FIRST_DEAL, "Correct its first deal."),
        "DeleteDeal": link("deleteDeal", FIRST_DEAL, "Delete its first deal (409 unless last)."),
    },
}


def state(description: str, *, location: bool = False) -> dict[str, Any]:
    headers: dict[str, Any] = {"ETag": {**HEADER, "required": True}}
    if location:
        headers["Location"] = {**HEADER, "description": "The deal just recorded."}
        headers["Idempotent-Replayed"] = {
            **HEADER,
            "description": "`true` when this is the stored first answer to an Idempotency-Key.",
        }
    return {
        "description": description,
        "headers": headers,
        "content": {"application/json": {"schema": ref("GameState")}},
        "links": LINKS["changed"],
    }


PARAMETERS = {
    "GameId": {
        "name": "game_id",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,43}$"},
        "description": "The game's unguessable id.",
    },
    "DealNumber": {
        "name": "number",
        "in": "path",
        "required": True,
        "schema": {"type": "integer", "minimum": 1, "maximum": 999999999},
    },
    "IfMatch": {
        "name": "If-Match",
        "in": "header",
        "schema": STRING,
        "description": "The ETag the client last saw; a stale one gets 409.",
    },
}

# A game's writes take its own edit token or, for a game played in a circle, the
# circle's (either one: OpenAPI's alternatives).
EDIT_TOKEN = [{"editToken": []}, {"circleToken": []}]


GAME = [{"$ref": "#/components/parameters/GameId"}]
DEAL = [*GAME, {"$ref": "#/components/parameters/DealNumber"}]


def catalogue_paths() -> dict[str, Any]:
    """This document and the catalogue."""
    return {
        "/api/v1/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {
                    "200": {
                        "description": "OpenAPI 3.1",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    **errors(*QUERY_ERRORS),
                },
            }
        },
        "/api/v1/variants": {
            "get": {
                "operationId": "listVariants",
                "summary": "Variants and presets with their options and entry fields",
                "responses": {
                    "200": {
                        "description": "The catalogue",
                        "content": {"application/json": {"schema": ref("Catalogue")}},
                    },
                    **errors(*QUERY_ERRORS),
                },
            }
        },
    }


def game_paths() -> dict[str, Any]:
    """Starting a game and reading it."""
    return {
        "/api/v1/games": {
            "post": {
                "operationId": "createGame",
                "summary": "Start a game; the answer holds the edit token, shown only once",
                "requestBody": json_body("NewGame"),
                "responses": {
                    "201": started("StartedGame", links=LINKS["started"]),
                    **errors(*BODY_ERRORS, "RateLimited", "Unavailable"),
                },
            }
        },
        "/api/v1/games/{game_id}": {
            "parameters": GAME,
            "get": {
                "operationId": "getGame",
                "summary": "The game's state",
                "parameters": [
                    {
                        "name": "If-None-Match",
                        "in": "header",
                        "schema": STRING,
                        "description": "An ETag seen before: 304 while the game is unchanged.",
                    }
                ],
                "responses": {
                    "200": state("The state"),
                    "304": {
                        "description": "Unchanged since the ETag given",
                        "headers": {"ETag": {**HEADER, "required": True}},
                    },
                    **errors(*QUERY_ERRORS, "NotFound", "Unavailable"),
                },
            },
        },
    }


def deal_paths() -> dict[str, Any]:
    """Recording, correcting and deleting deals."""
    return {
        "/api/v1/games/{game_id}/deals": {
            "parameters": GAME,
            "post": {
                "operationId": "recordDeal",
                "summary": "Record the next deal",
                "security": EDIT_TOKEN,
                "parameters": [
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "schema": {"type": "string", "pattern": "^[!-~]{1,200}$"},
                        "description": "Same key and body: the first answer again, nothing "
                        "stored; same key, other body: 422.",
                    }
                ],
                "requestBody": json_body("Entry"),
                "responses": {
                    "201": state("Recorded", location=True),
                    **errors(*BODY_ERRORS, *WRITE_ERRORS, "Conflict"),
                },
            },
        },
        "/api/v1/games/{game_id}/deals/{number}": {
            "parameters": DEAL,
            "put": {
                "operationId": "correctDeal",
                "summary": "Replace deal n's entry; every later deal is re-derived",
                "security": EDIT_TOKEN,
                "parameters": [IF_MATCH],
                "requestBody": json_body("Entry"),
                "responses": {
                    "200": state("Corrected"),
                    **errors(*BODY_ERRORS, *WRITE_ERRORS, "Conflict"),
                },
            },
            "delete": {
                "operationId": "deleteDeal",
                "summary": "Delete the last deal (any other: 409)",
                "security": EDIT_TOKEN,
                "parameters": [IF_MATCH],
                "responses": {
                    "200": state("Deleted"),
                    **errors(*QUERY_ERRORS, *WRITE_ERRORS, "Conflict"),
                },
            },
        },
    }


def ending_paths() -> dict[str, Any]:
    """Ending a game early, and reopening it."""
    return {
        "/api/v1/games/{game_id}/end": {
            "parameters": GAME,
            "post": {
                "operationId": "endGame",
                "summary": "End the unfinished game here: the leaders win (a pool game may split)",
                "security": EDIT_TOKEN,
                "parameters": [IF_MATCH],
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": ref("Ending")}},
                },
                "responses": {
                    "200": state("Ended early"),
                    **errors(*BODY_ERRORS, *WRITE_ERRORS, "Conflict"),
                },
            },
            "delete": {
                "operationId": "reopenGame",
                "summary": "Remove the early end (and any split): the game takes deals again",
                "security": EDIT_TOKEN,
                "parameters": [IF_MATCH],
                "responses": {
                    "200": state("Reopened"),
                    **errors(*WRITE_ERRORS, "Conflict"),
                },
            },
        },
    }


def word_token_sheet_paths() -> dict[str, Any]:
    """Understanding words, a new edit token, the printed sheet."""
    return {
        "/api/v1/games/{game_id}/understand": {
            "parameters": GAME,
            "post": {
                "operationId": "understandDeal",
                "summary": "Read a line of words as the next deal's entry; stores nothing",
                "requestBody": json_body("Said"),
                "responses": {
                    "200": {
                        "description": "What was understood, what was not, and why",
                        "content": {"application/json": {"schema": ref("Understood")}},
                    },
                    **errors(*BODY_ERRORS, "NotFound", "RateLimited", "Unavailable"),
                },
            },
        },
        "/api/v1/games/{game_id}/aliases": {
            "parameters": GAME,
            "put": {
                "operationId": "setAliases",
                "summary": "The game's spoken names (nicknames) the reader knows, all of them",
                "security": EDIT_TOKEN,
                "requestBody": json_body("Aliases"),
                "responses": {
                    "200": {
                        "description": "The spoken names kept",
                        "content": {"application/json": {"schema": ref("Aliases")}},
                    },
                    **errors(*BODY_ERRORS, *WRITE_ERRORS),
                },
            },
        },
        "/api/v1/games/{game_id}/token": {
            "parameters": GAME,
            "post": {
                "operationId": "rotateToken",
                "summary": "A new edit token; the old one stops working",
                "security": EDIT_TOKEN,
                "responses": {
                    "200": {
                        "description": "The new token and links",
                        "content": {"application/json": {"schema": ref("NewToken")}},
                    },
                    **errors(*QUERY_ERRORS, *WRITE_ERRORS),
                },
            },
        },
        "/api/v1/games/{game_id}/sheet.pdf": {
            "parameters": GAME,
            "get": {
                "operationId": "scoreSheet",
                "summary": "The printed score sheet",
                "parameters": [
                    {
                        "name": "page_size",
                        "in": "query",
                        "description": "A4 or Letter, in any case; anything else is a 422.",
                        "schema": {"type": "string", "enum": PAGE_SIZES, "default": "A4"},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "PDF",
                        "content": {"application/pdf": {"schema": STRING}},
                    },
                    **errors(*QUERY_ERRORS, "NotFound", "Invalid", "RateLimited", "Unavailable"),
                },
            },
        },
    }


def paths() -> dict[str, Any]:
    return {
        **catalogue_paths(),
        **game_paths(),
        **deal_paths(),
        **ending_paths(),
        **word_token_sheet_paths(),
    }


@cache
def document() -> dict[str, Any]:
    catalogue = scoring.describe_catalogue()
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "scorekeeper JSON API",
            "version": "1",
            "description": "Score rummy-family games played with real cards. "
            "Errors are RFC 9457 problem details. Guide: docs/api.md.",
        },
        "paths": {**paths(), **openapi_circles.paths()},
        "components": {
            "schemas": {
                **request_schemas(catalogue),
                "Entry": entry_schema(catalogue),
                **game_schemas(),
                "Catalogue": catalogue_schema(),
                **openapi_circles.schemas(),
            },
            "responses": RESPONSES,
            "parameters": PARAMETERS,
            "securitySchemes": {
                "editToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The game's edit token, from POST /api/v1/games. "
                    "For a game played in a circle the circle's edit token does as well.",
                },
                "circleToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The circle's edit token, from POST /api/v1/circles; "
                    "also starts a game in the circle, and in place of a game's own "
                    "token changes any game of the circle (its deals, its end, its "
                    "token); a game outside the circle refuses it (403).",
                },
            },
        },
    }
