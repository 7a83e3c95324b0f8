"""A league table's edit link: derived from the server's secret, never stored.

The organizer must see and print each table's link long after the night started,
yet the database keeps only the game's token hash, as for any game. So a table's
token is an HMAC of a key derived from the secret key, over the game's public id
and the table's link round: re-derived whenever an organizer's page or pack shows
it. A new link is the next round (the game's hash follows, the old link stops
working). A link is shown only while it is still the game's: a table migrated
from plain tokens (round NULL, its printed link still works), a game whose token
was changed at the table, or a new secret key leaves the organizer a "new link"
button instead (docs/security.md).
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from sqlalchemy.orm import Session, object_session

from scorekeeper.league.models import LeagueTable
from scorekeeper.service_layer.services import hash_token, token_matches

# Sessions find the key in their factory's info (Database(..., link_key=...)).
KEY = "league_table_link_key"


def link_key(secret_key: str | bytes) -> bytes:
    """A key of its own for table links, so the secret key signs nothing else here."""
    secret = secret_key.encode() if isinstance(secret_key, str) else secret_key
    return hmac.new(secret, b"scorekeeper: league table edit links", hashlib.sha256).digest()


def derive(key: bytes, game_public_id: str, link_round: int) -> str:
    digest = hmac.new(key, f"{game_public_id}:{link_round}".encode(), hashlib.sha256).digest()
    # 192 bits, as long as a game's random edit token.
    return base64.urlsafe_b64encode(digest[:24]).decode()


def key_of(session: Session) -> bytes:
    key = session.info.get(KEY)
    if not key:
        raise RuntimeError("the database session has no key for league table links")
    return key


def shown_token(table: LeagueTable) -> str | None:
    """The table's edit token while its link is the game's; None if it cannot be shown."""
    if table.game is None or table.link_round is None:
        return None
    token = derive(key_of(object_session(table)), table.game.public_id, table.link_round)
    return token if token_matches(token, table.game.edit_token_hash) else None


def issue(session: Session, table: LeagueTable) -> str:
    """A new link for the table's game (the next round); the game's earlier token stops."""
    table.link_round = (table.link_round or 0) + 1
    token = derive(key_of(session), table.game.public_id, table.link_round)
    table.game.edit_token_hash = hash_token(token)
    return token
