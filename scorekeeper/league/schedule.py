"""The season's schedule: planned nights (a date, or a start time in the league's time
zone and a place), planned one by one or every week, and their iCalendar feed."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from icalendar import Calendar, Event, vText

from scorekeeper.i18n import force_locale
from scorekeeper.i18n import gettext as _
from scorekeeper.league.access import CONTROL, managed, one_line, readable
from scorekeeper.league.models import Night, PlannedNight
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

NOTE_LENGTH = 80
# A season's worth of dates in one go, and no more.
MOST_DATES = 100
# How long a night with a start time is in calendars: a club evening (the feed
# needs an end, and organizers think in start times).
NIGHT_LENGTH = timedelta(hours=3)


@dataclass(frozen=True)
class Planned:
    id: int
    held_on: date
    note: str | None
    starts_at: time | None = None
    place: str | None = None
    # The night played on that date, once there is one.
    played_id: int | None = None


@dataclass(frozen=True)
class Plan:
    """Nights to plan, as read from the organizer's form."""

    dates: list[date]
    starts_at: time | None = None
    time_zone: str | None = None
    capacity: int | None = None
    # Answers are due this many days before the night (its start, or its date).
    answer_days: int | None = None


@cache
def time_zones() -> frozenset[str]:
    return frozenset(available_timezones())


def read_dates(lines: Sequence[str]) -> list[date]:
    """Dates typed one per line (2027-01-14); every bad line named by its number."""
    errors: dict[str, str] = {}
    dates = []
    for number, line in enumerate(lines, 1):
        try:
            dates.append(date.fromisoformat(line.strip()))
        except ValueError:
            errors[f"dates.{number}"] = _("must be a date such as 2027-01-14")
    if not dates and not errors:
        errors["dates"] = _("list at least one date")
    if len(dates) > MOST_DATES:
        errors["dates"] = _("may list at most %(num)s dates at once", num=MOST_DATES)
    if errors:
        raise InvalidInput(_("The schedule cannot be saved as typed."), errors)
    return dates


def read_plan(
    lines: Sequence[str],
    *,
    first: str = "",
    weeks: str = "",
    starts_at: str = "",
    time_zone: str = "",
    capacity: str = "",
    answer_days: str = "",
) -> Plan:
    """The dates typed one per line and/or ``weeks`` weekly nights from ``first``, a
    start time (19:30), an IANA time zone, the seats and how many days ahead answers
    are due; every bad field named."""
    errors: dict[str, str] = {}
    dates: list[date] = []
    if any(line.strip() for line in lines):
        try:
            dates = read_dates([line for line in lines if line.strip()])
        except InvalidInput as error:
            errors.update(error.errors)
    if first.strip() or weeks.strip():
        dates += _weekly(first.strip(), weeks.strip(), errors)
    if not dates and not errors:
        errors["dates"] = _("list at least one date, or a first night and a number of weeks")
    elif len(dates) > MOST_DATES:
        errors["dates"] = _("may list at most %(num)s dates at once", num=MOST_DATES)
    start = None
    if starts_at.strip():
        try:
            start = time.fromisoformat(starts_at.strip()).replace(second=0, microsecond=0)
        except ValueError:
            errors["starts_at"] = _("must be a time such as 19:30")
    zone = time_zone.strip() or None
    if zone is not None and zone not in time_zones():
        errors["time_zone"] = _("must be a zone name such as Europe/London")
    seats = _count(capacity, "capacity", 2, 1000, errors)
    days = _count(answer_days, "answer_days", 0, 60, errors)
    if errors:
        raise InvalidInput(_("The schedule cannot be saved as typed."), errors)
    return Plan(dates, start, zone, seats, days)


