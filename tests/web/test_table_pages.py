"""The table pages through Flask's test client: forms, errors, replays, read-only links."""

from __future__ import annotations

import hashlib
import json
import re
import struct
from pathlib import Path

import pytest
from sqlalchemy import func, select

from scorekeeper import scoring
from scorekeeper.models import Game
from scorekeeper.service_layer import services
from tests.web.support import (
    counter_cards,
    deal_data,
    entries,
    message_beside,
    start,
    text,
)

PLAYERS = ["Ann", "Bob", "Cy"]


def games_stored(database) -> int:
    with database.session_factory() as session:
        return session.scalar(select(func.count()).select_from(Game))


# ---------------------------------------------------------------- pages


def test_the_home_page_offers_a_new_game_and_a_blank_pad(client):
    page = text(client.get("/"))
    assert 'href="/games/new"' in page
    assert 'href="/pads/new"' in page
    assert 'id="recent"' in page


def test_the_new_game_page_also_offers_a_blank_pad(client):
    assert 'href="/pads/new"' in text(client.get("/games/new"))


def test_no_page_carries_inline_script_or_style(client):
    game_id = start(client, PLAYERS)
    for path in ["/", "/games/new", f"/games/{game_id}", f"/games/{game_id}/share"]:
        page = text(client.get(path))
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), path
        assert "<style" not in page and " style=" not in page, path


def test_static_files_are_linked_by_content_hash_and_kept_for_a_year(client, app):
    page = text(client.get("/"))
    links = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert {link.split("?")[0] for link in links} == {
        "/static/app.css",
        "/static/app.js",
        "/static/home.js",
        "/static/icons/icon.svg",
        "/static/icons/icon-180.png",
        "/static/manifest.webmanifest",
    }
    for link in links:
        path, version = link.split("?v=")
        content = (Path(app.static_folder) / path.removeprefix("/static/")).read_bytes()
        assert version == hashlib.sha256(content).hexdigest()[:12]
        response = client.get(link)
        assert response.status_code == 200
        assert "max-age=31536000" in response.headers["Cache-Control"]


def test_the_scripts_a_game_page_fetches_only_when_needed_are_named_by_content_hash(client, app):
    game_id = start(client, PLAYERS)
    page = text(client.get(f"/games/{game_id}"))
    later = dict(re.findall(r'data-(outbox|src|stale)="(/static/[^"]+)"', page))
    assert {name: link.split("?")[0] for name, link in later.items()} == {
        "outbox": "/static/outbox.js",
        "src": "/static/counter.js",
        "stale": "/static/stale.js",
    }
    for link in later.values():
        assert f'<script src="{link}"' not in page  # not linked: no weight on the page
        path, version = link.split("?v=")
        content = (Path(app.static_folder) / path.removeprefix("/static/")).read_bytes()
        assert version == hashlib.sha256(content).hexdigest()[:12]


def test_an_unknown_game_gets_the_not_found_page(client):
    response = client.get("/games/no-such-game")
    assert response.status_code == 404
    assert "Not found" in text(response)


# ---------------------------------------------------------------- a new game


def test_the_edit_link_keeps_the_token_in_the_session_and_leaves_the_url(client, uow):
    game_id = start(client, PLAYERS)
    page = text(client.get(f"/games/{game_id}"))
    assert 'id="deal-form"' in page
    assert "/edit/" not in page
    assert services.load_game(uow, game_id).setup.players == tuple(PLAYERS)


@pytest.mark.parametrize(
    ("fields", "field_id", "message"),
    [
        ({"players-0": "Ann", "players-1": "ann"}, "players-1", "names must differ"),
        ({"players-0": "Ann", "players-1": "B" * 41}, "players-1", "1 to 40"),
        ({"players-0": "Ann", "players-1": " "}, "players", "is for 2 to 8 players"),
        (
            {
                "game": "preset:5000 Rummy",
                "shown": "preset:5000 Rummy",
                "players-2": "Cy",
                "o_rummy5000_target": "5001",
            },
            "o_rummy5000_target",
            "multiple of 5",
        ),
        (
            {"stakes_on": "y", "currency": "dollars", "cents_per_point": "1"},
            "currency",
            "3-letter",
        ),
        ({"stakes_on": "y", "cents_per_point": "lots"}, "cents_per_point", "whole number"),
    ],
)
def test_a_bad_new_game_is_shown_again_with_the_message_beside_the_field(
    client, database, fields, field_id, message
):
    data = {"game": "preset:Crazy Gin (13 deals)", "act": "start"}
    data.update({"players-0": "Ann", "players-1": "Bob"})
    data.update(fields)
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    page = text(response)
    assert message in message_beside(page, field_id)
    for name, value in fields.items():
        if name.startswith("players-") or name in ("currency", "o_rummy5000_target"):
            assert f'value="{value}"' in page  # what was typed is kept
    assert games_stored(database) == 0


