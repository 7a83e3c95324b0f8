"""Rows made directly in the database, for the tests of the data layer and backups."""

from __future__ import annotations

from scorekeeper.models import Game, Seat


def make_game(session, *, public_id: str = "g1") -> Game:
    game = Game(
        public_id=public_id,
        edit_token_hash="0" * 64,
        variant="rummy",
        preset=None,
        options={"scoring": "winner_takes_all"},
        stakes=None,
        first_dealer="Ann",
        title=None,
        version=1,
        seats=[Seat(position=0, name="Ann"), Seat(position=1, name="Bob")],
    )
    session.add(game)
    session.commit()
    return game
