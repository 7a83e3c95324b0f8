"""Circles through the JSON API (docs/api.md, "Circles"): every rule of the contract,
and every refusal storing nothing."""

from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.models import Circle, CircleGame, CircleMember, CircleRecord, Game

from .conftest import EXACT, assert_problem, bearer, count

CIRCLE_KEYS = [
    "id",
    "name",
    "currency",
    "version",
    "members",
    "games",
    "stats",
    "payments",
    "expenses",
    "ledger",
]
GAME_KEYS = ["id", "title", "variant", "preset", "players", "finished", "winners", "created_at"]


def stored(database) -> tuple[int, ...]:
    return tuple(
        count(database, model) for model in (Circle, CircleMember, CircleGame, CircleRecord, Game)
    )


# ---------------------------------------------------------------- starting and reading


def test_a_circle_starts_with_its_members_and_reads_back_exactly(client, circle):
    started = circle(name=" Sunday cards ", members=["Ann", " Bob "])
    body = started.started
    assert set(body) == {"circle", "edit_token", "links"}
    assert list(body["circle"]) == CIRCLE_KEYS
    assert body["circle"]["name"] == "Sunday cards"
    assert body["circle"]["currency"] == "USD"
    assert body["circle"]["members"] == ["Ann", "Bob"]
    assert body["circle"]["ledger"] == {"balances": {"Ann": 0, "Bob": 0}, "transfers": []}
    assert body["circle"]["stats"]["Ann"] == {
        "games": 0,
        "wins": 0,
        "by_variant": {},
        "net_cents": 0,
    }
    assert body["links"]["view"].endswith(f"/circles/{started.id}")
    assert body["links"]["edit"].endswith(f"/circles/{started.id}/edit/{started.token}")
    assert len(started.id) >= 22
    response = client.get(started.url)
    assert response.get_json() == body["circle"]
    assert response.headers["ETag"] == f'"v{body["circle"]["version"]}"'


def test_only_a_hash_of_the_circle_token_is_stored(circle, database):
    started = circle()
    with database.session_factory() as session:
        row = session.query(Circle).one()
    assert started.token not in row.edit_token_hash
    assert len(row.edit_token_hash) == 64


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({}, "name"),
        ({"name": "x" * 81}, "name"),
        # Over 80 as sent, 79 once its ends are trimmed (schemathesis found it).
        ({"name": "\t" + "*" * 79 + "\x1f"}, "name"),
        ({"name": "A", "members": [" " + "x" * 40]}, "members.0"),
        ({"name": "A", "members": ["Ann", " ann"]}, "members.1"),
        ({"name": "A", "members": ["x" * 41]}, "members.0"),
        ({"name": "A", "members": "Ann"}, "members"),
        ({"name": "A", "currency": "eur"}, "currency"),
        ({"name": "A", "currency": "EURO"}, "currency"),
        ({"name": "A", "colour": "red"}, "colour"),
    ],
)
def test_a_circle_given_wrongly_is_refused_and_nothing_is_stored(client, database, body, field):
    problem = assert_problem(client.post("/api/v1/circles", json=body), 422)
    assert field in problem["errors"]
    assert stored(database) == (0, 0, 0, 0, 0)


def test_an_unknown_circle_is_404(client):
    assert_problem(client.get("/api/v1/circles/nope"), 404)
    assert_problem(client.get("/api/v1/circles/nope/ledger.csv"), 404)


def test_a_member_joins_once_matched_case_insensitively(circle, database):
    started = circle(members=["Ann"])
    response = started.post("/members", {"name": " Bob "})
    assert response.status_code == 201
    assert response.get_json()["members"] == ["Ann", "Bob"]
    before = stored(database)
    problem = assert_problem(started.post("/members", {"name": "BOB"}), 422)
    assert "name" in problem["errors"]
    assert_problem(started.post("/members", {"name": "Cy"}, token=None), 401)
    assert_problem(started.post("/members", {"name": "Cy"}, token="wrong"), 403)
    assert stored(database) == before


# ---------------------------------------------------------------- games in a circle


