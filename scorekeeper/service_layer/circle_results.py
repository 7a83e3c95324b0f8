"""A circle's games as it reads them: each game's row facts and its result stored per
game version (circle_games.result), derived again only for a game whose version moved
since, as a league's results are (league/standings.py). The circle page and the API
then read 200 games without deriving one that has not changed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import bindparam, func, select, update

from scorekeeper.models import CircleGame, Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.circle_views import (
    CircleGameView,
    GameSummary,
    circle_game,
    stored_result,
)
from scorekeeper.service_layer.repository import SETUP_COLUMNS, setup_of
from scorekeeper.service_layer.unit_of_work import UnitOfWork

_GAMES = (
    select(
        CircleGame.id.label("link_id"),
        CircleGame.member_ids,
        CircleGame.result,
        CircleGame.result_version,
        Game.public_id,
        Game.version,
        Game.title,
        Game.created_at,
        Game.updated_at,
        *SETUP_COLUMNS,
    )
    .join(Game, Game.id == CircleGame.game_id)
    .where(CircleGame.circle_id == bindparam("circle_row"))
)
_VERSIONS = (
    select(func.coalesce(func.sum(Game.version), 0))
    .join(CircleGame, Game.id == CircleGame.game_id)
    .where(CircleGame.circle_id == bindparam("circle_row"))
)
_STORE = (
    update(CircleGame)
    .where(CircleGame.id == bindparam("link_id"))
    .values(result=bindparam("stored"), result_version=bindparam("at_version"))
)


def _refresh(uow: UnitOfWork, games: Sequence[Any]) -> dict[int, dict[str, Any]]:
    """Every game's stored result by its circle_games row: the stored one when it was
    derived at the game's version, else the game derived again and stored (the caller
    commits). A game's version grows with every change (a deal, a correction, a
    reopening, an undo), so a stored result is never stale at its version."""
    stored = {g.link_id: g.result for g in games if g.result_version == g.version}
    stale = [g for g in games if g.link_id not in stored]
    if not stale:
        return stored
    views = services.views_at(uow, {g.public_id: g.version for g in stale})
    rows = []
    for game in stale:
        view = views[game.public_id]
        stored[game.link_id] = stored_result(view)
        rows.append(
            {"link_id": game.link_id, "stored": stored[game.link_id], "at_version": view.version}
        )
    uow.connection.execute(_STORE, rows)
    return stored


def _summary(game: Any, stored: dict[str, Any]) -> GameSummary:
    return GameSummary(
        public_id=game.public_id,
        title=game.title,
        version=game.version,
        created_at=game.created_at,
        updated_at=game.updated_at,
        setup=setup_of(game, stored["players"]),
        finished=stored["finished"],
    )


def games_version(uow: UnitOfWork, circle_row: int) -> int:
    """The sum of the circle's games' versions: what the circle's version adds to its own."""
    return uow.connection.scalar(_VERSIONS, {"circle_row": circle_row})


def games_of(uow: UnitOfWork, circle_row: int) -> list[Any]:
    """The circle's games: their rows' facts and their results as stored."""
    return list(uow.connection.execute(_GAMES, {"circle_row": circle_row}).all())


def circle_games(
    uow: UnitOfWork, games: Sequence[Any], index_of: Mapping[int, int]
) -> list[CircleGameView]:
    """Each game as the circle reads it; ``index_of``: member id to member index."""
    results = _refresh(uow, games)
    return [
        circle_game(
            _summary(game, results[game.link_id]),
            tuple(index_of[m] for m in game.member_ids),
            results[game.link_id],
        )
        for game in games
    ]
