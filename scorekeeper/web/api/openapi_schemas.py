"""The OpenAPI document's component schemas of games and deals (web.api.openapi merges
them in); the entry and catalogue schemas, made from the scoring specs, are
web.api.openapi_entries'."""

from __future__ import annotations

from typing import Any

from scorekeeper import scoring, understand
from scorekeeper.web.api.openapi_entries import options_schema
from scorekeeper.web.api.openapi_parts import (
    BOOLEAN,
    INTEGER,
    NAME,
    POINTS,
    SAID,
    STRING,
    array,
    nullable,
    obj,
    ref,
)

TRANSFER = obj(
    {"from": STRING, "to": STRING, "cents": INTEGER},
    required=["from", "to", "cents"],
)
DEAL_POSITION = {
    "number": {"type": "integer", "minimum": 1},
    "dealer": STRING,
    "wild": nullable(STRING),
    "multiplier": INTEGER,
    "press": BOOLEAN,
}
NEXT_DEAL = {
    **DEAL_POSITION,
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


def request_schemas(catalogue: dict[str, Any]) -> dict[str, Any]:
    """What a client sends (and the problem it may get back)."""
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
        "Aliases": obj(
            {
                "aliases": {
                    "type": "object",
                    "maxProperties": 100,
                    "propertyNames": {"minLength": 1, "maxLength": 40},
                    "additionalProperties": STRING,
                    "description": "Word said -> the player's (or seated person's) name.",
                }
            },
            required=["aliases"],
            additionalProperties=False,
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
        "NewGame": new_game_schema(catalogue),
    }


def game_schemas() -> dict[str, Any]:
    """A game as the API answers it: its deals, settlement and state."""
    return {
        "Deal": obj(
            {
                **DEAL_POSITION,
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
            required=[*DEAL_POSITION, "entry", "points", "winner"],
        ),
        "Settlement": obj(
            {
                "currency": STRING,
                "balances": {**POINTS, "description": "Cents per player; they sum to 0."},
                "payments": array(TRANSFER),
                "transfers": array(TRANSFER),
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
        "GameState": GAME_STATE,
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
    }


GAME_STATE = obj(
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
        "next_deal": nullable(obj(NEXT_DEAL, required=list(DEAL_POSITION))),
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
)


def new_game_schema(catalogue: dict[str, Any]) -> dict[str, Any]:
    """POST /games: a variant or a preset, with the variants' bounds on players and seats."""
    return obj(
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
            "options": options_schema(catalogue),
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
    )
