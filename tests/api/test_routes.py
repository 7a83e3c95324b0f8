"""Every route of shared/API.md, answered as the contract says."""

from __future__ import annotations

from scorekeeper import scoring
from scorekeeper.models import Deal, DealRevision, Game
from scorekeeper.service_layer.tokens import hash_token
from tests.api.conftest import PLAYERS, ann_goes_out, assert_problem, bearer, count

# The members every game state has (shared/API.md, "Game state").
SETUP_MEMBERS = {"id", "title", "variant", "preset", "options", "players", "first_dealer"}
PLAY_MEMBERS = {"higher_wins", "stakes", "version", "deals", "totals", "next_deal", "finished"}
STATE_MEMBERS = SETUP_MEMBERS | PLAY_MEMBERS | {"press_offer", "winners", "settlement"}


# ---------------------------------------------------------------- catalogue


def test_the_catalogue_lists_variants_and_presets_with_their_options_and_entry_fields(client):
    response = client.get("/api/v1/variants")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    catalogue = response.get_json()
    ids = [variant["id"] for variant in catalogue["variants"]]
    assert ids == list(scoring.VARIANTS)
    gin = next(variant for variant in catalogue["variants"] if variant["id"] == "gin")
    knock_limit = next(option for option in gin["options"] if option["name"] == "knock_limit")
    assert {"name", "type", "default", "choices"} <= knock_limit.keys()
    assert knock_limit["default"] == 10
    assert {field["name"] for field in gin["entry_fields"]} >= {"knocker", "hands", "big_gin"}
    presets = {preset["name"]: preset for preset in catalogue["presets"]}
    assert presets["Block Rummy"]["variant"] == "rummy"
    assert presets["Block Rummy"]["options"] == {"stock_out": "block"}
    assert presets["Pool Rummy 201"]["options"] == {"format": "pool", "pool_limit": 201}
    assert {"Five Crowns", "Phase 10", "Canasta", "Hand and Foot", "Points Rummy"} <= set(presets)
    fields = {
        variant["id"]: {field["name"]: field for field in variant["entry_fields"]}
        for variant in catalogue["variants"]
    }
    assert fields["indian"]["drops"]["kind"] == "choice_per_player"
    assert fields["indian"]["drops"]["choices"] == ["first", "middle"]
    assert fields["indian"]["wrong_show"]["kind"] == "players"
    assert fields["phase10"]["completed"]["kind"] == "players"
    assert fields["canasta"]["natural"]["kind"] == "per_player"


# ---------------------------------------------------------------- starting