def test_a_game_started_in_a_circle_adds_its_new_players_as_members(circle):
    started = circle(members=["Ann", "Bob"])
    response = started.game(players=[" ann", "Dee", "BOB"])
    assert response.status_code == 201, response.get_data(as_text=True)
    assert set(response.get_json()) == {"game", "edit_token", "links"}
    assert response.get_json()["game"]["players"] == ["ann", "Dee", "BOB"]
    body = started.get()
    assert body["members"] == ["Ann", "Bob", "Dee"]
    (game,) = body["games"]
    assert list(game) == GAME_KEYS
    assert game["players"] == ["Ann", "Dee", "Bob"]
    assert game["finished"] is False
    assert game["winners"] == []


def test_a_game_with_circle_null_is_a_game_outside_any_circle(client, circle):
    started = circle(members=["Ann"])
    response = client.post(
        "/api/v1/games", json={"circle": None, "variant": "rummy", "players": ["Ann", "Bob"]}
    )
    assert response.status_code == 201
    assert started.get()["games"] == []


def test_games_are_listed_newest_first_with_their_winners(circle):
    started = circle()
    first = started.played(["Ann", "Bob"], "Ann", {"Bob": 5})
    second = started.played(["Ann", "Bob"], "Bob", {"Ann": 7}, title="Rematch")
    games = started.get()["games"]
    assert [game["id"] for game in games] == [second["game"]["id"], first["game"]["id"]]
    assert [game["winners"] for game in games] == [["Bob"], ["Ann"]]
    assert games[0]["title"] == "Rematch"


def test_a_game_in_a_circle_needs_the_circles_token(circle, client, database):
    started = circle(members=["Ann", "Bob"])
    other = circle(name="Other")
    before = stored(database)
    assert_problem(started.game(token=None, players=["Ann", "Bob"]), 401)
    assert_problem(started.game(token="wrong", players=["Ann", "Bob"]), 403)
    assert_problem(started.game(token=other.token, players=["Ann", "Bob"]), 403)
    unknown = client.post(
        "/api/v1/games",
        json={"circle": "nope", "variant": "rummy", "players": ["Ann", "Bob"]},
        headers=bearer(started.token),
    )
    assert "circle" in assert_problem(unknown, 422)["errors"]
    assert stored(database) == before


def test_a_game_in_another_currency_is_refused_and_nothing_is_stored(circle, database):
    started = circle(members=["Ann", "Bob"], currency="EUR")
    before = stored(database)
    refused = started.game(players=["Ann", "Cy"], stakes={"currency": "USD"})
    assert "stakes.currency" in assert_problem(refused, 422)["errors"]
    assert stored(database) == before
    assert started.get()["members"] == ["Ann", "Bob"]
    # Stakes that name no currency are in the circle's.
    accepted = started.game(players=["Ann", "Cy"], stakes={"cents_per_point": 2})
    assert accepted.status_code == 201
    assert accepted.get_json()["game"]["stakes"]["currency"] == "EUR"


def test_a_game_given_wrongly_in_a_circle_stores_nothing(circle, database):
    started = circle(members=["Ann"])
    before = stored(database)
    assert_problem(started.game(players=["Ann"]), 422)
    assert_problem(started.game(players=["Ann", "ann"]), 422)
    assert stored(database) == before


# ---------------------------------------------------------------- the ledger


def test_balances_stats_and_net_come_from_finished_games(circle):
    started = circle(members=["Ann", "Bob", "Cy"])
    started.played(["Ann", "Bob", "Cy"], "Ann", {"Bob": 5, "Cy": 8})
    body = started.get()
    # Ann scores 13; each other player pays her the difference.
    assert body["ledger"]["balances"] == {"Ann": 26, "Bob": -13, "Cy": -13}
    assert body["stats"]["Ann"] == {
        "games": 1,
        "wins": 1,
        "by_variant": {"rummy": {"games": 1, "wins": 1}},
        "net_cents": 26,
    }
    assert body["stats"]["Cy"]["net_cents"] == -13
    started.post("/expenses", {"paid_by": "Cy", "cents": 5, "shared_by": ["Bob"]})
    # Largest debtor pays largest creditor.
    assert started.get()["ledger"]["transfers"] == [
        {"from": "Bob", "to": "Ann", "cents": 18},
        {"from": "Cy", "to": "Ann", "cents": 8},
    ]


def test_an_unfinished_game_counts_for_nothing(circle):
    started = circle()
    game = started.game(players=["Ann", "Bob"], stakes=EXACT).get_json()
    started.client.post(
        f"/api/v1/games/{game['game']['id']}/deals",
        json={"out": "Ann", "hands": {"Bob": 9}},
        headers=bearer(game["edit_token"]),
    )
    body = started.get()
    assert body["ledger"]["balances"] == {"Ann": 0, "Bob": 0}
    assert body["stats"]["Ann"]["games"] == 0