def test_the_house_rules_open_on_an_option_error(client):
    response = client.post(
        "/games/new",
        data={
            "game": "preset:2500 Rummy",
            "shown": "preset:2500 Rummy",
            "players-0": "Ann",
            "players-1": "Bob",
            "players-2": "Cy",
            "o_rummy5000_target": "abc",
        },
    )
    assert response.status_code == 422
    assert '<details class="rules" open>' in text(response)


def test_the_house_rules_typed_are_the_game_options(client, uow):
    game_id = start(
        client,
        PLAYERS,
        game="preset:Crazy Gin with the Press",
        shown="preset:Crazy Gin with the Press",
        o_thirteen_press="y",
        o_thirteen_press_gap="40",
        o_thirteen_wild_sequence="two_to_ace",
        first_dealer="2",
    )
    setup = services.load_game(uow, game_id).setup
    assert setup.options["press"] is True
    assert setup.options["press_gap"] == 40
    assert setup.options["wild_sequence"] == "two_to_ace"
    assert setup.options["joker_deal"] is False
    assert setup.first_dealer == "Cy"


def test_house_rules_filled_in_for_another_game_do_not_apply(client, uow):
    # Without JS, the game was changed but the rules shown were still gin's defaults.
    game_id = start(
        client,
        PLAYERS,
        game="preset:Crazy Gin with the Press",
        shown="preset:Gin Rummy",
    )
    assert services.load_game(uow, game_id).setup.options["press"] is True


def test_without_js_players_are_added_moved_and_removed_by_buttons(client, database):
    base = {"game": "preset:Rummy", "shown": "preset:Rummy", "players-0": "Ann", "players-1": "Bob"}
    page = text(client.post("/games/new", data={**base, "act": "add"}))
    assert 'name="players-2"' in page
    page = text(client.post("/games/new", data={**base, "act": "up:1"}))
    assert page.index('value="Bob"') < page.index('value="Ann"')
    page = text(client.post("/games/new", data={**base, "players-2": "Cy", "act": "remove:0"}))
    assert 'value="Ann"' not in page and 'value="Cy"' in page
    assert games_stored(database) == 0


def test_without_js_update_shows_the_chosen_games_rules(client):
    data = {"game": "preset:Crazy Gin with the Press", "shown": "preset:Gin Rummy", "act": "update"}
    page = text(client.post("/games/new", data=data))
    assert '<fieldset data-variant="thirteen">' in page
    assert re.search(r'<input [^>]*checked[^>]*name="o_thirteen_press"', page)


def test_the_new_game_page_carries_only_the_chosen_games_rules(client):
    page = text(client.get("/games/new"))
    assert page.count("<fieldset data-variant=") == 1
    assert '<fieldset data-variant="thirteen">' in page and "o_gin_" not in page


def test_the_rules_fragment_is_the_chosen_games_fieldset_with_its_preset_values(client):
    response = client.get(
        "/games/new/rules", query_string={"game": "preset:Crazy Gin with the Press"}
    )
    assert response.status_code == 200
    fragment = text(response)
    # The game's description rides along, for the page to show when it swaps the rules in.
    assert fragment.strip().startswith(
        '<fieldset data-variant="thirteen" data-desc="Crazy Gin where a player 50 behind puts '
        'the Press on: the next deal counts double.">'
    )
    assert fragment.count("<fieldset") == 1 and "<form" not in fragment
    assert re.search(r'<input [^>]*checked[^>]*name="o_thirteen_press"', fragment)
    page = text(
        client.post("/games/new", data={"game": "preset:Crazy Gin with the Press", "act": "update"})
    )
    # The same macro renders both; the page shows its game's description on its own.
    assert re.sub(r' data-desc="[^"]*"', "", fragment.strip()) in page


@pytest.mark.parametrize("game", ["", "preset:No Such Game", "variant:nope"])
def test_the_rules_fragment_of_an_unknown_game_is_not_found(client, game):
    assert client.get("/games/new/rules", query_string={"game": game}).status_code == 404


def test_a_preset_with_stakes_starts_with_them(client, uow):
    game_id = start(client, ["Ann", "Bob"], game="preset:Biddies")
    assert services.load_game(uow, game_id).setup.stakes["mode"] == "winner"


