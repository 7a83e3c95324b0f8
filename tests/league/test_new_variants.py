"""League house rules with the variants of issue 15, and a table's game the players
ended early counted as it ended."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput

from .support import NAMES, make_league, make_organizer, member_ids
from .support import started_night as start


@pytest.mark.parametrize(
    ("preset", "table_size"),
    [
        ("Pool Rummy 101", 4),
        ("Points Rummy", 6),
        ("Deals Rummy (2 deals)", 3),
        ("Five Crowns", 7),
        ("Phase 10", 4),
        ("Canasta", 4),
        ("Hand and Foot", 6),
    ],
)
def test_house_rules_accept_the_new_presets(preset, table_size):
    rules = league.check_rules(
        preset=preset, variant=None, options={}, stakes=None, table_size=table_size
    )
    assert rules.preset == preset


def test_a_pool_league_checks_its_stakes_and_options_like_a_game():
    with pytest.raises(InvalidInput) as refused:
        league.check_rules(
            preset="Pool Rummy 101",
            variant=None,
            options={"pool_limit": 150},
            stakes={"mode": "pairs"},
            table_size=4,
        )
    assert "options.pool_limit" in refused.value.errors


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
