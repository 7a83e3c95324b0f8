"""The league's standings as shown: the scratch standings (standings.py) with what the
director adds, adjustments and handicaps, or a closed season's frozen table with its
awards. ``standings`` here is the one way to them (standings.py is imported as
``scratch``); the figures themselves are in standings.py, adjustments.py, handicap.py
and seasons.py, which builds on this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from scorekeeper.league import adjustments as adjusting
from scorekeeper.league import handicap
from scorekeeper.league import standings as scratch
from scorekeeper.league.access import managed
from scorekeeper.league.models import (
    League,
    LeagueResult,
    LeagueTable,
    Member,
    Night,
    SeasonArchive,
)
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.services import InvalidInput

AWARDS = {
    "most_wins": message("Most wins"),
    "best_average": message("Best average"),
    "most_improved": message("Most improved"),
}


@dataclass(frozen=True)
class Award:
    """One of a closed season's awards (seasons.awards finds them)."""

    kind: str
    # (member id, name) of each winner: a tie shares the award.
    winners: tuple[tuple[int, str], ...]
    # Games won, a mean percentage, or percentage points gained.
    figure: float

    @property
    def label(self) -> str:
        return AWARDS[self.kind]


def award_of(stored: Mapping[str, Any]) -> Award:
    return Award(
        stored["kind"], tuple((m, name) for m, name in stored["winners"]), stored["figure"]
    )


@dataclass(frozen=True)
class Closed:
    """A closed season: when, by whom, and its awards."""

    closed_at: datetime
    closed_by: str
    awards: tuple[Any, ...]


def percentage_history(
    session: Session, league: League, in_force: list[adjusting.AdjustmentView]
) -> tuple[list[tuple[int, dict[int, float]]], dict[int, str]]:
    """Every night of the league in the order played, with each player's percentage,
    and the season of each night."""
    replayed = scratch.ratings(session, league.id, None)
    placings = dict(zip(replayed.nights, replayed.placings, strict=True))
    extra: dict[int, list[tuple[int, float]]] = {}
    for adjustment in in_force:
        if adjustment.kind in adjusting.PERCENTAGES:
            given = adjusting.PERCENTAGES[adjustment.kind]
            extra.setdefault(adjustment.night_id, []).extend(
                (member, given) for member in adjustment.members
            )
    nights = session.execute(
        select(Night.id, Night.season)
        .where(Night.league_id == league.id)
        .order_by(Night.held_on, Night.id)
    ).all()
    history = []
    for night, _ in nights:
        percentages = handicap.night_percentages(placings.get(night, ()), extra.get(night, ()))
        if percentages:
            history.append((night, percentages))
    return history, {night: season for night, season in nights}


def superseded_out(
    session: Session, in_force: list[adjusting.AdjustmentView]
) -> list[adjusting.AdjustmentView]:
    """Without the averaged tables whose game counts after all (finished later, or ended
    early): the game's own result counts then, not the average."""
    averaged = {(a.night_id, a.table_number) for a in in_force if a.kind == "averaged"}
    if not averaged:
        return in_force
    counted = {
        (night, number)
        for night, number in session.execute(
            select(LeagueTable.night_id, LeagueTable.number)
            .where(LeagueTable.night_id.in_({night for night, _ in averaged}))
            .where(exists().where(LeagueResult.table_id == LeagueTable.id))
        )
    }
    return [
        a for a in in_force if a.kind != "averaged" or (a.night_id, a.table_number) not in counted
    ]


def handicap_standing(
    session: Session,
    league: League,
    season: str | None,
    in_force: list[adjusting.AdjustmentView],
    ranked: set[int],
) -> tuple[handicap.HandicapLine, ...]:
    history, season_of = percentage_history(session, league, in_force)
    names = {
        member: name
        for member, name in session.execute(
            select(Member.id, Member.name).where(Member.league_id == league.id)
        )
    }
    season_nights = None if season is None else {n for n, s in season_of.items() if s == season}
    lines = handicap.handicap_lines(history, season_nights, league.handicap_nights, names)
    return tuple(handicap.rank_handicapped(lines, ranked))


def frozen(session: Session, league: League, season: str | None) -> scratch.Standings | None:
    """A closed season's standings as they stood when it was closed; None for any other."""
    if season is None:
        return None
    archive = session.scalar(
        select(SeasonArchive).where(
            SeasonArchive.league_id == league.id, SeasonArchive.season == season
        )
    )
    return None if archive is None else thaw(archive, scratch.seasons_of(session, league.id))


