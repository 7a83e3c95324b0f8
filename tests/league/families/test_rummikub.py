"""A Rummikub league with the league rules counts its table's winner."""

from __future__ import annotations

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from tests.league.support import NAMES, make_league, make_organizer, member_ids
from tests.league.support import started_night as start


def test_a_rummikub_league_with_the_league_rules_counts_its_tables_winner(uow):
    olga = make_organizer(uow)
    options = {"loser_cap": 25, "winner_bonus": 50, "rounds": 1}
    rules = league.check_rules(
        preset="Rummikub", variant=None, options=options, stakes=None, table_size=3
    )
    lid = make_league(uow, olga, rules=rules)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:3]])
    table = night.tables[0]
    a, b, c = table.names
    for entry in (
        {"out": a, "racks": {b: 40, c: 12}},
        {"out": b, "racks": {a: 3, c: 4}},
        {"out": a, "racks": {b: 1, c: 2}},
    ):
        services.record_deal(uow, table.game_id, table.edit_token, entry)
    _, standing = league.league_standings(uow, lid, olga, None)
    lines = {line.name: line for line in standing.lines}
    assert lines[a].games == 1 and lines[a].wins == 1
    assert lines[b].wins == 0