def test_a_game_started_by_variant_answers_its_state_the_edit_token_and_links(client, database):
    response = client.post(
        "/api/v1/games",
        json={
            "variant": "rummy",
            "players": PLAYERS,
            "first_dealer": "Bob",
            "title": "Friday",
            "stakes": {"cents_per_point": 2},
        },
    )
    assert response.status_code == 201
    body = response.get_json()
    game = body["game"]
    assert game.keys() >= STATE_MEMBERS
    assert game["title"] == "Friday"
    assert game["first_dealer"] == "Bob"
    assert game["version"] == 1
    assert game["options"]["target"] == 150  # every option resolved
    assert game["settlement"]["balances"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    token = body["edit_token"]
    assert body["links"] == {
        "view": f"http://localhost/games/{game['id']}",
        "edit": f"http://localhost/games/{game['id']}/edit/{token}",
        "sheet": f"http://localhost/api/v1/games/{game['id']}/sheet.pdf",
    }
    assert response.headers["Location"] == f"/api/v1/games/{game['id']}"
    assert response.headers["ETag"] == '"v1"'
    assert response.headers["Cache-Control"] == "no-store"
    assert count(database, Game) == 1


def test_a_game_started_from_a_preset_takes_its_variant_and_options(start):
    game = start(preset="Block Rummy").started["game"]
    assert game["variant"] == "rummy"
    assert game["preset"] == "Block Rummy"
    assert game["options"]["stock_out"] == "block"


def test_the_edit_token_is_stored_only_as_a_hash(start, database):
    game = start()
    with database.session_factory() as session:
        stored = session.query(Game).one()
    assert stored.edit_token_hash == hash_token(game.token)
    assert game.token not in stored.edit_token_hash
    assert len(game.id) >= 22  # 128 bits, URL-safe


def test_an_invalid_game_is_422_naming_each_field_and_stores_nothing(client, database):
    response = client.post(
        "/api/v1/games", json={"variant": "rummy", "players": ["Ann", "ann"], "title": 7}
    )
    problem = assert_problem(response, 422)
    assert "title" in problem["errors"]
    assert any(path.startswith("players") for path in problem["errors"])
    assert count(database, Game) == 0


def test_an_unknown_member_of_a_new_game_is_422(client, database):
    response = client.post(
        "/api/v1/games", json={"variant": "rummy", "players": PLAYERS, "colour": "red"}
    )
    assert assert_problem(response, 422)["errors"] == {"colour": "is not a field of a new game"}
    assert count(database, Game) == 0


def test_a_new_game_that_is_not_an_object_is_422(client):
    assert_problem(client.post("/api/v1/games", json=["Ann", "Bob"]), 422)


# ---------------------------------------------------------------- reading


def test_reading_a_game_answers_its_state_with_a_strong_etag(start):
    game = start(title="Friday")
    response = game.client.get(game.url)
    assert response.status_code == 200
    state = response.get_json()
    assert state == game.started["game"]
    assert response.headers["ETag"] == '"v1"'
    assert not response.headers["ETag"].startswith("W/")


def test_if_none_match_with_the_current_etag_answers_304_until_the_game_changes(start):
    game = start()
    etag = game.client.get(game.url).headers["ETag"]
    unchanged = game.client.get(game.url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304
    assert unchanged.headers["ETag"] == etag
    assert unchanged.get_data() == b""
    game.record(ann_goes_out())
    changed = game.client.get(game.url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert changed.headers["ETag"] == f'"v{changed.get_json()["version"]}"'


def test_an_unknown_game_is_404(client):
    assert_problem(client.get("/api/v1/games/AAAAAAAAAAAAAAAAAAAAAA"), 404)
    assert_problem(client.get("/api/v1/games/AAAAAAAAAAAAAAAAAAAAAA/sheet.pdf"), 404)
    # Not even shaped like an id (a NUL would upset PostgreSQL): still a plain 404.
    assert_problem(client.get("/api/v1/games/a%00b"), 404)


# ---------------------------------------------------------------- recording


def test_recording_a_deal_answers_201_with_the_new_state(start, database):
    game = start()
    response = game.record(ann_goes_out())
    assert response.status_code == 201
    state = response.get_json()
    assert state["version"] == 2
    assert state["deals"][0]["points"] == {"Ann": 12, "Bob": 0, "Cy": 0}
    assert state["deals"][0]["winner"] == "Ann"
    assert state["totals"] == {"Ann": 12, "Bob": 0, "Cy": 0}
    assert response.headers["ETag"] == '"v2"'
    assert response.headers["Location"] == f"{game.url}/deals/1"
    assert game.state() == state
    assert count(database, Deal) == 1


def test_the_number_an_entry_carries_is_not_stored(start):
    game = start()
    state = game.record(ann_goes_out(number=1)).get_json()
    assert state["deals"][0]["entry"] == {"out": "Ann", "hands": {"Bob": 5, "Cy": 7}}


def test_recording_a_deal_number_that_exists_is_409_with_the_state_and_stores_nothing(
    start, database
):
    game = start()
    game.record(ann_goes_out(number=1))
    problem = assert_problem(game.record(ann_goes_out(bob=9, number=1)), 409)
    assert problem["state"] == game.state()
    assert problem["state"]["deals"][0]["entry"]["hands"]["Bob"] == 5
    assert "number" in problem["errors"]
    assert count(database, Deal) == 1


def test_a_deal_after_the_game_is_over_is_409(start, database):
    game = start(options={"target": 20})
    game.record(ann_goes_out())
    assert game.record(ann_goes_out()).get_json()["finished"] is True
    problem = assert_problem(game.record(ann_goes_out()), 409)
    assert problem["state"]["finished"] is True
    assert count(database, Deal) == 2


def test_an_invalid_entry_is_422_naming_the_field_and_stores_nothing(start, database):
    game = start()
    problem = assert_problem(game.record({"out": "Ann", "hands": {"Bob": -1, "Cy": 7}}), 422)
    assert "hands.Bob" in problem["errors"]
    problem = assert_problem(game.record({"out": "Zed", "hands": {"Bob": 1, "Cy": 7}}), 422)
    assert "out" in problem["errors"]
    assert count(database, Deal) == 0
    assert game.state()["version"] == 1


# ---------------------------------------------------------------- idempotency


def test_a_replayed_idempotency_key_returns_the_identical_body_and_stores_nothing(start, database):
    game = start()
    first = game.record(ann_goes_out(), **{"Idempotency-Key": "deal-1-phone-a"})
    again = game.record(ann_goes_out(), **{"Idempotency-Key": "deal-1-phone-a"})
    assert first.status_code == again.status_code == 201
    assert again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert count(database, Deal) == 1
    assert game.state()["version"] == first.get_json()["version"]


def test_an_idempotency_key_reused_with_another_body_is_422_and_stores_nothing(start, database):
    game = start()
    game.record(ann_goes_out(), **{"Idempotency-Key": "k1"})
    problem = assert_problem(game.record(ann_goes_out(bob=6), **{"Idempotency-Key": "k1"}), 422)
    assert "Idempotency-Key" in problem["errors"]
    assert count(database, Deal) == 1


def test_a_malformed_idempotency_key_is_400(start, database):
    game = start()
    problem = assert_problem(game.record(ann_goes_out(), **{"Idempotency-Key": "x" * 201}), 400)
    assert "Idempotency-Key" in problem["errors"]
    assert count(database, Deal) == 0


# ---------------------------------------------------------------- correcting and deleting


def test_correcting_a_deal_rederives_every_deal_after_it(start, database):
    game = start(options={"target": 20})
    game.record(ann_goes_out())
    game.record(ann_goes_out())
    assert game.state()["finished"] is True
    response = game.client.put(
        f"{game.url}/deals/1",
        json={"out": "Bob", "hands": {"Ann": 1, "Cy": 1}},
        headers=bearer(game.token),
    )
    assert response.status_code == 200
    state = response.get_json()
    assert state["deals"][0]["winner"] == "Bob"
    assert state["totals"] == {"Ann": 12, "Bob": 2, "Cy": 0}
    assert state["finished"] is False  # deal 2 alone no longer reaches 20
    assert response.headers["ETag"] == f'"v{state["version"]}"'
    assert game.state() == state
    assert count(database, DealRevision) == 1


def test_a_correction_with_the_current_if_match_is_accepted(start):
    game = start()
    etag = game.record(ann_goes_out()).headers["ETag"]
    response = game.client.put(
        f"{game.url}/deals/1",
        json=ann_goes_out(bob=1),
        headers={**bearer(game.token), "If-Match": etag},
    )
    assert response.status_code == 200


def test_a_correction_with_a_stale_if_match_is_409_and_changes_nothing(start, database):
    game = start()
    stale = game.record(ann_goes_out()).headers["ETag"]
    game.record(ann_goes_out())
    response = game.client.put(
        f"{game.url}/deals/1",
        json=ann_goes_out(bob=1),
        headers={**bearer(game.token), "If-Match": stale},
    )
    problem = assert_problem(response, 409)
    assert "If-Match" in problem["errors"]
    assert problem["state"] == game.state()
    assert response.headers["ETag"] == f'"v{problem["state"]["version"]}"'
    assert game.state()["deals"][0]["entry"]["hands"]["Bob"] == 5
    assert count(database, DealRevision) == 0


def test_correcting_a_deal_that_does_not_exist_is_404(start):
    game = start()
    game.record(ann_goes_out())
    for path in ("/deals/2", "/deals/0", "/deals/x", "/deals/99999999999999999999"):
        assert_problem(
            game.client.put(game.url + path, json=ann_goes_out(), headers=bearer(game.token)), 404
        )


def test_deleting_a_deal_that_cannot_be_one_is_404(start):
    game = start()
    game.record(ann_goes_out())
    for path in ("/deals/0", "/deals/x", "/deals/99999999999999999999"):
        assert_problem(game.client.delete(game.url + path, headers=bearer(game.token)), 404)


def test_a_second_phone_undoing_the_same_deal_gets_409_with_the_state(start, database):
    game = start()
    game.record(ann_goes_out())
    game.record(ann_goes_out())
    first = game.client.delete(f"{game.url}/deals/2", headers=bearer(game.token))
    assert first.status_code == 200
    problem = assert_problem(
        game.client.delete(f"{game.url}/deals/2", headers=bearer(game.token)), 409
    )
    assert problem["detail"] == "There is no deal 2: the last deal is deal 1."
    assert problem["errors"] == {"number": "deal 2 is not the last deal"}
    assert len(problem["state"]["deals"]) == 1
    assert count(database, Deal) == 1


def test_deleting_the_last_deal_answers_the_state_without_it(start, database):
    game = start()
    game.record(ann_goes_out())
    game.record(ann_goes_out())
    response = game.client.delete(f"{game.url}/deals/2", headers=bearer(game.token))
    assert response.status_code == 200
    state = response.get_json()
    assert len(state["deals"]) == 1
    assert state["totals"]["Ann"] == 12
    assert response.headers["ETag"] == f'"v{state["version"]}"'
    assert count(database, Deal) == 1


def test_deleting_a_deal_that_is_not_the_last_is_409(start, database):
    game = start()
    game.record(ann_goes_out())
    game.record(ann_goes_out())
    problem = assert_problem(
        game.client.delete(f"{game.url}/deals/1", headers=bearer(game.token)), 409
    )
    assert len(problem["state"]["deals"]) == 2
    assert count(database, Deal) == 2


def test_deleting_with_a_stale_if_match_is_409(start, database):
    game = start()
    stale = game.record(ann_goes_out()).headers["ETag"]
    game.record(ann_goes_out())
    response = game.client.delete(
        f"{game.url}/deals/2", headers={**bearer(game.token), "If-Match": stale}
    )
    assert_problem(response, 409)
    assert count(database, Deal) == 2


# ---------------------------------------------------------------- tokens


def writes(game):
    """Each write route, as a function of the request headers."""
    return {
        "record": lambda headers: game.client.post(
            f"{game.url}/deals", json=ann_goes_out(), headers=headers
        ),
        "correct": lambda headers: game.client.put(
            f"{game.url}/deals/1", json=ann_goes_out(bob=1), headers=headers
        ),
        "delete": lambda headers: game.client.delete(f"{game.url}/deals/1", headers=headers),
        "rotate": lambda headers: game.client.post(f"{game.url}/token", headers=headers),
        "end": lambda headers: game.client.post(f"{game.url}/end", json={}, headers=headers),
        "reopen": lambda headers: game.client.delete(f"{game.url}/end", headers=headers),
    }


def test_every_write_without_a_token_is_401_with_a_bearer_challenge(start, database):
    game = start()
    game.record(ann_goes_out())
    for name, write in writes(game).items():
        for headers in ({}, {"Authorization": "Basic YTpi"}, {"Authorization": "Bearer "}):
            response = write(headers)
            assert_problem(response, 401)
            assert response.headers["WWW-Authenticate"].startswith("Bearer"), name
    assert game.state()["version"] == 2
    assert count(database, Deal) == 1


def test_every_write_with_a_wrong_token_is_403(start, database):
    game, other = start(), start()
    game.record(ann_goes_out())
    for write in writes(game).values():
        assert_problem(write(bearer(other.token)), 403)
    assert game.state()["version"] == 2
    assert count(database, Deal) == 1


def test_rotating_the_token_answers_a_new_one_and_the_old_one_stops_working(start):
    game = start()
    response = game.client.post(f"{game.url}/token", headers=bearer(game.token))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    new_token = body["edit_token"]
    assert new_token != game.token
    assert body["links"]["edit"].endswith(f"/games/{game.id}/edit/{new_token}")
    assert_problem(game.record(ann_goes_out()), 403)
    game.token = new_token
    assert game.record(ann_goes_out()).status_code == 201
