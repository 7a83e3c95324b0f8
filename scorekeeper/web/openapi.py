"""The OpenAPI 3.1 document of JSON API v1, served at /api/v1/openapi.json.

Variant ids, preset names and entry fields come from the scoring catalogue, so
the document cannot drift from what the server accepts.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from scorekeeper import scoring, understand
from scorekeeper.scoring.entries import KINDS

PROBLEM = "application/problem+json"
# printing.layout.PAGE_SIZES, without importing WeasyPrint (tests/api/test_sheet.py renders both).
PAGE_SIZES = ["A4", "Letter"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Joker"]


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [schema, {"type": "null"}]}


def array(items: dict[str, Any], **more) -> dict[str, Any]:
    return {"type": "array", "items": items, **more}


def obj(properties: dict[str, Any], *, required: list[str] | None = None, **more) -> dict:
    schema = {"type": "object", "properties": properties, **more}
    if required is not None:
        schema["required"] = required
    return schema


STRING = {"type": "string"}
INTEGER = {"type": "integer"}
BOOLEAN = {"type": "boolean"}
NAME = {"type": "string", "minLength": 1}
POINTS = {"type": "object", "additionalProperties": INTEGER}
HEADER = {"schema": STRING}
# Text a column can keep (db.storable): no NUL. (Nor a lone surrogate, which no schema
# can name: most regex engines, jsonschema_rs's among them, have no such characters.)
STORABLE = r"[^\x00]"
# Python's whitespace (str.strip), spelled out: regex engines differ on \s.
SPACE = r"\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
# The words said: storable, and more than whitespace.
SAID = rf"^{STORABLE}*[^{SPACE}\x00]{STORABLE}*$"


def entry_schema(catalogue: dict[str, Any]) -> dict[str, Any]:
    """Every entry field of every variant; the game's variant says which apply."""
    kinds = {
        "player": nullable(STRING),
        "per_player": {"type": "object", "additionalProperties": INTEGER},
        "bool": BOOLEAN,
        "rank": {"type": "string", "enum": RANKS},
        "card": STRING,
        "players": nullable(array(STRING)),
        "choice_per_player": {"type": "object", "additionalProperties": STRING},
        "signed_per_player": {"type": "object", "additionalProperties": INTEGER},
        "bool_per_player": {"type": "object", "additionalProperties": BOOLEAN},
        "ranks_per_player": {
            "type": "object",
            "additionalProperties": array({"type": "string", "enum": RANKS}),
        },
    }
    properties: dict[str, Any] = {
        "number": {
            "type": "integer",
            "minimum": 1,
            "description": "The deal the client believes it records; 409 if it exists already.",
        }
    }
    for variant in catalogue["variants"]:
        for field in variant["entry_fields"]:
            schema = {**kinds[field["kind"]], "description": field["help"]}
            if field.get("choices"):
                schema["additionalProperties"] = {"type": "string", "enum": field["choices"]}
            if field.get("length"):  # so many ranks for each player
                length = field["length"]
                schema["additionalProperties"] = {
                    **schema["additionalProperties"],
                    "minItems": length,
                    "maxItems": length,
                }
            properties.setdefault(field["name"], schema)
    return obj(
        properties,
        additionalProperties=False,
        description="What happened in one deal; fields per variant as GET /variants lists.",
    )


