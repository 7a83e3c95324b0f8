"""The season's schedule: planned nights (a date, or a start time in the league's time
zone and a place), planned one by one or every week, moved or called off, and their
iCalendar feed.

Calendar apps tell a changed event from an unchanged one by its UID, SEQUENCE and
DTSTAMP (RFC 5545 3.8.7): each night keeps its UID when it moves, counts its moves and
cancellations in SEQUENCE, and is stamped with its own last change, never the fetch.
A night called off stays in the feed as STATUS:CANCELLED so calendars strike it.
"""

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
from scorekeeper.league.access import CONTROL, NotFound, managed, one_line, readable
from scorekeeper.league.models import League, Night, PlannedNight
from scorekeeper.models import as_utc, utcnow
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

NOTE_LENGTH = 80
# A season's worth of dates in one go, and no more.
MOST_DATES = 100
# How long a night with a start time is in calendars: a club evening (the feed
# needs an end, and organizers think in start times).
NIGHT_LENGTH = timedelta(hours=3)
# The stamp of a night without a recorded last change (none in practice: the migration
# stamps them), fixed so that it too never moves between fetches.
NO_CHANGE = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Planned:
    id: int
    held_on: date
    note: str | None
    starts_at: time | None = None
    place: str | None = None
    # The night played on that date, once there is one.
    played_id: int | None = None
    cancelled: bool = False


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
                night = PlannedNight(held_on=day, calendar_key=_free_key(league, day))
                league.schedule.append(night)
            before = _calendar_view(night)
            night.note = note or night.note
            night.place = place or night.place
            night.starts_at = plan.starts_at or night.starts_at
            night.capacity = plan.capacity or night.capacity
            if plan.answer_days is not None:
                night.answer_by = _due(night, league.time_zone, plan.answer_days)
            night.cancelled = False  # planning a called-off date again brings it back
            _changed(night, before)
        uow.commit()


def _calendar_view(night: PlannedNight) -> tuple[Any, ...]:
    """What a calendar shows of a night; its first part (when, and whether it is on)
    is what makes a new version of the event (RFC 5545's SEQUENCE)."""
    when = (night.held_on, night.starts_at, night.cancelled)
    return (when, night.place, night.note)


def _changed(night: PlannedNight, before: tuple[Any, ...]) -> None:
    """Stamp ``night``'s change, if any; a moved or cancelled night gets a new SEQUENCE."""
    if night.id is None:
        night.changed_at = utcnow()
        return
    after = _calendar_view(night)
    if after != before:
        night.changed_at = utcnow()
    if after[0] != before[0]:
        night.sequence = (night.sequence or 0) + 1


def _key(night: PlannedNight) -> str:
    return night.calendar_key or night.held_on.isoformat()


def _free_key(league: League, day: date) -> str:
    """A new night's UID key: its date, unless a night moved away from that date
    still goes by it."""
    taken = {_key(night) for night in league.schedule}
    key, number = day.isoformat(), 1
    while key in taken:
        number += 1
        key = f"{day.isoformat()}-{number}"
    return key


def move_night(
    uow: UnitOfWork,
    public_id: str,
    organizer_id: int | None,
    planned_id: Any,
    held_on: Any,
    starts_at: Any = "",
) -> None:
    """Move a planned night to another date (and start time, when typed): calendars
    move the same event, its answers stay and so does their deadline's lead time."""
    day, start = _read_move(held_on, starts_at)
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = _planned(league, planned_id)
        if any(other.held_on == day for other in league.schedule if other is not night):
            raise InvalidInput(
                _("The night cannot be moved as typed."),
                {"held_on": _("another night is planned on that date")},
            )
        if start and not league.time_zone:
            raise InvalidInput(
                _("The night cannot be moved as typed."),
                {"starts_at": _("is needed for a start time")},
            )
        before = _calendar_view(night)
        zone = ZoneInfo(league.time_zone) if league.time_zone else UTC
        old = datetime.combine(night.held_on, night.starts_at or time(0), zone)
        night.calendar_key = _key(night)
        night.held_on, night.starts_at = day, start or night.starts_at
        if night.answer_by is not None:
            new = datetime.combine(night.held_on, night.starts_at or time(0), zone)
            night.answer_by = as_utc(night.answer_by) + (new - old)
        _changed(night, before)
        uow.commit()


def _read_move(held_on: Any, starts_at: Any) -> tuple[date, time | None]:
    errors: dict[str, str] = {}
    day = start = None
    try:
        day = date.fromisoformat(held_on.strip() if isinstance(held_on, str) else "")
    except ValueError:
        errors["held_on"] = _("must be a date such as 2027-01-14")
    if isinstance(starts_at, str) and starts_at.strip():
        try:
            start = time.fromisoformat(starts_at.strip()).replace(second=0, microsecond=0)
        except ValueError:
            errors["starts_at"] = _("must be a time such as 19:30")
    if errors or day is None:
        raise InvalidInput(_("The night cannot be moved as typed."), errors)
    return day, start


def _planned(league: League, planned_id: Any) -> PlannedNight:
    night = next((n for n in league.schedule if n.id == planned_id), None)
    if night is None:
        raise NotFound(_("That night is not in this league's schedule."))
    return night


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
    """Call a night off: it stays, cancelled, for the calendars that have it; a night
    already called off is taken out of the schedule."""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        night = _planned(league, planned_id)
        if night.cancelled:
            league.schedule.remove(night)
        else:
            before = _calendar_view(night)
            night.cancelled = True
            _changed(night, before)
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
                night.cancelled,
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
    """The schedule as an iCalendar file: one event per planned night, cancelled ones
    included (see ``calendar_of``)."""
    with uow:
        league, _manage = readable(uow.session, public_id, organizer_id)
        return calendar_of(league, league.schedule, host=host)


def calendar_of(league: League, nights: Sequence[PlannedNight], *, host: str) -> bytes:
    """``nights`` as an iCalendar file, timed in the league's zone (with its VTIMEZONE)
    when a night has a start time, else all day.

    ``host`` names the site in each event's UID: the configured public base's, so
    a request's Host header never reaches a calendar. Its words are in the league's
    language, like its public pages.
    """
    with force_locale(league.language) if league.language else nullcontext():
        summary = _("%(league)s: game night", league=league.name)
    calendar = Calendar()
    calendar.add("prodid", "-//scorekeeper//league schedule//EN")
    calendar.add("version", "2.0")
    # An X- property is not escaped unless it is given as TEXT.
    calendar.add("x-wr-calname", ics_text(league.name))
    zone = ZoneInfo(league.time_zone) if league.time_zone else None
    for night in nights:
        calendar.add_component(_event(league, night, zone, summary, host))
    if nights:
        # The zone's rules for the schedule's years only: the whole 1970-2038 history
        # (icalendar's default) is misread by some readers (dateutil's, which vobject
        # uses, put a March night in summer time), and is most of the file.
        days = [night.held_on for night in nights]
        calendar.add_missing_timezones(
            first_date=date(min(days).year, 1, 1), last_date=date(max(days).year + 1, 1, 1)
        )
    return calendar.to_ical()


def _event(
    league: League, night: PlannedNight, zone: ZoneInfo | None, summary: str, host: str
) -> Event:
    event = Event()
    event.add("uid", f"{league.public_id}-{_key(night)}@{host}")
    changed = as_utc(night.changed_at).replace(microsecond=0) if night.changed_at else NO_CHANGE
    event.add("dtstamp", changed)
    event.add("last-modified", changed)
    event.add("sequence", night.sequence or 0)
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
    if night.cancelled:
        event.add("status", "CANCELLED")
    return event
