"""A game played in a circle, seen from phones holding different links: the circle's
edit link records and corrects in any of its games, and only that link leads from a
game to its circle (a circle's id reads its money: a game's view link, its feeds and
its sheet never carry it)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.service_layer import services
from tests.api.conftest import FAMILY
from tests.web.support import deal_data, entries, text

NAMES = FAMILY[:3]


def edit_link(client, circle_id: str) -> str:
    """The circle's edit link, as its share page shows it to the phone keeping it."""
    page = client.get(f"/circles/{circle_id}/share").get_data(as_text=True)
    return re.search(rf"(/circles/{circle_id}/edit/[A-Za-z0-9_-]+)", page).group(1)


@pytest.fixture
def played(client):
    """(circle id, game id): a circle started from its page, a rummy game in it with
    stakes and one deal recorded by the phone that started both."""
    started = client.post(
        "/circles/new", data={"name": "Famille 🃏 Ñúñez", "members": "\n".join(NAMES)}
    )
    circle_id = re.search(r"/circles/([^/]+)", started.headers["Location"]).group(1)
    client.get(started.headers["Location"])
    seats = {f"players-{i}": name for i, name in enumerate(NAMES)}
    game = client.post(
        f"/circles/{circle_id}/games/new",
        data={**seats, "game": "variant:rummy", "shown": "variant:rummy", "stakes_on": "y"}
        | {"mode": "pairs", "round_to": "5"},
    )
    game_id = re.search(r"/games/([^/]+)", game.headers["Location"]).group(1)
    client.get(game.headers["Location"])
    data = deal_data(client, game_id, out="0", hands_1="5", hands_2="7")
    assert client.post(f"/games/{game_id}/deals", data=data).status_code == 303
    return circle_id, game_id


def test_the_circles_edit_link_opens_its_games_editable_from_the_circle_page(
    app, client, played, uow
):
    circle_id, game_id = played
    phone = app.test_client()
    assert phone.get(edit_link(client, circle_id)).status_code == 303
    circle_page = text(phone.get(f"/circles/{circle_id}"))
    assert f'href="/games/{game_id}"' in circle_page
    page = text(phone.get(f"/games/{game_id}"))
    assert "view only" not in page
    assert 'id="deal-form"' in page
    assert f'href="/circles/{circle_id}"' in page
    # Record, correct and undo from this phone, with no link of the game's own.
    data = deal_data(phone, game_id, out="1", hands_0="4", hands_2="9")
    assert phone.post(f"/games/{game_id}/deals", data=data).status_code == 303
    assert [entry["out"] for entry in entries(uow, game_id)] == [NAMES[0], NAMES[1]]
    fixed = phone.post(
        f"/games/{game_id}/deals/2/edit",
        data={"number": "2", "out": "2", "hands_0": "4", "hands_1": "9"},
    )
    assert fixed.status_code == 303, fixed.get_data(as_text=True)
    assert entries(uow, game_id)[1]["out"] == NAMES[2]
    assert phone.post(f"/games/{game_id}/deals/2/undo", data={"number": "2"}).status_code == 303
    assert len(entries(uow, game_id)) == 1


def test_a_phone_of_the_circle_shares_no_edit_link_carrying_the_circles_token(app, client, played):
    circle_id, game_id = played
    link = edit_link(client, circle_id)
    phone = app.test_client()
    phone.get(link)
    phone.get(f"/games/{game_id}")
    share = phone.get(f"/games/{game_id}/share").get_data(as_text=True)
    assert link.rsplit("/", 1)[1] not in share
    assert "/edit/" not in share


def test_a_circles_edit_link_opens_no_game_outside_the_circle(app, client, played, uow):
    circle_id, _game_id = played
    phone = app.test_client()
    phone.get(edit_link(client, circle_id))
    other = services.start_game(uow, players=NAMES[:2], variant="rummy")
    page = text(phone.get(f"/games/{other.game.public_id}"))
    assert "view only" in page
    assert phone.post(f"/games/{other.game.public_id}/deals", data={}).status_code == 403


def readers(app, client, game_id: str) -> dict[str, object]:
    """Phones that hold a link of the game but not the circle's."""
    with_game_token = app.test_client()
    with_game_token.get(game_edit_link(client, game_id))
    return {"view link": app.test_client(), "game's edit link": with_game_token}


def game_edit_link(client, game_id: str) -> str:
    page = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    return re.search(rf"(/games/{game_id}/edit/[A-Za-z0-9_-]+)", page).group(1)


def test_a_games_links_never_lead_to_its_circle(app, client, played):
    circle_id, game_id = played
    for who, phone in readers(app, client, game_id).items():
        for path in (
            f"/games/{game_id}",
            f"/games/{game_id}/scoreboard",
            f"/games/{game_id}/table",
            f"/games/{game_id}/history",
            f"/games/{game_id}/share",
            f"/api/v1/games/{game_id}",
        ):
            response = phone.get(path)
            assert response.status_code == 200, (who, path)
            body = response.get_data(as_text=True)
            assert circle_id not in body, (who, path)
            assert "Played in the circle" not in body, (who, path)
        sheet = phone.get(f"/games/{game_id}/sheet.pdf")
        assert sheet.status_code == 200
        assert circle_id.encode() not in sheet.data
        words = "".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages)
        assert circle_id not in words
    # The phone that keeps the circle is led there.
    assert f'href="/circles/{circle_id}"' in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_game_phone_without_the_circle_is_not_offered_to_start_or_join_one(app, client, played):
    circle_id, game_id = played
    client.post(f"/games/{game_id}/end", data={})
    phone = readers(app, client, game_id)["game's edit link"]
    page = text(phone.get(f"/games/{game_id}"))
    assert "view only" not in page
    assert "start a circle" not in page
    assert circle_id not in page


def test_a_revoked_circle_link_stops_editing_its_games_on_the_phone(app, client, played):
    circle_id, game_id = played
    link = edit_link(client, circle_id)
    phone = app.test_client()
    phone.get(link)
    assert "view only" not in text(phone.get(f"/games/{game_id}"))
    old = link.rsplit("/", 1)[1]
    rotated = client.post(
        f"/api/v1/circles/{circle_id}/token", headers={"Authorization": f"Bearer {old}"}
    )
    assert rotated.status_code == 200
    page = text(phone.get(f"/games/{game_id}"))
    assert "view only" in page
    assert circle_id not in page
    assert phone.post(f"/games/{game_id}/deals", data={}).status_code == 403
