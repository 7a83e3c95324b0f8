"""Use cases: start a game, record, correct or undo a deal, end a game early or
reopen it, load a game's state.

The pages and the JSON API both call these; they know nothing of HTTP. Each
write takes the game's row lock first (an UPDATE of its version), so two phones
recording the same deal at once are serialised on SQLite and PostgreSQL alike,
and the unique (game, number) constraint stays the last line of defence.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from cachetools import LRUCache
from sqlalchemy import bindparam, delete, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from scorekeeper import scoring
from scorekeeper.models import Deal, DealRevision, Game, IdempotencyRecord, Seat, as_utc, utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# ---------------------------------------------------------------- errors


class ServiceError(Exception):
    """A use case refused; ``errors`` maps field paths to messages."""

    def __init__(self, detail: str, errors: Mapping[str, str] | None = None):
        super().__init__(detail)
        self.detail = detail
        self.errors = dict(errors or {})


class GameNotFound(ServiceError):
    pass


class DealNotFound(ServiceError):
    pass


class TokenMissing(ServiceError):
    pass


class TokenInvalid(ServiceError):
    pass


class InvalidInput(ServiceError):
    """Well-formed but breaks a rule: an unknown player, a value out of range ..."""


class Conflict(ServiceError):
    """The request does not fit the game as it now is; carries the current state."""

    def __init__(self, detail: str, game: GameView, errors: Mapping[str, str] | None = None):
        super().__init__(detail, errors)
        self.game = game


class IdempotencyKeyReused(ServiceError):
    """The same Idempotency-Key came back with a different request."""


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class GameView:
    """A game as loaded: its stored facts and the state derived from its entries."""

    public_id: str
    title: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    setup: scoring.Setup
    entries: tuple[dict[str, Any], ...]
    state: scoring.GameState
    # The stored early end ({"split": bool}) or None; the state says whether it applies.
    ending: dict[str, Any] | None = None
    # The table's language (a code of web.i18n.LANGUAGES) for its sheet and shared view.
    language: str | None = None

    @property
    def etag(self) -> str:
        return f'"v{self.version}"'

    def as_dict(self) -> dict[str, Any]:
        """The game state of docs/api.md."""
        return {
            "id": self.public_id,
            "title": self.title,
            **self.state.as_dict(),
            "version": self.version,
            "created_at": _iso(self.created_at),
            "updated_at": _iso(self.updated_at),
        }

    @cached_property
    def json(self) -> str:
        """``as_dict()`` as JSON text, made once per view: the phones polling a game
        share its cached view, so each version is serialised once."""
        return json.dumps(self.as_dict())


@dataclass(frozen=True)
class StartedGame:
    game: GameView
    edit_token: str  # shown once; only its hash is stored
    row_id: int = 0  # the games row, for a use case that links it (a circle's game)


@dataclass(frozen=True)
class RecordedDeal:
    game: GameView
    # The first answer's body when an Idempotency-Key was replayed, else None.
    replayed_body: str | None = None


@dataclass(frozen=True)
class Revision:
    number: int
    entry: dict[str, Any]
    action: str
    recorded_at: datetime
    recorded_by: str | None
    replaced_at: datetime
    replaced_by: str | None


def _iso(moment: datetime) -> str:
    return as_utc(moment).isoformat()


# ---------------------------------------------------------------- tokens


def new_public_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_edit_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def hash_token(token: str) -> str:
    # The token is random and long, so a fast hash is enough: nothing to guess.
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, token_hash: str) -> bool:
    if not token:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def fingerprint(payload: Any) -> str:
    """A stable hash of a JSON-like request, for Idempotency-Key checks."""
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


# ---------------------------------------------------------------- use cases


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
    game = Game(
        public_id=new_public_id(),
        edit_token_hash=hash_token(edit_token),
        variant=setup.variant,
        preset=setup.preset,
        options=dict(setup.options),
        stakes=dict(setup.stakes) if setup.stakes is not None else None,
        first_dealer=setup.first_dealer,
        seated_players=None if setup.seats is None else list(setup.seats),
        title=(title.strip() or None) if isinstance(title, str) else None,
        language=language,
        version=1,
        created_at=now,
        updated_at=now,
        seats=[Seat(position=i, name=name) for i, name in enumerate(setup.players)],
    )
    uow.session.add(game)
    uow.session.flush()
    loaded = _LoadedGame(
        id=game.id,
        public_id=game.public_id,
        title=game.title,
        version=game.version,
        created_at=game.created_at,
        updated_at=game.updated_at,
        edit_token_hash=game.edit_token_hash,
        setup=setup,
        language=game.language,
    )
    return StartedGame(game=_view(loaded), edit_token=edit_token, row_id=game.id)


def load_game(uow: UnitOfWork, public_id: str) -> GameView:
    """The game as it is now; derived once per version and kept for the next reader."""
    with uow:
        version = _version(uow, public_id)
        cached = _cached_view(public_id, version)
        if cached is not None:
            return cached
        view = _view(_find_game(uow, public_id))
        _keep_view(view)
        return view


def views_at(uow: UnitOfWork, versions: Mapping[str, int]) -> dict[str, GameView]:
    """Many games' views by id, inside the caller's unit of work (a circle reads all its
    games): each one from the cache when its version is there, else derived and kept."""
    views = {}
    for public_id, version in versions.items():
        view = _cached_view(public_id, version)
        if view is None or view.version != version:
            view = _view(_find_game(uow, public_id))
            _keep_view(view)
        views[public_id] = view
    return views


def current_version(uow: UnitOfWork, public_id: str) -> int:
    """The game's version alone: enough to answer a conditional GET without deriving."""
    with uow:
        return _version(uow, public_id)


