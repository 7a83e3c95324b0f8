"""The new-game page starts from the game's own house rules (a preset's, and the
defaults that follow from them), and sends only what the table changed."""

from __future__ import annotations

import re

import pytest
from flask_babel import force_locale

from scorekeeper import scoring
from scorekeeper.printing import words
from scorekeeper.service_layer import services
from tests.web.support import house_rules_as_shown, start, text

PLAYERS = ["Ann", "Bob", "Cy"]


def test_penalty_rummy_from_the_page_blocks_a_stock_out_as_the_preset_does(client, uow):
    shown = house_rules_as_shown(client, "preset:Penalty Rummy")
    assert shown["o_rummy_stock_out"] == "block"  # the box shows what the game will do

    game_id = start(client, PLAYERS, game="preset:Penalty Rummy", **shown)

    setup = services.load_game(uow, game_id).setup
    made = scoring.make_setup(preset="Penalty Rummy", players=PLAYERS)
    assert setup.options == made.options
    assert setup.options["stock_out"] == "block"


@pytest.mark.parametrize("name", sorted(scoring.PRESETS))
def test_every_preset_started_from_the_page_untouched_has_the_presets_options(client, uow, name):
    variant = scoring.get_variant(scoring.PRESETS[name].variant)
    players = ["NS", "EW"] if variant.partnership else PLAYERS[: variant.max_players]
    shown = house_rules_as_shown(client, f"preset:{name}")
    game_id = start(client, players, game=f"preset:{name}", **shown)
    made = scoring.make_setup(preset=name, players=players)
    assert services.load_game(uow, game_id).setup.options == made.options


def test_a_rule_the_table_changes_is_sent_and_the_rest_follow_it(client, uow):
    # Basic Rummy set to penalty scoring: the stock-out box left alone follows the
    # scoring (block), as the API does for the same options.
    shown = house_rules_as_shown(client, "variant:rummy")
    assert shown["o_rummy_stock_out"] == "stalemate"
    shown["o_rummy_scoring"] = "penalty"
    game_id = start(client, PLAYERS, game="variant:rummy", **shown)
    options = services.load_game(uow, game_id).setup.options
    assert (options["scoring"], options["stock_out"], options["target"]) == (
        "penalty",
        "block",
        100,
    )

    shown["o_rummy_stock_out"] = "block"
    shown["o_rummy_scoring"] = "winner_takes_all"
    game_id = start(client, PLAYERS, game="variant:rummy", **shown)
    assert services.load_game(uow, game_id).setup.options["stock_out"] == "block"


POOL = ["Aarav", "Bhavna", "Chandrasekhar", "Divyā"]


def the_new_game_page_for(client, game: str) -> str:
    """The page as it shows ``game`` chosen (the no-script "Update" button)."""
    return text(client.post("/games/new", data={"game": game, "act": "update"}))


@pytest.mark.parametrize("game", ["preset:Pool Rummy 101", "preset:Pool Rummy 61"])
def test_a_pool_game_settles_up_in_a_pot_with_just_the_entry_fee_typed(client, uow, game):
    page = the_new_game_page_for(client, game)
    assert re.search(r'<option selected value="pot">', page)
    assert f'value="{game}" data-variant="indian"' in page
    assert 'data-mode="pot"' in page  # what the page's script selects for it

    shown = house_rules_as_shown(client, game)
    game_id = start(client, POOL, game=game, stakes_on="y", mode="pot", entry_cents="500", **shown)
    state = services.load_game(uow, game_id).state.as_dict()
    assert (state["stakes"]["mode"], state["pot_cents"]) == ("pot", 2000)


def test_a_format_changed_to_pool_takes_the_pot_when_the_mode_is_left_alone(client, uow):
    shown = house_rules_as_shown(client, "preset:Deals Rummy (2 deals)")
    shown.update(o_indian_format="pool", o_indian_deals="none")
    page = the_new_game_page_for(client, "preset:Deals Rummy (2 deals)")
    mode = re.search(r'<option selected value="(\w+)">', page[page.index('id="mode"') :])
    game_id = start(
        client,
        POOL,
        game="preset:Deals Rummy (2 deals)",
        stakes_on="y",
        mode=mode.group(1),
        entry_cents="500",
        **shown,
    )
    stakes = services.load_game(uow, game_id).state.as_dict()["stakes"]
    assert (stakes["mode"], stakes["entry_cents"]) == ("pot", 500)


def test_phase_10s_standard_phases_speak_the_pages_language_and_house_ones_stay_typed(
    client, uow, app
):
    client.get("/language/fr")
    shown = house_rules_as_shown(client, "preset:Phase 10")
    phases = shown["o_phase10_phases"].splitlines()
    assert phases[0] == "2 brelans"
    assert "7 cartes d'une couleur" in phases
    assert "2 sets of 3" not in shown["o_phase10_phases"]

    untouched = start(client, PLAYERS, game="preset:Phase 10", **shown)
    stored = services.load_game(uow, untouched).setup.options["phases"]
    assert stored == scoring.make_setup(preset="Phase 10", players=PLAYERS).options["phases"]

    # One house phase typed among the standard ones: the others stay standard.
    shown["o_phase10_phases"] = "\n".join(["Une suite de 3 en cœur", *phases[1:]])
    house = start(client, PLAYERS, game="preset:Phase 10", **shown)
    stored = services.load_game(uow, house).setup.options["phases"]
    assert stored[0] == "Une suite de 3 en cœur"
    assert stored[1] == "1 set of 3 + 1 run of 4"

    with app.test_request_context(), force_locale("de"):
        said = words.house_rules("phase10", {"phases": stored, "tie": "replay"}, 3)
    assert said == (
        "Phasen: 1. Une suite de 3 en cœur; 2. 1 Drilling + 1 Folge aus 4; "
        "3. 1 Vierling + 1 Folge aus 4; 4. 1 Folge aus 7; 5. 1 Folge aus 8; 6. 1 Folge aus 9; "
        "7. 2 Vierlinge; 8. 7 Karten einer Farbe; 9. 1 Fünfling + 1 Zwilling; "
        "10. 1 Fünfling + 1 Drilling",
    )


def test_shanghais_contracts_speak_the_pages_language_and_are_stored_in_english(client, uow):
    client.get("/language/de")
    shown = house_rules_as_shown(client, "preset:Shanghai")
    contracts = shown["o_contract_contracts"].splitlines()
    assert contracts[:2] == ["11: 2 Sätze zu 3", "11: 1 Satz zu 3 + 1 Reihe zu 4"]
    assert "sets of" not in shown["o_contract_contracts"]

    untouched = start(client, PLAYERS, game="preset:Shanghai", **shown)
    stored = services.load_game(uow, untouched).setup.options["contracts"]
    assert stored == scoring.make_setup(preset="Shanghai", players=PLAYERS).options["contracts"]

    # A house contract typed among them stays as typed; the others stay the usual ones.
    shown["o_contract_contracts"] = "\n".join(["9: Zwei Drillinge", *contracts[1:]])
    house = start(client, PLAYERS, game="preset:Shanghai", **shown)
    stored = services.load_game(uow, house).setup.options["contracts"]
    assert stored[0] == {"contract": "Zwei Drillinge", "cards": 9}
    assert stored[1] == {"contract": "1 set of 3 + 1 run of 4", "cards": 11}
