"""Checks at the edge, before any view runs and after each answers.

What no view should have to think about: text no database column can hold
(NULs, unpaired surrogates), ids that cannot be ids, integers past a column's
width, a ``Host`` header the site does not answer to, where a login may
redirect to, editor pages kept out of caches, and edit tokens kept out of logs.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from collections.abc import Iterable
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import BadRequest, NotFound
from werkzeug.routing import IntegerConverter
from werkzeug.sansio.utils import host_is_trusted

from scorekeeper.db import storable

# What secrets.token_urlsafe makes (game ids, league ids, edit tokens), at most
# the widest column that holds one.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,43}")
TOKEN_ARGUMENTS = ("public_id", "game_id", "token")
# Every id column is a 32-bit signed integer on PostgreSQL.
LARGEST_ID = 2**31 - 1


def _spelled_any_way(text: str) -> str:
    """A pattern of ``text`` with any of its characters percent-encoded, as a server
    decodes them before routing (``/edi%74/``, ``/edit%2F``)."""
    return "".join(f"(?:{re.escape(c)}|%{ord(c):02x})" for c in text)


# A token in a URL path: /games/<id>/edit/<token>, however much of it is percent-encoded.
EDIT_TOKEN_IN_URL = re.compile(
    rf"({_spelled_any_way('/edit/')})(?:[^/?#\s\"%]|%(?!2f|3f|23)[0-9a-f]{{2}})+", re.IGNORECASE
)
# Pages that show an edit link or a form that writes with one.
NO_STORE_BLUEPRINTS = ("league",)
NO_STORE_ENDPOINTS = {
    "table.new_game",
    "table.edit_link",
    "table.game",
    "table.share",
    "table.edit_deal",
    "table.undo_deal",
}


class BoundedInt(IntegerConverter):
    """``<int:...>`` that stops at the id columns' width: larger is 404, not OverflowError."""

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", LARGEST_ID)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    """Before the blueprints register: their ``<int:...>`` rules take the bounded converter."""
    app.url_map.converters["int"] = BoundedInt
    app.before_request(check_request)
    app.after_request(keep_editor_pages_out_of_caches)
    # `flask run` logs request lines too; gunicorn's access log is redacted in gunicorn.conf.py.
    logging.getLogger("werkzeug").addFilter(RedactTokens())


# ---------------------------------------------------------------- requests


def check_request() -> None:
    check_host()
    for name, value in (request.view_args or {}).items():
        if isinstance(value, str) and (
            not storable(value) or (name in TOKEN_ARGUMENTS and not TOKEN_SHAPE.fullmatch(value))
        ):
            raise NotFound()
    bad = [name for name, value in fields() if not storable(name) or not storable(value)]
    if bad:
        raise BadRequest(
            f"{', '.join(sorted(set(map(repr, bad))))}: a NUL character or a broken character "
            "cannot be stored. Type the text again."
        )


def fields() -> Iterable[tuple[str, str]]:
    yield from request.args.items(multi=True)
    if request.method in ("POST", "PUT", "PATCH") and request.mimetype in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        yield from request.form.items(multi=True)


def check_host() -> None:
    """Links and QR codes carry the request's host unless PUBLIC_BASE_URL is set: refuse strangers.

    ``TRUSTED_HOSTS`` lists the names the site answers to; without it only this
    machine and private networks (a phone on the venue's Wi-Fi) are served.
    """
    if current_app.config.get("PUBLIC_BASE_URL"):
        return
    trusted = current_app.config.get("TRUSTED_HOSTS")
    host = request.host  # Flask refuses a host outside TRUSTED_HOSTS here (400)
    if trusted:
        return
    if not host_is_trusted(host, ["localhost"]) and not is_private_address(host):
        raise BadRequest(
            f"This site does not answer to the host {host!r}: set SCOREKEEPER_PUBLIC_BASE_URL "
            "or SCOREKEEPER_TRUSTED_HOSTS."
        )


def is_private_address(host: str) -> bool:
    name = urlsplit(f"//{host}").hostname or ""
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


# ---------------------------------------------------------------- redirects


# Browsers drop these anywhere in a URL (WHATWG URL parsing) ...
DROPPED_BY_BROWSERS = re.compile(r"[\t\n\r]")
# ... and these at either end.
TRIMMED_BY_BROWSERS = "".join(map(chr, range(0x21)))
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def safe_next(target: str | None, fallback: str) -> str:
    """A path on this site to go to after logging in, else ``fallback``: never an open redirect.

    Read as a browser reads it: what browsers strip is stripped first, a
    backslash counts as a slash, and anything with a scheme or a host is refused.
    """
    if not target:
        return fallback
    cleaned = DROPPED_BY_BROWSERS.sub("", target).strip(TRIMMED_BY_BROWSERS)
    if "\\" in cleaned or CONTROL.search(cleaned) or not cleaned.startswith("/"):
        return fallback
    parts = urlsplit(cleaned)
    if parts.scheme or parts.netloc or parts.path.startswith("//"):
        return fallback
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment))


# ---------------------------------------------------------------- answers


def keep_editor_pages_out_of_caches(response: Response) -> Response:
    """A page that shows an edit link, or a redirect through one, is never stored by a cache."""
    endpoint = request.endpoint or ""
    if (
        endpoint in NO_STORE_ENDPOINTS
        or endpoint.partition(".")[0] in NO_STORE_BLUEPRINTS
        or "/edit/" in response.headers.get("Location", "")
    ):
        response.headers["Cache-Control"] = "no-store"
    if response.status_code < 300:
        # Flask-Limiter's Retry-After belongs on a 429 only.
        response.headers.pop("Retry-After", None)
    return response


def redact_tokens(text: str) -> str:
    """The text with every edit token in a URL path replaced by ``[redacted]``."""
    return EDIT_TOKEN_IN_URL.sub(r"\1[redacted]", text)


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        record.msg = redact_tokens(str(record.msg))
        return True
