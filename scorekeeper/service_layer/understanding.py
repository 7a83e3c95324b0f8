"""Say the deal: a line of words read as the next deal's entry of one game (it stores
nothing, so it needs no token: knowing the game's id lets one read it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper import understand
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer import circle_nicknames
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.service_layer.repository import StoredGame
from scorekeeper.service_layer.results import GameView
from scorekeeper.service_layer.services import load_game, set_game_facts
from scorekeeper.service_layer.unit_of_work import UnitOfWork

LONGEST_TEXT = 500  # characters: a deal of 20 players said in full is under 300
LONGEST_SPOKEN_NAME = 40  # characters, as a player's name
MOST_SPOKEN_NAMES = 100  # a dozen each for the largest table, and room


def understand_deal(
    uow: UnitOfWork, public_id: str, text: str, language: str | None
) -> understand.Understood:
    """What ``text`` says of the game's next deal, in ``language`` or else the game's:
    read after the deals recorded, whose number and players set the next deal's bounds."""
    game = load_game(uow, public_id)
    return understand.understand(
        game.setup,
        text,
        language or game.language or "en",
        before=game.entries,
        aliases=game.spoken_names,
    )


def set_spoken_names(
    uow: UnitOfWork, public_id: str, token: str | None, aliases: Mapping[str, Any]
) -> GameView:
    """The game's spoken names from now on (``aliases``: word said -> a player's or
    seated person's name; all of them, replacing the ones kept), for its editors; a
    circle's game teaches them to its members too (circle_nicknames)."""
    names = dict(aliases)

    def check_and_keep(game: StoredGame) -> None:
        errors = spoken_name_errors(game, names)
        if errors:
            raise InvalidInput(message("These spoken names cannot be kept."), errors)
        # In the game's own transaction: its circle's members learn the words with it.
        circle_nicknames.keep_learned(uow, game.id, game.setup, game.spoken_names, names)

    return set_game_facts(uow, public_id, token, check_and_keep, spoken_names=names or None)


def spoken_name_errors(game: StoredGame, aliases: Mapping[str, Any]) -> dict[str, Any]:
    """Each spoken name's fault, by ``aliases.<word>``: one for no player here, too long,
    blank, or the name of another player already (it names that player)."""
    people = set(game.setup.players) | set(game.setup.seats or ())
    errors: dict[str, Any] = {}
    if len(aliases) > MOST_SPOKEN_NAMES:
        errors["aliases"] = message("must hold at most %(count)s names", count=MOST_SPOKEN_NAMES)
    for word, who in aliases.items():
        if not word.strip() or len(word) > LONGEST_SPOKEN_NAME:
            errors[f"aliases.{word}"] = message(
                "must be 1 to %(limit)s characters", limit=LONGEST_SPOKEN_NAME
            )
        elif who not in people:
            errors[f"aliases.{word}"] = message("is not a player of this game")
        elif word in people and word != who:
            errors[f"aliases.{word}"] = message("is the same name as %(field)s", field=word)
    return errors
