"""The worked examples of Golf, Burraco and the free pad through the JSON API."""

from __future__ import annotations

from .conftest import assert_problem


def grid(text: str) -> list[str]:
    return text.replace("/", " ").split()


def test_the_catalogue_lists_golf_burraco_free_and_their_presets(client):
    catalogue = client.get("/api/v1/variants").get_json()
    variants = {v["id"]: v for v in catalogue["variants"]}
    assert {"golf", "burraco", "free"} <= set(variants)
    assert (variants["free"]["min_players"], variants["free"]["max_players"]) == (1, 20)
    fields = {f["name"]: f["kind"] for f in variants["burraco"]["entry_fields"]}
    assert fields["pozzetto"] == "bool_per_player"
    presets = {p["name"]: p for p in catalogue["presets"]}
    assert presets["Golf (18 holes)"]["options"] == {"holes": 18}
    assert presets["Buraco"]["options"] == {
        "joker": 20, "pinella": 10, "target": 3000, "clean_to_close": True,
    }  # fmt: skip
    assert presets["Free score pad"]["variant"] == "free"


def test_the_golf_example_through_the_api(start):
    game = start(variant="golf", players=["A", "B", "C"])
    entry = {"grids": {"A": grid("K 5 7 / K 3 9"), "B": grid("2 J A / 2 Q 4")}, "scores": {"C": 7}}
    response = game.record(entry)
    assert response.status_code == 201, response.get_data(as_text=True)
    deal = response.get_json()["deals"][0]
    assert (deal["points"], deal["winner"]) == ({"A": 24, "B": 25, "C": 7}, "C")
    assert response.get_json()["higher_wins"] is False


def test_a_golf_grid_that_disagrees_with_its_score_is_422_naming_grids(start):
    game = start(variant="golf", players=["A", "B", "C"])
    entry = {"grids": {"A": grid("K 5 7 / K 3 9")}, "scores": {"A": 20, "B": 1, "C": 2}}
    body = assert_problem(game.record(entry), 422)
    assert list(body["errors"]) == ["grids.A"]
    assert game.state()["deals"] == []


def test_golf_18_holes_with_jokers_from_the_preset(start):
    game = start(preset="Golf (18 holes)", players=["A", "B"], options={"jokers": True})
    assert game.started["game"]["options"]["holes"] == 18
    response = game.record({"grids": {"A": grid("Joker 2 K / 6 Joker K")}, "scores": {"B": -12}})
    assert response.get_json()["deals"][0]["points"] == {"A": 0, "B": -12}


def test_the_burraco_example_with_seats_through_the_api(start):
    game = start(variant="burraco", players=["NS", "EW"], seats=["N", "E", "S", "W"])
    entry = {
        "out": "NS",
        "melded": {"NS": 560, "EW": 245},
        "hand": {"NS": 15, "EW": 85},
        "clean": {"NS": 1},
        "dirty": {"NS": 1, "EW": 1},
        "pozzetto": {"NS": True, "EW": False},
    }
    state = game.record(entry).get_json()
    assert state["deals"][0]["points"] == {"NS": 945, "EW": 160}
    assert state["deals"][0]["winner"] == "NS"
    assert state["seats"] == ["N", "E", "S", "W"] and state["next_deal"]["dealer"] == "E"


def test_the_three_player_burraco_example_through_the_api(start):
    game = start(variant="burraco", players=["A", "B", "C"], options={"semi_clean": 150})
    entry = {
        "out": None,
        "melded": {"A": 120, "B": 95, "C": 60},
        "hand": {"A": 40, "B": 15, "C": 55},
        "semi_clean": {"A": 1},
        "pozzetto": {"A": True, "B": True, "C": False},
    }
    deal = game.record(entry).get_json()["deals"][0]
    assert (deal["points"], deal["winner"]) == ({"A": 230, "B": 80, "C": -95}, None)


def test_a_burraco_side_closing_without_its_pozzetto_is_422(start):
    game = start(variant="burraco", players=["NS", "EW"])
    entry = {
        "out": "NS",
        "melded": {"NS": 100, "EW": 50},
        "hand": {"NS": 0, "EW": 0},
        "clean": {"NS": 1},
        "pozzetto": {"NS": False, "EW": True},
    }
    assert list(assert_problem(game.record(entry), 422)["errors"]) == ["pozzetto.NS"]


def test_the_free_pad_example_lower_wins_with_stakes_through_the_api(start):
    game = start(
        variant="free",
        players=["A", "B", "C"],
        options={"higher_wins": False, "rounds": 2},
        stakes={"mode": "pairs"},
    )
    game.record({"scores": {"A": 12, "B": -3, "C": 0}})
    state = game.record({"scores": {"A": 5, "B": 5, "C": 1}}).get_json()
    assert [deal["winner"] for deal in state["deals"]] == ["B", "C"]
    assert state["totals"] == {"A": 17, "B": 2, "C": 1}
    assert state["finished"] and state["winners"] == ["C"] and state["higher_wins"] is False
    assert state["settlement"]["balances"] == {"A": -30, "B": 15, "C": 15}


def test_the_zero_sum_example_through_the_api(start):
    players = ["Ann", "Bob", "Cy", "Dee"]
    game = start(variant="free", players=players, options={"zero_sum": True, "target": 40})
    refused = game.record({"scores": {"Ann": 30, "Bob": -10, "Cy": -10, "Dee": -5}})
    assert list(assert_problem(refused, 422)["errors"]) == ["scores"]
    game.record({"scores": {"Ann": 30, "Bob": -10, "Cy": -10, "Dee": -10}})
    state = game.record({"scores": {"Ann": -20, "Bob": 60, "Cy": -20, "Dee": -20}}).get_json()
    assert state["totals"] == {"Ann": 10, "Bob": 50, "Cy": -30, "Dee": -30}
    assert state["finished"] and state["winners"] == ["Bob"]


def test_a_free_pad_takes_one_to_twenty_players_through_the_api(client, start):
    assert start(variant="free", players=["Solo"]).started["game"]["players"] == ["Solo"]
    twenty = [f"P{i}" for i in range(20)]
    assert start(variant="free", players=twenty).started["game"]["players"] == twenty
    response = client.post("/api/v1/games", json={"variant": "free", "players": [*twenty, "X"]})
    assert list(assert_problem(response, 422)["errors"]) == ["players"]
    sides = [f"S{i}" for i in range(10)]
    seats = [f"s{i}" for i in range(20)]
    game = start(variant="free", players=sides, seats=seats)
    assert game.started["game"]["seats"] == seats


def test_the_openapi_document_describes_grids_pozzetto_signed_scores_and_20_players(client):
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    entry = schemas["Entry"]["properties"]
    assert entry["grids"]["additionalProperties"]["items"]["enum"][-1] == "Joker"
    assert entry["grids"]["additionalProperties"]["minItems"] == 6
    assert entry["pozzetto"]["additionalProperties"] == {"type": "boolean"}
    assert entry["scores"]["additionalProperties"] == {"type": "integer"}
    players = schemas["NewGame"]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (1, 20)
