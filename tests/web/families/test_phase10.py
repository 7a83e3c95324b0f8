"""Phase 10's pages: completed phases one tap a player, whoever goes out has done their
phase, house phases typed one a line, a tie-break hand for the tied only."""

from __future__ import annotations

import pytest

from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput
from tests.web.support import entries, record, start, text


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