def test_an_expenses_odd_cents_are_owed_one_each_by_the_first_in_member_order(circle):
    started = circle(members=["Zoë", "Bob", "Cy", "Dee", "Eve"])
    # shared_by in another order than the members joined: member order decides.
    response = started.post(
        "/expenses", {"paid_by": "Eve", "cents": 103, "shared_by": ["Dee", "Cy", "bob", "ZOË"]}
    )
    assert response.status_code == 201
    body = started.get()
    assert body["ledger"]["balances"] == {"Zoë": -26, "Bob": -26, "Cy": -26, "Dee": -25, "Eve": 103}
    assert body["expenses"][0]["shared_by"] == ["Zoë", "Bob", "Cy", "Dee"]


def test_an_expense_splits_with_the_odd_cent_owed_by_the_first_in_member_order(circle):
    started = circle(members=["Ann", "Bob", "Cy"])
    response = started.post(
        "/expenses", {"paid_by": "bob", "cents": 100, "shared_by": ["Cy", "Bob", "ANN"]}
    )
    assert response.status_code == 201
    body = started.get()
    assert body["ledger"]["balances"] == {"Ann": -34, "Bob": 67, "Cy": -33}
    (expense,) = body["expenses"]
    assert expense["number"] == 1
    assert expense["paid_by"] == "Bob"
    assert expense["shared_by"] == ["Ann", "Bob", "Cy"]
    assert expense["note"] is None
    assert set(expense) == {"number", "paid_by", "cents", "shared_by", "note", "at"}
    # net_cents is the table's part alone.
    assert body["stats"]["Ann"]["net_cents"] == 0


def test_a_payment_moves_money_from_the_payer_to_the_payee(circle):
    started = circle(members=["Ann", "Bob"])
    started.played(["Ann", "Bob"], "Ann", {"Bob": 40})
    response = started.post("/payments", {"from": "Bob", "to": "ann", "cents": 25, "note": "cash"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["ledger"]["balances"] == {"Ann": 15, "Bob": -15}
    assert body["payments"][0] == {
        "number": 1,
        "from": "Bob",
        "to": "Ann",
        "cents": 25,
        "note": "cash",
        "at": body["payments"][0]["at"],
    }
    assert body["stats"]["Bob"]["net_cents"] == -40


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/payments", {"from": "Ann", "to": "Ann", "cents": 5}, "to"),
        ("/payments", {"from": "Zed", "to": "Ann", "cents": 5}, "from"),
        ("/payments", {"from": "Bob", "to": "Ann", "cents": 0}, "cents"),
        ("/payments", {"from": "Bob", "to": "Ann", "cents": 1.5}, "cents"),
        ("/payments", {"from": "Bob", "to": "Ann", "cents": True}, "cents"),
        ("/payments", {"from": "Bob", "to": "Ann", "cents": 5, "extra": 1}, "extra"),
        ("/expenses", {"paid_by": "Ann", "cents": 5, "shared_by": []}, "shared_by"),
        ("/expenses", {"paid_by": "Ann", "cents": 5, "shared_by": ["Zed"]}, "shared_by.0"),
        ("/expenses", {"paid_by": "Ann", "cents": 5, "shared_by": ["Ann", "ann"]}, "shared_by.1"),
        ("/expenses", {"paid_by": "Zed", "cents": 5, "shared_by": ["Ann"]}, "paid_by"),
        ("/expenses", {"paid_by": "Ann", "cents": -5, "shared_by": ["Ann"]}, "cents"),
        ("/expenses", {"paid_by": "Ann", "cents": 5, "shared_by": ["Ann"], "note": 3}, "note"),
    ],
)
def test_a_record_given_wrongly_is_refused_and_nothing_is_stored(
    circle, database, path, body, field
):
    started = circle(members=["Ann", "Bob"])
    before = stored(database)
    problem = assert_problem(started.post(path, body), 422)
    assert field in problem["errors"]
    assert stored(database) == before


