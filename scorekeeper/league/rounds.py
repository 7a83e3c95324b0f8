"""A night in rounds: how many (and a timed round's minutes), the next round proposed
from tonight's results (league/pairing.py), a swap before it starts, and its start.

A proposed round is tables of the next round without games: the night page shows it
with each player's move, the organizer may swap two players, and starting it starts
its games as the night's first round was started (``nights.start_night``). Tables are
numbered through the night, so round 2 of a six-table night is tables 7 to 12.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.orm import object_session

from scorekeeper.league import counting, pairing, seating, standings, swiss
from scorekeeper.league.access import load_night, managed, managed_row, night_of, scored_row
from scorekeeper.league.answers import asked_byes
from scorekeeper.league.models import League, Night
from scorekeeper.league.nights import _met, new_tables, people_at_table, start_night, variant_of
from scorekeeper.league.views import BYE_SCORES, TIEBREAK_SHORT, TIEBREAKS, tonight_bye_score
from scorekeeper.models import as_utc, utcnow
from scorekeeper.scoring.messages import message
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

MOST_ROUNDS = 12
MINUTES = (5, 240)


@dataclass(frozen=True)
class RoundTable:
    number: int
    names: tuple[str, ...]
    member_ids: tuple[int, ...]
    # Why it was seated so (Swiss): its score group and who floated in, (name, score).
    group: int | float | None = None
    floats: tuple[tuple[str, int | float], ...] = ()


@dataclass(frozen=True)
class MoveView:
    name: str
    was: int | None  # table number; None: sat out
    goes: int | None


@dataclass(frozen=True)
class Rounds:
    """A night's rounds as its page and the venue screen show them."""

    rounds: int
    method: str | None
    minutes: int | None
    current: int  # the round in play (or played last)
    ends_at: datetime | None  # a timed round's end, while it is in play
    ends_local: time | None  # the same on the venue's clock (the league's time zone)
    # The next round, proposed and not started: its number, tables, byes and moves.
    proposed: int | None
    tables: tuple[RoundTable, ...]
    byes: tuple[tuple[int, str], ...]  # (member id, name)
    moves: tuple[MoveView, ...]
    # Tonight's scores, best first: (name, players beaten over tonight's games).
    tonight: tuple[tuple[str, int], ...]
    # The current round's tables that do not count yet (the next cannot be proposed).
    unfinished: tuple[int, ...]
    # Who sits out the round in play (or played last).
    sitting_out: tuple[str, ...] = ()
    # What a bye scores tonight (views.BYE_SCORES), and in players beaten.
    bye_scores: str = "nothing"
    bye_score: float = 0
    # The league's tie-break (swiss.TIEBREAKS) and each of ``tonight``'s, in its order.
    tiebreak: str = "buchholz"
    tiebreaks: tuple[int | float, ...] = ()

    @property
    def standing(self) -> tuple[tuple[str, int | float, int | float | None], ...]:
        """Tonight's order: (name, score, tie-break)."""
        breaks = self.tiebreaks or (None,) * len(self.tonight)
        return tuple(
            (name, score, b) for (name, score), b in zip(self.tonight, breaks, strict=True)
        )

    @property
    def bye_label(self) -> str:
        return str(BYE_SCORES[self.bye_scores])

    @property
    def tiebreak_short(self) -> str:
        return str(TIEBREAK_SHORT[self.tiebreak])

    @property
    def tiebreak_label(self) -> str:
        return str(TIEBREAKS[self.tiebreak])

    @property
    def in_rounds(self) -> bool:
        return self.method is not None

    @property
    def came_from(self) -> dict[str, int | None]:
        """Each player of the proposed round by name: the table they played at (None: a bye)."""
        return {move.name: move.was for move in self.moves}

    @property
    def can_propose(self) -> bool:
        return self.in_rounds and self.current < self.rounds and not self.unfinished


def round_of(night: Night, number: int):
    return [table for table in night.tables if table.round == number]


def byes_in(night: Night, number: int) -> list[int]:
    if number == 1:
        return list(night.byes or ())
    later = night.later_byes or []
    return list(later[number - 2]) if number - 2 < len(later) else []


def played_round(night: Night) -> int:
    """The last round whose games exist (1 before the night starts)."""
    return max((t.round for t in night.tables if t.game_id is not None), default=1)


def proposed_round(night: Night) -> int | None:
    """The next round, when it is proposed and not started."""
    number = played_round(night) + 1
    tables = round_of(night, number)
    return number if tables and all(t.game_id is None for t in tables) else None


