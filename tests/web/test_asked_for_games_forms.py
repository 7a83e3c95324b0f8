"""The new-game page and the entry forms for Rummikub, Contract Rummy, 3-13 and Kalooki
(RULES.md sections 16-18, 20 and 23): presets, the tile counter, the deal's contract,
one tap for a player not opened, a house list of contracts typed a line each."""

from __future__ import annotations

from scorekeeper.service_layer import services
from tests.web.support import counter_cards, deal_data, entries, start, text

THREE = ["Ann", "Bob", "Cy"]
PRESETS = ["Rummikub", "Contract Rummy", "Liverpool Rummy", "Shanghai", "3-13", "Kalooki",
           "Scala 40"]  # fmt: skip


def record(client, game_id: str, **fields: str):
    return client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))


def test_the_new_game_page_offers_every_preset_with_its_description(client):
    page = text(client.get("/games/new"))
    for preset in PRESETS:
        assert f'<option value="preset:{preset}"' in page, preset
    # A game's description comes with its house rules, fetched when the game is chosen.
    rules = text(client.get("/games/new/rules", query_string={"game": "preset:Shanghai"}))
    assert "Ten deals of 11 cards, number cards 5" in rules


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


def test_contract_rummy_shows_the_deals_contract_and_cards(client):
    game_id = start(client, THREE, game="preset:Contract Rummy")
    page = text(client.get(f"/games/{game_id}"))
    assert "Contract <strong>2 groups of 3</strong>" in page
    assert "deals 10 cards each" in page
    french = text(client.get(f"/games/{game_id}", headers={"Accept-Language": "fr"}))
    assert "Contrat <strong>2 groupes de 3</strong>" in french


def test_a_blind_shanghai_is_two_taps_and_scores_minus_50(client, uow):
    game_id = start(client, THREE, game="preset:Shanghai")
    fields = {"out": "2", "hands_0": "50", "hands_1": "20", "one_turn": "y", "no_joker": "y"}
    assert record(client, game_id, **fields).status_code == 303
    view = services.load_game(uow, game_id)
    assert view.state.deals[0].points == {"Ann": 50, "Bob": 20, "Cy": -50}


def test_a_house_list_of_contracts_is_typed_a_line_each(client, uow):
    game_id = start(
        client,
        THREE,
        game="variant:contract",
        shown="variant:contract",
        o_contract_contracts="6: 2 sets of 3\n8: 1 set + 1 run",
    )
    view = services.load_game(uow, game_id)
    assert view.setup.options["contracts"] == [
        {"contract": "2 sets of 3", "cards": 6},
        {"contract": "1 set + 1 run", "cards": 8},
    ]


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
