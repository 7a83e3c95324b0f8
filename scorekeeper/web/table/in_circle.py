"""What a game's page does with the circles this phone keeps: offer to add the game to
one, and play again inside the circle a finished game was played in.

On the table's side, not the circle pages' (web/circles/ builds on the table's pages):
the circles' tokens live in this phone's session beside the games' (web.table.blueprint).
"""

from __future__ import annotations

from flask import redirect, url_for

from scorekeeper.service_layer import circles
from scorekeeper.service_layer.results import GameView
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.table.blueprint import held_circle_tokens


def joinable_circles(game_public_id: str) -> list[tuple[str, str]]:
    """(id, name) of the circles this phone keeps, for a game it may add to one."""
    tokens = held_circle_tokens()
    if not tokens:
        return []
    return circles.circle_names(unit_of_work(), list(tokens))


def play_again_in_circle(view: GameView, first_dealer: str):
    """ "Play again" of a game played in a circle stays in it, when this phone keeps the
    circle: the redirect to the new game's edit link, else None."""
    found = circles.circle_of_game(unit_of_work(), view.public_id)
    token = held_circle_tokens().get(found[0]) if found else None
    if not found or not token:
        return None
    setup = view.setup
    body = {
        "players": list(setup.players),
        "variant": setup.variant,
        "preset": setup.preset,
        "options": dict(setup.options),
        "first_dealer": first_dealer,
        "stakes": dict(setup.stakes) if setup.stakes else None,
        "seats": list(setup.seats) if setup.seats else None,
        "title": view.title,
    }
    started = circles.start_game(unit_of_work(), found[0], token, body, language=view.language)
    new_id = started.game.public_id
    return redirect(url_for("table.edit_link", public_id=new_id, token=started.edit_token), 303)
