"""The parts of the OpenAPI document's operations that its sections share (web.api.openapi
and web.api.openapi_circles): a request's usual errors, a JSON body, a 201 Started."""

from __future__ import annotations

from typing import Any

from scorekeeper.web.api.openapi_parts import HEADER, ref

BODY_ERRORS = ("BadRequest", "TooLarge", "NotJson", "Invalid")
WRITE_ERRORS = ("Unauthorized", "Forbidden", "NotFound", "RateLimited", "Unavailable")
# Any request: a query string with a NUL or a broken character (web.common.edge).
QUERY_ERRORS = ("BadRequest",)
IF_MATCH = {"$ref": "#/components/parameters/IfMatch"}


def started(schema: str, **more: Any) -> dict[str, Any]:
    """The 201 of a game or a circle just started (its edit token in the body)."""
    return {
        "description": "Started",
        "headers": {
            "Location": {**HEADER, "required": True},
            "ETag": {**HEADER, "required": True},
        },
        "content": {"application/json": {"schema": ref(schema)}},
        **more,
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
