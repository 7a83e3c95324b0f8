"""Rummikub, Contract Rummy, 3-13 and Kalooki through the JSON API: the worked examples of
RULES.md sections 16-18, 20 and 23, GET /api/v1/variants and a problem for a bad entry."""

from __future__ import annotations

from tests.api.conftest import assert_problem, end

FOUR = ["A", "B", "C", "D"]
THREE = ["A", "B", "C"]


def record_all(game, entries):
    for entry in entries:
        response = game.record(entry)
        assert response.status_code == 201, response.get_data(as_text=True)
    return game.state()


def test_the_catalogue_lists_the_new_variants_and_their_presets(client):
    catalogue = client.get("/api/v1/variants").get_json()
    variants = {variant["id"]: variant for variant in catalogue["variants"]}
    presets = {preset["name"]: preset for preset in catalogue["presets"]}
    fields = {name: {f["name"]: f["kind"] for f in variants[name]["entry_fields"]} for name in (
        "rummikub", "contract", "threethirteen", "kalooki")}  # fmt: skip
    assert fields["rummikub"] == {"out": "player", "racks": "per_player"}
    assert fields["kalooki"]["not_opened"] == "players"
    assert fields["kalooki"]["rejoin"] == "players"
    assert presets["Liverpool Rummy"]["options"] == {"joker": 25}
    assert presets["Scala 40"] == {
        "name": "Scala 40",
        "variant": "kalooki",
        "options": {
            "joker": 25,
            "pool_limit": 101,
            "not_opened_penalty": 100,
            "one_turn_double": True,
        },
        "stakes": None,
        "description": presets["Scala 40"]["description"],
    }
    assert len(presets["Shanghai"]["options"]["contracts"]) == 10
    assert {"Rummikub", "Contract Rummy", "3-13", "Kalooki"} <= set(presets)


