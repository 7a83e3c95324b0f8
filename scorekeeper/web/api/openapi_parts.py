"""The building blocks of the OpenAPI document's schemas (web.api.openapi and the
modules it merges in, and the entry widgets' schemas in web.table.fields)."""

from __future__ import annotations

from typing import Any

PROBLEM = "application/problem+json"
# printing.layout.PAGE_SIZES, without importing WeasyPrint (tests/api/test_sheet.py renders both).
PAGE_SIZES = ["A4", "Letter"]
# A rank as an entry names it: Golf's grids hold jokers too.
RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Joker"]


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
