"""The free score pad's form: one player or many, negative scores."""

from __future__ import annotations

from scorekeeper.service_layer import services
from tests.web.support import record, start


def test_a_free_pad_takes_one_player_or_many_and_negative_scores(client, uow):
    game_id = start(client, ["Solo"], game="preset:Free score pad")
    assert record(client, game_id, scores_0="-12").status_code == 303
    assert services.load_game(uow, game_id).state.totals == {"Solo": -12}
    names = [f"P{i}" for i in range(12)]
    game_id = start(client, names, game="preset:Free score pad")
    scores = {f"scores_{i}": str(i - 5) for i in range(12)}
    assert record(client, game_id, **scores).status_code == 303
    assert services.load_game(uow, game_id).state.totals["P0"] == -5
