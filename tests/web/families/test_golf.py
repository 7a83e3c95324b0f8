"""Golf's entry form: a hole takes a grid or a score, a score may be negative, a wrong
grid is shown beside it."""

from __future__ import annotations

from scorekeeper.service_layer import services
from scorekeeper.web.table.entry_text import entry_text
from tests.web.support import entries, message_beside, record, start, text


def test_a_golf_hole_takes_a_grid_or_a_score_and_the_grid_is_scored(client, uow):
    game_id = start(client, ["A", "B", "C"], game="preset:Golf (9 holes)")
    page = text(client.get(f"/games/{game_id}"))
    assert 'id="grid"' in page and 'class="grid-open"' in page and 'data-sign="scores_1"' in page
    response = record(client, game_id, scores_1="", grids_0="K 5 7 K 3 9", grids_1="2 J A 2 Q 4",
                      scores_2="7")  # fmt: skip
    assert response.status_code == 303, text(response)
    state = services.load_game(uow, game_id).state
    assert state.deals[0].points == {"A": 24, "B": 25, "C": 7}
    setup = services.load_game(uow, game_id).setup
    assert "Grid: A K 5 7 / K 3 9" in entry_text(entries(uow, game_id)[0], setup)


def test_a_golf_score_may_be_negative_and_a_wrong_grid_is_shown_beside_it(client, uow):
    game_id = start(client, ["A", "B"], game="preset:Golf (9 holes)")
    response = record(client, game_id, scores_0="-6", scores_1="4", grids_1="K 5 7")
    assert response.headers["Location"] == f"/games/{game_id}#problems"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "must be a list of 6 ranks" in message_beside(html, "grids_1")
    assert 'value="K 5 7"' in html and entries(uow, game_id) == []
    response = record(client, game_id, scores_0="-6", scores_1="4")
    assert response.status_code == 303
    assert entries(uow, game_id)[0] == {"scores": {"A": -6, "B": 4}}
