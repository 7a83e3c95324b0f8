"""Say the deal: a line of words read as the next deal's entry of one game (it stores
nothing, so it needs no token: knowing the game's id lets one read it)."""

from __future__ import annotations

from scorekeeper import understand
from scorekeeper.service_layer.services import load_game
from scorekeeper.service_layer.unit_of_work import UnitOfWork

LONGEST_TEXT = 500  # characters: a deal of 20 players said in full is under 300


def understand_deal(
    uow: UnitOfWork, public_id: str, text: str, language: str | None
) -> understand.Understood:
    """What ``text`` says of the game's next deal, in ``language`` or else the game's:
    read after the deals recorded, whose number and players set the next deal's bounds."""
    game = load_game(uow, public_id)
    return understand.understand(
        game.setup, text, language or game.language or "en", before=game.entries
    )
