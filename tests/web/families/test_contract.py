"""Contract Rummy's and Shanghai's pages: the deal's contract and cards, a blind going
out in two taps, a house list of contracts typed a line each."""

from __future__ import annotations

from scorekeeper.service_layer import services
from tests.web.families.support import THREE
from tests.web.support import record, start, text


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