def test_records_need_the_circles_token(circle, database):
    started = circle(members=["Ann", "Bob"])
    payment = {"from": "Bob", "to": "Ann", "cents": 5}
    before = stored(database)
    assert_problem(started.post("/payments", payment, token=None), 401)
    assert_problem(started.post("/payments", payment, token="nope"), 403)
    assert_problem(
        started.post("/expenses", {"paid_by": "Ann", "cents": 5, "shared_by": ["Bob"]}, None), 401
    )
    assert stored(database) == before


def test_removing_a_record_corrects_the_ledger_and_can_be_undone(circle, client):
    started = circle(members=["Ann", "Bob"])
    started.post("/payments", {"from": "Bob", "to": "Ann", "cents": 5})
    started.post("/expenses", {"paid_by": "Ann", "cents": 10, "shared_by": ["Bob"]})
    removed = client.delete(f"{started.url}/payments/1", headers=bearer(started.token))
    assert removed.status_code == 200
    assert removed.get_json()["payments"] == []
    assert removed.get_json()["ledger"]["balances"] == {"Ann": 10, "Bob": -10}
    assert_problem(client.delete(f"{started.url}/payments/1", headers=bearer(started.token)), 404)
    assert_problem(client.delete(f"{started.url}/payments/9", headers=bearer(started.token)), 404)
    assert_problem(client.delete(f"{started.url}/payments/x", headers=bearer(started.token)), 404)
    assert_problem(client.delete(f"{started.url}/expenses/1"), 401)
    # A new payment is number 2: numbers are never reused.
    again = started.post("/payments", {"from": "Bob", "to": "Ann", "cents": 3}).get_json()
    assert [payment["number"] for payment in again["payments"]] == [2]
    restored = started.post("/payments/1/restore", None)
    assert restored.status_code == 200
    assert [payment["number"] for payment in restored.get_json()["payments"]] == [1, 2]
    removed = client.delete(f"{started.url}/expenses/1", headers=bearer(started.token))
    assert removed.get_json()["ledger"]["balances"] == {"Ann": -8, "Bob": 8}


def test_a_removal_honours_if_match(circle, client):
    started = circle(members=["Ann", "Bob"])
    seen = started.post("/payments", {"from": "Bob", "to": "Ann", "cents": 5})
    etag = seen.headers["ETag"]
    started.post("/payments", {"from": "Bob", "to": "Ann", "cents": 6})
    stale = client.delete(
        f"{started.url}/payments/1", headers={**bearer(started.token), "If-Match": etag}
    )
    problem = assert_problem(stale, 409)
    assert len(problem["circle"]["payments"]) == 2
    fresh = client.get(started.url).headers["ETag"]
    ok = client.delete(
        f"{started.url}/payments/1", headers={**bearer(started.token), "If-Match": fresh}
    )
    assert ok.status_code == 200


def test_a_restore_is_the_undo_of_a_removal_and_takes_no_if_match(circle, client):
    """One view serves removing and restoring either kind of record: a restore (of an
    expense here) needs no ETag, and still the circle's token."""
    started = circle(members=["Ann", "Bob"])
    stale = started.post("/expenses", {"paid_by": "Ann", "cents": 10, "shared_by": ["Bob"]})
    client.delete(f"{started.url}/expenses/1", headers=bearer(started.token))
    restored = client.post(
        f"{started.url}/expenses/1/restore",
        headers={**bearer(started.token), "If-Match": stale.headers["ETag"]},
    )
    assert restored.status_code == 200
    assert restored.get_json()["ledger"]["balances"] == {"Ann": 10, "Bob": -10}
    assert_problem(client.post(f"{started.url}/expenses/1/restore"), 401)


def test_the_version_grows_with_every_change_to_the_circle_or_its_games(circle, client):
    started = circle(members=["Ann", "Bob"])
    versions = [started.get()["version"]]
    game = started.game(players=["Ann", "Bob"], stakes=EXACT).get_json()
    versions.append(started.get()["version"])
    client.post(
        f"/api/v1/games/{game['game']['id']}/deals",
        json={"out": "Ann", "hands": {"Bob": 9}},
        headers=bearer(game["edit_token"]),
    )
    versions.append(started.get()["version"])
    started.post("/payments", {"from": "Bob", "to": "Ann", "cents": 5})
    versions.append(started.get()["version"])
    assert versions == sorted(set(versions))


