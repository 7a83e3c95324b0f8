"""What the use cases answer: a game's view (its stored facts and the state derived
from its entries), and the views derived lately, kept per version for the next reader."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from cachetools import LRUCache

from scorekeeper import scoring
from scorekeeper.models import as_utc
from scorekeeper.service_layer.repository import StoredGame


@dataclass(frozen=True)
class GameView:
    """A game as loaded: its stored facts and the state derived from its entries."""

    public_id: str
    title: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    setup: scoring.Setup
    entries: tuple[dict[str, Any], ...]
    state: scoring.GameState
    # The stored early end ({"split": bool}) or None; the state says whether it applies.
    ending: dict[str, Any] | None = None
    # The table's language (a code of web.common.i18n.LANGUAGES) for its sheet and shared view.
    language: str | None = None
    # Spoken names the deal reader knows: word said -> a player's or seated person's name.
    spoken_names: dict[str, str] | None = None

    @property
    def etag(self) -> str:
        return f'"v{self.version}"'

    def as_dict(self) -> dict[str, Any]:
        """The game state of docs/api.md."""
        return {
            "id": self.public_id,
            "title": self.title,
            **self.state.as_dict(),
            "version": self.version,
            "created_at": iso(self.created_at),
            "updated_at": iso(self.updated_at),
        }

    @cached_property
    def json(self) -> str:
        """``as_dict()`` as JSON text, made once per view: the phones polling a game
        share its cached view, so each version is serialised once."""
        return json.dumps(self.as_dict())


@dataclass(frozen=True)
class OpenedGame:
    """A game as a page opens it, and whether the phone may change it."""

    game: GameView
    may_edit: bool
    # (id, name) of the circle it was played in, only for a phone holding the circle's
    # edit token: a circle's id reads its money, so a game's view link never leads there.
    circle: tuple[str, str] | None = None
    # The token that changes the game: the game's own if the phone holds it, else its
    # circle's (``by_circle``); None for a phone that may only read.
    token: str | None = None
    by_circle: bool = False
    in_circle: bool = False  # whether it was played in a circle at all (the id aside)


@dataclass(frozen=True)
class StartedGame:
    game: GameView
    edit_token: str  # shown once; only its hash is stored
    row_id: int = 0  # the games row, for a use case that links it (a circle's game)


@dataclass(frozen=True)
class RecordedDeal:
    game: GameView
    # The first answer's body when an Idempotency-Key was replayed, else None.
    replayed_body: str | None = None


def iso(moment: datetime) -> str:
    return as_utc(moment).isoformat()


def game_state(
    setup: scoring.Setup,
    entries: Sequence[dict[str, Any]],
    ending: dict[str, Any] | None = None,
) -> scoring.GameState:
    """The state a game's entries make, ended early where ``ending`` says so: the one
    place the app derives a game (a view here, a league's table counted, a league
    exported or imported); a question the setup answers alone, such as which way the
    game ranks, goes to its variant instead (``Variant.ranks_higher``)."""
    return scoring.derive(setup, entries, ending)


def view_of(game: StoredGame, entries: Sequence[dict[str, Any]] | None = None) -> GameView:
    """The game's view, with ``entries`` in place of the stored ones when given."""
    entries = game.entries if entries is None else entries
    return GameView(
        public_id=game.public_id,
        title=game.title,
        version=game.version,
        created_at=game.created_at,
        updated_at=game.updated_at,
        setup=game.setup,
        entries=tuple(entries),
        state=game_state(game.setup, entries, game.ending),
        ending=game.ending,
        language=game.language,
        spoken_names=game.spoken_names,
    )


# Recently derived games by (id, version), shared by this process's threads.
# Every change to a game raises its version, so an entry never goes stale: the
# phones at a table reading the same new deal derive it once. Only committed
# views are kept; a rolled-back version number is never seen.
VIEWS: LRUCache[tuple[str, int], GameView] = LRUCache(maxsize=512)
_VIEWS_LOCK = threading.Lock()


def cached_view(public_id: str, version: int) -> GameView | None:
    with _VIEWS_LOCK:
        return VIEWS.get((public_id, version))


def keep_view(view: GameView) -> None:
    with _VIEWS_LOCK:
        VIEWS[view.public_id, view.version] = view