def check_edit_token(uow: UnitOfWork, public_id: str, token: str | None) -> GameView:
    with uow:
        game = _find_game(uow, public_id)
        _authorize(game, token)
        return _view(game)


def record_deal(
    uow: UnitOfWork,
    public_id: str,
    token: str | Vouched | None,
    entry: Any,
    *,
    idempotency_key: str | None = None,
    by: str | None = None,
) -> RecordedDeal:
    """Store the next deal's entry.

    ``entry`` may carry ``number``, the deal the client believes it records: if
    that deal exists already the answer is a Conflict with the current state.
    With an ``idempotency_key``, a repeat of the same request returns the first
    answer and stores nothing; the same key with another request is refused.
    """
    with uow:
        game = _lock_game(uow, public_id)
        _authorize(game, token)
        request_fingerprint = fingerprint(entry)
        if idempotency_key is not None:
            earlier = uow.session.scalar(
                select(IdempotencyRecord).where(
                    IdempotencyRecord.game_id == game.id,
                    IdempotencyRecord.key == idempotency_key,
                    IdempotencyRecord.created_at >= utcnow() - IDEMPOTENCY_KEYS_KEPT,
                )
            )
            if earlier is not None:
                if earlier.fingerprint != request_fingerprint:
                    raise IdempotencyKeyReused(
                        message("This Idempotency-Key was used for a different request."),
                        {"Idempotency-Key": message("was used before with another body")},
                    )
                return _replay(uow, public_id, earlier)

        entries = game.entries
        _check_claimed_number(uow, game, entry, len(entries) + 1)
        setup = game.setup
        try:
            accepted = scoring.validate_entry(setup, entries, entry, game.ending)
        except scoring.GameOverError as exc:
            raise Conflict(
                exc.detail or message("The game is over: no more deals can be recorded."),
                _fresh_view(uow, public_id),
                exc.errors,
            ) from None
        except scoring.ScoringError as exc:
            raise InvalidInput(
                exc.detail or message("The deal cannot be recorded as given."), exc.errors
            ) from None

        uow.connection.execute(
            insert(Deal).values(
                game_id=game.id,
                number=len(entries) + 1,
                entry=accepted,
                # The moment the game's version moved (_lock_game): a replay rebuilds
                # its first answer's updated_at from it.
                recorded_at=game.updated_at,
                recorded_by=by,
            )
        )
        view = _view(game, [*entries, accepted])
        if idempotency_key is not None:
            _keep_key(uow, game.id, idempotency_key, request_fingerprint, view)
        _commit_or_conflict(uow, view)
        return RecordedDeal(game=view)


