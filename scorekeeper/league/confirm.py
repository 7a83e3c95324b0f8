"""Second-phone confirmation (as a Bridgemate's): another phone at the table confirms
each table's result, in leagues that ask for it.

Each table has a confirm link of its own, derived as its edit link is
(``table_links``: an HMAC of the server's secret over the game and the link's round,
never stored), so a new edit link, or a removal that rotates tonight's links, makes a
new confirm link too. A confirmation stores what it was given for: the game's version
and the table's revision then. Any later change, a corrected deal or new totals,
moves one of them on, and the result is unconfirmed again until a phone confirms it.
That the confirming phone is not one that records is checked at the web edge: it
must not hold the table's edit link (web/league/confirm.py).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.league import counting, table_links
from scorekeeper.league.access import (
    NotFound,
    load_league,
    managed_row,
    night_of,
    scored,
    table_of,
)
from scorekeeper.league.log import fields, record
from scorekeeper.league.models import League, LeagueTable, Night
from scorekeeper.models import Game
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# What a table's result is to a league that asks for confirmation (glances, the screen).
WAITING, UNCONFIRMED, CONFIRMED = "waiting", "unconfirmed", "confirmed"


def seen_tag(table: LeagueTable) -> str:
    """What a confirm page showed, sent back with the tap: a change since refuses it."""
    return f"{table.game.version}.{table.revision}" if table.game else ""


def confirm_token(session: Session, table: LeagueTable) -> str | None:
    """The table's confirm link token; None for a table without a derived link yet."""
    if table.game is None or table.link_round is None:
        return None
    key = table_links.key_of(session)
    return table_links.derive(key, f"confirm:{table.game.public_id}", table.link_round)


def set_confirming(uow: UnitOfWork, public_id: str, organizer_id: int | None, on: bool) -> None:
    """Whether the league asks a second phone to confirm each result (a league setting)."""
    with uow:
        league = managed_row(uow.session, public_id, organizer_id)
        before = fields(league, ("confirm_results",))
        league.confirm_results = bool(on)
        after = fields(league, ("confirm_results",))
        record(uow.session, league, organizer_id, "settings", "confirming", before, after)
        uow.commit()


def confirm_link(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any, number: Any
) -> str | None:
    """The table's confirm token for its organizers and scorers."""
    with uow:
        league = scored(uow.session, public_id, organizer_id)
        _night, table = table_of(league, night_id, number)
        return confirm_token(uow.session, table)


def confirm_links(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any
) -> dict[int, str]:
    """Each table's confirm token by its number, for the night's printed pack; none
    where the league does not ask a second phone to confirm."""
    with uow:
        league = scored(uow.session, public_id, organizer_id)
        night = night_of(league, night_id)
        if not league.confirm_results:
            return {}
        tokens = {table.number: confirm_token(uow.session, table) for table in night.tables}
        return {number: token for number, token in tokens.items() if token}


@dataclass(frozen=True)
class ConfirmPage:
    """A table's result as the confirming phone sees it."""

    league_name: str
    language: str | None
    held_on: date
    number: int
    game_id: str
    # The seats and their points once the result is in; empty while it is not.
    points: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    asked: bool  # the league asks for confirmation
    confirmed: bool
    seen: str

    @property
    def result_in(self) -> bool:
        return bool(self.points)


def _confirmable(session: Session, public_id: str, night_id: Any, number: Any, token: Any):
    gone = NotFound(message("This confirm link is not (or no longer) this table's."))
    try:
        league = load_league(session, public_id)
        night, table = table_of(league, night_id, number)
    except NotFound:
        raise gone from None
    expected = confirm_token(session, table)
    if expected is None or not isinstance(token, str):
        raise gone
    if not hmac.compare_digest(expected.encode(), token.encode()):
        raise gone
    return league, night, table


def _page(league: League, night, table: LeagueTable) -> ConfirmPage:
    result = counting.table_result(table)
    seats = result[1] if result else []
    return ConfirmPage(
        league.name,
        league.language,
        night.held_on,
        table.number,
        table.game.public_id,
        tuple((seat.name, seat.points) for seat in seats),
        tuple(seat.name for seat in seats if seat.won),
        league.confirm_results,
        table.confirmed,
        seen_tag(table),
    )


def confirm_page(
    uow: UnitOfWork, public_id: str, night_id: Any, number: Any, token: Any
) -> ConfirmPage:
    with uow:
        return _page(*_confirmable(uow.session, public_id, night_id, number, token))


def confirm_result(
    uow: UnitOfWork, public_id: str, night_id: Any, number: Any, token: Any, seen: Any
) -> ConfirmPage:
    """Confirm the table's result as the phone saw it (``seen``): a result that changed
    meanwhile, or is not in yet, is refused and nothing is stored."""
    with uow:
        league, night, table = _confirmable(uow.session, public_id, night_id, number, token)
        if counting.table_result(table) is None:
            raise InvalidInput(
                message("This table's result is not in yet: finish the game first."),
                {"result": message("not in yet")},
            )
        if seen != seen_tag(table):
            raise InvalidInput(
                message("The result changed while you looked at it: check it again."),
                {"result": message("changed meanwhile")},
            )
        table.confirmed_version, table.confirmed_revision = table.game.version, table.revision
        page = _page(league, night, table)
        uow.commit()
        return page


def confirmation_of(confirming: bool, table_confirmed: bool, done: bool) -> str | None:
    """A glance's confirmation: None where the league does not ask for it."""
    if not confirming:
        return None
    if not done:
        return WAITING
    return CONFIRMED if table_confirmed else UNCONFIRMED


@dataclass(frozen=True)
class Prompt:
    """What the recording phone's game page offers a confirming league's table: the
    confirm link, for an opponent's phone to scan once the result is in."""

    public_id: str
    night_id: int
    number: int
    token: str
    closed: bool  # ended early by an organizer: its result is in though unfinished
    confirmed: bool


def confirm_prompt(uow: UnitOfWork, game_public_id: str) -> Prompt | None:
    """The prompt for a game that is a confirming league's table; None for any other."""
    with uow:
        session = uow.session
        found = session.execute(
            select(LeagueTable, League.public_id)
            .join(Game, Game.id == LeagueTable.game_id)
            .join(Night, Night.id == LeagueTable.night_id)
            .join(League, League.id == Night.league_id)
            .where(Game.public_id == game_public_id, League.confirm_results.is_(True))
        ).first()
        if found is None:
            return None
        table, public_id = found
        token = confirm_token(session, table)
        if token is None:
            return None
        return Prompt(public_id, table.night_id, table.number, token, table.closed, table.confirmed)
