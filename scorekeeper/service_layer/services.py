"""Use cases: start a game, record, correct or undo a deal, end a game early or
reopen it, load a game's state.

The pages and the JSON API both call these; they know nothing of HTTP. Each
write takes the game's row lock first (``uow.games.lock``: an UPDATE of its
version), so two phones recording the same deal at once are serialised on SQLite
and PostgreSQL alike, and the unique (game, number) constraint stays the last line
of defence; a new deal, the tables' hot path, checks first and then moves the
version only if it is still the one it read (``uow.games.move``), taking the lock
the same way for its writes alone. What they raise is in ``errors``, who may
change a game in ``tokens``, what they answer in ``results``, the checks a change
of deals shares in ``deal_checks``, and the games' rows in ``repository``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import delete, insert, update

from scorekeeper import scoring
from scorekeeper.models import Deal, DealRevision, Game, utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.deal_checks import (
    check_claimed_number,
    commit_or_conflict,
    fresh_view,
    scoring_refusals,
)
from scorekeeper.service_layer.errors import (
    Conflict,
    DealNotFound,
    InvalidInput,
)
from scorekeeper.service_layer.idempotency import earlier_answer, keep_key
from scorekeeper.service_layer.repository import Revision, StoredDeal, StoredGame
from scorekeeper.service_layer.results import (
    GameView,
    OpenedGame,
    RecordedDeal,
    StartedGame,
    cached_view,
    keep_view,
    view_of,
)
from scorekeeper.service_layer.tokens import (
    Vouched,
    authorize,
    fingerprint,
    hash_token,
    new_edit_token,
    new_public_id,
    token_matches,
)
from scorekeeper.service_layer.unit_of_work import UnitOfWork


def start_game(
    uow: UnitOfWork,
    *,
    players: Sequence[Any],
    variant: Any = None,
    preset: Any = None,
    options: Any = None,
    first_dealer: Any = None,
    stakes: Any = None,
    title: Any = None,
    seats: Any = None,
    language: str | None = None,
) -> StartedGame:
    setup = checked_setup(
        players=players,
        variant=variant,
        preset=preset,
        options=options,
        first_dealer=first_dealer,
        stakes=stakes,
        title=title,
        seats=seats,
    )
    with uow:
        started = add_game(uow, setup, title=title, language=language)
        uow.commit()
        return started


def checked_setup(*, title: Any = None, **given: Any) -> scoring.Setup:
    """A new game's setup, or InvalidInput with every field's error."""
    errors: dict[str, str] = {}
    if title is not None and not (
        isinstance(title, str) and len(title.strip()) <= 120 and title.isprintable()
    ):
        errors["title"] = "must be text of at most 120 characters, without control characters"
    try:
        setup = scoring.make_setup(**given)
    except scoring.ScoringError as exc:
        errors = {**exc.errors, **errors}
    if errors:
        raise InvalidInput(message("The game cannot be started as given."), errors)
    return setup


def add_game(
    uow: UnitOfWork, setup: scoring.Setup, *, title: Any = None, language: str | None = None
) -> StartedGame:
    """Add a game with a checked setup in ``uow``'s transaction (the caller commits);
    ``row_id`` is the new row's id."""
    edit_token = new_edit_token()
    now = utcnow()
    game = uow.games.add(
        setup,
        public_id=new_public_id(),
        edit_token_hash=hash_token(edit_token),
        title=(title.strip() or None) if isinstance(title, str) else None,
        language=language,
        version=1,
        created_at=now,
        updated_at=now,
    )
    return StartedGame(game=view_of(game), edit_token=edit_token, row_id=game.id)


def load_game(uow: UnitOfWork, public_id: str) -> GameView:
    """The game as it is now; derived once per version and kept for the next reader."""
    with uow:
        return _view_at(uow, public_id, uow.games.version(public_id))


