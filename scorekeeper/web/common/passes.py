"""A pass for the organizer's night stream: the stream process reads no login cookie.

The night page (an organizer's or a scorer's, behind the login) carries a pass signed
with the app's secret key (itsdangerous, as Flask signs its session): which league,
which night, and who. The stream process, which shares the secret key, checks the
signature and the age and lets the stream in through the same service call as the
page's poll (``league.night_version`` with that organizer: still theirs, or 404). A
pass lives ``PASS_SECONDS`` (a club night); an older one is refused, and the page
polls as before until it is loaded again.
"""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer

SALT = "scorekeeper.night-events"
PASS_SECONDS = 6 * 3600


def night_pass(secret_key: str | bytes, public_id: str, night_id: int, organizer_id: int) -> str:
    """The pass for ``organizer_id`` to watch night ``night_id`` of league ``public_id``."""
    return URLSafeTimedSerializer(secret_key, salt=SALT).dumps([public_id, night_id, organizer_id])


def night_watcher(secret_key: str | bytes, public_id: str, night_id: int, token: str) -> int | None:
    """Who ``token`` lets watch that night (their organizer id), or None: forged, for
    another night, or older than ``PASS_SECONDS``."""
    try:
        signed = URLSafeTimedSerializer(secret_key, salt=SALT).loads(token, max_age=PASS_SECONDS)
    except BadSignature:  # a bad one, or an expired one (SignatureExpired is one)
        return None
    if not isinstance(signed, list) or len(signed) != 3 or signed[:2] != [public_id, night_id]:
        return None
    return signed[2] if isinstance(signed[2], int) else None
