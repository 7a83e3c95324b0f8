"""New edit links for the nights still being played, when someone who saw them goes.

A co-organizer or scorer removed from a league has seen (and may have printed or
shared) the edit links of tonight's tables: removing them moves every such table to
its next link round (``table_links.issue``), so the old links stop working and the
organizers' pages show, and the pack prints, the new ones. Tonight is the nights held
from yesterday on (a night runs past midnight, and the server's date is UTC); an
older night whose tables do not all count yet is still being played, and rotates too.
Finished nights keep their links: nothing is left to record there.
"""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy.orm import Session

from scorekeeper.league import counting, table_links
from scorekeeper.league.models import League, LeagueTable, Night


def in_play(night: Night, today: date | None = None) -> bool:
    """Whether the night is tonight's, or an earlier one still being played."""
    today = today or date.today()
    if night.held_on >= today - timedelta(days=1):
        return True
    return any(
        table.game is not None and counting.table_result(table) is None for table in night.tables
    )


def rotated_tables(league: League, today: date | None = None) -> list[LeagueTable]:
    """The tables whose links a removal must replace."""
    today = today or date.today()
    return [
        table
        for night in league.nights
        if night.started and in_play(night, today)
        for table in night.tables
        if table.game is not None
    ]


def rotate_links(session: Session, league: League, today: date | None = None) -> int:
    """Every table of the nights in play gets a new edit link; returns how many did."""
    tables = rotated_tables(league, today)
    for table in tables:
        table_links.issue(session, table)
    return len(tables)
