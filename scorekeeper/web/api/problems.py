"""Problem details (RFC 9457) for the JSON API: every error is one of these.

``{"type", "title", "status", "detail", "errors": {field path: message}}``,
served as ``application/problem+json``, plus extension members such as
``state`` (the game as it now is) on a conflict.

The title, the detail and the field messages speak the client's language
(Accept-Language, English when it names none we have), said in Content-Language;
the field paths and status codes are the same in every language.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Response
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import Headers
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from scorekeeper.translate import translate
from scorekeeper.web.common.i18n import response_language

PROBLEM_MIMETYPE = "application/problem+json"

# Werkzeug's English phrases for the statuses the API answers with, to translate.
TITLES = {
    400: _l("Bad Request"),
    401: _l("Unauthorized"),
    403: _l("Forbidden"),
    404: _l("Not Found"),
    405: _l("Method Not Allowed"),
    409: _l("Conflict"),
    413: _l("Request Entity Too Large"),
    415: _l("Unsupported Media Type"),
    422: _l("Unprocessable Entity"),
    429: _l("Too Many Requests"),
    503: _l("Service Unavailable"),
}


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
    title = TITLES.get(status) or HTTP_STATUS_CODES.get(status, "Error")
    body = {
        "type": "about:blank",
        "title": str(title),
        "status": status,
        "detail": translate(detail),
        "errors": {path: translate(message) for path, message in (errors or {}).items()},
        **extensions,
    }
    headers = Headers(headers)
    headers["Content-Language"] = response_language()
    return Response(json.dumps(body), status=status, headers=headers, mimetype=PROBLEM_MIMETYPE)


def http_exception_problem(error: HTTPException) -> Response:
    """Werkzeug's 400/404/405/413/415/429 ... as a problem, keeping headers such as Allow."""
    status = error.code or 500
    headers = [(name, value) for name, value in error.get_headers() if name != "Content-Type"]
    detail = error.description or HTTP_STATUS_CODES.get(status, "Error")
    return problem_response(status, detail, headers=headers)