def test_a_corrected_game_changes_the_ledger_at_once(circle, client):
    started = circle(members=["Ann", "Bob"])
    game = started.played(["Ann", "Bob"], "Ann", {"Bob": 10})
    assert started.get()["ledger"]["balances"] == {"Ann": 10, "Bob": -10}
    corrected = client.put(
        f"/api/v1/games/{game['game']['id']}/deals/1",
        json={"out": "Bob", "hands": {"Ann": 4}},
        headers=bearer(game["edit_token"]),
    )
    assert corrected.status_code == 200
    body = started.get()
    assert body["ledger"]["balances"] == {"Ann": -4, "Bob": 4}
    assert body["games"][0]["winners"] == ["Bob"]
    assert body["stats"]["Bob"]["wins"] == 1


def test_a_game_ended_early_counts_and_reopened_stops_counting(circle, client):
    started = circle(members=["Ann", "Bob"])
    game = started.game(players=["Ann", "Bob"], stakes=EXACT).get_json()
    url = f"/api/v1/games/{game['game']['id']}"
    auth = bearer(game["edit_token"])
    client.post(f"{url}/deals", json={"out": "Ann", "hands": {"Bob": 12}}, headers=auth)
    assert started.get()["ledger"]["balances"] == {"Ann": 0, "Bob": 0}
    assert client.post(f"{url}/end", json={}, headers=auth).status_code == 200
    body = started.get()
    assert body["ledger"]["balances"] == {"Ann": 12, "Bob": -12}
    assert body["games"][0]["finished"] is True
    assert body["stats"]["Ann"]["games"] == 1
    assert client.delete(f"{url}/end", headers=auth).status_code == 200
    body = started.get()
    assert body["ledger"]["balances"] == {"Ann": 0, "Bob": 0}
    assert body["stats"]["Ann"]["games"] == 0


