"""The OpenAPI document's schemas made from the scoring specs (web.api.openapi merges
them in): a deal's Entry from every variant's entry fields, each field's schema as
its kind declares it (scoring.entries.Kind.schema), and the catalogue's options and
entry fields from what ``OptionSpec.describe`` and ``EntryField.describe`` give. A
new variant, option or entry field needs no edit here, nor a new kind.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring.entries import KINDS
from scorekeeper.scoring.options import CONTRACT_CARDS
from scorekeeper.web.api.openapi_parts import BOOLEAN, INTEGER, STRING, array, nullable, obj

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
                schema = KINDS[field["kind"]].schema(field)
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


def options_schema(catalogue: dict[str, Any]) -> dict[str, Any]:
    """POST /games' options: every option of every variant, each value as its specs
    allow (any of them where variants differ); the game's variant says which apply."""
    allowed: dict[str, list[dict[str, Any]]] = {}
    for variant in catalogue["variants"]:
        for option in variant["options"]:
            schema = option_value_schema(option)
            if schema not in allowed.setdefault(option["name"], []):
                allowed[option["name"]].append(schema)
    properties = {
        name: schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        for name, schemas in allowed.items()
    }
    return obj(
        properties,
        additionalProperties=False,
        description="Option name to value; GET /variants gives each variant's.",
    )


def option_value_schema(option: dict[str, Any]) -> dict[str, Any]:
    """One option's value, from its description (``OptionSpec.describe``)."""
    if option["choices"] is not None:
        schema: dict[str, Any] = {"enum": list(option["choices"])}
    elif option["type"] == "bool":
        schema = BOOLEAN
    elif option["type"] == "int":
        schema = whole_number(option)
    elif option["type"] == "list":
        least, most = option["length"]
        schema = array(LIST_ITEMS[option["items"]](option), minItems=least, maxItems=most)
    else:  # text: its pattern is Python's, checked by the server
        schema = STRING
    return nullable(schema) if option["nullable"] else schema


def whole_number(option: dict[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer"}
    for key in ("minimum", "maximum"):
        if option.get(key) is not None:
            schema[key] = option[key]
    if option.get("step", 1) != 1:
        schema["multipleOf"] = option["step"]
    return schema


# A list option's item, by its ``items``: a contract is {"contract": text, "cards": n}.
LIST_ITEMS = {
    "int": whole_number,
    "text": lambda option: STRING,
    "card": lambda option: STRING,
    "contract": lambda option: obj(
        {"contract": STRING, "cards": {"type": "integer", "minimum": 1, "maximum": CONTRACT_CARDS}},
        required=["contract", "cards"],
        additionalProperties=False,
    ),
}
