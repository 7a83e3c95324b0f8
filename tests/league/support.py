"""Helpers for the league tests: organizers, a league with members, a played night."""

from __future__ import annotations

from datetime import date

from scorekeeper.league import auth
from scorekeeper.league import services as league
from scorekeeper.service_layer import services

PASSWORD = "correct horse battery"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
# Two deals a game keep the tests short; winner takes all, so higher wins.
RULES = league.Rules("rummy", "Rummy", {"deals": 2}, None, 4)


def make_organizer(uow, email: str = "org@example.org", name: str = "Olga") -> int:
    return auth.create_organizer(uow, email=email, name=name, password=PASSWORD).id


def make_league(uow, organizer_id: int, *, names=NAMES, rules=RULES, name="Thursday Club") -> str:
    public_id = league.create_league(uow, organizer_id, name=name, rules=rules)
    league.add_members(uow, public_id, organizer_id, names)
    return public_id


def member_ids(uow, public_id: str, organizer_id: int) -> dict[str, int]:
    view = league.league_view(uow, public_id, organizer_id)
    return {member.name: member.id for member in view.members}


def seat_night(uow, public_id, organizer_id, present, *, method="random", held_on=None, rng=None):
    import random

    return league.create_night(
        uow,
        public_id,
        organizer_id,
        held_on=held_on or date(2026, 3, 5),
        season=None,
        present=present,
        method=method,
        rng=rng or random.Random(7),
    )


def started_night(uow, public_id, organizer_id, present, **kwargs):
    night_id = seat_night(uow, public_id, organizer_id, present, **kwargs)
    league.start_night(uow, public_id, organizer_id, night_id)
    _, night = league.night_view(uow, public_id, organizer_id, night_id)
    return night


def play_out(uow, table, winner_seat: int = 0, hand: int = 10) -> services.GameView:
    """Two deals, both won by the player in ``winner_seat``: the game finishes."""
    names = list(table.names)
    winner = names[winner_seat]
    view = None
    for _ in range(2):
        entry = {"out": winner, "hands": {n: hand for n in names if n != winner}}
        view = services.record_deal(uow, table.game_id, table.edit_token, entry).game
    return view


def login(client, email: str = "org@example.org", password: str = PASSWORD):
    return client.post("/account/login", data={"email": email, "password": password})
