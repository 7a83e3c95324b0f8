"""Ending a game early and reopening it (RULES.md section 15), and partnership seats,
through the use cases on a real database: what is stored, refused and dropped."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.models import Deal, Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import Conflict, InvalidInput, TokenInvalid, TokenMissing
from scorekeeper.service_layer.results import StartedGame

PLAYERS = ["Ann", "Bob", "Cy"]


def start(uow, **kwargs) -> StartedGame:
    kwargs.setdefault("variant", "rummy")
    kwargs.setdefault("players", PLAYERS)
    return services.start_game(uow, **kwargs)


def ann_goes_out(bob: int = 5, cy: int = 7) -> dict:
    return {"out": "Ann", "hands": {"Bob": bob, "Cy": cy}}


def bob_goes_out(ann: int = 5, cy: int = 7) -> dict:
    return {"out": "Bob", "hands": {"Ann": ann, "Cy": cy}}


def stored_ending(database, public_id: str):
    with database.session_factory() as session:
        return session.scalar(select(Game.ending).where(Game.public_id == public_id))


def started_with_deals(uow, *entries: dict) -> tuple[str, str]:
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    for entry in entries:
        services.record_deal(uow, public_id, token, entry)
    return public_id, token


def test_ending_a_game_early_stores_the_ending_and_makes_the_leader_the_winner(uow, database):
    public_id, token = started_with_deals(uow, ann_goes_out(), bob_goes_out(ann=30, cy=2))

    ended = services.end_game(uow, public_id, token)

    assert ended.version == 4  # started, two deals, the end
    assert ended.ending == {"split": False}
    state = ended.state.as_dict()
    assert state["ended_early"] is True
    assert state["finished"] is True
    assert state["next_deal"] is None
    assert state["winners"] == ["Bob"]  # 32 against Ann's 12
    assert stored_ending(database, public_id) == {"split": False}
    assert services.load_game(uow, public_id).state.ended_early is True


def test_a_game_ended_early_refuses_a_new_deal_until_it_is_reopened(uow, database):
    public_id, token = started_with_deals(uow, ann_goes_out())
    services.end_game(uow, public_id, token)

    with pytest.raises(Conflict) as refused:
        services.record_deal(uow, public_id, token, bob_goes_out())
    assert "reopen" in refused.value.detail
    assert refused.value.game.state.ended_early is True
    with database.session_factory() as session:
        assert session.scalar(select(Deal.number).order_by(Deal.number.desc())) == 1

    reopened = services.reopen_game(uow, public_id, token)
    assert reopened.ending is None
    assert reopened.state.ended_early is False
    assert reopened.state.finished is False
    assert stored_ending(database, public_id) is None
    assert services.record_deal(uow, public_id, token, bob_goes_out()).game.state.finished is False


def test_reopening_a_game_not_ended_early_is_a_conflict_and_changes_nothing(uow):
    public_id, token = started_with_deals(uow, ann_goes_out())
    with pytest.raises(Conflict) as refused:
        services.reopen_game(uow, public_id, token)
    assert "not ended early" in refused.value.detail
    assert services.load_game(uow, public_id).version == 2


def test_a_game_finished_by_its_end_rule_cannot_be_ended_early(uow, database):
    # 3-player rummy ends at 150: Ann scores 70 + 70, then 5 + 7.
    public_id, token = started_with_deals(uow, ann_goes_out(bob=70, cy=70), ann_goes_out())
    with pytest.raises(Conflict):
        services.end_game(uow, public_id, token)
    assert stored_ending(database, public_id) is None


def test_ending_a_game_twice_is_a_conflict(uow):
    public_id, token = started_with_deals(uow, ann_goes_out())
    services.end_game(uow, public_id, token)
    with pytest.raises(Conflict) as refused:
        services.end_game(uow, public_id, token)
    assert "already ended early" in refused.value.detail


def test_a_split_outside_pool_rummy_is_refused_and_nothing_is_stored(uow, database):
    public_id, token = started_with_deals(uow, ann_goes_out())
    with pytest.raises(InvalidInput) as refused:
        services.end_game(uow, public_id, token, split=True)
    assert "split" in refused.value.errors
    assert stored_ending(database, public_id) is None


def test_ending_and_reopening_need_the_edit_token_and_a_current_if_match(uow, database):
    public_id, token = started_with_deals(uow, ann_goes_out())
    with pytest.raises(TokenMissing):
        services.end_game(uow, public_id, None)
    with pytest.raises(TokenInvalid):
        services.end_game(uow, public_id, "not-the-token")
    with pytest.raises(Conflict):
        services.end_game(uow, public_id, token, if_match='"v1"')
    assert stored_ending(database, public_id) is None
    services.end_game(uow, public_id, token, if_match='"v2"')
    with pytest.raises(TokenInvalid):
        services.reopen_game(uow, public_id, "not-the-token")
    assert stored_ending(database, public_id) == {"split": False}


def test_a_correction_that_reaches_the_end_rule_drops_the_stored_ending(uow, database):
    public_id, token = started_with_deals(uow, ann_goes_out(), ann_goes_out())
    services.end_game(uow, public_id, token)

    corrected = services.correct_deal(uow, public_id, token, 1, ann_goes_out(bob=70, cy=70))

    assert corrected.state.finished is True
    assert corrected.state.ended_early is False
    assert corrected.ending is None
    assert stored_ending(database, public_id) is None
    # Corrected back below the target, the game is open again: the early end is gone.
    again = services.correct_deal(uow, public_id, token, 1, ann_goes_out())
    assert again.state.finished is False
    assert again.state.ended_early is False


def test_a_correction_below_the_end_rule_keeps_the_game_ended_early(uow, database):
    public_id, token = started_with_deals(uow, ann_goes_out(), bob_goes_out())
    services.end_game(uow, public_id, token)

    corrected = services.correct_deal(uow, public_id, token, 2, bob_goes_out(ann=40, cy=40))

    assert corrected.state.ended_early is True
    assert corrected.state.winners == ["Bob"]
    assert stored_ending(database, public_id) == {"split": False}
    undone = services.delete_last_deal(uow, public_id, token, 2)
    assert undone.state.ended_early is True
    assert undone.state.winners == ["Ann"]


def test_a_partnership_game_stores_its_seats_and_deals_seat_by_seat(uow, database):
    seats = ["North", "East", "South", "West"]
    started = services.start_game(
        uow, variant="canasta", players=["NS", "EW"], seats=seats, first_dealer="East"
    )
    game = started.game
    assert game.setup.seats == tuple(seats)
    state = game.state.as_dict()
    assert state["seats"] == seats
    assert state["players"] == ["NS", "EW"]
    assert state["next_deal"]["dealer"] == "East"
    with database.session_factory() as session:
        assert session.scalar(select(Game.seated_players)) == seats
    assert services.load_game(uow, game.public_id).setup.seats == tuple(seats)


def test_seats_that_do_not_fit_the_sides_are_refused_with_a_field_error(uow, database):
    with pytest.raises(InvalidInput) as refused:
        services.start_game(
            uow, variant="canasta", players=["NS", "EW"], seats=["North", "East", "South"]
        )
    assert any(path.startswith("seats") for path in refused.value.errors)
    with database.session_factory() as session:
        assert session.scalar(select(Game.id)) is None