# ---------------------------------------------------------------- recording a deal


def test_a_deal_typed_in_is_stored_and_the_page_redirects(client, uow):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="12", hands_2="7")
    response = client.post(f"/games/{game_id}/deals", data=data)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}"
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 12, "Cy": 7}}]


@pytest.mark.parametrize(
    ("fields", "field_id", "message"),
    [
        ({"out": "0", "hands_1": "12"}, "hands_2", "Enter what Cy held"),
        ({"out": "0", "hands_1": "12", "hands_2": "999"}, "hands_2", "from 0 to 200"),
        ({"out": "0", "hands_1": "twelve", "hands_2": "3"}, "hands_1", "whole number"),
        ({"out": "0", "hands_0": "5", "hands_1": "1", "hands_2": "3"}, "hands_0", "went out"),
        ({"hands_1": "1", "hands_2": "3"}, "out", "Choose who went out"),
    ],
)
def test_a_bad_deal_is_refused_beside_its_field_with_the_values_kept(
    client, uow, fields, field_id, message
):
    game_id = start(client, PLAYERS)
    response = client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))
    # Back to the game page's own address: a reload there sends nothing again.
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}#problems"
    page = text(client.get(f"/games/{game_id}"))
    assert message in message_beside(page, field_id)
    first_link = re.search(r'id="problems".*?<a href="#([\w-]+)">', page, re.S).group(1)
    assert first_link == ("out-0" if field_id == "out" else field_id)
    assert "Deal 1 was not saved." in page
    for name, value in fields.items():
        if name.startswith("hands_"):
            assert f'name="{name}" pattern="[0-9]*" type="text" value="{value}"' in page
    assert entries(uow, game_id) == []


def test_a_replayed_form_stores_one_deal(client, uow):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="1", hands_0="4", hands_2="9")
    first = client.post(f"/games/{game_id}/deals", data=data)
    again = client.post(f"/games/{game_id}/deals", data=data)
    assert first.status_code == again.status_code == 303
    assert len(entries(uow, game_id)) == 1


def test_a_second_phones_stale_form_gets_already_recorded(client, app, uow):
    game_id = start(client, PLAYERS)
    other = app.test_client()
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["edit"] = dict(mine["edit"])
    stale = deal_data(other, game_id, out="2", hands_0="1", hands_1="2")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    response = other.post(f"/games/{game_id}/deals", data=stale)
    assert response.status_code == 303
    page = text(other.get(f"/games/{game_id}"))
    assert "Deal 1 has already been recorded" in page
    assert "Another phone recorded it first" in page
    assert 'name="number" type="hidden" value="2"' in page  # the form is for the next deal
    assert 'name="hands_0" pattern="[0-9]*" type="text" value="1"' in page  # typed, kept
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 5, "Cy": 6}}]


def test_the_same_key_with_other_values_stores_nothing_new(client, uow):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="1", hands_0="4", hands_2="9")
    client.post(f"/games/{game_id}/deals", data=data)
    response = client.post(f"/games/{game_id}/deals", data={**data, "number": "2", "hands_0": "5"})
    assert response.status_code == 303
    assert "nothing new was stored" in text(client.get(f"/games/{game_id}"))
    assert len(entries(uow, game_id)) == 1


def test_a_finished_game_shows_no_form_and_refuses_another_deal(client, uow):
    game_id = start(client, ["Ann", "Bob"], game="preset:Gin Rummy")
    data = deal_data(client, game_id, out="0", hands_0="0", hands_1="90")
    client.post(f"/games/{game_id}/deals", data=data)
    page = text(client.get(f"/games/{game_id}"))
    assert "Game over" in page and 'id="deal-form"' not in page
    response = client.post(f"/games/{game_id}/deals", data={**data, "number": "2", "key": "k" * 22})
    assert response.status_code == 303
    assert "over" in text(client.get(f"/games/{game_id}"))
    assert len(entries(uow, game_id)) == 1


@pytest.mark.parametrize(
    "junk",
    [
        {"number": "abc"},
        {"number": "99999999999999999999999"},
        {"key": "x" * 5000},
        {"out": "99"},
        {"out": "🂡", "hands_1": "\uff11\uff12", "hands_2": "-3"},
        {"hands_1": "9" * 400},
    ],
)
def test_junk_in_a_deal_form_never_gets_a_server_error(client, uow, junk):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="1", hands_2="2")
    response = client.post(f"/games/{game_id}/deals", data={**data, **junk})
    assert response.status_code < 500