def open_game(
    uow: UnitOfWork,
    public_id: str,
    token: str | None,
    circle_tokens: Mapping[str, str] | None = None,
) -> OpenedGame:
    """The game as a page opens it, whether ``token`` (the game's own, or its circle's)
    or the phone's ``circle_tokens`` (circle id -> token) may change it, and the circle
    it was played in for a phone holding that circle's token: one statement while the
    view of the game's version is kept."""
    with uow:
        stamp = uow.games.stamp(public_id)
        view = _view_at(uow, public_id, stamp.version)
    editor = token if token_matches(token, stamp.edit_token_hash) else None
    circle_token = None
    if stamp.circle is not None and stamp.circle_token_hash is not None:
        offered = [token, (circle_tokens or {}).get(stamp.circle[0])]
        circle_token = next(
            (held for held in offered if token_matches(held, stamp.circle_token_hash)), None
        )
    return OpenedGame(
        game=view,
        may_edit=(editor or circle_token) is not None,
        circle=stamp.circle if circle_token else None,
        token=editor or circle_token,
        by_circle=editor is None and circle_token is not None,
        in_circle=stamp.circle is not None,
    )


def _view_at(uow: UnitOfWork, public_id: str, version: int) -> GameView:
    cached = cached_view(public_id, version)
    if cached is not None:
        return cached
    view = view_of(uow.games.get(public_id))
    keep_view(view)
    return view


def views_at(uow: UnitOfWork, versions: Mapping[str, int]) -> dict[str, GameView]:
    """Many games' views by id, inside the caller's unit of work (a circle reads all its
    games): each one from the cache when its version is there, else derived and kept."""
    views = {}
    for public_id, version in versions.items():
        view = cached_view(public_id, version)
        if view is None or view.version != version:
            view = view_of(uow.games.get(public_id))
            keep_view(view)
        views[public_id] = view
    return views


def current_version(uow: UnitOfWork, public_id: str) -> int:
    """The game's version alone: enough to answer a conditional GET without deriving."""
    with uow:
        return uow.games.version(public_id)


def current_versions(uow: UnitOfWork, public_ids: list[str]) -> dict[str, int]:
    """Many games' versions at once (the stream process's look); a game gone is left out."""
    with uow:
        return uow.games.versions(public_ids)


def check_edit_token(uow: UnitOfWork, public_id: str, token: str | None) -> GameView:
    """The game, if ``token`` may change it; else TokenMissing or TokenInvalid."""
    with uow:
        stamp = uow.games.stamp(public_id)
        authorize(stamp.edit_token_hash, token, stamp.circle_token_hash)
        return _view_at(uow, public_id, stamp.version)


def record_deal(
    uow: UnitOfWork,
    public_id: str,
    token: str | Vouched | None,
    entry: Any | Callable[[GameView], Any],
    *,
    idempotency_key: str | None = None,
    by: str | None = None,
) -> RecordedDeal:
    """Store the next deal's entry.

    ``entry`` may be a function of the game as it stands (before this deal) that
    reads the entry: a page reads its form so, against the game this call loads and
    locks, rather than loading the game once more before it.

    ``entry`` may carry ``number``, the deal the client believes it records: if
    that deal exists already the answer is a Conflict with the current state.
    With an ``idempotency_key``, a repeat of the same request returns the first
    answer and stores nothing; the same key with another request is refused.

    The game is read, the entry checked and the answer made before anything is
    written; the writes then go in only if the game's version is still the one read
    (``GameRepository.move``), so SQLite's one write lock, which every table's post
    and the worker's jobs wait for, covers two statements and the commit, not the
    checking and deriving. Another write to the game in between (a second phone at
    the table) sends the post the locked way, reading the game again under its lock.
    """
    with uow:
        game = uow.games.get(public_id)
        checked = _checked_deal(uow, game, token, entry, idempotency_key, lambda: _view_read(game))
        if isinstance(checked, RecordedDeal):
            return checked
        moved = replace(game, version=game.version + 1, updated_at=utcnow())
        view = view_of(moved, [*game.entries, checked.entry])
        _ = view.json  # the answer made now, before the write lock, not under it
        if uow.games.move(game, moved.updated_at):
            return _write_deal(uow, moved, checked, view, idempotency_key, by)
        uow.rollback()
        game = uow.games.lock(public_id)
        checked = _checked_deal(
            uow, game, token, entry, idempotency_key, lambda: _view_before(game)
        )
        if isinstance(checked, RecordedDeal):
            return checked
        view = view_of(game, [*game.entries, checked.entry])
        return _write_deal(uow, game, checked, view, idempotency_key, by)


