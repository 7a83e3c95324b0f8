"""The new-game page and the entry forms for the variants of RULES.md sections 10-14:
presets, partners' seats, one tap per player for a drop, a wrong show, a rejoin or a
phase done, and a side's counts as steppers."""

from __future__ import annotations

import re

import pytest

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.web.entry_text import entry_text
from tests.web.support import csrf_token, deal_data, entries, message_beside, start, text

POOL = ["Aarav", "Bhavna", "Chandrasekhar Venkataraman-Iyer", "Divyā"]
SECTION_14 = [
    "Points Rummy",
    "Pool Rummy 101",
    "Pool Rummy 201",
    "Pool Rummy 61",
    "Deals Rummy (2 deals)",
    "Deals Rummy (3 deals)",
    "Five Crowns",
    "Phase 10",
    "Canasta",
    "Hand and Foot",
]


def record(client, game_id: str, **fields: str):
    return client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))


def test_the_new_game_page_offers_every_preset_of_section_14(client):
    page = text(client.get("/games/new"))
    for preset in SECTION_14:
        assert f'<option value="preset:{preset}"' in page, preset
    assert "Partners' seats (Canasta, Hand and Foot, Burraco)" in page


def test_a_canasta_game_started_with_seats_deals_seat_by_seat(client, uow):
    seats = {"seats-0": "Nadia", "seats-1": "Émile", "seats-2": "Søren", "seats-3": "Wanjiru"}
    game_id = start(client, ["NS", "EW"], game="preset:Canasta", **seats)
    view = services.load_game(uow, game_id)
    assert view.setup.seats == ("Nadia", "Émile", "Søren", "Wanjiru")
    page = text(client.get(f"/games/{game_id}"))
    assert "<b>Nadia</b> deals, <b>Émile</b> plays first" in page


def test_seats_that_do_not_fit_are_shown_again_beside_the_seats(client, database):
    page = client.get("/games/new").get_data(as_text=True)
    data = {
        "game": "preset:Canasta",
        "act": "start",
        "csrf_token": csrf_token(page),
        "players-0": "NS",
        "players-1": "EW",
        "seats-0": "North",
        "seats-1": "East",
        "seats-2": "South",
    }
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    html = text(response)
    assert "exactly 2 for each side" in html
    assert 'value="South"' in html  # every value kept
    assert '<details class="partners" open>' in html


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


def test_phase_10s_completed_phases_are_one_tap_per_player(client, uow):
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Phase 10")
    response = record(
        client, game_id, out="0", completed_0="y", completed_1="y", hands_1="35", hands_2="80"
    )
    assert response.status_code == 303, text(response)
    assert entries(uow, game_id) == [
        {"out": "Ann", "completed": ["Ann", "Bob"], "hands": {"Bob": 35, "Cy": 80}}
    ]
    assert services.load_game(uow, game_id).state.as_dict()["phase"] == {
        "Ann": 2,
        "Bob": 2,
        "Cy": 1,
    }


def test_whoever_goes_out_at_phase_10_has_done_their_phase_without_a_tap(client, uow):
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Phase 10")
    response = record(client, game_id, out="0", hands_1="35", hands_2="80")
    assert response.status_code == 303, text(response)
    assert entries(uow, game_id)[0]["completed"] == ["Ann"]
    response = record(client, game_id, out="2", completed_1="y", hands_0="10", hands_1="5")
    assert response.status_code == 303, text(response)
    assert entries(uow, game_id)[1]["completed"] == ["Bob", "Cy"]
    phases = services.load_game(uow, game_id).state.as_dict()["phase"]
    assert phases == {"Ann": 2, "Bob": 2, "Cy": 2}


def test_the_api_still_wants_whoever_went_out_among_those_who_did_their_phase(uow):
    started = services.start_game(uow, preset="Phase 10", players=["Ann", "Bob"])
    entry = {"out": "Ann", "completed": ["Bob"], "hands": {"Bob": 20}}
    with pytest.raises(InvalidInput) as refused:
        services.record_deal(uow, started.game.public_id, started.edit_token, entry)
    assert "completed" in refused.value.errors


def test_a_sides_canastas_and_red_threes_are_steppers_with_their_bounds(client, uow):
    game_id = start(client, ["NS", "EW"], game="preset:Canasta")
    page = text(client.get(f"/games/{game_id}"))
    natural = re.search(r"<input[^>]*name=\"natural_0\"[^>]*>", page).group(0)
    assert 'type="number"' in natural
    assert 'min="0"' in natural
    assert 'max="11"' in natural
    assert 'data-step="natural_0"' in page

    response = record(
        client,
        game_id,
        out="0",
        melded_0="385",
        hand_0="30",
        natural_0="1",
        mixed_0="2",
        red_threes_0="1",
        melded_1="0",
        hand_1="120",
        red_threes_1="1",
    )

    assert response.status_code == 303, text(response)
    state = services.load_game(uow, game_id).state
    assert state.totals == {"NS": 1655, "EW": -220}


