"""Scala 40's entry form: a player not opened is one tap."""

from __future__ import annotations

from tests.web.families.support import THREE
from tests.web.support import entries, record, start, text


def test_scala_40_marks_a_player_not_opened_with_one_tap(client, uow):
    game_id = start(client, THREE, game="preset:Scala 40")
    page = text(client.get(f"/games/{game_id}"))
    assert 'name="not_opened_2"' in page
    fields = {"out": "0", "hands_1": "30", "not_opened_2": "y", "one_turn": "y"}
    assert record(client, game_id, **fields).status_code == 303
    assert entries(uow, game_id) == [
        {"out": "Ann", "hands": {"Bob": 30}, "one_turn": True, "not_opened": ["Cy"]}
    ]
    page = text(client.get(f"/games/{game_id}"))
    assert "eliminated" in page
    assert 'name="rejoin_2"' in page
