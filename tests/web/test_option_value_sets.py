"""Every option whose values are a set (RULES.md: "0 or -4", "101, 201 or 61", a word
from a list) refuses any other value, naming the option: on the API's create and on
every form that takes house rules (the new-game page, the league's rules, the pad).

The options come from the registry, so an option declared later is checked too.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper import scoring
from scorekeeper.web.table.forms import option_field_name
from tests.league.support import login, make_organizer
from tests.web.support import csrf_token, house_rules_as_shown, message_beside

NAMES = ["Ann", "Bob", "Carla", "Dieter", "Émilie", "Farah", "Gus", "Hanna"]


def outside(spec: scoring.OptionSpec) -> list:
    """Values of the option's own type that are not among its choices."""
    numbers = sorted(choice for choice in spec.choices if type(choice) is int)
    wrong: list = ["nope"]
    if numbers:
        between = [n for n in range(numbers[0], numbers[-1]) if n not in numbers]
        wrong += [between[0] if between else numbers[-1] + 1, numbers[0] - 1]
    return wrong


SETS = [
    (variant.id, spec, value)
    for variant in scoring.VARIANTS.values()
    for spec in variant.options
    if spec.choices is not None
    for value in outside(spec)
]
LABELS = [f"{variant}.{spec.name}={value}" for variant, spec, value in SETS]


def test_golfs_pair_of_twos_is_one_of_the_sets():
    # RULES.md section 19: 0 (Bicycle) or -4 (house rule), nothing between.
    pair_of_twos = {spec.name: spec for spec in scoring.get_variant("golf").options}
    assert set(pair_of_twos["pair_of_twos"].choices) == {0, -4}
    assert ("golf", pair_of_twos["pair_of_twos"], -3) in SETS


def players_for(variant_id: str) -> list[str]:
    variant = scoring.get_variant(variant_id)
    return NAMES[: max(variant.min_players, min(4, variant.max_players))]


@pytest.mark.parametrize(("variant", "spec", "value"), SETS, ids=LABELS)
def test_the_api_refuses_a_value_outside_the_set_naming_the_option(client, variant, spec, value):
    body = {"variant": variant, "players": players_for(variant), "options": {spec.name: value}}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    assert f"options.{spec.name}" in response.get_json()["errors"]


@pytest.mark.parametrize(("variant", "spec", "value"), SETS, ids=LABELS)
def test_the_new_game_page_refuses_a_value_outside_the_set_beside_the_option(
    client, variant, spec, value
):
    game = f"variant:{variant}"
    page = client.get("/games/new").get_data(as_text=True)
    field = option_field_name(variant, spec.name)
    form = {
        **house_rules_as_shown(client, game),
        "game": game,
        "act": "start",
        "csrf_token": csrf_token(page),
        **{f"players-{i}": name for i, name in enumerate(players_for(variant))},
        field: str(value),
    }
    response = client.post("/games/new", data=form)
    assert response.status_code == 422
    assert message_beside(response.get_data(as_text=True), field)


@pytest.fixture
def organizer(uow, client) -> int:
    made = make_organizer(uow)
    login(client)
    return made


@pytest.mark.parametrize(("variant", "spec", "value"), SETS, ids=LABELS)
def test_the_league_rules_form_refuses_a_value_outside_the_set_beside_the_option(
    client, organizer, variant, spec, value
):
    field = option_field_name(variant, spec.name)
    form = {
        "name": "Thursday Club",
        "variant": variant,
        "table_size": str(len(players_for(variant))),
        **house_rules_as_shown(client, f"variant:{variant}"),
        field: str(value),
    }
    response = client.post("/leagues/new", data=form)
    assert response.status_code == 422
    assert message_beside(response.get_data(as_text=True), field)


@pytest.mark.parametrize(("variant", "spec", "value"), SETS, ids=LABELS)
def test_the_pad_form_refuses_a_value_outside_the_set_beside_the_option(
    client, variant, spec, value
):
    field = option_field_name(variant, spec.name)
    query = {
        "game": f"variant:{variant}",
        "players": str(len(players_for(variant))),
        "page_size": "A4",
        "orientation": "auto",
        field: str(value),
    }
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    beside = re.search(rf'class="error" id="{field}-error">([^<]*)<', body)
    assert beside and unescape(beside.group(1)).strip()