@pytest.mark.parametrize(
    "junk",
    [
        {"game": "preset:Nope"},
        {"first_dealer": "99"},
        {"first_dealer": "3"},
        {"players-99999999": "Zed"},
        {"act": "up:x"},
        {"round_to": "7", "stakes_on": "y"},
        {"o_thirteen_wild_sequence": "sideways", "shown": "preset:Crazy Gin (13 deals)"},
    ],
)
def test_junk_in_the_new_game_form_never_gets_a_server_error(client, junk):
    data = {"game": "preset:Crazy Gin (13 deals)", "players-0": "Ann", "players-1": "Bob"}
    response = client.post("/games/new", data={**data, **junk})
    assert response.status_code < 500


# ---------------------------------------------------------------- read-only phones


def test_the_view_link_shows_the_game_without_a_form(client, app):
    game_id = start(client, PLAYERS)
    page = text(app.test_client().get(f"/games/{game_id}"))
    assert "view only" in page
    assert 'id="deal-form"' not in page


@pytest.mark.parametrize(
    "path", ["deals", "deals/1/edit", "deals/1/undo", "press"], ids=lambda p: p
)
def test_the_view_link_cannot_change_anything(client, app, uow, path):
    game_id = start(client, PLAYERS)
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    viewer = app.test_client()
    data = {"number": "1", "out": "1", "hands_0": "9", "hands_2": "9"}
    response = viewer.post(f"/games/{game_id}/{path}", data=data)
    assert response.status_code == 403
    assert "View only" in text(response)
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 5, "Cy": 6}}]


def test_a_wrong_edit_link_is_refused(client, app):
    game_id = start(client, PLAYERS)
    response = app.test_client().get(f"/games/{game_id}/edit/not-the-token")
    assert response.status_code == 403


def test_a_replaced_token_leaves_the_phone_read_only(client, uow):
    game_id = start(client, PLAYERS)
    with client.session_transaction() as session:
        token = session["edit"][game_id]
    services.rotate_edit_token(uow, game_id, token)
    assert 'id="deal-form"' not in text(client.get(f"/games/{game_id}"))
    with client.session_transaction() as session:
        assert game_id not in session["edit"]


# ---------------------------------------------------------------- fixing mistakes


def test_a_correction_is_prefilled_and_stored(client, uow):
    game_id = start(client, PLAYERS)
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    page = text(client.get(f"/games/{game_id}/deals/1/edit"))
    assert re.search(r'<input checked id="out-0"', page)
    assert 'value="6"' in page
    response = client.post(
        f"/games/{game_id}/deals/1/edit", data={"out": "0", "hands_1": "5", "hands_2": "16"}
    )
    assert response.status_code == 303
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 5, "Cy": 16}}]
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Corrected" in history and "Cy 6" in history


def test_a_correction_that_breaks_a_later_deal_is_refused_naming_it(client, uow):
    game_id = start(client, PLAYERS, game="preset:Crazy Gin with the Press")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="10", hands_2="45"),
    )
    # Deal 2 puts the Press on with press points that only work after deal 1 as it is.
    data = deal_data(client, game_id, out="0", hands_1="0", hands_2="0", press_points_2="15")
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    before = entries(uow, game_id)
    response = client.post(
        f"/games/{game_id}/deals/1/edit", data={"out": "0", "hands_1": "10", "hands_2": "5"}
    )
    assert response.status_code == 422
    assert "deal 2" in text(response)
    assert entries(uow, game_id) == before


def test_the_press_offer_is_taken_after_a_confirm_and_can_be_undone_at_once(client, uow):
    game_id = start(client, PLAYERS, game="preset:Crazy Gin with the Press")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="10", hands_2="45"),
    )
    page = text(client.get(f"/games/{game_id}"))
    assert "Cy may take 15 to put the Press on</summary>" in page
    assert "Yes, Cy takes 15" in page
    response = client.post(f"/games/{game_id}/press", data={"number": "1"})
    assert response.status_code == 303
    assert entries(uow, game_id)[0]["press_points"] == {"Cy": 15}
    page = text(client.get(f"/games/{game_id}"))
    assert "The Press is on" in page and "Cy took 15:" in page
    undo = {"number": "1", "player": "Cy", "points": "15"}
    assert client.post(f"/games/{game_id}/press/undo", data=undo).status_code == 303
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 10, "Cy": 45}}]
    assert "Cy did not take the Press after all" in text(client.get(f"/games/{game_id}"))
    # Sent again (a double tap), it finds no points to take off and changes nothing.
    client.post(f"/games/{game_id}/press/undo", data=undo)
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 10, "Cy": 45}}]