# How long a write's Idempotency-Key is remembered (docs/security.md): a phone retries
# within seconds or, offline, within an evening. Each key row holds no answer, only what
# rebuilds it: the deal's number, the version it made and a hash of the answer.
IDEMPOTENCY_KEYS_KEPT = timedelta(hours=24)


def _keep_key(
    uow: UnitOfWork, game_id: int, key: str, request_fingerprint: str, view: GameView
) -> None:
    """Remember the key with what rebuilds its answer; forget every key past its time."""
    now = utcnow()
    uow.connection.execute(
        delete(IdempotencyRecord).where(IdempotencyRecord.created_at < now - IDEMPOTENCY_KEYS_KEPT)
    )
    uow.connection.execute(
        insert(IdempotencyRecord).values(
            game_id=game_id,
            key=key,
            fingerprint=request_fingerprint,
            status=201,
            number=len(view.entries),
            version=view.version,
            answer_hash=hashlib.sha256(view.json.encode()).hexdigest(),
            created_at=now,
        )
    )


def _replay(uow: UnitOfWork, public_id: str, earlier: IdempotencyRecord) -> RecordedDeal:
    """The first answer again, rebuilt from the game: the game as that deal left it, byte
    for byte while the deals up to it stand as they were; else the game as it is now."""
    number, version, answer_hash = earlier.number, earlier.version, earlier.answer_hash
    uow.rollback()
    game = _find_game(uow, public_id)
    now = _view(game)
    if now.version == version or not 1 <= number <= len(game.deals):
        return RecordedDeal(game=now, replayed_body=now.json)
    then = _view(
        replace(game, version=version, updated_at=game.deals[number - 1].recorded_at, ending=None),
        game.entries[:number],
    )
    if hashlib.sha256(then.json.encode()).hexdigest() == answer_hash:
        return RecordedDeal(game=now, replayed_body=then.json)
    return RecordedDeal(game=now, replayed_body=now.json)


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
            return _fresh_view(uow, public_id)
        _keep_revision(uow, game, deal, "corrected", by)
        uow.connection.execute(
            update(Deal)
            .where(Deal.game_id == game.id, Deal.number == number)
            .values(entry=new_entries[number - 1], recorded_at=utcnow(), recorded_by=by)
        )
        view = _view_dropping_a_passed_ending(uow, game, new_entries)
        _commit_or_conflict(uow, view)
        return view


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
                _fresh_view(uow, public_id),
                {"number": message("deal %(number)s is not the last deal", number=number)},
            )
        deal = game.deals[-1]
        entries = scoring.remove_last_entry(game.setup, game.entries)
        _keep_revision(uow, game, deal, "deleted", by)
        uow.connection.execute(delete(Deal).where(Deal.game_id == game.id, Deal.number == number))
        view = _view_dropping_a_passed_ending(uow, game, entries)
        _commit_or_conflict(uow, view)
        return view


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
                _fresh_view(uow, public_id),
            )
        try:
            ending = scoring.end_early(game.setup, game.entries, split=split)
        except scoring.GameOverError as exc:
            raise Conflict(
                exc.detail or message("The game is already over: it cannot be ended early."),
                _fresh_view(uow, public_id),
                exc.errors,
            ) from None
        except scoring.ScoringError as exc:
            raise InvalidInput(
                exc.detail or message("The game cannot be ended so."), exc.errors
            ) from None
        view = _view(_store_ending(uow, game, dict(ending)))
        _commit_or_conflict(uow, view)
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
                _fresh_view(uow, public_id),
            )
        view = _view(_store_ending(uow, game, None))
        _commit_or_conflict(uow, view)
        return view


