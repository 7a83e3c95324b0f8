"""A circle reads its games' stored results (circle_games.result, kept per game version):
after corrections, an early end, a reopening and an undone deal, what it reads equals
each game derived from its entries, and a read derives only the games that moved."""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.models import CircleGame
from scorekeeper.service_layer import circles, services
from scorekeeper.service_layer.circle_views import circle_game, stored_result
from scorekeeper.service_layer.results import VIEWS
from tests.api.conftest import FAMILY
from tests.databases import statements

STAKES = {"cents_per_point": 1, "round_to": 5, "mode": "pairs"}


def derived(uow, view):
    """The circle's games worked out from their entries, each game loaded anew."""
    VIEWS.clear()
    made = []
    for game in view.games:
        fresh = services.load_game(uow, game.game.public_id)
        made.append(circle_game(game.game, game.members, stored_result(fresh)))
    return made


def assert_stored_equals_derived(uow, circle_id):
    circles._VIEWS.clear()
    view = circles.load_circle(uow, circle_id)
    for kept, fresh in zip(view.games, derived(uow, view), strict=True):
        assert kept.result == fresh.result
        assert kept.totals == fresh.totals
        assert kept.game.finished == fresh.result.finished
    with uow:
        rows = uow.session.execute(select(CircleGame.result_version)).scalars().all()
    versions = {game.game.version for game in view.games}
    assert set(rows) == versions
    return view


def rummy(uow, circle_id, token, players):
    started = circles.start_game(
        uow,
        circle_id,
        token,
        {"variant": "rummy", "players": players, "options": {"deals": 3}, "stakes": STAKES},
    )
    return started.game.public_id, started.edit_token


def test_stored_results_follow_every_move_of_a_game(uow):
    started = circles.create_circle(uow, name="Famille Ñúñez", members=FAMILY, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    games = [rummy(uow, circle_id, token, FAMILY[i : i + 4]) for i in range(0, 8, 4)]
    games.append(rummy(uow, circle_id, token, FAMILY[2:8]))
    for game_id, game_token in games:
        players = services.load_game(uow, game_id).state.players
        for deal in range(3):
            out = players[deal]
            hands = {n: 7 * deal + 3 * seat for seat, n in enumerate(players) if n != out}
            services.record_deal(uow, game_id, game_token, {"out": out, "hands": hands})
    before = assert_stored_equals_derived(uow, circle_id)
    assert all(game.game.finished for game in before.games)

    (first, first_token), (second, second_token), _ = games
    players = services.load_game(uow, first).state.players
    services.correct_deal(
        uow, first, first_token, 1, {"out": players[3], "hands": {n: 55 for n in players[:3]}}
    )
    after = assert_stored_equals_derived(uow, circle_id)
    assert after.balances() != before.balances()

    services.delete_last_deal(uow, second, second_token, 3)
    opened = assert_stored_equals_derived(uow, circle_id)
    assert not next(g for g in opened.games if g.game.public_id == second).game.finished

    services.end_game(uow, second, second_token)
    assert_stored_equals_derived(uow, circle_id)
    services.reopen_game(uow, second, second_token)
    reopened = assert_stored_equals_derived(uow, circle_id)
    assert sum(reopened.balances()) == 0
    assert reopened.as_dict()["ledger"] == circles.load_circle(uow, circle_id).as_dict()["ledger"]


def test_a_read_derives_only_the_games_that_moved(uow, monkeypatch):
    started = circles.create_circle(uow, name="Famille Ñúñez", members=FAMILY, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    games = [rummy(uow, circle_id, token, FAMILY[i : i + 4]) for i in range(0, 8, 2)]
    circles.load_circle(uow, circle_id)
    asked: list[list[str]] = []
    views_at = services.views_at
    monkeypatch.setattr(
        services,
        "views_at",
        lambda uow, versions: asked.append(list(versions)) or views_at(uow, versions),
    )
    circles._VIEWS.clear()
    circles.load_circle(uow, circle_id)
    assert asked == []  # every result stored at its game's version: nothing derived
    game_id, game_token = games[2]
    players = services.load_game(uow, game_id).state.players
    services.record_deal(
        uow, game_id, game_token, {"out": players[0], "hands": {n: 9 for n in players[1:]}}
    )
    circles.load_circle(uow, circle_id)
    assert asked == [[game_id]]


def test_starting_a_game_reads_none_of_the_circles_other_games(uow, database):
    """A circle of years of games starts its next one as fast as its first: the start
    issues as many statements with two games behind it as with none, and no result."""
    started = circles.create_circle(uow, name="Famille Ñúñez", members=FAMILY, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    counts = []
    for _ in range(3):
        with statements(database.engine) as seen:
            rummy(uow, circle_id, token, FAMILY[:4])
        assert not any("result" in statement for statement in seen if "SELECT" in statement)
        counts.append(len(seen))
    assert counts[0] == counts[2], counts