def test_a_forged_press_undo_of_no_points_changes_nothing(client, uow):
    game_id = start(client, PLAYERS, game="preset:Crazy Gin with the Press")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="10", hands_2="45"),
    )
    before = entries(uow, game_id)
    undo = {"number": "1", "player": "Cy", "points": "0"}
    assert client.post(f"/games/{game_id}/press/undo", data=undo).status_code == 303
    assert entries(uow, game_id) == before
    assert "the Press was left as it is" in text(client.get(f"/games/{game_id}"))


def test_a_saved_deal_is_confirmed_once_with_its_undo_beside_it(client, uow):
    game_id = start(client, PLAYERS)
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    page = text(client.get(f"/games/{game_id}"))
    assert "Deal 1 saved." in page
    assert re.search(r'action="/games/[\w-]+/deals/1/undo">.*Undo deal 1</button>', page)
    assert "Deal 1 saved." not in text(client.get(f"/games/{game_id}"))


def test_a_stale_press_offer_does_nothing(client, uow):
    game_id = start(client, PLAYERS, game="preset:Crazy Gin with the Press")
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="10", hands_2="45"),
    )
    client.post(f"/games/{game_id}/press", data={"number": "0"})
    assert "press_points" not in entries(uow, game_id)[0]


def test_before_the_first_deal_there_is_no_press_button_and_a_forged_one_does_nothing(client, uow):
    game_id = start(client, PLAYERS, game="preset:Crazy Gin with the Press")
    assert "to put the Press on</summary>" not in text(client.get(f"/games/{game_id}"))
    response = client.post(f"/games/{game_id}/press", data={"number": "0"})
    assert response.status_code == 303
    assert entries(uow, game_id) == []


def test_undo_asks_first_then_removes_the_last_deal(client, uow):
    game_id = start(client, PLAYERS)
    for hands in (("5", "6"), ("7", "8")):
        data = deal_data(client, game_id, out="0", hands_1=hands[0], hands_2=hands[1])
        client.post(f"/games/{game_id}/deals", data=data)
    page = text(client.get(f"/games/{game_id}/deals/2/undo"))
    assert "Undo deal 2?" in page
    assert "Only the last deal" in text(client.get(f"/games/{game_id}/deals/1/undo"))
    assert client.post(f"/games/{game_id}/deals/1/undo").status_code == 303
    assert len(entries(uow, game_id)) == 2
    assert client.post(f"/games/{game_id}/deals/2/undo").status_code == 303
    assert len(entries(uow, game_id)) == 1
    assert "Deleted" in text(client.get(f"/games/{game_id}/history"))


def test_a_second_phone_undoing_the_same_deal_is_told_it_is_gone(client, uow):
    game_id = start(client, PLAYERS)
    for hands in (("5", "6"), ("7", "8")):
        data = deal_data(client, game_id, out="0", hands_1=hands[0], hands_2=hands[1])
        client.post(f"/games/{game_id}/deals", data=data)
    assert client.post(f"/games/{game_id}/deals/2/undo").status_code == 303
    stale = client.post(f"/games/{game_id}/deals/2/undo", follow_redirects=True)
    assert stale.status_code == 200
    assert "There is no deal 2: the last deal is deal 1." in text(stale)
    assert len(entries(uow, game_id)) == 1


def test_a_deal_that_does_not_exist_cannot_be_edited(client):
    game_id = start(client, PLAYERS)
    assert client.get(f"/games/{game_id}/deals/1/edit").status_code == 404
    assert client.get(f"/games/{game_id}/deals/0/undo").status_code == 404


# ---------------------------------------------------------------- watching and sharing


def test_the_scoreboard_answers_304_until_the_game_changes(client):
    game_id = start(client, PLAYERS)
    first = client.get(f"/games/{game_id}/scoreboard")
    assert first.status_code == 200 and first.headers["ETag"] == 'W/"v1"'
    unchanged = client.get(f"/games/{game_id}/scoreboard", headers={"If-None-Match": '"v1"'})
    assert unchanged.status_code == 304 and unchanged.data == b""
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    changed = client.get(f"/games/{game_id}/scoreboard", headers={"If-None-Match": '"v1"'})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != '"v1"'
    assert "Deal 2 of 13" in text(changed)


