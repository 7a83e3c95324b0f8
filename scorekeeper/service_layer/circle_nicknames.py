"""The spoken names a circle's members are known by (docs/voice.md, "Nicknames").

A game keeps its own spoken names ("Priya" for Priyanka: ``games.spoken_names``). When
the game is one of a circle's, the table that taught a word taught it about a member:
the word is kept with that member too (``circle_members.spoken_names``), and a game
started from the circle later starts knowing its members' words, so nobody is asked
"Who is “Priya”?" twice in a circle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from sqlalchemy import bindparam, select, update

from scorekeeper.models import CircleGame, CircleMember, Game
from scorekeeper.scoring import Setup
from scorekeeper.service_layer.results import StartedGame
from scorekeeper.service_layer.unit_of_work import UnitOfWork

MOST_PER_MEMBER = 12  # the latest learned; a game holds 100 at most (understanding)

_LINK = select(CircleGame.circle_id, CircleGame.member_ids).where(
    CircleGame.game_id == bindparam("game_row")
)
_WORDS = (
    update(CircleMember)
    .where(CircleMember.id == bindparam("member"))
    .values(spoken_names=bindparam("words"))
)


def places(setup: Setup) -> tuple[str, ...]:
    """A game's people as its circle_games row lists their members: the players, or a
    partnership game's seats."""
    return setup.seats if setup.seats is not None else setup.players


def keep_learned(
    uow: UnitOfWork,
    game_row: int,
    setup: Setup,
    before: Mapping[str, str] | None,
    after: Mapping[str, str],
) -> None:
    """A game's spoken names set anew (``before`` to ``after``, word -> a person's name
    in the game), kept with the members of its circle, if it is in one, in the caller's
    transaction: a word added names the member in that place (and no other member any
    more), a word dropped is forgotten by the member it named. A word for a partnership
    game's side names no one member and stays with the game."""
    link = uow.connection.execute(_LINK, {"game_row": game_row}).first()
    if link is None:
        return
    member_at = dict(zip(places(setup), link.member_ids, strict=True))
    old = {word.casefold(): member_at.get(name) for word, name in (before or {}).items()}
    new = {word.casefold(): (word, member_at.get(name)) for word, name in after.items()}
    rows = uow.connection.execute(
        select(CircleMember.id, CircleMember.spoken_names).where(
            CircleMember.circle_id == link.circle_id
        )
    ).all()
    words = {row.id: list(row.spoken_names or ()) for row in rows}
    kept = {member: list(held) for member, held in words.items()}

    def forget(folded: str, member: int) -> None:
        kept[member] = [w for w in kept[member] if w.casefold() != folded]

    # Only the words whose person changed: a word another game has since moved to
    # someone else stays there when this game is saved again with it.
    for folded, member in old.items():
        if member is not None and new.get(folded, ("", None))[1] != member:
            forget(folded, member)
    for folded, (word, member) in new.items():
        if member is None or old.get(folded) == member:
            continue
        for other in kept:
            forget(folded, other)
        kept[member] = [*kept[member], word][-MOST_PER_MEMBER:]
    changed = [
        {"member": member, "words": held or None}
        for member, held in kept.items()
        if held != words[member]
    ]
    if changed:
        uow.connection.execute(_WORDS, changed)


def start_knowing(uow: UnitOfWork, started: StartedGame, setup: Setup) -> StartedGame:
    """A game just started in a circle (linked, in the caller's transaction) given the
    words its members are known by, each for the name the member plays under here;
    a word that is one of the game's own names, or that two of its members share, is
    left out (it would name the wrong one)."""
    link = uow.connection.execute(_LINK, {"game_row": started.row_id}).first()
    people = places(setup)
    held = known_words(uow, link.member_ids)
    taken = {name.casefold() for name in (*setup.players, *people)}
    given: dict[str, str] = {}
    twice: set[str] = set()
    for name, member in zip(people, link.member_ids, strict=True):
        for word in held.get(member) or ():
            folded = word.casefold()
            if folded in taken:
                continue
            if folded in twice or any(w.casefold() == folded for w in given):
                # Two members called alike: the word names neither.
                twice.add(folded)
                given = {w: n for w, n in given.items() if w.casefold() != folded}
                continue
            given[word] = name
    if not given:
        return started
    uow.connection.execute(update(Game).where(Game.id == started.row_id).values(spoken_names=given))
    return replace(started, game=replace(started.game, spoken_names=given))


def known_words(uow: UnitOfWork, members: Sequence[int]) -> dict[int, list[str]]:
    """Each of ``members`` (circle_members ids) with the words they are known by."""
    rows = uow.connection.execute(
        select(CircleMember.id, CircleMember.spoken_names).where(CircleMember.id.in_(members))
    ).all()
    return {row.id: list(row.spoken_names or ()) for row in rows}