def test_a_correction_shows_the_taps_as_recorded(client, uow):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    record(client, game_id, out="0", hands_1="34", drops_first_2="y", wrong_show_3="y")
    html = client.get(f"/games/{game_id}/deals/1/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="drops_first_2"', html)
    assert re.search(r'<input checked[^>]*name="wrong_show_3"', html)
    assert not re.search(r'<input checked[^>]*name="drops_middle_2"', html)


def test_the_card_counter_has_each_games_own_cards(client):
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Phase 10")
    cards = re.search(r"data-cards='([^']*)'", text(client.get(f"/games/{game_id}"))).group(1)
    assert '["Skip", 15]' in cards
    assert '["Wild", 25]' in cards
    assert '["12", 10]' in cards
    assert '["K"' not in cards
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Five Crowns")
    cards = re.search(r"data-cards='([^']*)'", text(client.get(f"/games/{game_id}"))).group(1)
    assert '["3 wild", 20]' in cards
    assert '["Joker", 50]' in cards
    assert '["A"' not in cards


def test_the_history_tells_each_mark_in_words():
    entry = {
        "out": "Aarav",
        "hands": {"Bhavna": 34},
        "drops": {POOL[2]: "first"},
        "wrong_show": ["Divyā"],
    }
    assert entry_text(entry) == (
        f"Aarav went out; in hand: Bhavna 34; dropped: {POOL[2]} (first); wrong show: Divyā"
    )
    canasta = {"out": "NS", "melded": {"NS": 385}, "natural": {"NS": 1}, "concealed": True}
    setup = scoring.make_setup(variant="canasta", players=["NS", "EW"])
    assert entry_text(canasta, setup) == (
        "NS went out; melded: NS 385; natural canastas: NS 1; went out concealed"
    )


def test_house_phases_are_typed_one_a_line(client, uow):
    phases = "Two sets of 3\nA run of 9, all one colour\n  \nA set of 5 and a set of 3"
    game_id = start(
        client,
        ["Ann", "Bob", "Cy"],
        game="preset:Phase 10",
        shown="preset:Phase 10",
        o_phase10_phases=phases,
        o_phase10_tie="share",
    )
    options = services.load_game(uow, game_id).setup.options
    assert options["phases"] == [
        "Two sets of 3",
        "A run of 9, all one colour",
        "A set of 5 and a set of 3",
    ]
    assert options["tie"] == "share"
    rules = text(client.get("/games/new/rules", query_string={"game": "preset:Phase 10"}))
    assert "<textarea" in rules and 'name="o_phase10_phases"' in rules


def test_the_scoreboard_shows_each_variants_own_figures(client):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    record(client, game_id, out="0", hands_1="34", drops_first_2="y", wrong_show_3="y")
    record(client, game_id, out="2", hands_0="52", drops_middle_1="y", hands_3="95")
    assert "<small>eliminated</small>" in text(client.get(f"/games/{game_id}"))

    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Phase 10")
    record(client, game_id, out="0", completed_0="y", completed_1="y", hands_1="35", hands_2="80")
    assert "<small>phase 2</small>" in text(client.get(f"/games/{game_id}/table"))

    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Five Crowns")
    assert "deals 3 cards each" in text(client.get(f"/games/{game_id}"))

    game_id = start(client, ["NS", "EW"], game="preset:Canasta")
    assert "<small>melds 50 to open</small>" in text(client.get(f"/games/{game_id}"))


def test_blank_house_rules_take_the_formats_usual_and_none_means_none(client, uow):
    rules = {"shown": "preset:Pool Rummy 201", "o_indian_format": "pool"}
    rules.update({"o_indian_pool_limit": "201", "o_indian_first_drop": ""})
    game_id = start(client, POOL, game="preset:Pool Rummy 201", **rules, o_indian_rejoin_max="")
    options = services.load_game(uow, game_id).setup.options
    assert (options["first_drop"], options["rejoin_max"]) == (25, 174)
    game_id = start(client, POOL, game="preset:Pool Rummy 201", **rules, o_indian_rejoin_max="None")
    assert services.load_game(uow, game_id).setup.options["rejoin_max"] is None


def test_only_games_with_marks_or_steppers_load_their_stylesheet_and_script(client):
    rummy = text(client.get(f"/games/{start(client, ['Ann', 'Bob'], game='preset:Rummy')}"))
    assert "entry_kinds" not in rummy
    pool = text(client.get(f"/games/{start(client, POOL, game='preset:Pool Rummy 101')}"))
    assert "entry_kinds.css" in pool and "entry_kinds.js" not in pool
    canasta = text(client.get(f"/games/{start(client, ['NS', 'EW'], game='preset:Canasta')}"))
    assert "entry_kinds.css" in canasta and "entry_kinds.js" in canasta


def test_only_the_tied_players_may_go_out_in_a_tie_break_hand(client, uow):
    game_id = start(
        client,
        ["Ann", "Bob", "Cy"],
        game="preset:Phase 10",
        shown="preset:Phase 10",
        o_phase10_phases="Two sets of 3",
        o_phase10_tie="replay",
    )
    record(client, game_id, out="0", completed_0="y", completed_1="y", hands_1="0", hands_2="5")
    assert services.load_game(uow, game_id).state.next_deal["tiebreak"] == ["Ann", "Bob"]
    page = text(client.get(f"/games/{game_id}"))
    who = page[page.index('<fieldset class="who">') : page.index("</fieldset>")]
    assert ">Ann<" in who and ">Bob<" in who and ">Cy<" not in who
    response = record(client, game_id, out="1", completed_1="y", hands_0="10")
    assert response.status_code == 303, text(response)
    assert services.load_game(uow, game_id).state.winners == ["Bob"]