def test_the_share_page_has_a_qr_code_per_link_and_no_style_attribute(client, app):
    game_id = start(client, PLAYERS)
    page = text(client.get(f"/games/{game_id}/share"))
    assert page.count('<svg viewBox="') == 2
    assert "/edit/" in page
    assert " style=" not in page
    viewer_page = text(app.test_client().get(f"/games/{game_id}/share"))
    assert viewer_page.count("<svg") == 1
    assert "/edit/" not in viewer_page


def test_the_table_view_shows_the_totals_in_big_type(client):
    game_id = start(client, PLAYERS)
    page = text(client.get(f"/games/{game_id}/table"))
    assert 'class="big"' in page and 'class="totals"' in page


def test_an_editors_page_speaks_the_readers_language_with_the_games_currency(client):
    game_id = start(
        client,
        PLAYERS,
        stakes_on="y",
        cents_per_point="1",
        round_to="5",
        mode="pairs",
        deal_winner_cents="0",
        currency="eur",
    )
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="10", hands_2="45"),
    )
    page = text(client.get(f"/games/{game_id}", headers={"Accept-Language": "de-DE"}))
    assert "+0,55\xa0€" in page
    assert "Cy zahlt Ann" in page


def test_every_viewer_sees_each_new_deal_in_the_games_language_and_its_money(client, app):
    """The view link speaks the table's language whoever opens it: words and money alike
    (a German table's link shows German words and euros written the German way)."""
    english_game = start(client, PLAYERS, stakes_on="y", cents_per_point="1", currency="eur")
    german_game = start(
        client, PLAYERS, stakes_on="y", cents_per_point="1", currency="eur", language="de"
    )
    viewer = app.test_client()
    assert "Cy pays Ann" not in text(viewer.get(f"/games/{english_game}"))
    for game_id in (english_game, german_game):
        client.post(
            f"/games/{game_id}/deals",
            data=deal_data(client, game_id, out="0", hands_1="10", hands_2="45"),
        )
    german_reader = text(viewer.get(f"/games/{english_game}", headers={"Accept-Language": "de"}))
    english_reader = text(
        app.test_client().get(f"/games/{german_game}", headers={"Accept-Language": "en-US"})
    )
    assert "Cy pays Ann" in german_reader and "€0.55" in german_reader
    assert "Cy zahlt Ann" in english_reader and "0,55\xa0€" in english_reader
    assert 'id="deal-form"' not in german_reader + english_reader


# ---------------------------------------------------------------- the card counter


def test_the_card_counter_values_are_the_scoring_cores(client, uow):
    game_id = start(
        client,
        PLAYERS,
        game="preset:5000 Rummy",
        shown="preset:5000 Rummy",
        o_rummy5000_queen_of_spades="45",
        o_rummy5000_target="5000",
        o_rummy5000_scoring="collect",
        o_rummy5000_ace_value="100",
        o_rummy5000_out_bonus="0",
    )
    cards = counter_cards(text(client.get(f"/games/{game_id}")))
    setup = services.load_game(uow, game_id).setup
    assert cards["Q♠"] == 45 == scoring.hand_value(setup, ["QS"])
    assert cards["Q"] == 10 == scoring.hand_value(setup, ["QH"])
    assert cards["Wild A"] == 200 == scoring.hand_value(setup, ["AS"], "A")
    assert cards["Wild"] == cards["Joker"] == 100


def test_the_card_counter_counts_this_deals_wild_rank(client):
    game_id = start(client, PLAYERS)  # deal 1's wild rank is the Ace
    cards = counter_cards(text(client.get(f"/games/{game_id}")))
    assert cards["A wild"] == 25
    assert cards["K"] == 10
    assert "Joker" not in cards
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="5", hands_2="6"),
    )
    cards = counter_cards(text(client.get(f"/games/{game_id}")))
    assert cards["A"] == 1 and cards["2 wild"] == 25


@pytest.mark.parametrize("preset", list(scoring.PRESETS))
def test_every_presets_game_page_renders_its_entry_form(client, uow, preset):
    variant = scoring.get_variant(scoring.get_preset(preset).variant)
    players = ["Ann", "Bob"] if variant.id == "gin" or variant.partnership else PLAYERS
    game_id = start(client, players, game=f"preset:{preset}")
    page = text(client.get(f"/games/{game_id}"))
    assert 'id="deal-form"' in page
    # A partnership's sides give their card points as melded and hand, Rummikub's racks;
    # Golf and the free pad a score that may be negative.
    names = ("hands", "hand", "racks", "scores")
    numbers = [f.name for f in variant.entry_fields if f.name in names]
    assert f'name="{numbers[0]}_0"' in page
    if scoring.get_preset(preset).options.get("knock_card"):
        assert 'name="upcard_rank"' in page and 'name="upcard_suit"' in page
    # An empty form is refused with messages, never a server error.
    response = client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id))
    assert response.status_code == 303
    assert 'id="problems"' in text(client.get(f"/games/{game_id}"))
    assert entries(uow, game_id) == []