def schemas(catalogue: dict[str, Any]) -> dict[str, Any]:
    transfer = obj(
        {"from": STRING, "to": STRING, "cents": INTEGER},
        required=["from", "to", "cents"],
    )
    deal_position = {
        "number": {"type": "integer", "minimum": 1},
        "dealer": STRING,
        "wild": nullable(STRING),
        "multiplier": INTEGER,
        "press": BOOLEAN,
    }
    next_deal = {
        **deal_position,
        "players": {
            **array(STRING),
            "description": "indian, kalooki: the players taking part.",
        },
        "cards": {
            **INTEGER,
            "description": "five_crowns, threethirteen, contract: cards dealt to each player.",
        },
        "contract": {**STRING, "description": "contract: what must be laid down first."},
        "tiebreak": {**array(STRING), "description": "phase10: the tied players replaying."},
        "minimum": {**POINTS, "description": "canasta, handfoot: each side's first meld."},
    }
    return {
        "Problem": obj(
            {
                "type": STRING,
                "title": STRING,
                "status": INTEGER,
                "detail": STRING,
                "errors": {
                    "type": "object",
                    "additionalProperties": STRING,
                    "description": "Field path (or header name) to message.",
                },
                "state": {**ref("GameState"), "description": "On a 409: the game as it now is."},
            },
            required=["type", "title", "status", "detail", "errors"],
        ),
        "Entry": entry_schema(catalogue),
        "Said": obj(
            {
                "text": {"type": "string", "maxLength": 500, "pattern": SAID},
                "language": {"type": "string", "enum": list(understand.LANGUAGES)},
            },
            required=["text"],
            additionalProperties=False,
        ),
        "Understood": obj(
            {
                "entry": {"type": "object", "description": "The fields understood."},
                "unclear": array(STRING),
                "reasons": {"type": "object", "additionalProperties": STRING},
            },
            required=["entry", "unclear", "reasons"],
        ),
        "Ending": obj(
            {
                "split": {
                    **BOOLEAN,
                    "default": False,
                    "description": "Pool rummy: share the pot by drops left (docs/rules.md).",
                }
            },
            additionalProperties=False,
            description='An early end: {} or, in pool rummy, {"split": true}.',
        ),
        "Stakes": obj(
            {
                "cents_per_point": {"type": "integer", "minimum": 0},
                "round_to": {"type": "integer", "enum": [1, 5, 10, 25]},
                "mode": {"type": "string", "enum": ["pairs", "winner", "per_deal", "pot"]},
                "deal_winner_cents": {"type": "integer", "minimum": 0},
                "currency": STRING,
                "entry_cents": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "mode pot (Indian rummy, Kalooki): each entry's fee into "
                    "the pot.",
                },
            }
        ),
        "NewGame": obj(
            {
                "variant": {"type": "string", "enum": sorted(scoring.VARIANTS)},
                "preset": {"type": "string", "enum": sorted(scoring.PRESETS)},
                "players": array(
                    {"type": "string", "minLength": 1, "maxLength": 40},
                    minItems=min(v.min_players for v in scoring.VARIANTS.values()),
                    maxItems=max(v.max_players for v in scoring.VARIANTS.values()),
                    description="Each variant's own count: GET /variants gives min_players "
                    "and max_players (the free pad: 1 to 20).",
                ),
                "options": {"type": "object", "description": "Option name to value."},
                "first_dealer": STRING,
                "stakes": nullable(ref("Stakes")),
                "title": nullable({"type": "string", "maxLength": 120}),
                "circle": {
                    **nullable(STRING),
                    "description": "Start the game in this circle, with the circle's edit "
                    "token as the bearer: its players (or seats) join the members.",
                },
                "seats": nullable(
                    array(
                        {"type": "string", "minLength": 1, "maxLength": 40},
                        maxItems=max(v.max_seats for v in scoring.VARIANTS.values()),
                        description="Partnership variants (and the free pad with sides): the "
                        "individual players in seat order, partners alternating; players are "
                        "then the sides. GET /variants gives seats_per_side and max_seats.",
                    )
                ),
            },
            required=["players"],
            additionalProperties=False,
            description="Give a variant or a preset; the options and stakes override a preset's.",
        ),
        "Deal": obj(
            {
                **deal_position,
                "entry": {"type": "object", "description": "The entry as accepted."},
                "points": {**POINTS, "description": "What this deal adds to each total."},
                "winner": nullable(STRING),
                "adjustment": {**POINTS, "description": "Auto-Press raise, on deal 1."},
                "rejoin_change": {
                    **POINTS,
                    "description": "indian pool, kalooki: rejoiners' change.",
                },
                "phase": {**POINTS, "description": "phase10: the phase each player played."},
            },
            required=[*deal_position, "entry", "points", "winner"],
        ),
        "Settlement": obj(
            {
                "currency": STRING,
                "balances": {**POINTS, "description": "Cents per player; they sum to 0."},
                "payments": array(transfer),
                "transfers": array(transfer),
            },
            required=["currency", "balances", "payments", "transfers"],
        ),
        "HollywoodGame": obj(
            {
                "totals": POINTS,
                "boxes": POINTS,
                "finished": BOOLEAN,
                "winner": nullable(STRING),
                "final": nullable(POINTS),
                "margin": nullable(INTEGER),
            }
        ),
        "GameState": obj(
            {
                "id": STRING,
                "title": nullable(STRING),
                "variant": STRING,
                "preset": nullable(STRING),
                "options": {"type": "object"},
                "players": array(STRING),
                "first_dealer": STRING,
                "higher_wins": BOOLEAN,
                "stakes": nullable(ref("Stakes")),
                "version": {"type": "integer", "minimum": 1},
                "deals": array(ref("Deal")),
                "totals": POINTS,
                "next_deal": nullable(obj(next_deal, required=list(deal_position))),
                "press_offer": nullable(
                    obj(
                        {"player": STRING, "points": INTEGER},
                        required=["player", "points"],
                    )
                ),
                "finished": BOOLEAN,
                "ended_early": {**BOOLEAN, "description": "The table ended the game early."},
                "split": {**BOOLEAN, "description": "indian pool: ended by a split."},
                "seats": {**array(STRING), "description": "Partnerships: individuals in seats."},
                "eliminated": {
                    **array(STRING),
                    "description": "indian pool, kalooki: out of the game.",
                },
                "rejoins": {
                    **POINTS,
                    "description": "indian pool, kalooki: each player's rejoins.",
                },
                "pot_cents": {
                    **INTEGER,
                    "description": "indian, kalooki with a pot: what it holds.",
                },
                "wins": {**POINTS, "description": "rummikub: deals each player won."},
                "chips": {**POINTS, "description": "indian deals: each player's chips."},
                "phase": {**POINTS, "description": "phase10: the phase each plays next."},
                "winners": array(STRING),
                "settlement": nullable(ref("Settlement")),
                "boxes": {**POINTS, "description": "gin: hands won."},
                "final": {**POINTS, "description": "gin, once finished: the final scores."},
                "margin": {**INTEGER, "description": "gin, once finished: what it is worth."},
                "games": array(ref("HollywoodGame")),
                "created_at": {"type": "string", "format": "date-time"},
                "updated_at": {"type": "string", "format": "date-time"},
            },
            required=[
                "id",
                "title",
                "variant",
                "preset",
                "options",
                "players",
                "first_dealer",
                "higher_wins",
                "stakes",
                "version",
                "deals",
                "totals",
                "next_deal",
                "press_offer",
                "finished",
                "ended_early",
                "winners",
                "settlement",
            ],
        ),
        "Links": obj(
            {
                "view": {"type": "string", "format": "uri"},
                "edit": {"type": "string", "format": "uri"},
                "sheet": {"type": "string", "format": "uri"},
            },
            required=["view", "edit", "sheet"],
        ),
        "StartedGame": obj(
            {"game": ref("GameState"), "edit_token": NAME, "links": ref("Links")},
            required=["game", "edit_token", "links"],
        ),
        "NewToken": obj(
            {"edit_token": NAME, "links": ref("Links")}, required=["edit_token", "links"]
        ),
        "Catalogue": obj(
            {
                "variants": array(
                    obj(
                        {
                            "id": STRING,
                            "name": STRING,
                            "description": STRING,
                            "min_players": INTEGER,
                            "max_players": INTEGER,
                            "higher_wins": BOOLEAN,
                            "partnership": BOOLEAN,
                            "seats_per_side": array(INTEGER),
                            "max_seats": INTEGER,
                            "optional_sides": {
                                **BOOLEAN,
                                "description": "free: given seats, the players are sides.",
                            },
                            "options": array(
                                obj(
                                    {
                                        "name": STRING,
                                        "type": STRING,
                                        "default": {},
                                        "choices": nullable({"type": "array"}),
                                        "help": STRING,
                                    },
                                    required=["name", "type", "default", "choices"],
                                ),
                            ),
                            "entry_fields": array(
                                obj(
                                    {
                                        "name": STRING,
                                        "kind": {"type": "string", "enum": list(KINDS)},
                                        "help": STRING,
                                        "choices": nullable(array(STRING)),
                                        "length": {
                                            **INTEGER,
                                            "description": "ranks_per_player: ranks a player has.",
                                        },
                                    },
                                    required=["name", "kind"],
                                ),
                            ),
                        },
                        required=["id", "name", "options", "entry_fields"],
                    ),
                ),
                "presets": array(
                    obj(
                        {
                            "name": STRING,
                            "variant": STRING,
                            "options": {"type": "object"},
                            "stakes": nullable({"type": "object"}),
                            "description": STRING,
                        },
                        required=["name", "variant", "options"],
                    ),
                ),
            },
            required=["variants", "presets"],
        ),
    }


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


