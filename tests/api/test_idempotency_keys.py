"""Issue 23, finding 3: an Idempotency-Key's row holds what rebuilds its answer, not the
answer (the whole game), and keys are forgotten after IDEMPOTENCY_KEYS_KEPT."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from scorekeeper.models import Deal, IdempotencyRecord, utcnow
from scorekeeper.service_layer import idempotency
from scorekeeper.service_layer.idempotency import IDEMPOTENCY_KEYS_KEPT
from tests.api.conftest import ann_goes_out, bearer, count

# A key row: the key (at most 200 characters), two SHA-256 hex digests, a few integers
# and a time, whatever the game's size.
KEY_ROW_MOST_BYTES = 600


def stored_key_rows(database) -> list[tuple]:
    with database.session_factory() as session:
        return [tuple(row) for row in session.execute(select(IdempotencyRecord.__table__)).all()]


def test_a_key_row_stays_small_however_long_the_game(start, database):
    game = start(options={"target": 100_000})
    for deal in range(1, 41):
        answer = game.record(ann_goes_out(), **{"Idempotency-Key": f"deal-{deal}-" + "k" * 190})
        assert answer.status_code == 201
    assert len(answer.get_data()) > 8 * KEY_ROW_MOST_BYTES  # what each row used to hold
    rows = stored_key_rows(database)
    assert len(rows) == 40
    assert max(sum(len(str(value)) for value in row) for row in rows) < KEY_ROW_MOST_BYTES


def test_a_key_replayed_after_later_deals_answers_its_first_answer_byte_for_byte(start, database):
    game = start(options={"target": 100_000})
    game.record(ann_goes_out(), **{"Idempotency-Key": "one"})
    first = game.record(ann_goes_out(bob=9), **{"Idempotency-Key": "two"})
    game.record(ann_goes_out(cy=3), **{"Idempotency-Key": "three"})
    again = game.record(ann_goes_out(bob=9), **{"Idempotency-Key": "two"})
    assert again.status_code == 201
    assert again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert count(database, Deal) == 3


def test_a_key_replayed_after_its_deal_was_corrected_answers_the_game_as_it_is(start, database):
    game = start(options={"target": 100_000})
    game.record(ann_goes_out(), **{"Idempotency-Key": "one"})
    corrected = game.client.put(
        f"/api/v1/games/{game.id}/deals/1",
        json=ann_goes_out(bob=20),
        headers=bearer(game.token),
    )
    assert corrected.status_code == 200, corrected.get_data(as_text=True)
    again = game.record(ann_goes_out(), **{"Idempotency-Key": "one"})
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == game.state()
    assert count(database, Deal) == 1


def test_keys_past_their_time_are_forgotten_on_the_next_write(start, database, monkeypatch):
    game = start(options={"target": 100_000})
    game.record(ann_goes_out(), **{"Idempotency-Key": "yesterday"})
    later = utcnow() + IDEMPOTENCY_KEYS_KEPT + timedelta(minutes=1)
    monkeypatch.setattr(idempotency, "utcnow", lambda: later)
    other = start(options={"target": 100_000})
    assert other.record(ann_goes_out(), **{"Idempotency-Key": "today"}).status_code == 201
    assert [row[2] for row in stored_key_rows(database)] == ["today"]
    # The forgotten key is a new request again: the deal is recorded.
    again = game.record(ann_goes_out(), **{"Idempotency-Key": "yesterday"})
    assert again.status_code == 201 and "Idempotent-Replayed" not in again.headers
    assert count(database, Deal) == 3