def test_a_dealer_choice_game_takes_the_called_wild_rank(client, uow):
    game_id = start(
        client,
        PLAYERS,
        game="variant:thirteen",
        shown="variant:thirteen",
        o_thirteen_wild_sequence="dealer_choice",
        o_thirteen_hand_size="7",
        o_thirteen_wild_value="25",
        o_thirteen_ace_value="1",
        o_thirteen_face_values="ten",
        o_thirteen_joker_value="50",
        o_thirteen_out_bonus="0",
        o_thirteen_press_gap="50",
    )
    page = text(client.get(f"/games/{game_id}"))
    assert "the dealer calls it" in page
    data = deal_data(client, game_id, out="0", hands_1="5", hands_2="25", wild="Q")
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    assert entries(uow, game_id)[0]["wild"] == "Q"


def test_an_oklahoma_upcard_is_typed_as_rank_and_suit(client, uow):
    game_id = start(client, ["Ann", "Bob"], game="preset:Oklahoma Gin")
    data = deal_data(
        client, game_id, out="0", hands_0="2", hands_1="30", upcard_rank="7", upcard_suit="S"
    )
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    assert entries(uow, game_id)[0]["upcard"] == "7S"
    data = deal_data(
        client, game_id, out="0", hands_0="9", hands_1="30", upcard_rank="3", upcard_suit="H"
    )
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    assert "knock limit" in message_beside(text(client.get(f"/games/{game_id}")), "hands_0")


def test_an_unknown_page_is_the_friendly_404_page_not_a_problem(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert b"There is nothing here" in response.data


def test_a_method_a_page_does_not_take_is_a_friendly_405_page(client):
    response = client.delete("/")
    assert response.status_code == 405
    assert response.mimetype == "text/html"


# ---------------------------------------------------------------- deals sent by the phone's outbox


def test_a_deal_from_the_outbox_is_answered_in_json_and_a_replay_stores_it_once(client, uow):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="5", hands_2="6")
    for _ in range(2):  # sent, and sent again after an answer that never arrived
        response = client.post(f"/games/{game_id}/deals", data=data, headers={"X-Outbox": "1"})
        assert response.status_code == 201
        assert response.get_json() == {"saved": 1}
    assert entries(uow, game_id) == [{"out": "Ann", "hands": {"Bob": 5, "Cy": 6}}]


def test_a_refused_deal_from_the_outbox_says_why_in_json_and_keeps_nothing(client, uow):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="5")
    response = client.post(f"/games/{game_id}/deals", data=data, headers={"X-Outbox": "1"})
    assert response.status_code == 422
    assert response.get_json() == {
        "message": "Deal 1 was not saved.",
        "problems": ["Cy, in hand: Enter what Cy held: Cy did not go out"],
    }
    assert 'id="problems"' not in text(client.get(f"/games/{game_id}"))
    assert entries(uow, game_id) == []


def test_the_same_deal_recorded_first_by_another_phone_is_stored_once(client, app, uow):
    game_id = start(client, PLAYERS)
    other = app.test_client()
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["edit"] = dict(mine["edit"])
    mine = deal_data(client, game_id, out="1", hands_0="4", hands_2="9")
    theirs = deal_data(other, game_id, out="1", hands_0="4", hands_2="9")
    assert other.post(f"/games/{game_id}/deals", data=theirs).status_code == 303
    response = client.post(f"/games/{game_id}/deals", data=mine, headers={"X-Outbox": "1"})
    assert response.status_code == 201
    assert entries(uow, game_id) == [{"out": "Bob", "hands": {"Ann": 4, "Cy": 9}}]
    assert "recorded deal 1 just the same" in text(client.get(f"/games/{game_id}"))
    # A different deal 1 is a conflict the phone must ask about.
    other_deal = deal_data(other, game_id, out="0", hands_1="1", hands_2="2")
    response = client.post(
        f"/games/{game_id}/deals", data={**other_deal, "number": "1"}, headers={"X-Outbox": "1"}
    )
    assert response.status_code == 409
    assert "Another phone recorded it first" in response.get_json()["message"]
    assert len(entries(uow, game_id)) == 1