@dataclass(frozen=True)
class _CheckedDeal:
    entry: Any  # as the scoring core accepted it
    fingerprint: str


def _checked_deal(
    uow: UnitOfWork,
    game: StoredGame,
    token: str | Vouched | None,
    entry: Any | Callable[[GameView], Any],
    idempotency_key: str | None,
    before: Callable[[], GameView],
) -> _CheckedDeal | RecordedDeal:
    """The next deal's entry checked against ``game`` (``before``: the game as the
    caller's entry function reads it), or the first answer to a repeated request."""
    authorize(game.edit_token_hash, token, game.circle_token_hash)
    if callable(entry):
        entry = entry(before())
    request_fingerprint = fingerprint(entry)
    if idempotency_key is not None:
        earlier = earlier_answer(uow, game.id, game.public_id, idempotency_key, request_fingerprint)
        if earlier is not None:
            return earlier
    entries = game.entries
    check_claimed_number(uow, game, entry, len(entries) + 1)
    with scoring_refusals(
        uow,
        game.public_id,
        over=message("The game is over: no more deals can be recorded."),
        refused=message("The deal cannot be recorded as given."),
    ):
        accepted = scoring.validate_entry(game.setup, entries, entry, game.ending)
    return _CheckedDeal(accepted, request_fingerprint)


def _write_deal(
    uow: UnitOfWork,
    game: StoredGame,
    checked: _CheckedDeal,
    view: GameView,
    idempotency_key: str | None,
    by: str | None,
) -> RecordedDeal:
    """Insert the checked deal of ``game`` (its version already moved) and commit."""
    uow.connection.execute(
        insert(Deal).values(
            game_id=game.id,
            number=len(game.deals) + 1,
            entry=checked.entry,
            # The moment the game's version moved: a replay rebuilds its first
            # answer's updated_at from it.
            recorded_at=game.updated_at,
            recorded_by=by,
        )
    )
    if idempotency_key is not None:
        keep_key(uow, game.id, idempotency_key, checked.fingerprint, view)
    commit_or_conflict(uow, view)
    return RecordedDeal(game=view)


def _view_read(game: StoredGame) -> GameView:
    """The game as read (no lock taken): kept from the page that showed it, as a rule."""
    return cached_view(game.public_id, game.version) or view_of(game)


def _view_before(game: StoredGame) -> GameView:
    """The game as it stood before the lock moved its version: kept from the page
    that showed it, as a rule; else derived (the version aside, it is the same)."""
    return cached_view(game.public_id, game.version - 1) or view_of(game)


def correct_deal(
    uow: UnitOfWork,
    public_id: str,
    token: str | None,
    number: int,
    entry: Any,
    *,
    if_match: str | None = None,
    by: str | None = None,
) -> GameView:
    """Replace deal ``number``'s entry; every later deal is re-derived and re-checked."""
    with uow:
        game = _lock_checked(uow, public_id, token, if_match)
        deal = _find_deal(game, number)
        if isinstance(entry, Mapping) and "number" in entry and entry["number"] != number:
            raise InvalidInput(
                message("This entry is for deal %(number)s.", number=number),
                {"number": message("must be %(number)s, the deal being corrected", number=number)},
            )
        try:
            new_entries = scoring.replace_entry(
                game.setup, game.entries, number, entry, game.ending
            )
        except scoring.ScoringError as exc:
            raise InvalidInput(
                exc.detail or message("Deal %(number)s cannot be corrected so.", number=number),
                exc.errors,
            ) from None
        if new_entries[number - 1] == deal.entry:
            return fresh_view(uow, public_id)
        _keep_revision(uow, game, deal, "corrected", by, new_entries[number - 1])
        uow.connection.execute(
            update(Deal)
            .where(Deal.game_id == game.id, Deal.number == number)
            .values(entry=new_entries[number - 1], recorded_at=utcnow(), recorded_by=by)
        )
        return _commit_dropping_a_passed_ending(uow, game, new_entries)