def set_language(uow: UnitOfWork, public_id: str, token: str | None, language: str) -> GameView:
    """The language the game's sheet and shared view speak from now on (the web layer
    checks that it has a catalog: the core knows no languages)."""
    with uow:
        game = _lock_game(uow, public_id)
        _authorize(game, token)
        uow.connection.execute(update(Game).where(Game.id == game.id).values(language=language))
        view = _view(replace(game, language=language))
        _commit_or_conflict(uow, view)
        return view


def rotate_edit_token(uow: UnitOfWork, public_id: str, token: str | None) -> str:
    """A new edit token; the old one stops working at once."""
    new_token = new_edit_token()
    with uow:
        game = _lock_game(uow, public_id)
        _authorize(game, token)
        uow.connection.execute(
            update(Game).where(Game.id == game.id).values(edit_token_hash=hash_token(new_token))
        )
        uow.commit()
    return new_token


def deal_history(uow: UnitOfWork, public_id: str) -> dict[int, list[Revision]]:
    """Every earlier version of each corrected or deleted deal, oldest first."""
    with uow:
        game = _find_game(uow, public_id)
        rows = uow.session.scalars(
            select(DealRevision)
            .where(DealRevision.game_id == game.id)
            .order_by(DealRevision.number, DealRevision.id)
        )
        history: dict[int, list[Revision]] = {}
        for row in rows:
            history.setdefault(row.number, []).append(
                Revision(
                    number=row.number,
                    entry=row.entry,
                    action=row.action,
                    recorded_at=row.recorded_at,
                    recorded_by=row.recorded_by,
                    replaced_at=row.replaced_at,
                    replaced_by=row.replaced_by,
                )
            )
        return history


# ---------------------------------------------------------------- helpers


@dataclass(frozen=True)
class _DealRow:
    number: int
    entry: dict[str, Any]
    recorded_at: datetime
    recorded_by: str | None


@dataclass(frozen=True)
class _LoadedGame:
    """What a use case needs of a stored game, read with two plain queries."""

    id: int
    public_id: str
    title: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    edit_token_hash: str
    setup: scoring.Setup
    deals: tuple[_DealRow, ...] = field(default=())
    ending: dict[str, Any] | None = None
    language: str | None = None

    @property
    def entries(self) -> list[dict[str, Any]]:
        return [deal.entry for deal in self.deals]


# The statements every request runs, built once and run as Core on the
# transaction's connection: building them anew, and the ORM's work around each
# statement, cost more Python time than SQLite took to run them.
_VERSION = select(Game.version).where(Game.public_id == bindparam("public_id"))
# PostgreSQL: each write tells the app servers' listeners which game changed (web.push).
CHANGES_CHANNEL = "scorekeeper_games"
_NOTIFY = text(f"SELECT pg_notify('{CHANGES_CHANNEL}', :public_id)")
_BUMP_VERSION = (
    update(Game)
    .where(Game.public_id == bindparam("game_public_id"))
    .values(version=Game.version + 1, updated_at=bindparam("now"))
)
_SETUP_AND_SEATS = (
    select(
        Game.id,
        Game.title,
        Game.created_at,
        Game.variant,
        Game.preset,
        Game.options,
        Game.stakes,
        Game.first_dealer,
        Game.seated_players,
        Seat.name,
    )
    .join(Seat, Seat.game_id == Game.id)
    .where(Game.public_id == bindparam("public_id"))
    .order_by(Seat.position)
)
_VERSION_TOKEN_AND_DEALS = (
    select(
        Game.version,
        Game.updated_at,
        Game.edit_token_hash,
        Game.ending,
        Game.language,
        Deal.number,
        Deal.entry,
        Deal.recorded_at,
        Deal.recorded_by,
    )
    .outerjoin(Deal, Deal.game_id == Game.id)
    .where(Game.id == bindparam("game_id"))
    .order_by(Deal.number)
)