def test_the_service_worker_is_served_from_the_root_and_always_checked(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert b'addEventListener("fetch"' in response.data


def test_the_event_stream_says_each_new_version_and_a_full_process_says_poll(app, client, uow):
    game_id = start(client, PLAYERS)
    response = client.get(f"/games/{game_id}/events")
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    lines = iter(response.response)
    assert next(lines) == b"retry: 1000\n\n"
    before = services.load_game(uow, game_id).version
    with client.session_transaction() as session:
        edit_token = session["edit"][game_id]
    services.record_deal(uow, game_id, edit_token, {"out": "Ann", "hands": {"Bob": 1, "Cy": 2}})
    assert next(lines) == f"event: version\ndata: {before + 1}\n\n".encode()
    # This stream holds one of the two places; with both taken the answer is 204.
    other = client.get(f"/games/{game_id}/events")
    assert other.status_code == 200
    assert client.get(f"/games/{game_id}/events").status_code == 204
    response.close()
    assert client.get(f"/games/{game_id}/events").status_code == 200
    assert client.get("/games/nope/events").status_code == 404


def test_a_stream_opened_after_the_page_says_at_once_what_changed_since(client, uow):
    # A phone offline (or its stream opening again) while another phone recorded a deal:
    # the stream starts from the page's version, not from the game's.
    game_id = start(client, PLAYERS)
    version = services.load_game(uow, game_id).version
    assert f"/games/{game_id}/events?since={version}" in text(client.get(f"/games/{game_id}"))
    with client.session_transaction() as session:
        edit_token = session["edit"][game_id]
    services.record_deal(uow, game_id, edit_token, {"out": "Ann", "hands": {"Bob": 1, "Cy": 2}})
    response = client.get(f"/games/{game_id}/events?since={version}")
    lines = iter(response.response)
    assert next(lines) == b"retry: 1000\n\n"
    assert next(lines) == f"event: version\ndata: {version + 1}\n\n".encode()
    response.close()


def test_play_again_starts_the_same_game_with_the_next_dealer_on_this_phone(client, uow):
    game_id = start(client, ["Ann", "Bob"], game="preset:Oklahoma Gin", stakes_on="y")
    data = deal_data(client, game_id, out="0", hands_0="0", hands_1="90", upcard_rank="7")
    data["upcard_suit"] = "H"
    client.post(f"/games/{game_id}/deals", data=data)
    page = text(client.get(f"/games/{game_id}"))
    assert "Play again" in page and "Bob deals first." in page
    response = client.post(f"/games/{game_id}/again")
    assert response.status_code == 303
    new_id = response.headers["Location"].split("/")[2]
    assert client.get(response.headers["Location"]).headers["Location"] == f"/games/{new_id}"
    old, new = services.load_game(uow, game_id).setup, services.load_game(uow, new_id).setup
    assert (new.variant, new.preset, new.options, new.stakes, new.players) == (
        old.variant,
        old.preset,
        old.options,
        old.stakes,
        old.players,
    )
    assert (old.first_dealer, new.first_dealer) == ("Ann", "Bob")
    assert 'id="deal-form"' in text(client.get(f"/games/{new_id}"))  # this phone may record


def test_play_again_is_only_for_a_finished_game(client, uow):
    game_id = start(client, PLAYERS)
    assert "Play again" not in text(client.get(f"/games/{game_id}"))
    client.post(f"/games/{game_id}/again")
    assert "This game is not over yet." in text(client.get(f"/games/{game_id}"))


def test_every_page_names_its_manifest_icons_theme_and_description(client):
    page = text(client.get("/"))
    for tag in (
        r'<link rel="manifest" href="(/static/manifest\.webmanifest[^"]*)">',
        r'<link rel="icon" href="(/static/icons/icon\.svg[^"]*)" type="image/svg\+xml">',
        r'<link rel="apple-touch-icon" href="(/static/icons/icon-180\.png[^"]*)">',
    ):
        url = re.search(tag, page).group(1)
        assert client.get(url).status_code == 200
    assert page.count('<meta name="theme-color"') == 2
    assert re.search(r'<meta name="description" content="[^"]{50,}">', page)


def test_the_manifest_opens_the_home_page_with_icons_drawn_from_one_source(client):
    response = client.get("/static/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    for icon in manifest["icons"]:
        data = client.get(f"/static/{icon['src']}").data
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", data[16:24])  # the PNG's IHDR
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert data.startswith(b"<svg")
