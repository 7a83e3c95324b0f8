"""A circle's members keep the spoken names their games taught (service_layer/
circle_nicknames): "Priya" learned in one game of the circle is known in the next game
started from it, a word dropped is forgotten, a word moved to another member follows
them, and a word that would name the wrong one is left out."""

from __future__ import annotations

from typing import Any

from scorekeeper.service_layer import circles, services, understanding
from tests.api.conftest import FAMILY

# Eight members, 40-character accented names; the first is called "Priya" at the table.
PRIYA = FAMILY[0]


def circle(uow) -> tuple[str, str]:
    started = circles.create_circle(uow, name="Sunday cards", members=FAMILY, currency="EUR")
    return started.circle.public_id, started.edit_token


def start(uow, circle_id: str, token: str, **game: Any):
    game.setdefault("variant", "rummy")
    started = circles.start_game(uow, circle_id, token, game)
    return started.game


def learn(uow, game, token: str, aliases: dict[str, str]):
    return understanding.set_spoken_names(uow, game.public_id, token, aliases)


def test_a_nickname_learned_in_a_game_is_known_in_the_next_game_of_the_circle(uow):
    circle_id, token = circle(uow)
    first = start(uow, circle_id, token, players=FAMILY[:6])
    assert first.spoken_names is None
    learn(uow, first, token, {"Priya": PRIYA, "Björnie": FAMILY[1]})

    # The member plays under their name as typed this time (matched case-insensitively).
    typed = PRIYA.upper()
    second = start(uow, circle_id, token, players=[FAMILY[1], FAMILY[3], typed])

    assert second.spoken_names == {"Priya": typed, "Björnie": FAMILY[1]}
    read = understanding.understand_deal(uow, second.public_id, "Priya out, Björnie 12", "en")
    assert read.entry == {"out": typed, "hands": {FAMILY[1]: 12}}
    # A game without them knows neither word.
    third = start(uow, circle_id, token, players=FAMILY[4:8])
    assert third.spoken_names is None


def test_a_word_dropped_is_forgotten_and_a_word_moved_follows_its_member(uow):
    circle_id, token = circle(uow)
    first = start(uow, circle_id, token, players=FAMILY[:4])
    learn(uow, first, token, {"Priya": PRIYA, "Zizi": FAMILY[2]})
    learn(uow, first, token, {"Priya": PRIYA})  # Zizi dropped
    # Another table calls someone else Priya.
    other = start(uow, circle_id, token, players=FAMILY[4:8])
    learn(uow, other, token, {"priya": FAMILY[5]})

    later = start(uow, circle_id, token, players=[PRIYA, FAMILY[2], FAMILY[5]])
    assert later.spoken_names == {"priya": FAMILY[5]}
    # Saving the first game again with its words moves nothing back.
    learn(uow, first, token, {"Priya": PRIYA, "Anaïs": FAMILY[2]})
    again = start(uow, circle_id, token, players=[PRIYA, FAMILY[2], FAMILY[5]])
    assert again.spoken_names == {"priya": FAMILY[5], "Anaïs": FAMILY[2]}


def test_a_word_that_would_name_the_wrong_one_is_left_out(uow):
    circle_id, token = circle(uow)
    first = start(uow, circle_id, token, players=FAMILY[:4])
    learn(uow, first, token, {"Ann": PRIYA, "Bo": FAMILY[1]})
    second = start(uow, circle_id, token, players=FAMILY[2:6])
    learn(uow, second, token, {"Bo": FAMILY[2]})
    # "Ann" is a player's own name in the next game; "Bo" stays FAMILY[2]'s only.
    next_game = start(uow, circle_id, token, players=[PRIYA, "Ann", FAMILY[1], FAMILY[2]])
    assert next_game.spoken_names == {"Bo": FAMILY[2]}


def test_a_seated_partners_nickname_is_kept_and_a_sides_is_not(uow):
    circle_id, token = circle(uow)
    seats = [PRIYA, FAMILY[1], FAMILY[2], FAMILY[3]]
    canasta = start(uow, circle_id, token, variant="canasta", players=["Nous", "Eux"], seats=seats)
    learn(uow, canasta, token, {"Priya": PRIYA, "Them": "Eux"})

    again = start(
        uow, circle_id, token, variant="canasta", players=["We", "They"], seats=seats[::-1]
    )
    assert again.spoken_names == {"Priya": PRIYA}
    read = understanding.understand_deal(uow, again.public_id, "Priya went out", "en")
    assert read.entry["out"] == "They"  # Priya sits on the second side this time


def test_a_game_brought_into_the_circle_teaches_its_words_and_one_outside_changes_nothing(uow):
    circle_id, token = circle(uow)
    alone = services.start_game(uow, variant="rummy", players=[PRIYA, FAMILY[1]])
    learn(uow, alone.game, alone.edit_token, {"Priya": PRIYA})
    outside = start(uow, circle_id, token, players=[PRIYA, FAMILY[1]])
    assert outside.spoken_names is None

    circles.add_existing_game(uow, circle_id, token, alone.game.public_id, alone.edit_token)
    after = start(uow, circle_id, token, players=[PRIYA, FAMILY[1]])
    assert after.spoken_names == {"Priya": PRIYA}
