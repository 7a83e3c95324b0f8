"""League house rules with Rummikub, Contract Rummy, 3-13, Kalooki and Scala 40, and a
Rummikub league night's table counted in the standings."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer import services

from .support import NAMES, make_league, make_organizer, member_ids
from .support import started_night as start


@pytest.mark.parametrize(
    ("preset", "table_size"),
    [
        ("Rummikub", 4),
        ("Contract Rummy", 8),
        ("Liverpool Rummy", 5),
        ("Shanghai", 4),
        ("3-13", 6),
        ("Kalooki", 5),
        ("Scala 40", 4),
    ],
)
def test_house_rules_accept_the_presets(preset, table_size):
    rules = league.check_rules(
        preset=preset, variant=None, options={}, stakes=None, table_size=table_size
    )
    assert rules.preset == preset


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


@pytest.mark.parametrize(
    ("setup", "entries"),
    [
        (
            {"variant": "kalooki", "stakes": {"entry_cents": 200}},
            [
                {"out": "A", "hands": {"B": 45, "C": 160}},
                {"rejoin": ["C"], "out": "B", "hands": {"A": 90, "C": 20}},
            ],
        ),
        (
            {
                "variant": "contract",
                "options": {"contracts": [{"contract": "2 sets", "cards": 6}] * 2},
            },
            [{"out": "A", "hands": {"B": 4, "C": 9}, "one_turn": True}],
        ),
        ({"preset": "Rummikub"}, [{"out": None, "racks": {"A": 9, "B": 9, "C": 14}}]),
        ({"variant": "threethirteen"}, [{"out": "A", "hands": {"B": 20, "C": 21}}]),
        (
            {"variant": "golf"},
            [
                {
                    "scores": {"A": 24, "B": 3, "C": -2},
                    "grids": {"A": ["K", "5", "7", "K", "3", "9"]},
                }
            ],
        ),
        (
            {"variant": "burraco", "players": ["NS", "EW"], "seats": ["N", "E", "S", "W"]},
            [
                {
                    "out": "NS",
                    "melded": {"NS": 560, "EW": 245},
                    "hand": {"NS": 15, "EW": 85},
                    "clean": {"NS": 1},
                    "dirty": {"NS": 1, "EW": 1},
                    "pozzetto": {"NS": True, "EW": False},
                }
            ],
        ),
        ({"variant": "free"}, [{"scores": {"A": 12, "B": -3, "C": 0}}]),
        (
            {"variant": "free", "players": ["Us", "Them"], "seats": ["Ann", "Bob", "Cy", "Dee"]},
            [{"scores": {"Us": -5, "Them": 40}}],
        ),
    ],
)
def test_a_game_of_the_new_variants_round_trips_through_json(uow, setup, entries):
    olga = make_organizer(uow)
    started = services.start_game(uow, **{"players": ["A", "B", "C"], **setup})
    for entry in entries:
        services.record_deal(uow, started.game.public_id, started.edit_token, entry)
    document = transfer.export_game(uow, started.game.public_id)
    imported = transfer.import_document(uow, olga, document)
    original = services.load_game(uow, started.game.public_id)
    copy = services.check_edit_token(uow, imported.game_id, imported.edit_token)
    assert copy.entries == original.entries
    assert copy.state.as_dict() == original.state.as_dict()
