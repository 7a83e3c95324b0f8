"""A Five Crowns table the players ended early counts as it ended, its leader the winner."""

from __future__ import annotations

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from tests.league.support import NAMES, make_league, make_organizer, member_ids
from tests.league.support import started_night as start


def test_a_five_crowns_table_ended_early_counts_with_its_leader_as_winner(uow):
    olga = make_organizer(uow)
    rules = league.Rules("five_crowns", "Five Crowns", {}, None, 3)
    lid = make_league(uow, olga, rules=rules)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:3]])
    table = night.tables[0]
    names = list(table.names)
    entry = {"out": names[0], "hands": {names[1]: 30, names[2]: 12}}
    services.record_deal(uow, table.game_id, table.edit_token, entry)
    _, standing = league.league_standings(uow, lid, olga, None)
    assert sum(line.games for line in standing.lines) == 0  # not finished: not counted yet

    services.end_game(uow, table.game_id, table.edit_token)

    _, standing = league.league_standings(uow, lid, olga, None)
    lines = {line.name: line for line in standing.lines}
    assert lines[names[0]].games == 1
    assert lines[names[0]].wins == 1
    assert lines[names[1]].wins == 0
