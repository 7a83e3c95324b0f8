"""Problem details (RFC 9457) for the JSON API: every error is one of these.

``{"type", "title", "status", "detail", "errors": {field path: message}}``,
served as ``application/problem+json``, plus extension members such as
``state`` (the game as it now is) on a conflict.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Response
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

PROBLEM_MIMETYPE = "application/problem+json"


class Problem(Exception):
    """Raised by an API view to answer with a problem instead of a result."""

    def __init__(
        self,
        status: int,
        detail: str,
        errors: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
    ):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = dict(errors or {})
        self.headers = dict(headers or {})

    def response(self) -> Response:
        return problem_response(self.status, self.detail, self.errors, headers=self.headers)


def problem_response(
    status: int,
    detail: str,
    errors: Mapping[str, str] | None = None,
    *,
    headers: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    **extensions: Any,
) -> Response:
    # "about:blank": the status code says what kind of problem it is; the
    # errors map says which fields, the detail says it in one sentence.
    body = {
        "type": "about:blank",
        "title": HTTP_STATUS_CODES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "errors": dict(errors or {}),
        **extensions,
    }
    return Response(json.dumps(body), status=status, headers=headers, mimetype=PROBLEM_MIMETYPE)


def http_exception_problem(error: HTTPException) -> Response:
    """Werkzeug's 400/404/405/413/415/429 ... as a problem, keeping headers such as Allow."""
    status = error.code or 500
    headers = [(name, value) for name, value in error.get_headers() if name != "Content-Type"]
    detail = error.description or HTTP_STATUS_CODES.get(status, "Error")
    return problem_response(status, detail, headers=headers)
