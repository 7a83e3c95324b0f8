"""Helpers for the league tests: organizers, a league with members, a played night."""

from __future__ import annotations

import json
from datetime import date

from scorekeeper import jobs
from scorekeeper.league import auth, transfer
from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.service_layer.results import GameView

PASSWORD = "correct horse battery"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
# Two deals a game keep the tests short; winner takes all, so higher wins.
RULES = league.Rules("rummy", "Rummy", {"deals": 2}, None, 4)
# Eight players of 40 characters, accents and all (a real night's longest names).
LONG_NAMES = [f"Zoë-Åsa Łukasiewicz-Øvergaard Ñúñez n°{n}"[:40] for n in range(1, 9)]


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


def play_out(uow, table, winner_seat: int = 0, hand: int = 10) -> GameView:
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


def figures(uow, lid, organizer, season=None):
    _, table = league.league_standings(uow, lid, organizer, season)
    return [
        (
            line.name,
            line.games,
            line.wins,
            line.points,
            line.deals,
            line.money_cents,
            round(line.rating, 9),
            None if line.rating_change is None else round(line.rating_change, 9),
        )
        for line in table.lines
    ]


LONG_NAMES = [f"Élisabeth-Françoise Núñez de Åkerlund {i:02}" for i in range(24)]


def a_season(uow, nights: int = 30) -> tuple[int, dict]:
    """A gin season of ``nights`` nights x 12 tables, 24 members with 40-character names.

    One night is played for real (each table three deals, then ended early);
    the export repeats it on later dates with the seats turned, as a season would.
    """
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=LONG_NAMES, rules=GIN, name="Gin season")
    ids = list(member_ids(uow, lid, olga).values())
    night = started_night(uow, lid, olga, ids, method="random")
    for table in night.tables:
        first, second = table.names
        for knocker, deadwood in [(first, 7), (second, 4), (first, 0)]:
            other = second if knocker == first else first
            entry = {"knocker": knocker, "hands": {knocker: deadwood, other: 30}}
            services.record_deal(uow, table.game_id, table.edit_token, entry)
        league.set_closed(uow, lid, olga, night.id, table.number, True)
    document = transfer.export_league(uow, lid, olga)
    played = document["nights"][0]
    for n in range(1, nights):
        copy = json.loads(json.dumps(played))
        copy["held_on"] = date.fromordinal(date(2026, 1, 8).toordinal() + 7 * n).isoformat()
        for table in copy["tables"]:
            table["seats"] = table["seats"][::-1] if n % 2 else table["seats"]
            if n % 2:
                setup = table["game"]["setup"]
                setup["players"] = setup["players"][::-1]
        document["nights"].append(copy)
    return olga, document


GIN = league.Rules("gin", "Gin Rummy", {}, None, 2)


def published_night_of_eight(uow, organizer_id: int):
    """A published league whose night of eight, on 5 March 2026, is played out."""
    lid = make_league(uow, organizer_id)
    league.set_published(uow, lid, organizer_id, True)
    ids = member_ids(uow, lid, organizer_id)
    night = started_night(
        uow, lid, organizer_id, [ids[n] for n in NAMES[:8]], held_on=date(2026, 3, 5)
    )
    for table in night.tables:
        play_out(uow, table, 0)
    return lid, ids, night


def play_gin(uow, lid, olga, night_id, round_number):
    """One deal at each gin table of the round (its first seat knocks), ended early."""
    _, night = league.night_view(uow, lid, olga, night_id)
    for table in night.tables:
        if table.round != round_number:
            continue
        first, second = table.names
        entry = {"knocker": first, "hands": {first: 3, second: 30}}
        services.record_deal(uow, table.game_id, table.edit_token, entry)
        league.set_closed(uow, lid, olga, night_id, table.number, True)


def rank_by_wins(uow, lid, olga, **rules) -> None:
    """The league ranks by wins with no minimum, byes not counted, money shown; ``rules``
    set the rest (``bye_scores``, ``tiebreak``, ``accelerate``)."""
    league.set_ranking(
        uow, lid, olga, rank_by="wins", min_games=0, bye_counts="none", hide_money=False, **rules
    )


def run_the_waiting_job(app) -> None:
    """What the worker does with the one job waiting, here."""
    queue = app.extensions["scorekeeper.jobs"]
    task = queue.huey.dequeue()
    assert task is not None and queue.huey.dequeue() is None
    with app.test_request_context():
        token = jobs.activate(queue)
        try:
            queue.huey.execute(task)
        finally:
            jobs.deactivate(token)


def wrong_by_one(token: str) -> str:
    """``token`` one character off: its last one changed, never to itself (a token may
    end in any character, "x" included)."""
    return token[:-1] + ("y" if token.endswith("x") else "x")
