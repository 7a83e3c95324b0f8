"""POST and DELETE /api/v1/games/{id}/end (shared/API.md; RULES.md section 15), the
state's new members and a partnership game's seats, as the contract says."""

from __future__ import annotations

from scorekeeper.models import Deal, Game
from tests.api.conftest import ann_goes_out, assert_problem, bearer, count, end

POOL_PLAYERS = ["A", "B", "C", "D"]
# RULES.md section 10's pool rummy example, deal by deal.
POOL_DEALS = [
    {"out": "A", "hands": {"B": 34}, "drops": {"C": "first"}, "wrong_show": ["D"]},
    {"out": "C", "hands": {"A": 52, "D": 95}, "drops": {"B": "middle"}},
    {"out": "B", "rejoin": ["D"], "hands": {"A": 30, "C": 61, "D": 28}},
]


def reopen(game, **headers: str):
    return game.client.delete(f"{game.url}/end", headers={**bearer(game.token), **headers})


def stored_ending(database, game_id: str):
    with database.session_factory() as session:
        return session.query(Game.ending).filter(Game.public_id == game_id).scalar()


def test_every_state_says_whether_the_game_was_ended_early(start):
    game = start()
    assert game.started["game"]["ended_early"] is False
    game.record(ann_goes_out())
    assert game.state()["ended_early"] is False


def test_ending_a_game_answers_200_with_the_state_finished_and_the_leaders_as_winners(
    start, database
):
    game = start()
    game.record(ann_goes_out())
    game.record({"out": "Bob", "hands": {"Ann": 30, "Cy": 2}})

    response = end(game)

    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()
    assert response.headers["ETag"] == f'"v{state["version"]}"'
    assert state["version"] == 4
    assert state["ended_early"] is True
    assert state["finished"] is True
    assert state["winners"] == ["Bob"]
    assert state["next_deal"] is None
    assert state["totals"] == {"Ann": 12, "Bob": 32, "Cy": 0}
    assert game.state() == state
    assert stored_ending(database, game.id) == {"split": False}


def test_an_empty_body_ends_the_game_as_an_empty_object_does(start):
    game = start()
    game.record(ann_goes_out())
    response = game.client.post(f"{game.url}/end", headers=bearer(game.token))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["ended_early"] is True


def test_an_ended_game_refuses_new_deals_with_409_until_it_is_reopened(start, database):
    game = start()
    game.record(ann_goes_out())
    end(game)

    refused = assert_problem(game.record(ann_goes_out()), 409)
    assert "reopen" in refused["detail"]
    assert refused["state"]["ended_early"] is True
    assert count(database, Deal) == 1

    response = reopen(game)
    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()
    assert state["ended_early"] is False
    assert state["finished"] is False
    assert state["winners"] == []
    assert state["next_deal"]["number"] == 2
    assert response.headers["ETag"] == f'"v{state["version"]}"'
    assert stored_ending(database, game.id) is None
    assert game.record(ann_goes_out()).status_code == 201


def test_reopening_a_game_that_was_not_ended_early_is_409_with_the_state(start):
    game = start()
    game.record(ann_goes_out())
    problem = assert_problem(reopen(game), 409)
    assert problem["state"]["version"] == 2
    assert game.state()["version"] == 2


def test_ending_a_game_finished_by_its_end_rule_is_409(start, database):
    game = start(options={"target": 100})
    game.record(ann_goes_out(bob=70, cy=70))
    problem = assert_problem(end(game), 409)
    assert problem["state"]["finished"] is True
    assert problem["state"]["ended_early"] is False
    assert stored_ending(database, game.id) is None


def test_ending_a_game_already_ended_early_is_409(start):
    game = start()
    game.record(ann_goes_out())
    end(game)
    assert_problem(end(game), 409)


def test_a_split_outside_pool_rummy_is_422_and_stores_nothing(start, database):
    game = start()
    game.record(ann_goes_out())
    problem = assert_problem(end(game, {"split": True}), 422)
    assert "split" in problem["errors"]
    assert stored_ending(database, game.id) is None
    assert game.state()["version"] == 2


def test_an_ending_that_is_not_an_empty_object_or_a_split_is_422(start, database):
    game = start()
    game.record(ann_goes_out())
    for body, field in (
        ({"split": "yes"}, "split"),
        ({"split": 1}, "split"),
        ({"winner": "Ann"}, "winner"),
        ([], ""),
    ):
        problem = assert_problem(end(game, body), 422)
        assert field in problem["errors"], body
    assert stored_ending(database, game.id) is None


def test_ending_with_a_stale_if_match_is_409_and_a_current_one_is_accepted(start, database):
    game = start()
    game.record(ann_goes_out())
    assert_problem(end(game, {}, **{"If-Match": '"v1"'}), 409)
    assert stored_ending(database, game.id) is None
    assert end(game, {}, **{"If-Match": '"v2"'}).status_code == 200
    assert_problem(reopen(game, **{"If-Match": '"v2"'}), 409)
    assert reopen(game, **{"If-Match": '"v3"'}).status_code == 200


