"""The OpenAPI document's schemas made from the scoring specs (web.openapi merges
them in): a deal's Entry from every variant's entry fields, each field's schema its
kind's widget's (web.fields), and the catalogue's options and entry fields from what
``OptionSpec.describe`` and ``EntryField.describe`` give. A new variant, option or
entry field needs no edit here; a new kind brings its schema with its widget.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring.entries import KINDS
from scorekeeper.web.fields import widget_for
from scorekeeper.web.openapi_parts import BOOLEAN, INTEGER, STRING, array, nullable, obj

ANY: dict[str, Any] = {}  # any JSON value


def entry_schema(catalogue: dict[str, Any]) -> dict[str, Any]:
    """Every entry field of every variant; the game's variant says which apply."""
    properties: dict[str, Any] = {
        "number": {
            "type": "integer",
            "minimum": 1,
            "description": "The deal the client believes it records; 409 if it exists already.",
        }
    }
    for variant in catalogue["variants"]:
        for field in variant["entry_fields"]:
            if field["name"] not in properties:
                schema = widget_for(field["kind"]).schema(field)
                properties[field["name"]] = {**schema, "description": field["help"]}
    return obj(
        properties,
        additionalProperties=False,
        description="What happened in one deal; fields per variant as GET /variants lists.",
    )


# Each key OptionSpec.describe gives (tests/api/test_openapi_specs.py holds them to it).
OPTION = {
    "name": STRING,
    "type": STRING,
    "default": ANY,
    "choices": nullable({"type": "array"}),
    "help": STRING,
    "nullable": BOOLEAN,
    "minimum": {**INTEGER, "description": "int options and int lists: the least value."},
    "maximum": {**INTEGER, "description": "int options and int lists: the most value."},
    "step": {**INTEGER, "description": "int options and int lists: values are multiples."},
    "items": {**STRING, "description": "list options: what each item is."},
    "length": {
        **array(INTEGER, minItems=2, maxItems=2),
        "description": "list options: how many items, least and most.",
    },
}
# Each key EntryField.describe gives.
ENTRY_FIELD = {
    "name": STRING,
    "kind": STRING,  # catalogue_schema names them: the kinds registered by then
    "help": STRING,
    "option": {**nullable(STRING), "description": "The option the field depends on."},
    "when": {**ANY, "description": "The value that option must have (null: any true value)."},
    "choices": nullable(array(STRING)),
    "length": {**INTEGER, "description": "ranks_per_player: ranks a player has."},
}


def catalogue_schema() -> dict[str, Any]:
    """GET /variants: each variant with its option and entry-field specs, and the presets."""
    entry_field = {**ENTRY_FIELD, "kind": {"type": "string", "enum": list(KINDS)}}
    variant = obj(
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
            "options": array(obj(OPTION, required=["name", "type", "default", "choices"])),
            "entry_fields": array(obj(entry_field, required=["name", "kind"])),
        },
        required=["id", "name", "options", "entry_fields"],
    )
    preset = obj(
        {
            "name": STRING,
            "variant": STRING,
            "options": {"type": "object"},
            "stakes": nullable({"type": "object"}),
            "description": STRING,
        },
        required=["name", "variant", "options"],
    )
    return obj(
        {"variants": array(variant), "presets": array(preset)}, required=["variants", "presets"]
    )
