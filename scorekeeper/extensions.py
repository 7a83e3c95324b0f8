"""Flask extensions, created once and bound to each app in create_app."""

from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
# No default limits: reads are cheap and the view page polls. Writes and
# logins carry their own limits (see Defaults.RATELIMIT_*).
limiter = Limiter(key_func=get_remote_address)


def is_write_request() -> bool:
    return request.method not in ("GET", "HEAD", "OPTIONS")