def _count(text: str, field: str, low: int, high: int, errors: dict[str, str]) -> int | None:
    """An optional whole number typed into ``field``."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit() and low <= int(text) <= high:
        return int(text)
    errors[field] = _("must be a whole number from %(low)s to %(high)s", low=low, high=high)
    return None


def _weekly(first: str, weeks: str, errors: dict[str, str]) -> list[date]:
    try:
        day = date.fromisoformat(first)
    except ValueError:
        errors["first"] = _("must be a date such as 2027-01-14")
        return []
    count = _count(weeks, "weeks", 1, MOST_DATES, errors)
    if count is None:
        errors.setdefault("weeks", _("give the number of weeks"))
        return []
    return [day + timedelta(weeks=week) for week in range(count)]


def plan_nights(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    plan: Plan | Sequence[date],
    note: Any,
    place: Any = None,
) -> None:
    """Add planned nights; a date already planned keeps its note, start and place unless
    new ones are given. A start time needs a time zone: the plan's, or the league's."""
    if not isinstance(plan, Plan):
        plan = Plan(list(plan))
    note, place = _short(note), _short(place)
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        if plan.starts_at and not (plan.time_zone or league.time_zone):
            raise InvalidInput(
                _("The schedule cannot be saved as typed."),
                {"time_zone": _("is needed for a start time")},
            )
        league.time_zone = plan.time_zone or league.time_zone
        planned = {night.held_on: night for night in league.schedule}
        for day in dict.fromkeys(plan.dates):
            night = planned.get(day)
            if night is None:
                night = PlannedNight(held_on=day)
                league.schedule.append(night)
            night.note = note or night.note
            night.place = place or night.place
            night.starts_at = plan.starts_at or night.starts_at
            night.capacity = plan.capacity or night.capacity
            if plan.answer_days is not None:
                night.answer_by = _due(night, league.time_zone, plan.answer_days)
        uow.commit()


def _due(night: PlannedNight, time_zone: str | None, days: int) -> datetime:
    """When answers for ``night`` are due: ``days`` before its start (or its date's
    midnight), in the league's zone."""
    zone = ZoneInfo(time_zone) if time_zone else UTC
    start = datetime.combine(night.held_on, night.starts_at or time(0), zone)
    return (start - timedelta(days=days)).astimezone(UTC)


def _short(text: Any) -> str | None:
    """A one-line text field, cut to its column (None when empty)."""
    if not isinstance(text, str):
        return None
    return CONTROL.sub("", one_line(text))[:NOTE_LENGTH] or None


def unplan_night(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, planned_id: Any
) -> None:
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        league.schedule[:] = [night for night in league.schedule if night.id != planned_id]
        uow.commit()


def schedule_of(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, *, from_day: date | None = None
) -> list[Planned]:
    """The planned nights (from ``from_day`` on, when given), soonest first."""
    with uow:
        league, _ = readable(uow.session, public_id, organizer_id)
        played = _played_on(league.nights)
        return [
            Planned(
                night.id,
                night.held_on,
                night.note,
                night.starts_at,
                night.place,
                played.get(night.held_on),
            )
            for night in league.schedule
            if from_day is None or night.held_on >= from_day
        ]


def _played_on(nights: Sequence[Night]) -> dict[date, int]:
    """The first night played on each date: what a planned night of that date links to."""
    played: dict[date, int] = {}
    for night in nights:
        played.setdefault(night.held_on, night.id)
    return played


def time_zone_of(uow: UnitOfWork, public_id: str, organizer_id: int | None) -> str | None:
    with uow:
        return readable(uow.session, public_id, organizer_id)[0].time_zone


def ics_text(value: str) -> vText:
    """A TEXT value (RFC 5545 3.3.11): vText escapes ; , \\ and line breaks, and
    to_ical folds long lines; control characters, which TEXT may not hold, are dropped."""
    return vText(CONTROL.sub("", one_line(value)))


def calendar_feed(uow: UnitOfWork, public_id: str, organizer_id: int | None, *, host: str) -> bytes:
    """The schedule as an iCalendar file: one event per planned night, timed in the
    league's zone (with its VTIMEZONE) when the night has a start time, else all day.

    ``host`` names the site in each event's UID: the configured public base's, so
    a request's Host header never reaches a calendar. Its words are in the league's
    language, like its public pages.
    """
    with uow:
        league, _manage = readable(uow.session, public_id, organizer_id)
        with force_locale(league.language) if league.language else nullcontext():
            summary = _("%(league)s: game night", league=league.name)
        calendar = Calendar()
        calendar.add("prodid", "-//scorekeeper//league schedule//EN")
        calendar.add("version", "2.0")
        # An X- property is not escaped unless it is given as TEXT.
        calendar.add("x-wr-calname", ics_text(league.name))
        zone = ZoneInfo(league.time_zone) if league.time_zone else None
        stamp = datetime.now(UTC).replace(microsecond=0)  # DTSTAMP: when the feed was made
        for night in league.schedule:
            event = Event()
            event.add("uid", f"{league.public_id}-{night.held_on.isoformat()}@{host}")
            event.add("dtstamp", stamp)
            event.add("summary", ics_text(summary))
            if night.starts_at and zone:
                start = datetime.combine(night.held_on, night.starts_at, zone)
                event.add("dtstart", start)
                event.add("dtend", start + NIGHT_LENGTH)
            else:
                event.add("dtstart", night.held_on)
                event.add("dtend", night.held_on + timedelta(days=1))
            if night.place:
                event.add("location", ics_text(night.place))
            if night.note:
                event.add("description", ics_text(night.note))
            calendar.add_component(event)
        calendar.add_missing_timezones()
        return calendar.to_ical()