def test_a_partnership_sides_balance_is_split_between_its_seats(circle, client):
    started = circle(members=["Bob"])
    response = started.game(
        variant="canasta",
        players=["NS", "EW"],
        seats=["Ann", "bob", "Cy", "Dee"],
        stakes={"cents_per_point": 1, "round_to": 5, "mode": "pairs"},
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    url = f"/api/v1/games/{game['game']['id']}"
    auth = bearer(game["edit_token"])
    deal = {
        "out": "NS",
        "melded": {"NS": 385, "EW": 0},
        "hand": {"NS": 30, "EW": 120},
        "natural": {"NS": 1},
        "mixed": {"NS": 2},
        "red_threes": {"NS": 1, "EW": 1},
    }
    assert client.post(f"{url}/deals", json=deal, headers=auth).status_code == 201
    client.post(f"{url}/end", json={}, headers=auth)
    body = started.get()
    assert body["members"] == ["Bob", "Ann", "Cy", "Dee"]
    # NS (Ann, Cy) win 1875: the odd cent to Ann, first in seat order; EW likewise.
    assert body["ledger"]["balances"] == {"Bob": -938, "Ann": 938, "Cy": 937, "Dee": -937}
    assert body["games"][0]["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert body["games"][0]["winners"] == ["Ann", "Cy"]
    assert body["stats"]["Cy"]["wins"] == 1
    assert body["stats"]["Dee"]["by_variant"] == {"canasta": {"games": 1, "wins": 0}}


def test_settle_through_one_member(circle, client):
    started = circle(members=["Ann", "Bob", "Cy"])
    started.played(["Ann", "Bob", "Cy"], "Ann", {"Bob": 5, "Cy": 8})
    body = started.get("?settle=host&host=bob")
    assert body["ledger"]["transfers"] == [
        {"from": "Bob", "to": "Ann", "cents": 26},
        {"from": "Cy", "to": "Bob", "cents": 13},
    ]
    assert (
        "host" in assert_problem(client.get(f"{started.url}?settle=host&host=Zed"), 422)["errors"]
    )
    assert "settle" in assert_problem(client.get(f"{started.url}?settle=maybe"), 422)["errors"]


def test_an_existing_game_joins_a_circle_with_both_tokens(circle, client, start):
    started = circle(members=["Ann"])
    game = start(players=["Ann", "Bob"], stakes=EXACT, options={"deals": 1})
    game.record({"out": "Ann", "hands": {"Bob": 3}})
    refused = started.post("/games", {"game": game.id, "edit_token": "wrong"})
    assert "edit_token" in assert_problem(refused, 422)["errors"]
    joined = started.post("/games", {"game": game.id, "edit_token": game.token})
    assert joined.status_code == 201
    assert joined.get_json()["ledger"]["balances"] == {"Ann": 3, "Bob": -3}
    again = started.post("/games", {"game": game.id, "edit_token": game.token})
    assert "game" in assert_problem(again, 422)["errors"]


def test_a_renamed_member_keeps_their_games(circle, client):
    started = circle(members=["Ann", "Bob"])
    game = started.played(["Ann", "Bob"], "Ann", {"Bob": 3})
    renamed = client.patch(
        f"{started.url}/members",
        json={"name": "ann", "new_name": "Annie"},
        headers=bearer(started.token),
    )
    assert renamed.status_code == 200
    body = renamed.get_json()
    assert body["members"] == ["Annie", "Bob"]
    assert body["games"][0]["winners"] == ["Annie"]
    assert body["ledger"]["balances"] == {"Annie": 3, "Bob": -3}
    # The game keeps what was typed.
    assert client.get(f"/api/v1/games/{game['game']['id']}").get_json()["players"] == [
        "Ann",
        "Bob",
    ]


def test_ledger_csv_has_running_balances_and_is_formula_safe(circle):
    started = circle(members=["=HYPERLINK(1)", "Bob"])
    started.played(["=HYPERLINK(1)", "Bob"], "Bob", {"=HYPERLINK(1)": 6})
    started.post(
        "/expenses", {"paid_by": "Bob", "cents": 10, "shared_by": ["=hyperlink(1)", "Bob"]}
    )
    started.post("/payments", {"from": "=HYPERLINK(1)", "to": "Bob", "cents": 4, "note": "@sum"})
    response = started.client.get(f"{started.url}/ledger.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[0][-2:] == ["'=HYPERLINK(1)", "Bob"]
    assert [row[1] for row in rows[1:]] == ["game", "expense", "payment"]
    assert [row[-2:] for row in rows[1:]] == [
        ["-0.06", "0.06"],
        ["-0.11", "0.11"],
        ["-0.07", "0.07"],
    ]
    assert rows[3][9] == "'@sum"
    balances = started.get()["ledger"]["balances"]
    assert list(balances.values()) == [round(float(cell) * 100) for cell in rows[-1][-2:]]


def test_a_seated_burraco_game_splits_each_sides_balance_between_its_partners(circle, client):
    started = circle(members=["Ann"])
    response = started.game(
        variant="burraco", players=["NS", "EW"], seats=["Ann", "Bob", "Cy", "Dee"], stakes=EXACT
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    url = f"/api/v1/games/{game['game']['id']}"
    auth = bearer(game["edit_token"])
    deal = {
        "out": "NS",
        "melded": {"NS": 560, "EW": 245},
        "hand": {"NS": 15, "EW": 85},
        "clean": {"NS": 1},
        "dirty": {"NS": 1, "EW": 1},
        "pozzetto": {"NS": True, "EW": False},
    }
    assert client.post(f"{url}/deals", json=deal, headers=auth).status_code == 201
    assert client.post(f"{url}/end", json={}, headers=auth).status_code == 200
    body = started.get()
    balances = body["ledger"]["balances"]
    # NS (Ann, Cy) 945 against EW (Bob, Dee) 160: 785 cents, split between partners.
    assert balances["Ann"] + balances["Cy"] == 785 == -(balances["Bob"] + balances["Dee"])
    assert abs(balances["Ann"] - balances["Cy"]) <= 1
    assert body["games"][0]["winners"] == ["Ann", "Cy"]
    assert body["stats"]["Bob"]["by_variant"] == {"burraco": {"games": 1, "wins": 0}}


def test_a_golf_game_in_a_circle_pays_the_lowest_score(circle, client):
    started = circle(members=["Ann", "Bob", "Cy"])
    response = started.game(variant="golf", players=["Ann", "Bob", "Cy"], stakes=EXACT)
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    url = f"/api/v1/games/{game['game']['id']}"
    auth = bearer(game["edit_token"])
    hole = {"scores": {"Ann": 10, "Bob": 20, "Cy": -4}}
    assert client.post(f"{url}/deals", json=hole, headers=auth).status_code == 201
    assert client.post(f"{url}/end", json={}, headers=auth).status_code == 200
    body = started.get()
    # Lowest wins: each pair pays the difference of its two scores.
    assert body["ledger"]["balances"] == {"Ann": -4, "Bob": -34, "Cy": 38}
    assert body["games"][0]["winners"] == ["Cy"]