def test_rummikub_the_sheets_round_of_four_games(start):
    game = start(variant="rummikub", players=FOUR)
    assert game.started["game"]["wins"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    state = record_all(
        game,
        [
            {"out": "A", "racks": {"B": 5, "C": 16, "D": 3}},
            {"out": "C", "racks": {"A": 6, "B": 11, "D": 5}},
            {"out": "D", "racks": {"A": 32, "B": 13, "C": 2}},
            {"out": "C", "racks": {"A": 10, "B": 25, "D": 6}},
        ],
    )
    assert state["deals"][0]["points"] == {"A": 24, "B": -5, "C": -16, "D": -3}
    assert state["totals"] == {"A": -24, "B": -54, "C": 45, "D": 33}
    assert state["wins"] == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert (state["finished"], state["winners"]) == (True, ["C"])
    assert [deal["dealer"] for deal in state["deals"]] == FOUR


def test_rummikub_a_pool_out_shared_by_two_tied_racks(start):
    game = start(variant="rummikub", players=FOUR)
    state = record_all(game, [{"out": None, "racks": {"A": 7, "B": 7, "C": 20, "D": 10}}])
    deal = state["deals"][0]
    assert deal["points"] == {"A": 8, "B": 8, "C": -13, "D": -3}
    assert deal["winner"] is None


def test_rummikub_league_rules_cap_and_bonus(start):
    game = start(variant="rummikub", players=FOUR, options={"loser_cap": 25, "winner_bonus": 50})
    state = record_all(game, [{"out": "A", "racks": {"B": 40, "C": 12, "D": 3}}])
    assert state["deals"][0]["points"] == {"A": 90, "B": -25, "C": -12, "D": -3}


def test_rummikub_rank_by_wins(start):
    entries = [
        {"out": "A", "racks": {"B": 3, "C": 4}},
        {"out": "A", "racks": {"B": 2, "C": 2}},
        {"out": "B", "racks": {"A": 40, "C": 30}},
    ]
    by_points = record_all(start(variant="rummikub", players=THREE), entries)
    assert by_points["winners"] == ["B"]
    by_wins = start(variant="rummikub", players=THREE, options={"rank_by": "wins"})
    assert record_all(by_wins, entries)["winners"] == ["A"]


def test_rummikub_racks_over_the_set_are_a_problem_naming_racks(start):
    game = start(variant="rummikub", players=FOUR)
    body = assert_problem(game.record({"out": "A", "racks": {"B": 400, "C": 300, "D": 100}}), 422)
    assert set(body["errors"]) == {"racks"}


def test_contract_rummy_the_seven_deals_of_the_rules(start):
    game = start(preset="Contract Rummy", players=THREE)
    first = game.started["game"]["next_deal"]
    assert (first["contract"], first["cards"]) == ("2 groups of 3", 10)
    hands = [("A", 47, 16), ("B", 22, 35), ("C", 15, 9), ("A", 60, 12), ("B", 40, 51),
             ("C", 18, 33), ("A", 25, 70)]  # fmt: skip
    entries = []
    for went_out, first_hand, second_hand in hands:
        others = [p for p in THREE if p != went_out]
        entries.append(
            {"out": went_out, "hands": dict(zip(others, (first_hand, second_hand), strict=True))}
        )
    state = record_all(game, entries[:4])
    assert (state["next_deal"]["contract"], state["next_deal"]["cards"]) == (
        "2 groups of 3 + 1 sequence of 4",
        12,
    )
    state = record_all(game, entries[4:])
    assert state["totals"] == {"A": 95, "B": 174, "C": 184}
    assert (state["finished"], state["winners"]) == (True, ["A"])


def test_shanghai_going_out_blind_without_a_joker(start):
    game = start(preset="Shanghai", players=THREE)
    assert game.started["game"]["next_deal"]["cards"] == 11
    blind = {"out": "C", "hands": {"A": 50, "B": 20}, "one_turn": True, "no_joker": True}
    state = record_all(game, [blind])
    assert state["deals"][0]["points"] == {"A": 50, "B": 20, "C": -50}
    assert state["next_deal"]["contract"] == "1 set of 3 + 1 run of 4"


def test_three_thirteen_the_first_deal_and_the_wild_of_each_deal(start):
    game = start(preset="3-13", players=THREE)
    assert (
        game.started["game"]["next_deal"]["cards"],
        game.started["game"]["next_deal"]["wild"],
    ) == (
        3,
        "3",
    )
    state = record_all(game, [{"out": "A", "hands": {"B": 20, "C": 21}}])
    assert state["deals"][0]["points"] == {"A": 0, "B": 20, "C": 21}
    assert (state["next_deal"]["cards"], state["next_deal"]["wild"]) == (4, "4")


def test_kalooki_the_rules_game_with_a_rejoin_and_the_pot(start):
    game = start(variant="kalooki", players=THREE, stakes={"entry_cents": 200})
    state = record_all(
        game,
        [
            {"out": "A", "hands": {"B": 45, "C": 60}},
            {"out": "B", "hands": {"A": 38, "C": 52}, "one_turn": True},
            {"out": "A", "hands": {"B": 70, "C": 41}},
        ],
    )
    assert state["eliminated"] == ["C"]
    assert state["next_deal"]["players"] == ["A", "B"]
    state = record_all(game, [{"rejoin": ["C"], "out": "B", "hands": {"A": 90, "C": 20}}])
    assert state["deals"][3]["rejoin_change"] == {"C": -38}
    assert state["deals"][3]["points"]["C"] == -18
    assert (state["pot_cents"], state["rejoins"]["C"]) == (800, 1)
    state = record_all(game, [{"out": "C", "hands": {"A": 25, "B": 40}}])
    assert state["totals"] == {"A": 153, "B": 155, "C": 135}
    assert (state["eliminated"], state["winners"]) == (["A", "B"], ["C"])
    assert state["settlement"]["balances"] == {"A": -200, "B": -200, "C": 400}


def test_scala_40_eliminates_c_at_200(start):
    game = start(preset="Scala 40", players=FOUR)
    entry = {"out": "A", "one_turn": True, "hands": {"B": 30, "D": 12}, "not_opened": ["C"]}
    state = record_all(game, [entry])
    assert state["totals"] == {"A": 0, "B": 60, "C": 200, "D": 24}
    assert state["eliminated"] == ["C"]


def test_kalooki_ended_early_the_lowest_total_still_in_wins(start):
    game = start(variant="kalooki", players=THREE, stakes={"entry_cents": 200})
    record_all(game, [{"out": "A", "hands": {"B": 45, "C": 60}}])
    response = end(game)
    assert response.status_code == 200, response.get_data(as_text=True)
    state = game.state()
    assert (state["ended_early"], state["winners"]) == (True, ["A"])


def test_kalooki_stakes_other_than_a_pot_are_a_problem(client):
    response = client.post(
        "/api/v1/games",
        json={"variant": "kalooki", "players": THREE, "stakes": {"mode": "pairs"}},
    )
    body = assert_problem(response, 422)
    assert "stakes.mode" in body["errors"]
