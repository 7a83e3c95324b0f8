"""The circle's pages: start one, play in it, settle up, add and undo records, print."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import CircleRecord
from tests.api.conftest import count
from tests.catalogs import translated


def circle_id_of(location: str) -> str:
    return re.search(r"/circles/([^/]+)", location).group(1)


@pytest.fixture
def circle(client):
    """A circle started from its page: this phone keeps its edit token."""
    started = client.post(
        "/circles/new", data={"name": "Trip", "members": "Ann\nBob\n\nCy", "currency": "EUR"}
    )
    assert started.status_code == 303
    kept = client.get(started.headers["Location"])
    assert kept.status_code == 303
    return circle_id_of(kept.headers["Location"])


def api_circle(client, circle_id: str) -> dict:
    return client.get(f"/api/v1/circles/{circle_id}").get_json()


def test_a_circle_is_started_from_its_page_and_kept_by_the_phone(client, circle):
    page = client.get(f"/circles/{circle}").get_data(as_text=True)
    assert "<h1>Trip</h1>" in page
    for control in ("New game", "Add an expense", "Settle up", "Share", "New member"):
        assert control in page
    assert api_circle(client, circle)["members"] == ["Ann", "Bob", "Cy"]
    assert client.get("/").get_data(as_text=True).count("/circles/new") == 1


def test_a_circle_given_wrongly_is_shown_again_with_its_messages(client):
    response = client.post("/circles/new", data={"name": " ", "members": "Ann\nann"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "must be text of 1 to 80 characters" in page
    assert "ann is already a member" in page


def test_the_view_link_reads_and_cannot_write(app, client, circle):
    other = app.test_client()
    page = other.get(f"/circles/{circle}").get_data(as_text=True)
    assert "Trip" in page
    assert "Add an expense" not in page
    assert "New game" not in page
    expense = {"paid_by": "Ann", "amount": "5", "shared_by": ["Bob"]}
    assert other.post(f"/circles/{circle}/expenses", data=expense).status_code == 403
    assert api_circle(client, circle)["expenses"] == []


def test_a_game_started_in_the_circle_links_back_and_play_again_stays(client, circle):
    started = client.post(
        f"/circles/{circle}/games/new",
        data={
            "players-0": "Ann",
            "players-1": "Bob",
            "players-2": "Dee",
            "game": "variant:rummy",
            "shown": "variant:rummy",
            "stakes_on": "y",
            "cents_per_point": "2",
            "round_to": "1",
            "mode": "pairs",
            "currency": "EUR",
        },
    )
    assert started.status_code == 303
    game_page = client.get(client.get(started.headers["Location"]).headers["Location"])
    assert "Played in the circle" in game_page.get_data(as_text=True)
    assert f'href="/circles/{circle}"' in game_page.get_data(as_text=True)
    body = api_circle(client, circle)
    assert body["members"] == ["Ann", "Bob", "Cy", "Dee"]
    game_id = body["games"][0]["id"]
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert game["stakes"]["cents_per_point"] == 2
    assert game["stakes"]["currency"] == "EUR"
    client.post(f"/games/{game_id}/end", data={})
    again = client.post(f"/games/{game_id}/again")
    assert again.status_code == 303
    assert len(api_circle(client, circle)["games"]) == 2


def test_an_expense_a_payment_and_their_undo_from_the_page(client, circle, database):
    added = client.post(
        f"/circles/{circle}/expenses",
        data={"paid_by": "Ann", "amount": "12,50", "shared_by": ["Ann", "Bob", "Cy"]},
    )
    assert added.status_code == 303
    assert api_circle(client, circle)["ledger"]["balances"] == {"Ann": 833, "Bob": -417, "Cy": -416}
    # Settle up through Bob, and mark each transfer as paid.
    page = client.get(f"/circles/{circle}?host=Bob").get_data(as_text=True)
    assert "Mark as paid" in page
    through_bob = client.get(f"/api/v1/circles/{circle}?settle=host&host=Bob").get_json()
    for transfer in through_bob["ledger"]["transfers"]:
        paid = client.post(
            f"/circles/{circle}/payments",
            data={"from": transfer["from"], "to": transfer["to"], "cents": transfer["cents"]},
        )
        assert paid.status_code == 303
    assert set(api_circle(client, circle)["ledger"]["balances"].values()) == {0}
    assert "Everyone is square." in client.get(f"/circles/{circle}").get_data(as_text=True)
    client.post(f"/circles/{circle}/payment/1/undo")
    assert [p["number"] for p in api_circle(client, circle)["payments"]] == [2]
    client.post(f"/circles/{circle}/payment/1/redo")
    assert [p["number"] for p in api_circle(client, circle)["payments"]] == [1, 2]
    before = count(database, CircleRecord)
    refused = client.post(
        f"/circles/{circle}/expenses", data={"paid_by": "Ann", "amount": "1.005", "shared_by": []}
    )
    # The page again, the form as typed and the reasons beside the fields.
    assert refused.status_code == 422
    assert count(database, CircleRecord) == before
    page = refused.get_data(as_text=True)
    assert "cannot be recorded" in page
    assert 'id="amount-msg"' in page and 'id="shared_by-msg"' in page
    assert 'value="1.005"' in page


def test_an_existing_game_joins_from_its_menu(client, circle):
    started = client.post(
        "/games/new",
        data={"game": "variant:rummy", "players-0": "Ann", "players-1": "Eve"},
    )
    assert started.status_code == 303, started.get_data(as_text=True)
    game_page = client.get(client.get(started.headers["Location"]).headers["Location"])
    assert "Add to the circle Trip" in game_page.get_data(as_text=True)
    game_id = re.search(r"/games/([^/]+)", game_page.request.path).group(1)
    joined = client.post(f"/circles/{circle}/games/add", data={"game": game_id})
    assert joined.status_code == 303
    assert api_circle(client, circle)["members"] == ["Ann", "Bob", "Cy", "Eve"]


def test_the_statement_prints(client, circle):
    client.post(
        f"/circles/{circle}/expenses",
        data={"paid_by": "Ann", "amount": "3", "shared_by": ["Bob"], "note": "Pizza"},
    )
    response = client.get(f"/circles/{circle}/statement.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")


@pytest.mark.parametrize("language", ["fr", "es", "pl", "de", "hi"])
def test_the_circle_page_and_statement_speak_every_language(client, circle, language):
    client.post(
        f"/circles/{circle}/expenses",
        data={"paid_by": "Ann", "amount": "3", "shared_by": ["Bob"]},
    )
    client.get(f"/language/{language}")
    page = client.get(f"/circles/{circle}").get_data(as_text=True)
    for words in ("Settle up", "Add an expense", "Mark as paid", "Expenses and payments"):
        assert translated(language, words) in page
    assert "Settle up" not in page
    assert client.get(f"/circles/{circle}/statement.pdf").status_code == 200


def test_the_chart_draws_each_members_net_money_after_each_game(client, circle, uow):
    from scorekeeper.service_layer import circles, services

    assert 'class="chart"' not in client.get(f"/circles/{circle}").get_data(as_text=True)
    token = client.get(f"/circles/{circle}/share").get_data(as_text=True).split("/edit/")[1]
    token = token.split('"')[0].split("<")[0]
    for out, loser in (("Ann", "Bob"), ("Bob", "Ann"), ("Ann", "Bob")):
        body = {"variant": "rummy", "players": [out, loser], "options": {"deals": 1}, "stakes": {}}
        game = circles.start_game(uow, circle, token, body)
        entry = {"out": out, "hands": {loser: 10}}
        services.record_deal(uow, game.game.public_id, game.edit_token, entry)
    page = client.get(f"/circles/{circle}").get_data(as_text=True)
    assert page.count("<polyline") == 2  # Ann and Bob played; Cy did not
    assert "Net money at the table after each game, from -€0.10 to €0.10" in page


def test_a_record_sent_again_with_its_key_is_stored_once(client, circle, database):
    expense = {"paid_by": "Ann", "amount": "4", "shared_by": ["Bob"], "key": "k" * 36}
    payment = {"from": "Bob", "to": "Ann", "cents": "100", "key": "p" * 36}
    for _ in range(2):
        assert client.post(f"/circles/{circle}/expenses", data=expense).status_code == 303
        assert client.post(f"/circles/{circle}/payments", data=payment).status_code == 303
    assert count(database, CircleRecord) == 2
    body = api_circle(client, circle)
    assert body["ledger"]["balances"] == {"Ann": 300, "Bob": -300, "Cy": 0}


def test_the_people_of_a_finished_game_start_a_circle_from_it(app, client, uow):
    from scorekeeper.service_layer import services

    game = services.start_game(
        uow,
        variant="canasta",
        players=["NS", "EW"],
        seats=["Ann", "Bob", "Cy", "Dee"],
        stakes={"currency": "EUR"},
        title="Table 3",
    )
    game_id = game.game.public_id
    reader = app.test_client()  # any phone that can see the game, a league table's too
    assert "start a circle" not in reader.get(f"/games/{game_id}").get_data(as_text=True)
    assert reader.post(f"/circles/from-game/{game_id}").status_code == 409
    services.end_game(uow, game_id, game.edit_token)
    assert "start a circle" in reader.get(f"/games/{game_id}").get_data(as_text=True)
    started = reader.post(f"/circles/from-game/{game_id}")
    assert started.status_code == 303
    kept = reader.get(started.headers["Location"])
    circle_id = circle_id_of(kept.headers["Location"])
    body = api_circle(reader, circle_id)
    assert (body["name"], body["members"], body["currency"]) == (
        "Table 3",
        ["Ann", "Bob", "Cy", "Dee"],
        "EUR",
    )
    assert body["games"] == []  # the game stays where it was played
    assert reader.post("/circles/from-game/nope").status_code == 404


def test_a_member_is_renamed_from_the_page(client, circle):
    renamed = client.post(
        f"/circles/{circle}/members/rename", data={"name": "bob", "new_name": "Robert"}
    )
    assert renamed.status_code == 303
    assert api_circle(client, circle)["members"] == ["Ann", "Robert", "Cy"]
    client.post(f"/circles/{circle}/members/rename", data={"name": "Ann", "new_name": "cy"})
    assert api_circle(client, circle)["members"] == ["Ann", "Robert", "Cy"]
    assert "cy is already a member" in client.get(f"/circles/{circle}").get_data(as_text=True)


def test_the_expense_form_says_the_cents_rule_and_the_page_follows_it(client, circle):
    page = client.get(f"/circles/{circle}").get_data(as_text=True)
    assert "owed one each by the first of them in the order they joined" in page
    client.post(
        f"/circles/{circle}/expenses",
        data={"paid_by": "Cy", "amount": "1.03", "shared_by": ["Cy", "Bob", "Ann"]},
    )
    assert api_circle(client, circle)["ledger"]["balances"] == {"Ann": -35, "Bob": -34, "Cy": 69}


def test_what_the_page_shows_is_worked_out_once_per_circle_version(app, client, circle):
    from scorekeeper.web.circles import pages

    pages._PRESENTED.clear()
    client.get(f"/circles/{circle}")
    client.get(f"/circles/{circle}")
    assert len(pages._PRESENTED) == 1
    client.get(f"/circles/{circle}", headers={"Accept-Language": "fr"})
    client.post(
        f"/circles/{circle}/expenses",
        data={"paid_by": "Ann", "amount": "3", "shared_by": ["Bob"]},
    )
    page = client.get(f"/circles/{circle}").get_data(as_text=True)
    assert len(pages._PRESENTED) == 3  # another language, then the circle changed
    assert "Ann" in page and "3.00" in page
