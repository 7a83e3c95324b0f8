"""The season's schedule: planned nights with dates, and their iCalendar feed."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from flask_babel import force_locale
from flask_babel import gettext as _
from icalendar import Calendar, Event, vText

from scorekeeper.league.access import CONTROL, managed, one_line, readable
from scorekeeper.league.models import PlannedNight
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

NOTE_LENGTH = 80
# A season's worth of dates in one go, and no more.
MOST_DATES = 100


@dataclass(frozen=True)
class Planned:
    id: int
    held_on: date
    note: str | None


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


def plan_nights(
    uow: UnitOfWork, public_id: str, organizer_id: int | None, dates: Sequence[date], note: Any
) -> None:
    """Add planned nights (a date already planned keeps its note unless a new one is given)."""
    note = CONTROL.sub("", one_line(note))[:NOTE_LENGTH] if isinstance(note, str) else ""
    with uow:
        league = managed(uow.session, public_id, organizer_id)
        planned = {night.held_on: night for night in league.schedule}
        for day in dict.fromkeys(dates):
            if day in planned:
                planned[day].note = note or planned[day].note
            else:
                league.schedule.append(PlannedNight(held_on=day, note=note or None))
        uow.commit()


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
        return [
            Planned(night.id, night.held_on, night.note)
            for night in league.schedule
            if from_day is None or night.held_on >= from_day
        ]


def ics_text(value: str) -> vText:
    """A TEXT value (RFC 5545 3.3.11): vText escapes ; , \\ and line breaks, and
    to_ical folds long lines; control characters, which TEXT may not hold, are dropped."""
    return vText(CONTROL.sub("", one_line(value)))


def calendar_feed(uow: UnitOfWork, public_id: str, organizer_id: int | None, *, host: str) -> bytes:
    """The schedule as an iCalendar file: one all-day event per planned night.

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
        for night in league.schedule:
            event = Event()
            event.add("uid", f"{league.public_id}-{night.held_on.isoformat()}@{host}")
            event.add("summary", ics_text(summary))
            event.add("dtstart", night.held_on)
            event.add("dtend", night.held_on + timedelta(days=1))
            if night.note:
                event.add("description", ics_text(night.note))
            calendar.add_component(event)
        return calendar.to_ical()