def standings(
    session: Session, league: League, season: str | None, *, live: bool = False
) -> scratch.Standings:
    """The league's standings for a season (None: all seasons), best rating first, with
    the director's adjustments and handicaps (a closed season's frozen, unless ``live``)."""
    if not live and (kept := frozen(session, league, season)) is not None:
        return kept
    return decorate(session, league, scratch.scratch(session, league, season))


def decorate(session: Session, league: League, table: scratch.Standings) -> scratch.Standings:
    """The standings with the adjustments in force applied and, where the league keeps
    them, the handicap standing."""
    in_force = superseded_out(session, adjusting.adjustments_in(session, league.id, None))
    shown = [a for a in in_force if table.season is None or a.season == table.season]
    lines = adjusting.adjust_lines(table.lines, shown, table.higher_wins)
    ranked = scratch.rank(lines, table.rank_by, table.higher_wins, table.min_games)
    averaged = {(a.night_id, a.table_number) for a in shown if a.kind == "averaged"}
    return replace(
        table,
        lines=tuple(ranked),
        open_games=tuple(g for g in table.open_games if (g[0], g[2]) not in averaged),
        adjustments=tuple(shown),
        handicap=handicap_standing(
            session,
            league,
            table.season,
            in_force,
            {line.member_id for line in ranked if line.place is not None},
        )
        if league.handicap
        else (),
        handicap_nights=league.handicap_nights if league.handicap else 0,
    )


# ---------------------------------------------------------------- a closed season's table


def freeze(table: scratch.Standings) -> dict[str, Any]:
    """The standings as JSON, to be shown as they were when the season closed."""
    return {
        "season": table.season,
        "higher_wins": table.higher_wins,
        "currency": table.currency,
        "rank_by": table.rank_by,
        "min_games": table.min_games,
        "bye_counts": table.bye_counts,
        "bye_scores": table.bye_scores,
        "partnership": table.partnership,
        "handicap_nights": table.handicap_nights,
        "lines": [asdict(line) for line in table.lines],
        "handicap": [asdict(line) for line in table.handicap],
        "adjustments": [
            {
                **asdict(a),
                "held_on": a.held_on.isoformat(),
                "made_at": a.made_at.isoformat(),
                "withdrawn_at": None,
            }
            for a in table.adjustments
        ],
    }


def known(cls, stored: dict[str, Any]) -> dict[str, Any]:
    """The stored figures the class still has: an archive outlives a change of its shape."""
    names = {f.name for f in fields(cls)}
    return {key: value for key, value in stored.items() if key in names}


def thaw(archive: SeasonArchive, seasons: tuple[str, ...]) -> scratch.Standings:
    frozen = archive.standings
    return scratch.Standings(
        season=frozen["season"],
        seasons=seasons,
        higher_wins=frozen["higher_wins"],
        currency=frozen["currency"],
        lines=tuple(scratch.Line(**known(scratch.Line, line)) for line in frozen["lines"]),
        rank_by=frozen["rank_by"],
        min_games=frozen["min_games"],
        bye_counts=frozen["bye_counts"],
        # Seasons closed before byes could score: none did.
        bye_scores=frozen.get("bye_scores", "nothing"),
        partnership=frozen["partnership"],
        adjustments=tuple(
            adjusting.AdjustmentView(
                **{
                    **a,
                    "members": tuple(a["members"]),
                    "names": tuple(a["names"]),
                    "held_on": date.fromisoformat(a["held_on"]),
                    "made_at": datetime.fromisoformat(a["made_at"]),
                }
            )
            for a in frozen["adjustments"]
        ),
        handicap=tuple(
            handicap.HandicapLine(**known(handicap.HandicapLine, line))
            for line in frozen["handicap"]
        ),
        handicap_nights=frozen["handicap_nights"],
        closed=Closed(
            archive.closed_at, archive.closed_by, tuple(award_of(a) for a in archive.awards)
        ),
    )


def set_handicap(
    uow, public_id: str, organizer_id: int | None, *, enabled: bool, nights: Any
) -> None:
    """Whether the league keeps a handicap standing, and over how many nights."""
    if (
        isinstance(nights, bool)
        or not isinstance(nights, int)
        or not 1 <= nights <= handicap.MAX_NIGHTS
    ):
        raise InvalidInput(
            message("The handicap cannot be kept so."),
            {
                "handicap_nights": message(
                    "must be a whole number from %(low)s to %(high)s",
                    low=1,
                    high=handicap.MAX_NIGHTS,
                )
            },
        )
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        league.handicap, league.handicap_nights = bool(enabled), nights
        uow.commit()
