"""Seated partnership games (Canasta, Hand and Foot with partners' seats) end on the
game page like any other: Game over, Play again and Reopen, never an error page."""

from __future__ import annotations

from scorekeeper.service_layer import services
from tests.web.support import csrf_token, deal_data, start, text

# 8 seats at the size players type: 40 characters, accented.
SEATS = [
    "Éléonore-Françoise de Saint-Exupéry Ñúñe",
    "Zbigniew Brzęczyszczykiewicz-Łukaszewicz",
    "Søren Kierkegård Ørsted-Åberg Jørgensens",
    "Wanjiru Wambũi Njeri-Kamau Gĩthĩnji Mũgo",
    "Ánh Nguyễn Thị Phương-Thảo Trần Đức Hòaa",
    "José-María Fernández-Gutiérrez de l Peña",
    "Ζωή Παπαδοπούλου-Καραμανλή Αλεξανδρίδους",
    "Çağlar Öztürk-Gümüşçüoğlu Şahin İlkbahar",
]
assert all(len(name) == 40 for name in SEATS)
SIDES = ["Les Éléphants de Montréal-sur-Sèvre Îles", "Los Nómadas de San Sebastián-Ñandú Díaz."]


def seated_hand_and_foot(client) -> str:
    seats = {f"seats-{i}": name for i, name in enumerate(SEATS)}
    return start(client, SIDES, game="preset:Hand and Foot", **seats)


def one_round(client, game_id: str):
    fields = {"out": "0", "melded_0": "300", "hand_0": "0", "melded_1": "100", "hand_1": "60"}
    response = client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))
    assert response.status_code == 303, text(response)


def test_a_finished_seated_game_shows_game_over_and_plays_again_from_the_next_seat(client, uow):
    game_id = seated_hand_and_foot(client)
    for _ in range(4):  # Hand and Foot's 4 rounds
        one_round(client, game_id)
    assert services.load_game(uow, game_id).state.finished

    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    page = text(response)
    assert "Game over" in page
    assert f'action="/games/{game_id}/again"' in page

    again = client.post(f"/games/{game_id}/again", data={"csrf_token": csrf_token(page)})
    assert again.status_code == 303
    new_id = again.headers["Location"].split("/")[2]
    setup = services.load_game(uow, new_id).setup
    assert setup.seats == tuple(name for name in SEATS)
    assert setup.players == tuple(SIDES)
    assert setup.first_dealer == SEATS[1][:40]  # the deal passes seat by seat


def test_a_seated_game_ended_early_shows_the_end_and_can_be_reopened(client, uow):
    game_id = start(
        client,
        ["NS", "EW"],
        game="preset:Canasta",
        **{f"seats-{i}": name for i, name in enumerate(SEATS[:4])},
    )
    fields = {"out": "0", "melded_0": "385", "hand_0": "30", "melded_1": "0", "hand_1": "120"}
    client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))
    form = client.get(f"/games/{game_id}/end").get_data(as_text=True)
    client.post(f"/games/{game_id}/end", data={"csrf_token": csrf_token(form)})
    assert services.load_game(uow, game_id).state.ended_early

    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    page = text(response)
    assert "Game ended early" in page
    assert f'action="/games/{game_id}/reopen"' in page