def _version(uow: UnitOfWork, public_id: str) -> int:
    version = uow.connection.scalar(_VERSION, {"public_id": public_id})
    if version is None:
        raise GameNotFound(message("There is no game %(game)r.", game=public_id))
    return version


def _find_game(uow: UnitOfWork, public_id: str) -> _LoadedGame:
    """Load a game in two statements, each one consistent snapshot.

    Seats and the setup never change after a game starts, so they may be read
    apart from the mutable part: the version, token, early end and deals, which
    come together in one statement so a concurrent write cannot tear them.
    """
    rows = uow.connection.execute(_SETUP_AND_SEATS, {"public_id": public_id}).all()
    if not rows:
        raise GameNotFound(message("There is no game %(game)r.", game=public_id))
    first = rows[0]
    mutable = uow.connection.execute(_VERSION_TOKEN_AND_DEALS, {"game_id": first.id}).all()
    latest = mutable[0]
    return _LoadedGame(
        id=first.id,
        public_id=public_id,
        title=first.title,
        version=latest.version,
        created_at=first.created_at,
        updated_at=latest.updated_at,
        edit_token_hash=latest.edit_token_hash,
        setup=scoring.Setup(
            variant=first.variant,
            preset=first.preset,
            options=first.options,
            players=tuple(row.name for row in rows),
            first_dealer=first.first_dealer,
            stakes=first.stakes,
            seats=None if first.seated_players is None else tuple(first.seated_players),
        ),
        ending=latest.ending,
        language=latest.language,
        deals=tuple(
            _DealRow(row.number, row.entry, row.recorded_at, row.recorded_by)
            for row in mutable
            if row.number is not None
        ),
    )


def _lock_game(uow: UnitOfWork, public_id: str) -> _LoadedGame:
    """Take the game's write lock by bumping its version, then load it.

    The UPDATE is the transaction's first statement: SQLite takes its write
    lock here (waiting up to busy_timeout), PostgreSQL locks the row, so no
    other writer of this game can interleave with what follows.
    """
    result = uow.connection.execute(_BUMP_VERSION, {"game_public_id": public_id, "now": utcnow()})
    if result.rowcount == 0:
        raise GameNotFound(message("There is no game %(game)r.", game=public_id))
    if uow.connection.dialect.name == "postgresql":
        # Heard by every app server's watchers once (and only if) this transaction commits.
        uow.connection.execute(_NOTIFY, {"public_id": public_id})
    return _find_game(uow, public_id)


def _lock_checked(
    uow: UnitOfWork, public_id: str, token: str | Vouched | None, if_match: str | None
) -> _LoadedGame:
    """The locked game, its token and If-Match checked, for a correction or an undo."""
    game = _lock_game(uow, public_id)
    _authorize(game, token)
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


class Vouched:
    """In place of an edit token: the caller has checked the right to change the game
    itself (a league's organizer typing a table's paper sheet). No request makes one."""


VOUCHED = Vouched()


def _authorize(game: _LoadedGame, token: str | Vouched | None) -> None:
    if token is VOUCHED:
        return
    if not token:
        raise TokenMissing(message("Changing a game needs its edit token."))
    if not token_matches(token, game.edit_token_hash):
        raise TokenInvalid(message("That is not this game's edit token."))


def _check_if_match(uow: UnitOfWork, game: _LoadedGame, if_match: str | None) -> None:
    if if_match is None:
        return
    # The version was bumped by _lock_game; the client saw the one before.
    current = f'"v{game.version - 1}"'
    offered = [tag.strip() for tag in if_match.split(",")]
    if "*" in offered or current in offered:
        return
    raise Conflict(
        message("The game has changed since you loaded it (it is now at %(etag)s).", etag=current),
        _fresh_view(uow, game.public_id),
        {"If-Match": message("is stale; the current ETag is %(etag)s", etag=current)},
    )