def delete_last_deal(
    uow: UnitOfWork,
    public_id: str,
    token: str | Vouched | None,
    number: int,
    *,
    if_match: str | None = None,
    by: str | None = None,
) -> GameView:
    """Undo deal ``number``, which must be the last one; its entry is kept in the history.

    Any other number is a conflict with the game as it is, a deal beyond the last
    too: that is what a second phone undoing the same deal sends.
    """
    with uow:
        game = _lock_checked(uow, public_id, token, if_match)
        last = len(game.deals)
        if number != last:
            raise Conflict(
                _not_the_last_deal(number, last),
                fresh_view(uow, public_id),
                {"number": message("deal %(number)s is not the last deal", number=number)},
            )
        deal = game.deals[-1]
        entries = scoring.remove_last_entry(game.setup, game.entries)
        _keep_revision(uow, game, deal, "deleted", by)
        uow.connection.execute(delete(Deal).where(Deal.game_id == game.id, Deal.number == number))
        return _commit_dropping_a_passed_ending(uow, game, entries)


def end_game(
    uow: UnitOfWork,
    public_id: str,
    token: str | None,
    *,
    split: Any = False,
    if_match: str | None = None,
) -> GameView:
    """End an unfinished game where it stands (docs/rules.md section 15); ``split`` shares
    a pool rummy pot by the split rule. A finished game is a Conflict, and so is one
    already ended early (reopen it first to end it another way)."""
    with uow:
        game = _lock_checked(uow, public_id, token, if_match)
        if game.ending is not None:
            raise Conflict(
                message("The game was already ended early: reopen it first to end it another way."),
                fresh_view(uow, public_id),
            )
        with scoring_refusals(
            uow,
            public_id,
            over=message("The game is already over: it cannot be ended early."),
            refused=message("The game cannot be ended so."),
        ):
            ending = scoring.end_early(game.setup, game.entries, split=split)
        view = view_of(_store_ending(uow, game, dict(ending)))
        commit_or_conflict(uow, view)
        return view


def reopen_game(
    uow: UnitOfWork, public_id: str, token: str | None, *, if_match: str | None = None
) -> GameView:
    """Remove the early end (and any split): the game takes new deals again."""
    with uow:
        game = _lock_checked(uow, public_id, token, if_match)
        if game.ending is None:
            raise Conflict(
                message("The game was not ended early: there is nothing to reopen."),
                fresh_view(uow, public_id),
            )
        view = view_of(_store_ending(uow, game, None))
        commit_or_conflict(uow, view)
        return view


def set_language(uow: UnitOfWork, public_id: str, token: str | None, language: str) -> GameView:
    """The language the game's sheet and shared view speak from now on (the web layer
    checks that it has a catalog: the core knows no languages)."""
    return set_game_facts(uow, public_id, token, language=language)


def set_game_facts(
    uow: UnitOfWork,
    public_id: str,
    token: str | None,
    check: Callable[[StoredGame], None] | None = None,
    **facts: Any,
) -> GameView:
    """Store ``facts`` (columns of the game that no deal depends on) for an editor, once
    ``check`` (given the game as locked) has not refused them."""
    with uow:
        game = uow.games.lock(public_id)
        authorize(game.edit_token_hash, token, game.circle_token_hash)
        if check is not None:
            check(game)
        uow.connection.execute(update(Game).where(Game.id == game.id).values(**facts))
        view = view_of(replace(game, **facts))
        commit_or_conflict(uow, view)
        return view


def rotate_edit_token(uow: UnitOfWork, public_id: str, token: str | None) -> str:
    """A new edit token; the old one stops working at once."""
    new_token = new_edit_token()
    with uow:
        game = uow.games.lock(public_id)
        authorize(game.edit_token_hash, token, game.circle_token_hash)
        uow.connection.execute(
            update(Game).where(Game.id == game.id).values(edit_token_hash=hash_token(new_token))
        )
        uow.commit()
    return new_token


