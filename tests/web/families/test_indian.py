"""Pool rummy's pages (RULES.md section 10): a game for a pot, a drop and a wrong show
one tap each, two drops refused, an eliminated player sitting out and rejoining, a
correction showing the taps, blank house rules taking the format's usual."""

from __future__ import annotations

import re

from scorekeeper.service_layer import services
from tests.web.families.support import POOL
from tests.web.support import entries, message_beside, record, start, text


def test_a_pool_game_for_a_pot_starts_from_the_form(client, uow):
    game_id = start(
        client, POOL, game="preset:Pool Rummy 101", stakes_on="y", mode="pot", entry_cents="500"
    )
    state = services.load_game(uow, game_id).state.as_dict()
    assert state["stakes"]["entry_cents"] == 500
    assert state["pot_cents"] == 2000
    assert "Entry fee into the pot" in text(client.get("/games/new"))


def test_a_drop_and_a_wrong_show_are_one_tap_each_beside_the_players_number(client, uow):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    page = text(client.get(f"/games/{game_id}"))
    assert 'name="drops_first_2"' in page
    assert 'name="wrong_show_3"' in page
    assert 'name="rejoin_0"' not in page  # nobody is out yet

    response = record(client, game_id, out="0", hands_1="34", drops_first_2="y", wrong_show_3="y")

    assert response.status_code == 303, text(response)
    assert entries(uow, game_id) == [
        {
            "out": "Aarav",
            "hands": {"Bhavna": 34},
            "drops": {POOL[2]: "first"},
            "wrong_show": ["Divyā"],
        }
    ]


def test_two_drops_for_one_player_are_refused_beside_the_tap_with_the_values_kept(client, uow):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    response = record(
        client, game_id, out="0", hands_1="34", drops_first_2="y", drops_middle_2="y", hands_3="9"
    )
    # Refused: back to the game page's own address, the message beside the tap.
    assert (response.status_code, response.headers["Location"]) == (
        303,
        f"/games/{game_id}#problems",
    )
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert message_beside(html, "drops_first_2")
    assert re.search(r'<input checked[^>]*name="drops_middle_2"', html)
    assert 'value="34"' in html
    assert entries(uow, game_id) == []


def test_an_eliminated_player_sits_out_and_rejoins_with_one_tap(client, uow):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    record(client, game_id, out="0", hands_1="34", drops_first_2="y", wrong_show_3="y")
    record(client, game_id, out="2", hands_0="52", drops_middle_1="y", hands_3="95")
    state = services.load_game(uow, game_id).state
    assert state.as_dict()["eliminated"] == ["Divyā"]

    page = text(client.get(f"/games/{game_id}"))
    row = page[page.index('data-seat="3"') :]
    row = row[: row.index("</div>")]
    assert "out of the game: tap Rejoins" in row
    assert 'name="rejoin_3"' in row
    assert 'name="drops_first_3"' not in row  # only a player in the deal drops

    response = record(
        client, game_id, out="1", rejoin_3="y", hands_0="30", hands_2="61", hands_3="28"
    )
    assert response.status_code == 303, text(response)
    assert entries(uow, game_id)[-1]["rejoin"] == ["Divyā"]
    assert services.load_game(uow, game_id).state.totals["Divyā"] == 103


def test_a_correction_shows_the_taps_as_recorded(client, uow):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    record(client, game_id, out="0", hands_1="34", drops_first_2="y", wrong_show_3="y")
    html = client.get(f"/games/{game_id}/deals/1/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="drops_first_2"', html)
    assert re.search(r'<input checked[^>]*name="wrong_show_3"', html)
    assert not re.search(r'<input checked[^>]*name="drops_middle_2"', html)


def test_blank_house_rules_take_the_formats_usual_and_none_means_none(client, uow):
    rules = {"shown": "preset:Pool Rummy 201", "o_indian_format": "pool"}
    rules.update({"o_indian_pool_limit": "201", "o_indian_first_drop": ""})
    game_id = start(client, POOL, game="preset:Pool Rummy 201", **rules, o_indian_rejoin_max="")
    options = services.load_game(uow, game_id).setup.options
    assert (options["first_drop"], options["rejoin_max"]) == (25, 174)
    game_id = start(client, POOL, game="preset:Pool Rummy 201", **rules, o_indian_rejoin_max="None")
    assert services.load_game(uow, game_id).setup.options["rejoin_max"] is None
