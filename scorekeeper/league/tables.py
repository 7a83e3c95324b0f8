"""A night's tables: how each result comes in, paper totals, deals typed from paper."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import gettext as _
from scorekeeper.league import table_links
from scorekeeper.league.access import scored, table_of
from scorekeeper.league.confirm import confirm_token
from scorekeeper.league.log import at_table, fields, record
from scorekeeper.league.models import LeagueTable
from scorekeeper.league.scorers import tonight_only
from scorekeeper.league.views import (
    SOURCES,
    LeagueView,
    NightView,
    TableView,
    league_view_of,
    night_view_of,
    table_view,
)
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.tokens import VOUCHED
from scorekeeper.service_layer.unit_of_work import UnitOfWork


@dataclass(frozen=True)
class TablePage:
    league: LeagueView
    night: NightView
    table: TableView
    game: services.GameView | None
    # The league asks a second phone to confirm; the table's confirm link's token.
    confirming: bool = False
    confirm_token: str | None = None


def table_page(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> TablePage:
    with uow:
        league = scored(uow.session, public_id, organizer_id)
        night, table = table_of(league, night_id, number)
        tonight_only(league, organizer_id, night)
        view = table_view(table, True)
        page = (league_view_of(league, True), night_view_of(night, True), view)
        confirming = (league.confirm_results, confirm_token(uow.session, table))
    game = services.load_game(uow, view.game_id) if view.game_id else None
    return TablePage(*page, game, *confirming)


def _started_table(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> LeagueTable:
    league = scored(uow.session, public_id, organizer_id)
    night, table = table_of(league, night_id, number)
    tonight_only(league, organizer_id, night)
    if table.game is None:
        raise InvalidInput(
            _("Start the night first: this table has no game yet."), {"night": _("not started")}
        )
    return table


def set_source(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    source: Any,
) -> None:
    if source not in SOURCES:
        raise InvalidInput(
            _("Pick how this table's result comes in."), {"source": _("unknown source")}
        )
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        if table.source != source:
            _logged(uow, table, organizer_id, ("source",), source=source)
            table.revision += 1
        uow.commit()


def _logged(uow: UnitOfWork, table: LeagueTable, organizer_id: int | None, names, **changes):
    """Change a table's result fields and log it, marked when it had been confirmed."""
    confirmed = table.confirmed
    before = fields(table, names)
    for name, value in changes.items():
        setattr(table, name, value)
    after = fields(table, names)
    league = table.night.league
    record(
        uow.session,
        league,
        organizer_id,
        "result",
        at_table(table),
        before,
        after,
        after_confirmation=confirmed,
    )


def set_closed(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    closed: bool,
) -> None:
    """End an unfinished game as it stands (time was up), or take that back."""
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        if table.closed != bool(closed):
            _logged(uow, table, organizer_id, ("closed",), closed=bool(closed))
            table.revision += 1
        uow.commit()


def set_paper_totals(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    totals: Mapping[str, Any],
) -> None:
    """The final totals from a paper sheet; the table then counts by them alone."""
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        names = table.game.players
        errors: dict[str, str] = {}
        cleaned: dict[str, int] = {}
        for name in names:
            value = totals.get(name)
            if isinstance(value, str):
                value = value.strip()
                value = int(value) if value.lstrip("-").isdigit() and len(value) < 10 else None
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 10**9:
                errors[f"totals.{name}"] = _("must be a whole number")
            else:
                cleaned[name] = value
        if errors:
            raise InvalidInput(_("Every player's final total is needed."), errors)
        names = ("source", "paper_totals")
        _logged(uow, table, organizer_id, names, paper_totals=cleaned, source="paper_totals")
        table.revision += 1
        uow.commit()


def _game_of(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> str:
    with uow:
        return _started_table(uow, public_id, organizer_id, night_id, number).game.public_id


def record_paper_deal(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    entry: Any,
    *,
    by: str,
) -> services.GameView:
    """A deal typed from the paper sheet: recorded like a phone's, on the organizer's
    right (the table's link need not be known: it may predate derived links)."""
    game_id = _game_of(uow, public_id, organizer_id, night_id, number)
    return services.record_deal(uow, game_id, VOUCHED, entry, by=by).game


def undo_paper_deal(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: int,
    number: int,
    deal: int,
    *,
    by: str,
) -> services.GameView:
    game_id = _game_of(uow, public_id, organizer_id, night_id, number)
    # Logged as every undone deal of a table is (league/log.py, deal_changed).
    return services.delete_last_deal(uow, game_id, VOUCHED, deal, by=by)


def new_link(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: int, number: int
) -> None:
    """A new edit link for the table's game; the one before stops working."""
    with uow:
        table = _started_table(uow, public_id, organizer_id, night_id, number)
        before = fields(table, ("link_round",))
        table_links.issue(uow.session, table)
        after = fields(table, ("link_round",))
        subject = at_table(table)
        record(uow.session, table.night.league, organizer_id, "link", subject, before, after)
        uow.commit()
