"""The OpenAPI document describes the API as it answers: schemathesis fuzzes it in-process.

Each operation gets generated requests, valid and invalid by the document, against
a real game (its id and edit token filled in), and every answer must be no server
error and conform to the document: status code, content type, headers and body.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    negative_data_rejection,
    positive_data_acceptance,
)
from schemathesis.config import PositiveDataAcceptanceConfig

from scorekeeper.web.api import openapi
from tests.api.conftest import PLAYERS, ann_goes_out, bearer
from tests.api.support import CONFORMANCE
from tests.tiers import examples

OPERATIONS = {
    f"{method.upper()} {path}": bool(
        "parameters" in item or {"parameters", "requestBody"} & operation.keys()
    )
    for path, item in openapi.document()["paths"].items()
    for method, operation in item.items()
    if method != "parameters"
}
VALID_BODIES = {
    "POST /api/v1/games": {"variant": "rummy", "players": PLAYERS},
    "POST /api/v1/games/{game_id}/deals": ann_goes_out(),
    "PUT /api/v1/games/{game_id}/deals/{number}": ann_goes_out(bob=1),
    "PUT /api/v1/games/{game_id}/aliases": {"aliases": {"Annie": "Ann"}},
}
# Valid by the document must mean accepted (positive_data_acceptance), except where the
# server checks what JSON Schema cannot say, so far: names and titles must be printable
# (str.isprintable: no format or unassigned characters, which no portable pattern
# names), must differ case-folded, a first dealer must be one of the players, a deal
# must fit its game's players, variant and the deals before it, a game brought into a
# circle must exist, a spoken name must name one of the game's players, an expense or
# payment must name the circle's members (and so must
# a host to settle with), and a whole number written 5.0 is a JSON Schema integer but
# not an int. There a 422 is
# expected too; every other refusal of valid data still fails.
REFUSED_BEYOND_THE_SCHEMA = {
    "POST /api/v1/games",
    "POST /api/v1/games/{game_id}/deals",
    "PUT /api/v1/games/{game_id}/deals/{number}",
    "PUT /api/v1/games/{game_id}/aliases",
    "POST /api/v1/circles",
    "GET /api/v1/circles/{circle_id}",
    # Two members of the circle, not the same one: the schema cannot say so.
    "GET /api/v1/circles/{circle_id}/head-to-head",
    "POST /api/v1/circles/{circle_id}/payments",
    "PATCH /api/v1/circles/{circle_id}/members",
    "POST /api/v1/circles/{circle_id}/members",
    "POST /api/v1/circles/{circle_id}/games",
    "POST /api/v1/circles/{circle_id}/expenses",
}
# Each sheet is a WeasyPrint render, and its only input is the page size.
EXAMPLES = {"GET /api/v1/games/{game_id}/sheet.pdf": 4}
# Invalid requests can only be made where there is something to get wrong.
CASES = [(label, GenerationMode.POSITIVE) for label in OPERATIONS] + [
    (label, GenerationMode.NEGATIVE) for label, has_input in OPERATIONS.items() if has_input
]


def test_the_openapi_document_is_3_1_and_describes_every_api_route(client, app):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    assert document["openapi"].startswith("3.1")
    served = {
        f"{method} {rule.rule}"
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith(("api.", "circles_api."))
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    described = {label.replace("{", "<").replace("}", ">") for label in OPERATIONS}
    assert described == served
    problem = document["components"]["responses"]["Invalid"]["content"]
    assert "application/problem+json" in problem


@pytest.fixture
def circle(client) -> dict:
    """A circle of the game's players with a payment and an expense (records 1 and 2)."""
    started = client.post("/api/v1/circles", json={"name": "Sunday cards", "members": PLAYERS})
    circle = {"id": started.get_json()["circle"]["id"], "token": started.get_json()["edit_token"]}
    url, headers = f"/api/v1/circles/{circle['id']}", bearer(circle["token"])
    client.post(f"{url}/payments", json={"from": "Ann", "to": "Bob", "cents": 500}, headers=headers)
    expense = {"paid_by": "Cy", "cents": 1203, "shared_by": PLAYERS, "note": "Pizza"}
    client.post(f"{url}/expenses", json=expense, headers=headers)
    return circle


@pytest.fixture
def game(client) -> dict:
    """A 3-player rummy game with two deals; its token is updated when a case rotates it."""
    started = client.post("/api/v1/games", json={"variant": "rummy", "players": PLAYERS})
    game = {"id": started.get_json()["game"]["id"], "token": started.get_json()["edit_token"]}
    for _ in range(2):
        client.post(
            f"/api/v1/games/{game['id']}/deals", json=ann_goes_out(), headers=bearer(game["token"])
        )
    return game


@pytest.fixture(scope="module")
def loaded() -> dict:
    """The document as schemathesis reads it from the first case's app, kept for the module:
    loading it also mines the app's code for constants to try, a fifth of a case's time
    when done for every case. Each case is still sent to its own test's app."""
    return {}


def schema_of(loaded: dict, app):
    if "schema" not in loaded:
        loaded["schema"] = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    return loaded["schema"]


@pytest.mark.parametrize(("label", "mode"), CASES)
def test_every_answer_conforms_to_the_openapi_document(loaded, app, game, request, label, mode):
    # The circle only where the operation has one: making it is three requests.
    circle = request.getfixturevalue("circle") if "{circle_id}" in label else None
    schema = schema_of(loaded, app)
    operation = schema.find_operation_by_label(label)
    accepted = PositiveDataAcceptanceConfig()
    if label in REFUSED_BEYOND_THE_SCHEMA:
        accepted.expected_statuses = [*accepted.expected_statuses, "422"]
    schema.config.checks.positive_data_acceptance = accepted
    checks = (
        [*CONFORMANCE, negative_data_rejection]
        if mode is GenerationMode.NEGATIVE
        else [*CONFORMANCE, positive_data_acceptance]
    )
    # Valid requests go to the real game or circle; invalid ones may get its id wrong too.
    owner = circle if "{circle_id}" in label else game
    in_game = None
    if mode is GenerationMode.POSITIVE and "{circle_id}" in label:
        in_game = {"circle_id": circle["id"]}
    elif mode is GenerationMode.POSITIVE and "{game_id}" in label:
        in_game = {"game_id": game["id"]}

    cases = operation.as_strategy(mode, path_parameters=in_game)
    if mode is GenerationMode.POSITIVE and label in VALID_BODIES:
        # Random bodies rarely make a valid deal; mix in one that does.
        valid = operation.as_strategy(mode, path_parameters=in_game, body=VALID_BODIES[label])
        cases = st.one_of(cases, valid)

    @given(case=cases)
    @settings(
        max_examples=examples(EXAMPLES.get(label, 25)),
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def answer_conforms(case):
        if mode is GenerationMode.POSITIVE and "{number}" in label:
            case.path_parameters["number"] = 1 + case.path_parameters["number"] % 3
        case.headers = {**(case.headers or {}), **bearer(owner["token"])}
        response = case.call(app=app)
        case.validate_response(response, checks=checks)
        if label.endswith("/token") and response.status_code == 200:
            owner["token"] = response.json()["edit_token"]

    answer_conforms()
