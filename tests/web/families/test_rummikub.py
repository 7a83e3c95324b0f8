"""Rummikub's entry form: racks typed or counted with tiles 1 to 13 and the joker."""

from __future__ import annotations

from tests.web.families.support import THREE
from tests.web.support import counter_cards, entries, record, start, text


def test_rummikub_racks_are_typed_or_counted_with_tiles_1_to_13_and_the_joker(client, uow):
    game_id = start(client, THREE, game="preset:Rummikub")
    page = text(client.get(f"/games/{game_id}"))
    assert "<b>Ann</b> plays first" in page
    assert "Nobody: the pool ran out" in page
    assert "Count the tiles on Bob&#39;s rack" in page or "Count the tiles on Bob's rack" in page
    cards = counter_cards(page)
    assert cards == {**{str(n): n for n in range(1, 14)}, "Joker": 30}
    response = record(client, game_id, out="none", racks_0="12", racks_1="7", racks_2="20")
    assert response.status_code == 303
    assert entries(uow, game_id) == [{"out": None, "racks": {"Ann": 12, "Bob": 7, "Cy": 20}}]
    assert "pool out" in text(client.get(f"/games/{game_id}"))
