"""The repository reads many games at once (a league's export) as it reads one: each
game of ``many`` is the one ``get`` loads, and ``revisions`` holds every earlier version
of their corrected or deleted deals, as a game's history shows them."""

from __future__ import annotations

from scorekeeper.service_layer import services

# Eight players with 40-character accented names, as a full table writes them.
PLAYERS = [f"Éléonore-Françoise de la Tour d'Auvergne{i}"[-40:] for i in range(8)]


def scores(first: int) -> dict:
    return {"scores": {name: first - 3 * i for i, name in enumerate(PLAYERS)}}


def test_many_games_read_at_once_are_the_games_read_one_by_one(uow):
    started = [
        services.start_game(uow, variant="free", players=PLAYERS, title=f"Table {n}")
        for n in range(3)
    ]
    for n, game in enumerate(started[:2]):
        for deal in range(n + 2):
            services.record_deal(uow, game.game.public_id, game.edit_token, scores(deal))
    first = started[0]
    services.correct_deal(uow, first.game.public_id, first.edit_token, 1, scores(40))
    services.delete_last_deal(uow, first.game.public_id, first.edit_token, 2)

    ids = [game.row_id for game in started]
    with uow:
        one_by_one = {game.row_id: uow.games.get(game.game.public_id) for game in started}
        many = uow.games.many([*ids, 10**9])  # an id with no game is left out
        revisions = uow.games.revisions(ids)
    assert many == one_by_one
    assert [len(many[i].deals) for i in ids] == [1, 3, 0]

    history = services.deal_history(uow, first.game.public_id)
    assert [r for number in sorted(history) for r in history[number]] == revisions[ids[0]]
    assert [(r.number, r.action) for r in revisions[ids[0]]] == [(1, "corrected"), (2, "deleted")]
    assert set(revisions) == {ids[0]}