def tonight_scores(night: Night) -> tuple[dict[int, float], dict[int, list[int]]]:
    """Each member's score tonight (players beaten, ties not beaten, over every round's
    counted games, and what the league's byes score for each round sat out so far),
    and each counted table's members by result (the winner first)."""
    scores: dict[int, float] = {}
    ranked: dict[int, list[int]] = {}
    bye_score = tonight_bye_score(night.league)
    if bye_score:
        for number in range(1, played_round(night) + 1):
            for member in byes_in(night, number):
                scores[member] = scores.get(member, 0) + bye_score
    for table in night.tables:
        outcome = counting.table_result(table) if table.game_id is not None else None
        if outcome is None:
            continue
        member_at = {seat.position: seat.member_id for seat in table.seats}
        results = outcome[1]
        for seat in results:
            beaten = sum(other.place > seat.place for other in results)
            member = member_at[seat.position]
            scores[member] = scores.get(member, 0) + beaten
        ordered = sorted(results, key=lambda seat: (seat.place, seat.position))
        ranked[table.id] = [member_at[seat.position] for seat in ordered]
    return scores, ranked


def tonight_results(night: Night) -> list[swiss.Result]:
    """Each counted table of tonight as (member, place) pairs, for the tie-breaks."""
    results = []
    for table in night.tables:
        outcome = counting.table_result(table) if table.game_id is not None else None
        if outcome is not None:
            member_at = {seat.position: seat.member_id for seat in table.seats}
            results.append([(member_at[seat.position], seat.place) for seat in outcome[1]])
    return results


def tonight_tiebreaks(session, league: League, night: Night, scores) -> dict[int, float]:
    """The league's tie-break for each player tonight (the rating: the season's)."""
    ratings = {}
    if league.tiebreak == "rating":
        ratings = standings.ratings(session, league.id, None).current
    return swiss.tiebreaks(league.tiebreak, tonight_results(night), scores, ratings)


def swiss_rules(session, league: League, night: Night, present, scores) -> pairing.SwissRules:
    """The tie-break, virtual points (Baku, when the league accelerates) and
    never-pairs for seating the night's next round."""
    virtual: dict[int, float] = {}
    share = swiss.virtual_share(played_round(night) + 1, night.rounds)
    if league.accelerate and share:
        rated = standings.ratings(session, league.id, None).current
        by_rating = sorted(present, key=lambda m: (-rated.get(m, 0), m))
        win = league.table_size - 1
        virtual = dict.fromkeys(swiss.group_a(by_rating), share * win)
    pairs = [(a, b) for a, b in league.never_pairs or ()]
    return pairing.SwissRules(tonight_tiebreaks(session, league, night, scores), virtual, pairs)


def set_rounds(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: Any,
    *,
    rounds: Any,
    method: Any,
    minutes: Any = None,
) -> None:
    """Play the night in ``rounds`` rounds, each next one seated by ``method``; with
    ``minutes`` the rounds are timed (a round in play without a clock starts one now)."""
    errors: dict[str, str] = {}
    if not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
        errors["rounds"] = message("must be a whole number from 1 to %(most)s", most=MOST_ROUNDS)
    if method not in pairing.METHODS:
        errors["method"] = message("must be one of %(choices)s", choices=", ".join(pairing.METHODS))
    low, high = MINUTES
    if minutes is not None and (not isinstance(minutes, int) or not low <= minutes <= high):
        errors["minutes"] = message(
            "must be a whole number of minutes from %(low)s to %(high)s", low=low, high=high
        )
    with uow:
        night = night_of(managed(uow.session, public_id, organizer_id), night_id)
        if not errors and isinstance(rounds, int) and rounds < played_round(night):
            errors["rounds"] = message("fewer than the rounds already played")
        if errors:
            raise InvalidInput(message("The rounds cannot be set as given."), errors)
        night.rounds, night.round_method, night.round_minutes = rounds, method, minutes
        proposed = proposed_round(night)
        if proposed is not None and proposed > rounds:  # fewer rounds: no next one
            for table in round_of(night, proposed):
                night.tables.remove(table)
            night.later_byes = list(night.later_byes or [])[: proposed - 2]
        if minutes is None:
            night.round_ends_at = None
        elif night.started and night.round_ends_at is None:
            night.round_ends_at = utcnow() + timedelta(minutes=minutes)
        uow.commit()