def errors(*names: str) -> dict[str, Any]:
    codes = {
        "BadRequest": "400",
        "Unauthorized": "401",
        "Forbidden": "403",
        "NotFound": "404",
        "Conflict": "409",
        "TooLarge": "413",
        "NotJson": "415",
        "Invalid": "422",
        "RateLimited": "429",
        "Unavailable": "503",
    }
    return {codes[name]: {"$ref": f"#/components/responses/{name}"} for name in names}


def json_body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": ref(schema)}}}


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

BODY_ERRORS = ("BadRequest", "TooLarge", "NotJson", "Invalid")
WRITE_ERRORS = ("Unauthorized", "Forbidden", "NotFound", "RateLimited", "Unavailable")
# Any request: a query string with a NUL or a broken character (web.edge).
QUERY_ERRORS = ("BadRequest",)
EDIT_TOKEN = [{"editToken": []}]


def paths() -> dict[str, Any]:
    game = [{"$ref": "#/components/parameters/GameId"}]
    deal = [*game, {"$ref": "#/components/parameters/DealNumber"}]
    if_match = {"$ref": "#/components/parameters/IfMatch"}
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
        "/api/v1/games": {
            "post": {
                "operationId": "createGame",
                "summary": "Start a game; the answer holds the edit token, shown only once",
                "requestBody": json_body("NewGame"),
                "responses": {
                    "201": {
                        "description": "Started",
                        "headers": {
                            "Location": {**HEADER, "required": True},
                            "ETag": {**HEADER, "required": True},
                        },
                        "content": {"application/json": {"schema": ref("StartedGame")}},
                        "links": LINKS["started"],
                    },
                    **errors(*BODY_ERRORS, "RateLimited", "Unavailable"),
                },
            }
        },
        "/api/v1/games/{game_id}": {
            "parameters": game,
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
        "/api/v1/games/{game_id}/deals": {
            "parameters": game,
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
            "parameters": deal,
            "put": {
                "operationId": "correctDeal",
                "summary": "Replace deal n's entry; every later deal is re-derived",
                "security": EDIT_TOKEN,
                "parameters": [if_match],
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
                "parameters": [if_match],
                "responses": {
                    "200": state("Deleted"),
                    **errors(*QUERY_ERRORS, *WRITE_ERRORS, "Conflict"),
                },
            },
        },
        "/api/v1/games/{game_id}/end": {
            "parameters": game,
            "post": {
                "operationId": "endGame",
                "summary": "End the unfinished game here: the leaders win (a pool game may split)",
                "security": EDIT_TOKEN,
                "parameters": [if_match],
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
                "parameters": [if_match],
                "responses": {
                    "200": state("Reopened"),
                    **errors(*WRITE_ERRORS, "Conflict"),
                },
            },
        },
        "/api/v1/games/{game_id}/understand": {
            "parameters": game,
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
        "/api/v1/games/{game_id}/token": {
            "parameters": game,
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
            "parameters": game,
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


@cache
def document() -> dict[str, Any]:
    from scorekeeper.web import openapi_circles  # it builds on this module's parts

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
            "schemas": {**schemas(catalogue), **openapi_circles.schemas()},
            "responses": RESPONSES,
            "parameters": PARAMETERS,
            "securitySchemes": {
                "editToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The game's edit token, from POST /api/v1/games.",
                },
                "circleToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The circle's edit token, from POST /api/v1/circles; "
                    "also starts a game in the circle.",
                },
            },
        },
    }
