"""Use cases of a circle (docs/circles.md): start one, add members, start a game in it
or bring an existing one in, record and remove expenses and payments, load it.

The ledger and the stats are worked out on every read from the games' stored results
and the records (``scoring.circle``); a game's result is derived again only when its
version moved since it was stored (``circle_results``), as a league's results are. Each write
takes the circle's row lock first (an UPDATE of its version), as a game's writes do.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from cachetools import LRUCache
from sqlalchemy import bindparam, func, insert, select, update

from scorekeeper import scoring
from scorekeeper.models import Circle, CircleGame, CircleMember, CircleRecord, Game, as_utc, utcnow
from scorekeeper.scoring.game import NAME_LENGTH
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer import circle_checks as checks
from scorekeeper.service_layer import circle_nicknames as nicknames
from scorekeeper.service_layer import circle_results as stored
from scorekeeper.service_layer import services
from scorekeeper.service_layer.circle_views import (
    CircleGameView,
    CircleView,
    Member,
    Record,
)
from scorekeeper.service_layer.errors import InvalidInput, ServiceError, TokenInvalid, TokenMissing
from scorekeeper.service_layer.results import StartedGame
from scorekeeper.service_layer.tokens import (
    hash_token,
    new_edit_token,
    new_public_id,
    token_matches,
)
from scorekeeper.service_layer.unit_of_work import UnitOfWork

__all__ = ["CircleGameView", "CircleView", "Member", "Record"]

NAME_LIMIT = 80
KINDS = ("expense", "payment")
GAME_SETUP_FIELDS = ("variant", "preset", "players", "options", "first_dealer", "stakes", "seats")


class CircleNotFound(ServiceError):
    pass


class RecordNotFound(ServiceError):
    pass


class CircleConflict(ServiceError):
    """A stale If-Match: carries the circle as it now is."""

    def __init__(self, detail: str, circle: CircleView, errors: Mapping[str, str] | None = None):
        super().__init__(detail, errors)
        self.circle = circle


@dataclass(frozen=True)
class StartedCircle:
    circle: CircleView
    edit_token: str  # shown once; only its hash is stored


# ---------------------------------------------------------------- use cases


def create_circle(
    uow: UnitOfWork, *, name: Any, members: Any = None, currency: Any = None
) -> StartedCircle:
    errors: dict[str, str] = {}
    checked_name = checks.text(name, NAME_LIMIT, "name", errors, required=True)
    names = checks.new_member_names(members, errors)
    if currency is None:
        currency = "USD"
    if not (isinstance(currency, str) and re.fullmatch("[A-Z]{3}", currency)):
        errors["currency"] = message(
            "must be a 3-letter ISO currency code in capitals, such as USD or EUR"
        )
    if errors:
        raise InvalidInput(message("The circle cannot be started as given."), errors)
    edit_token = new_edit_token()
    now = utcnow()
    with uow:
        circle = Circle(
            public_id=new_public_id(),
            edit_token_hash=hash_token(edit_token),
            name=checked_name,
            currency=currency,
            version=1,
            created_at=now,
            updated_at=now,
        )
        uow.session.add(circle)
        uow.session.flush()
        for position, member in enumerate(names):
            uow.session.add(CircleMember(circle_id=circle.id, position=position, name=member))
        uow.commit()
        return StartedCircle(_load(uow, circle.public_id), edit_token)


def load_circle(uow: UnitOfWork, public_id: str) -> CircleView:
    with uow:
        return _load(uow, public_id)


def add_member(
    uow: UnitOfWork, public_id: str, token: str | None, name: Any, *, if_match: str | None = None
) -> CircleView:
    with uow:
        row = _lock(uow, public_id, token, if_match)
        errors: dict[str, str] = {}
        checked = checks.text(name, NAME_LENGTH, "name", errors, required=True)
        current = _members(uow, row.id)
        if not errors and any(m.name.casefold() == checked.casefold() for m in current):
            errors["name"] = message("%(name)s is already a member", name=checked)
        if not errors and len(current) >= checks.MOST_MEMBERS:
            errors["name"] = message(
                "a circle has at most %(count)s members", count=checks.MOST_MEMBERS
            )
        if errors:
            raise InvalidInput(message("The member cannot be added."), errors)
        _insert_members(uow, row.id, len(current), [checked])
        uow.commit()
        return _load(uow, public_id)


def rename_member(
    uow: UnitOfWork, public_id: str, token: str | None, name: Any, new_name: Any
) -> CircleView:
    """Every game's name for the member follows in the circle's views; the games keep
    the name that was typed."""
    with uow:
        row = _lock(uow, public_id, token, None)
        view = _load(uow, public_id, keep=False)
        errors: dict[str, str] = {}
        index = view.member_index(name)
        if index is None:
            errors["name"] = message("is not a member of this circle")
        checked = checks.text(new_name, NAME_LENGTH, "new_name", errors, required=True)
        other = view.member_index(checked) if not errors else None
        if other is not None and other != index:
            errors["new_name"] = message("%(name)s is already a member", name=checked)
        if errors:
            raise InvalidInput(message("The member cannot be renamed so."), errors)
        member = view.members[index or 0]
        uow.connection.execute(
            update(CircleMember)
            .where(CircleMember.id == member.id, CircleMember.circle_id == row.id)
            .values(name=checked)
        )
        uow.commit()
        return _load(uow, public_id)


# Each kind of record: how its body is checked, and the refusal when it is not as given.
_RECORDS = {
    "payment": (checks.payment, message("The payment cannot be recorded as given.")),
    "expense": (checks.expense, message("The expense cannot be recorded as given.")),
}


def add_record(
    uow: UnitOfWork,
    public_id: str,
    token: str | None,
    body: Mapping[str, Any],
    *,
    kind: str,
    key: str | None = None,
) -> CircleView:
    """Store an expense or a payment (``kind``). ``key``: a phone's one-time key for this
    record; sent again (an outbox's retry after a lost answer) it stores nothing new."""
    read, refused = _RECORDS[kind]
    with uow:
        row = _lock(uow, public_id, token, None)
        if _seen(uow, row.id, key):
            uow.rollback()
            return _load(uow, public_id)
        view = _load(uow, public_id, keep=False)
        errors: dict[str, str] = {}
        values = read(view, body, errors)  # each bad field's message in errors
        if errors:
            raise InvalidInput(refused, errors)
        _insert_record(uow, row.id, kind, **values, key=key)
        uow.commit()
        return _load(uow, public_id)


add_payment = partial(add_record, kind="payment")
add_expense = partial(add_record, kind="expense")


def remove_record(
    uow: UnitOfWork,
    public_id: str,
    token: str | None,
    kind: str,
    number: int,
    *,
    if_match: str | None = None,
    restore: bool = False,
) -> CircleView:
    """Remove an expense or a payment (a correction); it stays in the history, and
    ``restore`` puts a removed one back (the undo of a mistaken removal)."""
    with uow:
        row = _lock(uow, public_id, token, if_match)
        record = uow.session.scalar(
            select(CircleRecord).where(
                CircleRecord.circle_id == row.id,
                CircleRecord.kind == kind,
                CircleRecord.number == number,
            )
        )
        if record is None or (record.removed_at is None) == restore:
            raise RecordNotFound(no_record(kind, number))
        record.removed_at = None if restore else utcnow()
        uow.commit()
        return _load(uow, public_id)


def start_game(
    uow: UnitOfWork,
    circle_id: Any,
    token: str | None,
    game: Mapping[str, Any],
    *,
    language: str | None = None,
) -> StartedGame:
    """Start a game in a circle (with the circle's token): its players (a partnership
    game's seats) join the members where new, matched case-insensitively and trimmed.
    The circle's view is not made here: it reads every game of the circle, and the
    table goes to the new game's page."""
    with uow:
        row = _lock_for_game(uow, circle_id, token)
        title = game.get("title")
        given = {name: game.get(name) for name in GAME_SETUP_FIELDS}
        stakes = given.get("stakes")
        if isinstance(stakes, Mapping) and "currency" not in stakes:
            # The circle's money unless the game says otherwise.
            given["stakes"] = {**stakes, "currency": row.currency}
        setup = services.checked_setup(title=title, **given)
        _check_currency(setup, row.currency)
        started = services.add_game(uow, setup, title=title, language=language)
        _link(uow, row.id, started.row_id, setup)
        started = nicknames.start_knowing(uow, started, setup)
        uow.commit()
        return started


def add_existing_game(
    uow: UnitOfWork, public_id: str, token: str | None, game_id: Any, game_token: Any
) -> CircleView:
    """Bring a game into the circle: whoever holds both edit tokens may."""
    with uow:
        row = _lock(uow, public_id, token, None)
        errors: dict[str, str] = {}
        found = (
            uow.session.scalar(select(Game).where(Game.public_id == game_id))
            if isinstance(game_id, str)
            else None
        )
        if found is None:
            errors["game"] = message("is not a game")
        elif not token_matches(
            game_token if isinstance(game_token, str) else None, found.edit_token_hash
        ):
            errors["edit_token"] = message("is not this game's edit token")
        elif uow.session.scalar(select(CircleGame.id).where(CircleGame.game_id == found.id)):
            errors["game"] = message("is in a circle already")
        if errors:
            raise InvalidInput(message("The game cannot be added to the circle."), errors)
        view = services.views_at(uow, {found.public_id: found.version})[found.public_id]
        _check_currency(view.setup, row.currency)
        _link(uow, row.id, found.id, view.setup)
        nicknames.keep_learned(uow, found.id, view.setup, None, found.spoken_names or {})
        uow.commit()
        return _load(uow, public_id)


def circle_of_game(uow: UnitOfWork, game_public_id: str) -> tuple[str, str] | None:
    """(circle id, circle name) of the circle a game was played in, or None."""
    with uow:
        found = uow.connection.execute(
            select(Circle.public_id, Circle.name)
            .join(CircleGame, CircleGame.circle_id == Circle.id)
            .join(Game, Game.id == CircleGame.game_id)
            .where(Game.public_id == game_public_id)
        ).first()
        return None if found is None else (found.public_id, found.name)


def circle_names(uow: UnitOfWork, public_ids: list[str]) -> list[tuple[str, str]]:
    """(id, name) of those of ``public_ids`` that are circles, in the order given."""
    with uow:
        rows = uow.connection.execute(
            select(Circle.public_id, Circle.name).where(Circle.public_id.in_(public_ids))
        ).all()
    names = dict(rows)
    return [(public_id, names[public_id]) for public_id in public_ids if public_id in names]


def rotate_token(uow: UnitOfWork, public_id: str, token: str | None) -> str:
    """A new edit token for the circle: the old one stops working at once, on the circle
    and on every game of it (a lost phone's link revoked); the games' own tokens stay."""
    new_token = new_edit_token()
    with uow:
        row = _lock(uow, public_id, token, None)
        row.edit_token_hash = hash_token(new_token)
        uow.commit()
    return new_token


def check_token(uow: UnitOfWork, public_id: str, token: str | None) -> CircleView:
    with uow:
        row = _row(uow, public_id)
        _authorize(row, token)
        return _load(uow, public_id)


# ---------------------------------------------------------------- helpers


def no_record(kind: str, number: Any) -> str:
    if kind == "expense":
        return message("There is no expense %(number)s to change.", number=number)
    return message("There is no payment %(number)s to change.", number=number)


def _row(uow: UnitOfWork, public_id: Any) -> Circle:
    row = (
        uow.session.scalar(
            select(Circle)
            .where(Circle.public_id == public_id)
            .execution_options(populate_existing=True)
        )
        if isinstance(public_id, str)
        else None
    )
    if row is None:
        raise CircleNotFound(message("There is no circle %(circle)r.", circle=public_id))
    return row


def _authorize(row: Circle, token: str | None) -> None:
    if not token:
        raise TokenMissing(message("Changing a circle needs its edit token."))
    if not token_matches(token, row.edit_token_hash):
        raise TokenInvalid(message("That is not this circle's edit token."))


_BUMP = (
    update(Circle)
    .where(Circle.public_id == bindparam("circle_id"))
    .values(version=Circle.version + 1, updated_at=bindparam("now"))
)


def _lock(uow: UnitOfWork, public_id: str, token: str | None, if_match: str | None) -> Circle:
    """The circle's write lock (its version bumped first), its token and If-Match checked."""
    if if_match is not None:
        seen = _load(uow, public_id, keep=False).etag
        offered = [tag.strip() for tag in if_match.split(",")]
        if "*" not in offered and seen not in offered:
            row = _row(uow, public_id)
            _authorize(row, token)
            raise CircleConflict(
                message(
                    "The circle has changed since you loaded it (it is now at %(etag)s).", etag=seen
                ),
                _load(uow, public_id),
                {"If-Match": message("is stale; the current ETag is %(etag)s", etag=seen)},
            )
    uow.connection.execute(_BUMP, {"circle_id": public_id, "now": utcnow()})
    row = _row(uow, public_id)
    _authorize(row, token)
    return row


def _lock_for_game(uow: UnitOfWork, circle_id: Any, token: str | None) -> Circle:
    """As ``_lock``, but the circle is a field of the new game: unknown is a 422."""
    if not isinstance(circle_id, str) or not uow.session.scalar(
        select(Circle.id).where(Circle.public_id == circle_id)
    ):
        raise InvalidInput(
            message("The game cannot be started as given."),
            {"circle": message("is not a circle")},
        )
    return _lock(uow, circle_id, token, None)


def _check_currency(setup: scoring.Setup, currency: str) -> None:
    if setup.stakes is not None and setup.stakes.get("currency", "USD") != currency:
        raise InvalidInput(
            message(
                "A game in this circle is played in its currency, %(currency)s.", currency=currency
            ),
            {
                "stakes.currency": message(
                    "must be the circle's currency, %(currency)s", currency=currency
                )
            },
        )


_places = nicknames.places


def _link(uow: UnitOfWork, circle_row: int, game_row: int, setup: scoring.Setup) -> None:
    """Link a game to the circle; its people who are not members yet join, in seat order."""
    current = _members(uow, circle_row)
    by_name = {member.name.casefold(): member.id for member in current}
    new = [name for name in _places(setup) if name.strip().casefold() not in by_name]
    if len(current) + len(new) > checks.MOST_MEMBERS:
        raise InvalidInput(
            message("The game cannot be started as given."),
            {
                "players": message(
                    "a circle has at most %(count)s members", count=checks.MOST_MEMBERS
                )
            },
        )
    for member in _insert_members(uow, circle_row, len(current), new):
        by_name[member.name.casefold()] = member.id
    ids = [by_name[name.strip().casefold()] for name in _places(setup)]
    uow.connection.execute(
        insert(CircleGame).values(
            circle_id=circle_row, game_id=game_row, member_ids=ids, added_at=utcnow()
        )
    )


def _members(uow: UnitOfWork, circle_row: int) -> list[Member]:
    rows = uow.connection.execute(
        select(CircleMember.id, CircleMember.name)
        .where(CircleMember.circle_id == circle_row)
        .order_by(CircleMember.position)
    )
    return [Member(row.id, row.name) for row in rows]


def _insert_members(
    uow: UnitOfWork, circle_row: int, first_position: int, names: Sequence[str]
) -> list[Member]:
    made = []
    for offset, name in enumerate(names):
        result = uow.connection.execute(
            insert(CircleMember).values(
                circle_id=circle_row, position=first_position + offset, name=name.strip()
            )
        )
        made.append(Member(result.inserted_primary_key[0], name.strip()))
    return made


def _seen(uow: UnitOfWork, circle_row: int, key: str | None) -> bool:
    if key is None:
        return False
    found = select(CircleRecord.id).where(
        CircleRecord.circle_id == circle_row, CircleRecord.client_key == key
    )
    return uow.connection.scalar(found) is not None


def _insert_record(uow: UnitOfWork, circle_row: int, kind: str, **values: Any) -> None:
    number = uow.connection.scalar(
        select(func.coalesce(func.max(CircleRecord.number), 0)).where(
            CircleRecord.circle_id == circle_row, CircleRecord.kind == kind
        )
    )
    uow.connection.execute(
        insert(CircleRecord).values(
            circle_id=circle_row,
            kind=kind,
            number=number + 1,
            payer_id=values["payer"],
            payee_id=values.get("payee"),
            shared_by=values.get("shared_by"),
            cents=values["cents"],
            terms=values.get("terms"),
            note=values.get("note"),
            client_key=values.get("key"),
            at=utcnow(),
        )
    )


# ---------------------------------------------------------------- loading


def _load(uow: UnitOfWork, public_id: str, *, keep: bool = True) -> CircleView:
    """The circle as it is now. Its version adds its games' versions to its own, so any
    change to one of its games shows (versions only grow); a view is kept per version
    (``keep``: only a committed one, never one inside a write's transaction, which
    commits the results stored here with its own change)."""
    row = _row(uow, public_id)
    if keep:
        # One sum first: a kept view costs no game's row (200 results read as JSON were
        # most of a reload's time).
        cached = _cached(public_id, row.version + stored.games_version(uow, row.id))
        if cached is not None:
            return cached
    games = stored.games_of(uow, row.id)
    version = row.version + sum(game.version for game in games)
    members = _members(uow, row.id)
    index_of = {member.id: index for index, member in enumerate(members)}
    circle_games = stored.circle_games(uow, games, index_of)
    order = {game.public_id: game.link_id for game in games}
    circle_games.sort(
        key=lambda g: (as_utc(g.game.created_at), order[g.game.public_id]), reverse=True
    )
    records = [
        Record(
            kind=r.kind,
            number=r.number,
            payer=index_of[r.payer_id],
            payee=None if r.payee_id is None else index_of[r.payee_id],
            shared_by=None if r.shared_by is None else tuple(index_of[m] for m in r.shared_by),
            cents=r.cents,
            note=r.note,
            at=r.at,
            removed_at=r.removed_at,
            terms=r.terms,
        )
        for r in uow.session.scalars(
            select(CircleRecord).where(CircleRecord.circle_id == row.id).order_by(CircleRecord.id)
        )
    ]
    view = CircleView(
        public_id=row.public_id,
        name=row.name,
        currency=row.currency,
        version=version,
        created_at=row.created_at,
        members=tuple(members),
        games=tuple(circle_games),
        records=tuple(records),
    )
    if keep:
        if any(game.result_version != game.version for game in games):
            uow.commit()  # the results just stored: a read keeps them for the next
        _keep(view)
    return view


_VIEWS: LRUCache[tuple[str, int], CircleView] = LRUCache(maxsize=128)
_VIEWS_LOCK = threading.Lock()


def _cached(public_id: str, version: int) -> CircleView | None:
    with _VIEWS_LOCK:
        return _VIEWS.get((public_id, version))


def _keep(view: CircleView) -> None:
    with _VIEWS_LOCK:
        _VIEWS[view.public_id, view.version] = view