def test_a_correction_reaching_the_end_rule_drops_the_early_end(start, database):
    game = start(options={"target": 100})
    game.record(ann_goes_out())
    end(game)
    response = game.client.put(
        f"{game.url}/deals/1", json=ann_goes_out(bob=70, cy=70), headers=bearer(game.token)
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()
    assert state["finished"] is True
    assert state["ended_early"] is False
    assert stored_ending(database, game.id) is None
    assert_problem(reopen(game), 409)


# ---------------------------------------------------------------- pool rummy


def pool_game(start, deals=POOL_DEALS):
    game = start(
        variant="indian",
        players=POOL_PLAYERS,
        options={"format": "pool"},
        stakes={"mode": "pot", "entry_cents": 500},
    )
    for entry in deals:
        response = game.record(entry)
        assert response.status_code == 201, response.get_data(as_text=True)
    return game


def test_a_pool_game_split_pays_by_drops_left_as_section_10s_example(start, database):
    game = pool_game(start)
    before = game.state()
    assert before["eliminated"] == ["D"]
    assert before["pot_cents"] == 2500
    assert before["split"] is False

    response = end(game, {"split": True})

    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()
    assert state["ended_early"] is True
    assert state["split"] is True
    assert state["winners"] == ["A", "B", "C"]
    assert state["settlement"]["balances"] == {"A": 167, "B": 667, "C": 166, "D": -1000}
    assert stored_ending(database, game.id) == {"split": True}

    reopened = reopen(game).get_json()
    assert reopened["split"] is False
    assert reopened["ended_early"] is False


def test_a_pool_split_that_leaves_less_than_an_entry_to_share_is_422(start, database):
    game = start(
        variant="indian",
        players=["A", "B"],
        options={"format": "pool"},
        stakes={"mode": "pot", "entry_cents": 500},
    )
    game.record({"out": "A", "hands": {"B": 80}})
    # A has 5 drops left, B 1: A would first take 4 entries of a pot of 2.
    problem = assert_problem(end(game, {"split": True}), 422)
    assert problem["errors"]
    assert stored_ending(database, game.id) is None
    assert end(game).get_json()["split"] is False


# ---------------------------------------------------------------- partnerships


def test_a_partnership_game_takes_seats_and_keys_every_map_by_side(client):
    response = client.post(
        "/api/v1/games",
        json={
            "variant": "canasta",
            "players": ["NS", "EW"],
            "seats": ["Nadia", "Émile", "Søren", "Wanjiru"],
            "first_dealer": "Émile",
        },
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    state = response.get_json()["game"]
    assert state["players"] == ["NS", "EW"]
    assert state["seats"] == ["Nadia", "Émile", "Søren", "Wanjiru"]
    assert state["next_deal"]["dealer"] == "Émile"
    assert state["next_deal"]["minimum"] == {"NS": 50, "EW": 50}
    assert set(state["totals"]) == {"NS", "EW"}


def test_seats_that_do_not_fit_the_sides_are_422_and_store_nothing(client, database):
    response = client.post(
        "/api/v1/games",
        json={"variant": "canasta", "players": ["NS", "EW"], "seats": ["North", "East", "South"]},
    )
    problem = assert_problem(response, 422)
    assert any(path.startswith("seats") for path in problem["errors"])
    assert count(database, Game) == 0


def test_a_long_points_rummy_night_of_six_long_names_ends_early_and_prints(start, client):
    players = [f"{name} Ñúñez-Łukasiewicz Øverås Þórsdóttir-Ærø"[:40] for name in "ABCDEF"]
    assert all(len(name) == 40 for name in players)
    game = start(
        variant="indian",
        players=players,
        stakes={"mode": "per_deal", "cents_per_point": 25, "round_to": 5},
    )
    for number in range(1, 52):
        winner = players[number % 6]
        others = [name for name in players if name != winner]
        entry = {
            "out": winner,
            "hands": {others[0]: number % 81, others[1]: 130},
            "drops": {others[2]: "first", others[3]: "middle"},
            "wrong_show": [others[4]],
        }
        response = game.record({**entry, "number": number})
        assert response.status_code == 201, response.get_data(as_text=True)

    state = end(game).get_json()

    assert state["ended_early"] is True
    assert len(state["deals"]) == 51
    best = max(state["totals"].values())
    assert state["winners"] == [name for name in players if state["totals"][name] == best]
    assert sum(state["settlement"]["balances"].values()) == 0
    sheet = client.get(f"{game.url}/sheet.pdf")
    assert sheet.status_code == 200
    assert sheet.mimetype == "application/pdf"
