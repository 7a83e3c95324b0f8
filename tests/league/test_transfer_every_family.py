"""A game of each family (Kalooki, Contract Rummy, Rummikub, 3-13, Golf, Burraco, the free
pad) round-trips through the league's JSON export and import."""

from __future__ import annotations

import pytest

from scorekeeper.league import transfer
from scorekeeper.service_layer import services
from tests.league.support import make_organizer


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
def test_a_game_of_each_family_round_trips_through_json(uow, setup, entries):
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
