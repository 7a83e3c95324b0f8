"""Burraco in a league: a table seats two sides of two, and each player is credited with
their side's result."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from scorekeeper.league.nights import people_at_table
from scorekeeper.scoring import get_variant
from scorekeeper.service_layer import services
from tests.league.support import NAMES, make_league, make_organizer, member_ids
from tests.league.support import started_night as start


def test_a_burraco_table_seats_two_sides_of_two_only():
    assert people_at_table(get_variant("burraco")) == [4]


def test_a_burraco_league_night_plays_seated_sides_and_counts_the_win(uow):
    olga = make_organizer(uow)
    rules = league.Rules("burraco", "Burraco", {"target": 500}, None, 4)
    lid = make_league(uow, olga, rules=rules)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:4]])
    table = night.tables[0]
    view = services.load_game(uow, table.game_id)
    sides = list(view.setup.players)
    assert view.setup.seats is not None and len(view.setup.seats) == 4
    entry = {
        "out": sides[0],
        "melded": {sides[0]: 560, sides[1]: 245},
        "hand": {sides[0]: 15, sides[1]: 85},
        "clean": {sides[0]: 1},
        "dirty": {sides[0]: 1, sides[1]: 1},
        "pozzetto": {sides[0]: True, sides[1]: False},
    }
    services.record_deal(uow, table.game_id, table.edit_token, entry)
    assert services.load_game(uow, table.game_id).state.finished
    _, standing = league.league_standings(uow, lid, olga, None)
    assert sorted(line.wins for line in standing.lines) == [0, 0, 1, 1]
    assert sum(line.money_cents for line in standing.lines) == 0
    # Each player is rated, partners alike: the winning side's two rise, the other's fall.
    won = [line for line in standing.lines if line.wins]
    lost = [line for line in standing.lines if not line.wins]
    assert won[0].rating == pytest.approx(won[1].rating)
    assert lost[0].rating == pytest.approx(lost[1].rating)
    assert won[0].rating > lost[0].rating
    assert min(line.rating_change for line in won) > 0 > max(line.rating_change for line in lost)