def _check_claimed_number(uow: UnitOfWork, game: _LoadedGame, entry: Any, next_number: int) -> None:
    if not isinstance(entry, Mapping) or "number" not in entry:
        return
    claimed = entry["number"]
    if isinstance(claimed, bool) or not isinstance(claimed, int) or claimed < 1:
        raise InvalidInput(
            "The deal number must be a whole number from 1.", {"number": "must be a whole number"}
        )
    if claimed < next_number:
        raise Conflict(
            message(
                "Deal %(claimed)s has already been recorded; the next deal is deal %(next)s.",
                claimed=claimed,
                next=next_number,
            ),
            _fresh_view(uow, game.public_id),
            {"number": message("deal %(number)s exists already", number=claimed)},
        )
    if claimed > next_number:
        raise InvalidInput(
            message(
                "The next deal is deal %(next)s, not deal %(claimed)s.",
                next=next_number,
                claimed=claimed,
            ),
            {"number": message("the next deal is deal %(next)s", next=next_number)},
        )


def _find_deal(game: _LoadedGame, number: Any) -> _DealRow:
    if isinstance(number, int) and 1 <= number <= len(game.deals):
        return game.deals[number - 1]
    raise DealNotFound(
        message("Game %(game)r has no deal %(number)s.", game=game.public_id, number=number)
    )


def _keep_revision(
    uow: UnitOfWork, game: _LoadedGame, deal: _DealRow, action: str, by: str | None
) -> None:
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


def _commit_or_conflict(uow: UnitOfWork, view: GameView) -> None:
    try:
        uow.commit()
    except IntegrityError:
        # Only reachable if the row lock was bypassed; the constraint held.
        raise Conflict(
            "Another phone recorded this deal first.", _fresh_view(uow, view.public_id)
        ) from None
    _keep_view(view)


def _fresh_view(uow: UnitOfWork, public_id: str) -> GameView:
    """Drop this transaction's changes and load the game as it is now."""
    uow.rollback()
    return _view(_find_game(uow, public_id))


def _store_ending(uow: UnitOfWork, game: _LoadedGame, ending: dict[str, Any] | None) -> _LoadedGame:
    uow.connection.execute(update(Game).where(Game.id == game.id).values(ending=ending))
    return replace(game, ending=ending)


def _view_dropping_a_passed_ending(
    uow: UnitOfWork, game: _LoadedGame, entries: Sequence[dict[str, Any]]
) -> GameView:
    """The view after a correction or an undo. When the entries now reach the end
    rule the core ignores a stored early end; it is then deleted, not left to
    return should a later correction un-finish the game."""
    view = _view(game, entries)
    if game.ending is not None and not view.state.ended_early:
        _store_ending(uow, game, None)
        return replace(view, ending=None)
    return view


def _view(game: _LoadedGame, entries: Sequence[dict[str, Any]] | None = None) -> GameView:
    """The game's view, with ``entries`` in place of the stored ones when given."""
    entries = game.entries if entries is None else entries
    return GameView(
        public_id=game.public_id,
        title=game.title,
        version=game.version,
        created_at=game.created_at,
        updated_at=game.updated_at,
        setup=game.setup,
        entries=tuple(entries),
        state=scoring.derive(game.setup, entries, game.ending),
        ending=game.ending,
        language=game.language,
    )


# Recently derived games by (id, version), shared by this process's threads.
# Every change to a game raises its version, so an entry never goes stale: the
# phones at a table reading the same new deal derive it once. Only committed
# views are kept; a rolled-back version number is never seen.
_VIEWS: LRUCache[tuple[str, int], GameView] = LRUCache(maxsize=512)
_VIEWS_LOCK = threading.Lock()


def _cached_view(public_id: str, version: int) -> GameView | None:
    with _VIEWS_LOCK:
        return _VIEWS.get((public_id, version))


def _keep_view(view: GameView) -> None:
    with _VIEWS_LOCK:
        _VIEWS[view.public_id, view.version] = view
