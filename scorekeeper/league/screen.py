"""The venue screen: tonight on a TV or projector, by a long link that needs no login.

Its token is derived, as a table's edit link is (``table_links``), from the server's
secret over the night and the link's round: the organizer's page and the pack can show
it again at any time, nothing of it is stored, a new link is the next round, and
closing the screen stops every link until a new one is made.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from scorekeeper.i18n import gettext as _
from scorekeeper.league import director, standings, table_links
from scorekeeper.league.access import NotFound, load_league, managed_row, night_of, scored_row
from scorekeeper.league.adjustments import AdjustmentView
from scorekeeper.league.models import League, Night
from scorekeeper.league.nights import TableGlance, glances, night_seen, version_of
from scorekeeper.league.rounds import Rounds, byes_in, rounds_of
from scorekeeper.service_layer.unit_of_work import UnitOfWork

# The season's leaders the screen lists beside the tables: a 1080-line screen's worth.
LEADERS = 10
# How long a name may stay on the screen, by the number of tables shown (most first): a
# 1920-pixel screen holds 3 full names across at 12 tables and 10 short ones at 50.
NAME_ROOM = ((12, None), (24, 16), (None, 11))
# The side column's lists (tonight's scores, the season's leaders) keep a name to a line
# of their width at 1920 pixels, whatever the tables allow: ten names of 40 characters
# wrapped to three lines each ran the column past the screen's foot.
SIDE_ROOM = 18


def name_room(tables: int) -> int | None:
    """The characters a player's name may take with ``tables`` on the screen (None: all)."""
    return next(room for most, room in NAME_ROOM if most is None or tables <= most)


def shortened(names: list[str], room: int | None) -> tuple[dict[str, str], tuple]:
    """Each name as the screen shows it, and the key of those it shortened alike.

    A name longer than ``room`` keeps its start and its end ("Anaïs…z 04": clubs tell
    their Annas apart by the surname, numbered guests by the number); two names that
    still read the same get a number each, which the key below the tables spells out.
    """
    if room is None:
        return {name: name for name in names}, ()
    head = (room - 1) * 3 // 5
    tail = room - 1 - head
    short = {
        name: name if len(name) <= room else f"{name[:head]}…{name[len(name) - tail :]}"
        for name in names
    }
    alike: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        alike.setdefault(short[name], []).append(name)
    key = []
    for shown, full in sorted(alike.items()):
        if len(full) > 1:
            for number, name in enumerate(full, 1):
                short[name] = f"{shown}{number}"
                key.append((short[name], name))
    return short, tuple(key)


@dataclass(frozen=True)
class Screen:
    league_name: str
    language: str | None
    held_on: date
    tables: tuple[TableGlance, ...]
    byes: tuple[str, ...]
    leaders: tuple[standings.Line, ...]
    version: str
    # A night in rounds: the round in play (its tables are the ones shown), its clock,
    # and once the next round is proposed, its tables and who comes from where.
    rounds: Rounds | None = None
    # The director's adjustments marking a leader (†1 ...), numbered as the standings number them.
    adjustments: tuple[AdjustmentView, ...] = ()
    # Each player's name as the tables show it, as the side column's lists show it, and
    # the key to those shortened alike.
    short: dict[str, str] = field(default_factory=dict)
    side: dict[str, str] = field(default_factory=dict)
    key: tuple[tuple[str, str], ...] = ()


def _token(session, night: Night) -> str:
    subject = f"venue screen:{night.league.public_id}:{night.id}"
    return table_links.derive(table_links.key_of(session), subject, night.screen_round)


def open_screen(uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any) -> str:
    """A new venue screen link for the night; the one before stops working."""
    with uow:
        night = night_of(managed_row(uow.session, public_id, organizer_id), night_id)
        night.screen_round += 1
        night.screen_open = True
        token = _token(uow.session, night)
        uow.commit()
        return token


def close_screen(uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any) -> None:
    with uow:
        night_of(managed_row(uow.session, public_id, organizer_id), night_id).screen_open = False
        uow.commit()


def screen_token(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any
) -> str | None:
    """The night's venue screen token for its organizers and scorers, while it is open."""
    with uow:
        night = night_of(scored_row(uow.session, public_id, organizer_id), night_id)
        return _token(uow.session, night) if night.screen_open else None


def _screened(session, public_id: str, night_id: Any, token: Any) -> tuple[League, Night]:
    """The league and night a screen link opens; NotFound for any other link."""
    gone = NotFound(_("This venue screen link is not (or no longer) open."))
    try:
        league = load_league(session, public_id)
        night = night_of(league, night_id)
    except NotFound:
        raise gone from None
    if not (night.screen_open and isinstance(token, str)):
        raise gone
    if not hmac.compare_digest(_token(session, night).encode(), token.encode()):
        raise gone
    return league, night


def screen_version(uow: UnitOfWork, public_id: str, night_id: Any, token: Any) -> str:
    with uow:
        league, night = _screened(uow.session, public_id, night_id, token)
        return version_of(uow.session, league, night.id)


def screen(uow: UnitOfWork, public_id: str, night_id: Any, token: Any) -> Screen:
    """Tonight as the venue screen shows it: the tables, the byes, the season's leaders."""
    with uow:
        session = uow.session
        league, night = _screened(session, public_id, night_id, token)
        seen = night_seen(session, league, night.id)
        names = {member.id: member.name for member in league.members}
        played = rounds_of(league, night)
        # Only the round in play (or played last): a night in rounds has every round's.
        now = tuple(table for table in seen.night.tables if table.round == played.current)
        seen = replace(seen, night=replace(seen.night, tables=now))
        table = director.standings(session, league, night.season)
        leaders = tuple(line for line in table.lines if line.place is not None)[:LEADERS]
        marked = {line.member_id for line in leaders}
        shown = Screen(
            league.name,
            league.language,
            night.held_on,
            (),
            tuple(names[m] for m in byes_in(night, played.current) if m in names),
            leaders,
            version_of(session, league, night.id),
            played if played.in_rounds else None,
            tuple(a for a in table.adjustments if marked.intersection(a.members)),
        )
    names = [name for table in now for name in table.names]
    short, key = shortened(names, name_room(len(now)))
    side, side_key = shortened(names + [line.name for line in leaders], SIDE_ROOM)
    key = tuple(dict.fromkeys(key + side_key))
    return replace(shown, tables=glances(uow, seen), short=short, side=side, key=key)
