"""The league's house rules as typed fields: the new-game page's widgets on the new-league
and league-rules forms, read back into the league's options."""

from __future__ import annotations

import re

import pytest

from scorekeeper.league import services as league
from tests.web.support import fields_as_sent, house_rules_as_shown, message_beside

from .support import login, make_organizer


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def value_of(page: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)


def new_league(client, fields: dict[str, str]) -> str:
    response = client.post("/leagues/new", data=fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_wrong_option_value_is_refused_beside_its_own_field_with_the_other_values_kept(
    client, uow, olga
):
    form = {
        "name": "Wédnesday",
        "preset": "Rummy",
        "table_size": "4",
        "cents_per_point": "2",
        **house_rules_as_shown(client, "preset:Rummy"),
        "o_rummy_target": "-3",
        "o_rummy_deals": "5",
        "o_rummy_ace_high": "y",
    }
    response = client.post("/leagues/new", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message_beside(page, "o_rummy_target").startswith("must be")
    assert 'aria-invalid="true"' in re.search(r'<input[^>]*name="o_rummy_target"[^>]*>', page)[0]
    assert not re.search(r'id="o_rummy_deals-msg"', page)  # only the wrong one says so
    assert value_of(page, "o_rummy_target") == "-3"
    assert value_of(page, "o_rummy_deals") == "5"
    assert re.search(r'<input[^>]*checked[^>]*name="o_rummy_ace_high"', page)
    assert value_of(page, "name") == "Wédnesday" and value_of(page, "cents_per_point") == "2"
    assert value_of(page, "shown") == "preset:Rummy"
    assert league.leagues_of(uow, olga) == []


def test_the_rules_form_refuses_a_wrong_option_beside_it_and_keeps_the_saved_rules(
    client, uow, olga
):
    lid = new_league(client, {"name": "Club", "preset": "Rummy", "table_size": "4"})
    form = {
        "name": "Club",
        "preset": "Rummy",
        "table_size": "4",
        **house_rules_as_shown(client, "preset:Rummy"),
        "o_rummy_deals": "lots",
    }
    response = client.post(f"/leagues/{lid}/rules", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message_beside(page, "o_rummy_deals")
    assert value_of(page, "o_rummy_deals") == "lots"
    assert league.league_view(uow, lid, olga).rules.options == {}


def test_the_rules_form_shows_the_saved_options_and_saving_it_unchanged_keeps_them(
    client, uow, olga
):
    chosen = {"name": "Club", "preset": "Crazy Gin (13 deals)", "table_size": "4"}
    typed = {
        **house_rules_as_shown(client, "preset:Crazy Gin (13 deals)"),
        "o_thirteen_press": "y",
        "o_thirteen_press_gap": "40",
        "o_thirteen_wild_sequence": "king_to_ace",
    }
    lid = new_league(client, {**chosen, **typed})
    saved = {"press": True, "press_gap": 40, "wild_sequence": "king_to_ace"}
    assert league.league_view(uow, lid, olga).rules.options == saved
    page = client.get(f"/leagues/{lid}").get_data(as_text=True)
    rules = re.search(r'<form[^>]*/rules".*?</form>', page, re.S)[0]
    # Shown as saved, and sent back untouched, they stay as they are.
    assert fields_as_sent(rules) == {**fields_as_sent(rules), **typed}
    assert client.post(f"/leagues/{lid}/rules", data=fields_as_sent(rules)).status_code == 303
    assert league.league_view(uow, lid, olga).rules.options == saved


def test_fields_filled_in_for_another_game_do_not_apply(client, uow, olga):
    # Changed without the script: Gin Rummy's fields were shown, Rummy was then chosen.
    chosen = {"name": "Club", "preset": "Rummy", "table_size": "4"}
    lid = new_league(client, {**chosen, **house_rules_as_shown(client, "preset:Gin Rummy")})
    assert league.league_view(uow, lid, olga).rules.options == {}


def test_the_rules_form_names_the_games_in_the_pages_language(client, olga):
    from flask_babel import force_locale

    from scorekeeper import scoring
    from scorekeeper.translate import preset_name, translate

    french = {"Accept-Language": "fr"}
    page = client.get("/leagues/new", headers=french).get_data(as_text=True)
    with client.application.test_request_context(), force_locale("fr"):
        presets = {name: preset_name(name) for name in scoring.PRESETS}
        variants = {v.id: translate(v.name) for v in scoring.VARIANTS.values()}
    renamed = {name: said for name, said in presets.items() if said != name}
    assert renamed, "fr's catalog names some preset in French"
    for name, said in renamed.items():
        # Sent in English (the league stores it so), shown in French.
        option = rf'<option value="{re.escape(name)}"[^>]*>{re.escape(said)}</option>'
        assert re.search(option, page)
        assert f">{name}</option>" not in page
    for variant_id, said in variants.items():
        assert f'<option value="{variant_id}">{said}</option>' in page
        assert f"<h3>{said}</h3>" in page
    # The league's own page names its game so too, and its form keeps it chosen.
    lid = new_league(client, {"name": "Club", "preset": "Oklahoma Gin", "table_size": "2"})
    page = client.get(f"/leagues/{lid}", headers=french).get_data(as_text=True)
    assert f"{renamed['Oklahoma Gin']}, 2" in page and "Oklahoma Gin," not in page
    assert re.search(r'<option value="Oklahoma Gin"[^>]*selected', page)