def deal_history(uow: UnitOfWork, public_id: str) -> dict[int, list[Revision]]:
    """Every earlier version of each corrected or deleted deal, oldest first."""
    with uow:
        game = uow.games.get(public_id)
        history: dict[int, list[Revision]] = {}
        for revision in uow.games.revisions([game.id]).get(game.id, []):
            history.setdefault(revision.number, []).append(revision)
        return history


# ---------------------------------------------------------------- helpers


def _lock_checked(
    uow: UnitOfWork, public_id: str, token: str | Vouched | None, if_match: str | None
) -> StoredGame:
    """The locked game, its token and If-Match checked, for a correction or an undo."""
    game = uow.games.lock(public_id)
    authorize(game.edit_token_hash, token, game.circle_token_hash)
    _check_if_match(uow, game, if_match)
    return game


def _not_the_last_deal(number: int, last: int) -> str:
    if 1 <= number < last:
        return message(
            "Only the last deal (deal %(last)s) can be deleted; correct deal %(number)s instead.",
            last=last,
            number=number,
        )
    if last == 0:
        return message("There is no deal %(number)s: no deal has been recorded.", number=number)
    return message(
        "There is no deal %(number)s: the last deal is deal %(last)s.", number=number, last=last
    )


def _check_if_match(uow: UnitOfWork, game: StoredGame, if_match: str | None) -> None:
    if if_match is None:
        return
    # The version was bumped by the lock; the client saw the one before.
    current = f'"v{game.version - 1}"'
    offered = [tag.strip() for tag in if_match.split(",")]
    if "*" in offered or current in offered:
        return
    raise Conflict(
        message("The game has changed since you loaded it (it is now at %(etag)s).", etag=current),
        fresh_view(uow, game.public_id),
        {"If-Match": message("is stale; the current ETag is %(etag)s", etag=current)},
    )


def _find_deal(game: StoredGame, number: Any) -> StoredDeal:
    if isinstance(number, int) and 1 <= number <= len(game.deals):
        return game.deals[number - 1]
    raise DealNotFound(
        message("Game %(game)r has no deal %(number)s.", game=game.public_id, number=number)
    )


# Told of each deal corrected or undone, in its transaction before the commit, as
# (session, game row id, game version before, deal number, action, entry before, entry
# after or None, by): the league logs its tables' (league/log.py), whoever changed them.
DEAL_CHANGED: list[Callable[..., None]] = []


def _keep_revision(
    uow: UnitOfWork,
    game: StoredGame,
    deal: StoredDeal,
    action: str,
    by: str | None,
    after: Any = None,
) -> None:
    for told in DEAL_CHANGED:
        told(uow.session, game.id, game.version - 1, deal.number, action, deal.entry, after, by)
    uow.connection.execute(
        insert(DealRevision).values(
            game_id=game.id,
            number=deal.number,
            entry=deal.entry,
            action=action,
            recorded_at=deal.recorded_at,
            recorded_by=deal.recorded_by,
            replaced_at=utcnow(),
            replaced_by=by,
        )
    )


def _store_ending(uow: UnitOfWork, game: StoredGame, ending: dict[str, Any] | None) -> StoredGame:
    uow.connection.execute(update(Game).where(Game.id == game.id).values(ending=ending))
    return replace(game, ending=ending)


def _commit_dropping_a_passed_ending(
    uow: UnitOfWork, game: StoredGame, entries: Sequence[dict[str, Any]]
) -> GameView:
    """Commit a correction or an undo, and the view after it. When the entries now
    reach the end rule the core ignores a stored early end; it is then deleted, not
    left to return should a later correction un-finish the game."""
    view = view_of(game, entries)
    if game.ending is not None and not view.state.ended_early:
        _store_ending(uow, game, None)
        view = replace(view, ending=None)
    commit_or_conflict(uow, view)
    return view