def propose_round(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: Any,
    rng: random.Random | None = None,
) -> int:
    """Seat the next round from tonight's results (again, if proposed already); returns
    its number. Refused until every table of the round in play counts."""
    rng = rng or random.SystemRandom()
    with uow:
        session = uow.session
        league = managed(session, public_id, organizer_id)
        night = night_of(league, night_id)
        shown = rounds_of(league, night)
        if not shown.in_rounds or not night.started or shown.current >= night.rounds:
            raise InvalidInput(
                message("There is no next round to seat."), {"round": message("none left")}
            )
        if shown.unfinished:
            raise InvalidInput(
                message(
                    "Round %(round)s is not over: tables %(tables)s have no result yet.",
                    round=shown.current,
                    tables=", ".join(map(str, shown.unfinished)),
                ),
                {"round": message("not over")},
            )
        # A proposal seated again: its tables and byes go first (the byes would count).
        for table in round_of(night, shown.current + 1):
            night.tables.remove(table)
        later = list(night.later_byes or [])[: shown.current - 1]
        night.later_byes = later
        session.flush()
        tables, byes = _seat_next(session, league, night, shown.current, rng)
        first = max(table.number for table in night.tables) + 1
        for table in new_tables(tables, first):
            table.round = shown.current + 1
            night.tables.append(table)
        night.later_byes = [*later, byes]
        uow.commit()
        return shown.current + 1


def _seat_next(session, league: League, night: Night, current: int, rng):
    active = {member.id for member in league.members if member.active}
    played = sorted(round_of(night, current), key=lambda table: table.number)
    scores, ranked = tonight_scores(night)
    previous = [[m for m in ranked.get(t.id, []) if m in active] for t in played]
    # Everyone who came tonight: seated in a round, sitting one out, or come late.
    came = [s.member_id for t in night.tables if t.round <= current for s in t.seats]
    came += [m for number in range(1, current + 1) for m in byes_in(night, number)]
    came_in = [m for m in dict.fromkeys(came) if m in active]
    # Those who asked in advance to sit out this round do (league/answers.py).
    asked = asked_byes(league, night.held_on, current + 1, came_in)
    present = [m for m in came_in if m not in asked]
    allowed = people_at_table(variant_of(league))
    try:
        sizes, out = seating.sizes_with_byes(
            len(present), allowed[0], allowed[-1], league.table_size, allowed
        )
    except seating.SeatingError as exc:
        raise InvalidInput(str(exc), {"round": str(exc)}) from None
    tonight = pairing.pairs_met(
        [[seat.member_id for seat in t.seats] for t in night.tables if t.round <= current]
    )
    byes_so_far = standings.byes_of(session, league.id, None)
    tables, byes = pairing.plan_round(
        night.round_method or "random",
        present,
        sizes,
        out,
        previous=previous,
        scores=scores,
        tonight=tonight,
        season=_met(session, league.id),
        byes_so_far=byes_so_far,
        rng=rng,
        swiss=swiss_rules(session, league, night, present, scores),
    )
    return tables, [*asked, *byes]


def swap_in_round(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    night_id: Any,
    first: Any,
    second: Any,
) -> None:
    """Swap two players of the proposed round (or a seated one and one sitting out)."""
    with uow:
        night = night_of(managed(uow.session, public_id, organizer_id), night_id)
        number = proposed_round(night)
        if number is None:
            raise InvalidInput(
                message("No round is waiting to start."), {"round": message("none proposed")}
            )
        seats = {s.member_id: s for t in round_of(night, number) for s in t.seats}
        later = [list(byes) for byes in night.later_byes or []]
        byes = later[number - 2] if number - 2 < len(later) else []
        if first in seats and second in byes:
            first, second = second, first
        if first in byes and second in seats:
            seats[second].member_id = first
            byes[byes.index(first)] = second
            night.later_byes = later
        elif first in seats and second in seats and first != second:
            seats[first].member_id, seats[second].member_id = second, first
        else:
            raise InvalidInput(
                message("Pick two different players of the next round."),
                {"first": message("pick two players of the next round")},
            )
        uow.commit()


def start_round(uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any) -> None:
    """Start the proposed round's games, or the first round's, and the round's clock
    when rounds are timed (round 1's starts with the night, in ``start_night``)."""
    with uow:
        league = managed_row(uow.session, public_id, organizer_id)
        night = load_night(uow.session, league, night_id)
        if night.started and proposed_round(night) is None:
            raise InvalidInput(
                message("No round is waiting to start."), {"round": message("none proposed")}
            )
        later = night.started
    start_night(uow, public_id, organizer_id, night_id)
    if later:
        with uow:
            league = managed_row(uow.session, public_id, organizer_id)
            night = load_night(uow.session, league, night_id)
            if night.round_minutes:
                night.round_ends_at = utcnow() + timedelta(minutes=night.round_minutes)
            uow.commit()


