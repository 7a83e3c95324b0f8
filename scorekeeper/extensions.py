"""Flask extensions, created once and bound to each app in create_app."""

from flask import Blueprint, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
# No default limits: reads are cheap and the view page polls. Writes and
# logins carry their own limits (see Defaults.RATELIMIT_*).
limiter = Limiter(key_func=get_remote_address)


def is_write_request() -> bool:
    return request.method not in ("GET", "HEAD", "OPTIONS")


def limit_writes(blueprint: Blueprint) -> None:
    """Apply the shared per-client write limit to a blueprint's non-GET requests."""
    limiter.shared_limit(
        lambda: current_app.config["RATELIMIT_WRITES"],
        scope="writes",
        exempt_when=lambda: not is_write_request(),
    )(blueprint)
