"""Nights on the calendar: weekly nights with a start time and a place, in the league's
time zone, read back by the `icalendar` package as a calendar app would read them."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.league.schedule import NIGHT_LENGTH
from scorekeeper.service_layer.errors import InvalidInput

from .support import NAMES, login, make_league, make_organizer, member_ids
from .support import started_night as start

LONDON = ZoneInfo("Europe/London")


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def weekly(first: str, weeks: str, starts_at: str = "19:30", zone: str = "Europe/London"):
    return league.read_plan([], first=first, weeks=weeks, starts_at=starts_at, time_zone=zone)


def feed_events(client, lid: str) -> tuple[Calendar, list]:
    response = client.get(f"/leagues/{lid}/schedule.ics")
    assert response.mimetype == "text/calendar"
    calendar = Calendar.from_ical(response.data)
    return calendar, calendar.walk("VEVENT")


def test_weekly_nights_keep_their_local_start_across_the_change_to_summer_time(
    app, client, uow, olga
):
    app.config["PUBLIC_BASE_URL"] = "https://cards.example.org"
    lid = make_league(uow, olga)
    # British Summer Time starts on 28 March 2027: the same 19:30 is an hour earlier in UTC.
    plan = weekly("2027-03-18", "3")
    league.plan_nights(uow, lid, olga, plan, "Bring a pen", "The Crown; upstairs, room 2")

    calendar, events = feed_events(client, lid)

    starts = [event.decoded("dtstart") for event in events]
    assert [start.replace(tzinfo=None) for start in starts] == [
        datetime(2027, 3, day, 19, 30) for day in (18, 25)
    ] + [datetime(2027, 4, 1, 19, 30)]
    assert [start.astimezone(UTC).hour for start in starts] == [19, 19, 18]
    assert all(str(start.tzinfo) == "Europe/London" for start in starts)
    assert [event.decoded("dtend") - event.decoded("dtstart") for event in events] == [
        NIGHT_LENGTH
    ] * 3
    (zone,) = calendar.walk("VTIMEZONE")
    assert str(zone["tzid"]) == "Europe/London"
    assert all(event["dtstart"].params["TZID"] == "Europe/London" for event in events)
    for event in events:
        assert event.decoded("dtstamp").tzinfo is not None  # RFC 5545: required, in UTC
        assert str(event["location"]) == "The Crown; upstairs, room 2"
        assert str(event["uid"]).endswith("@cards.example.org")
    raw = client.get(f"/leagues/{lid}/schedule.ics").get_data(as_text=True)
    assert "LOCATION:The Crown\\; upstairs\\, room 2" in raw
    assert "BEGIN:VTIMEZONE" in raw and "DTSTART;TZID=Europe/London:20270318T193000" in raw


def test_a_night_without_a_start_time_stays_an_all_day_event(client, uow, olga):
    lid = make_league(uow, olga)
    league.plan_nights(uow, lid, olga, [date(2027, 1, 14)], "7 pm")
    league.plan_nights(uow, lid, olga, weekly("2027-01-21", "1", "20:00", "America/New_York"), "")

    _calendar, events = feed_events(client, lid)

    assert [event.decoded("dtstart") for event in events] == [
        date(2027, 1, 14),
        datetime(2027, 1, 21, 20, 0, tzinfo=ZoneInfo("America/New_York")),
    ]
    assert "location" not in events[0]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"first": "next week", "weeks": "4"}, "first", "must be a date such as 2027-01-14"),
        ({"first": "2027-01-14", "weeks": "0"}, "weeks", "must be a whole number from 1 to 100"),
        ({"first": "2027-01-14", "weeks": "101"}, "weeks", "must be a whole number from 1 to 100"),
        ({"first": "2027-01-14", "weeks": "2", "starts_at": "7pm"}, "starts_at", "19:30"),
        ({"first": "2027-01-14", "weeks": "2", "time_zone": "Mars/Olympus"}, "time_zone", "zone"),
        ({}, "dates", "list at least one date, or a first night and a number of weeks"),
    ],
)
def test_a_bad_weekly_plan_names_its_field(fields, field, message):
    with pytest.raises(InvalidInput) as refused:
        league.read_plan([], **fields)
    assert message in refused.value.errors[field]


def test_a_start_time_without_a_time_zone_is_refused_and_nothing_is_planned(uow, olga):
    lid = make_league(uow, olga)
    with pytest.raises(InvalidInput) as refused:
        league.plan_nights(uow, lid, olga, weekly("2027-01-14", "2", zone=""), None)
    assert refused.value.errors == {"time_zone": "is needed for a start time"}
    assert league.schedule_of(uow, lid, olga) == []
    # Once the league has a zone, a later plan's start time is read in it.
    league.plan_nights(uow, lid, olga, weekly("2027-01-14", "1"), None)
    league.plan_nights(uow, lid, olga, weekly("2027-01-21", "1", zone=""), None)
    assert league.time_zone_of(uow, lid, olga) == "Europe/London"
    assert [p.starts_at for p in league.schedule_of(uow, lid, olga)] == [time(19, 30)] * 2


def test_the_schedule_form_plans_every_week_and_keeps_a_refused_form_as_typed(client, uow, olga):
    lid = make_league(uow, olga)
    typed = {
        "first": "2027-01-14",
        "weeks": "4",
        "starts_at": "19:30",
        "time_zone": "Europe/Berlin",
        "place": "Zum Löwen, Saal 2",
        "note": "",
    }
    response = client.post(f"/leagues/{lid}/schedule", data=typed)
    assert response.status_code == 303
    planned = league.schedule_of(uow, lid, olga)
    assert [p.held_on.day for p in planned] == [14, 21, 28, 4]
    assert {(p.starts_at, p.place) for p in planned} == {(time(19, 30), "Zum Löwen, Saal 2")}

    refused = client.post(f"/leagues/{lid}/schedule", data=typed | {"weeks": "many"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "Number of weeks must be a whole number from 1 to 100" in page
    assert 'value="many"' in page and 'value="Zum Löwen, Saal 2"' in page
    assert len(league.schedule_of(uow, lid, olga)) == 4

    manage = client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert 'value="Europe/Berlin"' in manage  # the league's zone, for the next plan


def test_a_planned_night_links_to_the_night_played_on_its_date(client, uow, olga):
    lid = make_league(uow, olga)
    league.plan_nights(uow, lid, olga, [date.today()], "")
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:4]], held_on=date.today())

    (planned,) = league.schedule_of(uow, lid, olga)

    assert planned.played_id == night.id
    page = client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert f'href="/leagues/{lid}/nights/{night.id}">played</a>' in page


def test_start_times_places_and_the_zone_survive_export_and_import(uow, olga):
    lid = make_league(uow, olga)
    league.plan_nights(uow, lid, olga, weekly("2027-03-18", "2"), "", "The Crown")
    document = transfer.export_league(uow, lid, olga)
    assert document["league"]["time_zone"] == "Europe/London"
    assert document["schedule"][0].pop("changed_at")  # the calendar's DTSTAMP
    assert document["schedule"][0] == {
        "held_on": "2027-03-18",
        "note": None,
        "starts_at": "19:30",
        "place": "The Crown",
        "capacity": None,
        "answer_by": None,
        "calendar_key": "2027-03-18",
        "sequence": 0,
        "cancelled": False,
    }
    document["league"]["name"] = "Copy"
    copy = transfer.import_document(uow, olga, document | {"nights": []}).league_id
    assert league.time_zone_of(uow, copy, olga) == "Europe/London"
    assert [(p.starts_at, p.place) for p in league.schedule_of(uow, copy, olga)] == [
        (time(19, 30), "The Crown")
    ] * 2

    document["league"]["time_zone"] = "Atlantis/Capital"
    document["schedule"][1]["starts_at"] = "half past seven"
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document | {"nights": []})
    errors = refused.value.errors
    assert "league.time_zone" in errors
    assert [key for key in errors if key.startswith("schedule.")] != []
