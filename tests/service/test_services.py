"""The use cases on a real database: what is stored, what is refused, what is kept."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from scorekeeper.models import Deal, DealRevision, Game, IdempotencyRecord
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import (
    Conflict,
    DealNotFound,
    GameNotFound,
    IdempotencyKeyReused,
    InvalidInput,
    TokenInvalid,
    TokenMissing,
)
from scorekeeper.service_layer.results import StartedGame
from scorekeeper.service_layer.tokens import hash_token
from scorekeeper.service_layer.unit_of_work import UnitOfWork

PLAYERS = ["Ann", "Bob", "Cy"]


def start(uow, **kwargs) -> StartedGame:
    kwargs.setdefault("variant", "rummy")
    kwargs.setdefault("players", PLAYERS)
    return services.start_game(uow, **kwargs)


def count(database, model) -> int:
    with database.session_factory() as session:
        return session.scalar(select(func.count()).select_from(model))


def ann_goes_out(bob: int = 5, cy: int = 7) -> dict:
    return {"out": "Ann", "hands": {"Bob": bob, "Cy": cy}}


# ---------------------------------------------------------------- starting


def test_starting_a_game_stores_resolved_options_and_a_hashed_token(uow, database):
    started = start(uow, title="  Friday  ")
    game = started.game
    assert game.title == "Friday"
    assert game.version == 1
    assert game.setup.players == tuple(PLAYERS)
    assert game.setup.options["scoring"] == "winner_takes_all"
    assert game.setup.options["target"] == 150  # 50 x 3 players
    with database.session_factory() as session:
        row = session.scalar(select(Game))
    assert row.edit_token_hash == hash_token(started.edit_token)
    assert started.edit_token not in row.edit_token_hash
    assert len(row.public_id) >= 22  # 128 bits, URL-safe


def test_a_game_from_a_preset_takes_its_variant_and_options(uow):
    game = start(uow, variant=None, preset="Block Rummy").game
    assert game.setup.variant == "rummy"
    assert game.setup.preset == "Block Rummy"
    assert game.setup.options["stock_out"] == "block"


def test_an_invalid_game_is_refused_with_field_errors_and_stores_nothing(uow, database):
    with pytest.raises(InvalidInput) as refused:
        start(uow, players=["Ann", "ann"], options={"nonsense": 1}, title=7)
    assert "title" in refused.value.errors
    assert any(path.startswith("players") for path in refused.value.errors)
    assert count(database, Game) == 0


def test_a_title_with_a_control_character_is_refused(uow, database):
    with pytest.raises(InvalidInput) as refused:
        start(uow, title="Friday\x00night")
    assert "control characters" in refused.value.errors["title"]
    assert count(database, Game) == 0


def test_game_ids_and_tokens_are_unguessable_and_distinct(uow):
    first, second = start(uow), start(uow)
    assert first.game.public_id != second.game.public_id
    assert first.edit_token != second.edit_token
    assert len(first.edit_token) >= 32


# ---------------------------------------------------------------- recording


def test_recording_a_deal_stores_the_entry_as_accepted_and_bumps_the_version(uow, database):
    started = start(uow)
    recorded = services.record_deal(
        uow, started.game.public_id, started.edit_token, {"number": 1, **ann_goes_out()}
    )
    game = recorded.game
    assert game.version == 2
    assert game.state.as_dict()["totals"] == {"Ann": 12, "Bob": 0, "Cy": 0}
    with database.session_factory() as session:
        deal = session.scalar(select(Deal))
    assert deal.number == 1
    assert deal.entry == ann_goes_out()  # "number" is not part of what happened


def test_loading_a_game_derives_the_same_state_as_the_write_returned(uow):
    started = start(uow)
    recorded = services.record_deal(uow, started.game.public_id, started.edit_token, ann_goes_out())
    loaded = services.load_game(uow, started.game.public_id)
    assert loaded.as_dict() == recorded.game.as_dict()
    assert loaded.etag == '"v2"'
    assert services.current_version(uow, started.game.public_id) == 2


def test_an_invalid_deal_is_refused_with_field_errors_and_stores_nothing(uow, database):
    started = start(uow)
    with pytest.raises(InvalidInput) as refused:
        services.record_deal(
            uow, started.game.public_id, started.edit_token, {"out": "Ann", "hands": {"Bob": 5}}
        )
    assert "hands.Cy" in refused.value.errors
    assert count(database, Deal) == 0
    assert services.current_version(uow, started.game.public_id) == 1


def test_a_deal_needs_the_right_edit_token(uow, database):
    started = start(uow)
    with pytest.raises(TokenMissing):
        services.record_deal(uow, started.game.public_id, None, ann_goes_out())
    with pytest.raises(TokenInvalid):
        services.record_deal(uow, started.game.public_id, "not-the-token", ann_goes_out())
    assert count(database, Deal) == 0


def test_an_unknown_game_is_not_found(uow):
    with pytest.raises(GameNotFound):
        services.load_game(uow, "no-such-game")
    with pytest.raises(GameNotFound):
        services.record_deal(uow, "no-such-game", "token", ann_goes_out())


def test_a_deal_number_already_recorded_is_a_conflict_carrying_the_current_state(uow, database):
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, public_id, token, {"number": 1, **ann_goes_out()})
    with pytest.raises(Conflict) as conflict:
        services.record_deal(uow, public_id, token, {"number": 1, **ann_goes_out(9, 9)})
    assert conflict.value.game.version == 2
    assert [d["number"] for d in conflict.value.game.as_dict()["deals"]] == [1]
    assert count(database, Deal) == 1


def test_a_deal_number_beyond_the_next_one_is_invalid(uow):
    started = start(uow)
    with pytest.raises(InvalidInput) as refused:
        services.record_deal(
            uow, started.game.public_id, started.edit_token, {"number": 3, **ann_goes_out()}
        )
    assert refused.value.errors == {"number": "the next deal is deal 1"}


def test_a_replayed_idempotency_key_returns_the_first_answer_and_stores_nothing(uow, database):
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    first = services.record_deal(uow, public_id, token, ann_goes_out(), idempotency_key="k1")
    again = services.record_deal(uow, public_id, token, ann_goes_out(), idempotency_key="k1")
    assert first.replayed_body is None
    assert again.replayed_body is not None
    assert count(database, Deal) == 1
    assert count(database, IdempotencyRecord) == 1
    assert services.current_version(uow, public_id) == 2


def test_an_idempotency_key_reused_with_another_body_is_refused(uow, database):
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, public_id, token, ann_goes_out(), idempotency_key="k1")
    with pytest.raises(IdempotencyKeyReused):
        services.record_deal(uow, public_id, token, ann_goes_out(1, 1), idempotency_key="k1")
    assert count(database, Deal) == 1


def test_a_finished_game_refuses_another_deal_as_a_conflict(uow, database):
    started = start(uow, options={"target": 10})
    public_id, token = started.game.public_id, started.edit_token
    finished = services.record_deal(uow, public_id, token, ann_goes_out(5, 7)).game
    assert finished.state.as_dict()["finished"] is True
    with pytest.raises(Conflict):
        services.record_deal(uow, public_id, token, ann_goes_out())
    assert count(database, Deal) == 1


# ---------------------------------------------------------------- correcting and undoing


def test_correcting_a_deal_rederives_and_keeps_the_earlier_version(uow, database):
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, public_id, token, ann_goes_out(5, 7), by="phone")
    services.record_deal(uow, public_id, token, ann_goes_out(1, 1))
    corrected = services.correct_deal(uow, public_id, token, 1, ann_goes_out(10, 7), by="Ann")
    assert corrected.state.as_dict()["totals"]["Ann"] == 17 + 2
    history = services.deal_history(uow, public_id)
    assert list(history) == [1]
    [revision] = history[1]
    assert revision.entry == ann_goes_out(5, 7)
    assert revision.action == "corrected"
    assert revision.recorded_by == "phone"
    assert revision.replaced_by == "Ann"


def test_a_correction_with_a_stale_if_match_is_a_conflict(uow, database):
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, public_id, token, ann_goes_out())
    with pytest.raises(Conflict):
        services.correct_deal(uow, public_id, token, 1, ann_goes_out(1, 1), if_match='"v1"')
    view = services.correct_deal(uow, public_id, token, 1, ann_goes_out(1, 1), if_match='"v2"')
    assert view.version == 3
    assert count(database, DealRevision) == 1


def test_correcting_a_deal_that_does_not_exist_is_not_found(uow):
    started = start(uow)
    with pytest.raises(DealNotFound):
        services.correct_deal(uow, started.game.public_id, started.edit_token, 1, ann_goes_out())


def test_only_the_last_deal_can_be_undone_and_its_entry_is_kept(uow, database):
    started = start(uow)
    public_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, public_id, token, ann_goes_out(5, 7))
    services.record_deal(uow, public_id, token, ann_goes_out(1, 1))
    with pytest.raises(Conflict):
        services.delete_last_deal(uow, public_id, token, 1)
    view = services.delete_last_deal(uow, public_id, token, 2, by="Bob")
    assert [d["number"] for d in view.as_dict()["deals"]] == [1]
    assert count(database, Deal) == 1
    [revision] = services.deal_history(uow, public_id)[2]
    assert revision.action == "deleted"
    assert revision.entry == ann_goes_out(1, 1)


def test_a_rotated_edit_token_replaces_the_old_one(uow):
    started = start(uow)
    public_id = started.game.public_id
    new_token = services.rotate_edit_token(uow, public_id, started.edit_token)
    with pytest.raises(TokenInvalid):
        services.record_deal(uow, public_id, started.edit_token, ann_goes_out())
    assert services.record_deal(uow, public_id, new_token, ann_goes_out()).game.version >= 2


# ---------------------------------------------------------------- concurrency


def test_phones_racing_to_record_the_same_deal_store_it_once(database):
    started = start(UnitOfWork(database.session_factory))
    public_id, token = started.game.public_id, started.edit_token
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def phone(bob: int) -> None:
        barrier.wait()
        try:
            services.record_deal(
                UnitOfWork(database.session_factory),
                public_id,
                token,
                {"number": 1, **ann_goes_out(bob, 1)},
            )
            outcomes.append("stored")
        except Conflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=phone, args=(bob,)) for bob in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["conflict"] * 5 + ["stored"]
    assert count(database, Deal) == 1
    assert services.current_version(UnitOfWork(database.session_factory), public_id) == 2