def rounds_of(league: League, night: Night) -> Rounds:
    names = {member.id: member.name for member in league.members}
    current = played_round(night)
    scores, _ranked = tonight_scores(night)
    breaks = tonight_tiebreaks(object_session(night), league, night, scores)
    proposed = proposed_round(night)
    unfinished = tuple(
        t.number
        for t in round_of(night, current)
        if t.game_id is None or counting.table_result(t) is None
    )
    tables: tuple[RoundTable, ...] = ()
    byes: tuple[tuple[int, str], ...] = ()
    moves: tuple[MoveView, ...] = ()
    if proposed is not None:
        seated = sorted(round_of(night, proposed), key=lambda t: t.number)
        whys = swiss.explain([[s.member_id for s in t.seats] for t in seated], scores)
        tables = tuple(
            RoundTable(
                t.number,
                tuple(names.get(s.member_id, "?") for s in t.seats),
                tuple(s.member_id for s in t.seats),
                whole(why.group),
                tuple((names.get(m, "?"), whole(score)) for m, score in why.floats),
            )
            for t, why in zip(seated, whys, strict=True)
        )
        byes = tuple((m, names.get(m, "?")) for m in byes_in(night, proposed))
        moves = tuple(
            MoveView(names.get(move.member, "?"), move.was, move.goes)
            for move in pairing.movement(_where(night, current), _where(night, proposed))
        )
    ends_at = as_utc(night.round_ends_at) if night.round_ends_at else None
    if not night.started or proposed is not None:
        ends_at = None  # between rounds no clock runs
    zone = ZoneInfo(league.time_zone or "UTC")
    best = sorted(
        scores.items(),
        key=lambda item: (-item[1], -breaks.get(item[0], 0), names.get(item[0], "")),
    )
    return Rounds(
        rounds=night.rounds,
        method=night.round_method,
        minutes=night.round_minutes,
        current=current,
        ends_at=ends_at,
        ends_local=ends_at.astimezone(zone).time() if ends_at else None,
        proposed=proposed,
        tables=tables,
        byes=byes,
        moves=moves,
        tonight=tuple((names.get(m, "?"), whole(score)) for m, score in best),
        unfinished=unfinished if night.started else (),
        sitting_out=tuple(names.get(m, "?") for m in byes_in(night, current)),
        bye_scores=league.bye_scores,
        bye_score=tonight_bye_score(league),
        tiebreak=league.tiebreak,
        tiebreaks=tuple(whole(round(breaks.get(m, 0), 1)) for m, _score in best),
    )


def whole(score: float) -> int | float:
    """3 rather than 3.0: a score is a whole number unless half-win byes made it not."""
    return int(score) if float(score).is_integer() else score


def _where(night: Night, number: int) -> dict[int, int | None]:
    where: dict[int, int | None] = dict.fromkeys(byes_in(night, number))
    for table in round_of(night, number):
        for seat in table.seats:
            where[seat.member_id] = table.number
    return where


def night_rounds(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, night_id: Any
) -> Rounds:
    with uow:
        league = scored_row(uow.session, public_id, organizer_id)
        return rounds_of(league, load_night(uow.session, league, night_id))


# ---------------------------------------------------------------- export and import


def rounds_document(night: Night) -> dict[str, Any]:
    """A night in rounds: how many, how seated, the minutes and the later rounds' byes
    (a night of one round exports as before)."""
    if night.round_method is None:
        return {}
    return {
        "rounds": night.rounds,
        "round_method": night.round_method,
        "round_minutes": night.round_minutes,
        "later_byes": [list(out) for out in night.later_byes or ()],
    }


def read_rounds(reader, item: Mapping[str, Any], path: str) -> dict[str, Any]:
    """An imported night's rounds, as Night's fields; ``reader`` (league.transfer's)
    reads each value and notes what is wrong."""
    if item.get("round_method") is None:
        return {}
    minutes = item.get("round_minutes")
    low, high = MINUTES
    return {
        "rounds": reader.integer(item.get("rounds"), f"{path}.rounds", 1, MOST_ROUNDS),
        "round_method": reader.choice(
            item["round_method"], f"{path}.round_method", pairing.METHODS
        ),
        "round_minutes": None
        if minutes is None
        else reader.integer(minutes, f"{path}.round_minutes", low, high),
    }
