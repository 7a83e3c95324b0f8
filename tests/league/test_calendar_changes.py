"""Nights that move or are called off, as calendar apps see them: the same UID, a
SEQUENCE that grows, DTSTAMP and LAST-MODIFIED that are the night's last change (the
same on every fetch), and STATUS:CANCELLED kept in the feed; and a member's own feed of
the nights they said yes to. Every feed is read by two independent parsers, the
`icalendar` package and `vobject`, as two calendar apps would read it."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import vobject
from icalendar import Calendar
from sqlalchemy import update

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.league.access import NotFound
from scorekeeper.league.models import PlannedNight
from scorekeeper.service_layer.errors import InvalidInput

from .support import login, make_league, make_organizer

LONDON = ZoneInfo("Europe/London")
CLUB = [f"Zoë-Łucja Wójcik-Gutiérrez de Ávila {n:02d}" for n in range(8)]
# When the nights were first planned: a day the tests set, so a change shows.
PLANNED = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def planned_weekly(uow, lid: str, olga: int) -> dict[date, int]:
    """Three Thursdays at 19:30 in London across the change to summer time (28 March
    2027), planned on PLANNED."""
    plan = league.read_plan(
        [], first="2027-03-18", weeks="3", starts_at="19:30", time_zone="Europe/London"
    )
    league.plan_nights(uow, lid, olga, plan, "Bring a pen", "The Crown")
    with uow:
        uow.session.execute(update(PlannedNight).values(changed_at=PLANNED))
        uow.commit()
    return {p.held_on: p.id for p in league.schedule_of(uow, lid, olga)}


def both_parsers(body: bytes) -> dict[str, dict]:
    """Each event by UID as both parsers read it; they must agree."""
    first = {}
    for event in Calendar.from_ical(body).walk("VEVENT"):
        first[str(event["uid"])] = {
            "start": event.decoded("dtstart"),
            "stamp": event.decoded("dtstamp"),
            "modified": event.decoded("last-modified"),
            "sequence": int(event["sequence"]),
            "status": str(event.get("status", "")),
        }
    second = {}
    for event in vobject.readOne(body.decode()).vevent_list:
        second[event.uid.value] = {
            "start": event.dtstart.value,
            "stamp": event.dtstamp.value,
            "modified": event.last_modified.value,
            "sequence": int(event.sequence.value),
            "status": event.status.value if hasattr(event, "status") else "",
        }
    assert first.keys() == second.keys()
    for uid, read in first.items():
        other = second[uid]
        assert read["start"] == other["start"]  # the same moment (or the same day)
        assert getattr(read["start"], "tzinfo", None) is None or (
            read["start"].utcoffset() == other["start"].utcoffset()
        )
        assert (read["stamp"], read["modified"]) == (other["stamp"], other["modified"])
        assert (read["sequence"], read["status"]) == (other["sequence"], other["status"])
    return first


def test_a_moved_and_a_cancelled_night_keep_their_uid_and_grow_their_sequence(
    app, client, uow, olga
):
    app.config["PUBLIC_BASE_URL"] = "https://cards.example.org"
    lid = make_league(uow, olga, names=CLUB)
    ids = planned_weekly(uow, lid, olga)
    feed = f"/leagues/{lid}/schedule.ics"
    before = client.get(feed).data
    assert client.get(feed).data == before  # nothing changed: the same bytes each fetch
    uids = list(both_parsers(before))
    assert all(read["stamp"] == PLANNED for read in both_parsers(before).values())

    # The 25 March night moves past the change to summer time; 1 April is called off.
    league.move_night(uow, lid, olga, ids[date(2027, 3, 25)], "2027-03-30", "19:00")
    league.unplan_night(uow, lid, olga, ids[date(2027, 4, 1)])

    after = client.get(feed).data
    assert client.get(feed).data == after
    events = both_parsers(after)
    assert list(events) == uids  # the same three events: none new, none dropped
    kept, moved, cancelled = (events[uid] for uid in uids)
    assert (kept["sequence"], kept["status"], kept["stamp"]) == (0, "", PLANNED)
    assert kept["start"] == datetime(2027, 3, 18, 19, 30, tzinfo=LONDON)
    assert (moved["sequence"], moved["status"]) == (1, "")
    # 19:00 in London on 30 March is summer time: 18:00 UTC.
    assert moved["start"].astimezone(UTC) == datetime(2027, 3, 30, 18, 0, tzinfo=UTC)
    assert (cancelled["sequence"], cancelled["status"]) == (1, "CANCELLED")
    for changed in (moved, cancelled):
        assert changed["stamp"] > PLANNED and changed["modified"] == changed["stamp"]
    assert b"STATUS:CANCELLED" in after and b"SEQUENCE:1" in after


def test_a_night_planned_again_comes_back_and_a_cancelled_one_can_be_removed(client, uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    ids = planned_weekly(uow, lid, olga)
    last = ids[date(2027, 4, 1)]
    league.unplan_night(uow, lid, olga, last)
    assert [p.cancelled for p in league.schedule_of(uow, lid, olga)] == [False, False, True]

    league.plan_nights(uow, lid, olga, [date(2027, 4, 1)], None)
    (back,) = [
        e
        for e in both_parsers(league.calendar_feed(uow, lid, olga, host="h")).values()
        if e["start"].date() == date(2027, 4, 1)
    ]
    assert (back["sequence"], back["status"]) == (2, "")

    # A note changes what the calendar shows, not when: a new stamp, the same SEQUENCE.
    first = ids[date(2027, 3, 18)]
    league.plan_nights(uow, lid, olga, [date(2027, 3, 18)], "Bring two pens")
    events = both_parsers(league.calendar_feed(uow, lid, olga, host="h"))
    noted = next(e for e in events.values() if e["start"].date() == date(2027, 3, 18))
    assert noted["sequence"] == 0 and noted["stamp"] > PLANNED

    league.unplan_night(uow, lid, olga, first)
    league.unplan_night(uow, lid, olga, first)  # called off, then taken out
    assert date(2027, 3, 18) not in {p.held_on for p in league.schedule_of(uow, lid, olga)}


def test_moving_onto_a_planned_date_is_refused_and_the_left_date_gets_a_new_uid(uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    ids = planned_weekly(uow, lid, olga)
    with pytest.raises(InvalidInput) as refused:
        league.move_night(uow, lid, olga, ids[date(2027, 3, 18)], "2027-03-25")
    assert "held_on" in refused.value.errors
    with pytest.raises(InvalidInput) as refused:
        league.move_night(uow, lid, olga, ids[date(2027, 3, 18)], "next Thursday", "7pm")
    assert set(refused.value.errors) == {"held_on", "starts_at"}

    league.move_night(uow, lid, olga, ids[date(2027, 3, 18)], "2027-03-19")
    league.plan_nights(uow, lid, olga, [date(2027, 3, 18)], None)
    uids = both_parsers(league.calendar_feed(uow, lid, olga, host="cards.example.org"))
    assert len(uids) == 4
    assert f"{lid}-2027-03-18@cards.example.org" in uids  # the moved night's, kept
    assert f"{lid}-2027-03-18-2@cards.example.org" in uids  # the new night's


def test_a_member_subscribes_to_the_nights_they_said_yes_to(app, client, uow, olga):
    app.config["PUBLIC_BASE_URL"] = "https://cards.example.org"
    lid = make_league(uow, olga, names=CLUB)
    ids = planned_weekly(uow, lid, olga)
    links = {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}
    mine = links[CLUB[3]]
    league.give_answer(uow, mine, ids[date(2027, 3, 18)], "yes")
    league.give_answer(uow, mine, ids[date(2027, 3, 25)], "no")
    league.give_answer(uow, mine, ids[date(2027, 4, 1)], "yes")
    league.give_answer(uow, links[CLUB[4]], ids[date(2027, 3, 25)], "yes")
    page = client.get(f"/leagues/answers/{mine}")
    assert f"/leagues/answers/{mine}/nights.ics" in page.get_data(as_text=True)

    response = client.get(f"/leagues/answers/{mine}/nights.ics")
    assert response.mimetype == "text/calendar"
    assert response.headers["Cache-Control"] == "no-store"
    events = both_parsers(response.data)
    assert sorted(e["start"].date() for e in events.values()) == [
        date(2027, 3, 18),
        date(2027, 4, 1),
    ]
    # Their nights are the league feed's events: the same UIDs.
    assert set(events) <= set(both_parsers(client.get(f"/leagues/{lid}/schedule.ics").data))

    league.unplan_night(uow, lid, olga, ids[date(2027, 4, 1)])
    events = both_parsers(client.get(f"/leagues/answers/{mine}/nights.ics").data)
    assert sorted(e["status"] for e in events.values()) == ["", "CANCELLED"]
    # A cancelled night is no longer one to answer for.
    assert [n.held_on for n in league.answer_page(uow, mine).nights] == [
        date(2027, 3, 18),
        date(2027, 3, 25),
    ]
    with pytest.raises(NotFound):
        league.give_answer(uow, mine, ids[date(2027, 4, 1)], "no")
    assert client.get("/leagues/answers/not-a-link/nights.ics").status_code == 404


def test_the_calendar_history_survives_export_and_import(uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    ids = planned_weekly(uow, lid, olga)
    league.move_night(uow, lid, olga, ids[date(2027, 3, 25)], "2027-03-26")
    league.unplan_night(uow, lid, olga, ids[date(2027, 4, 1)])
    document = transfer.export_league(uow, lid, olga)
    document["league"]["name"] = "Copy"
    copy = transfer.import_document(uow, olga, document | {"nights": []}).league_id

    def events(public_id):
        read = both_parsers(league.calendar_feed(uow, public_id, olga, host="h"))
        return {uid.removeprefix(public_id): event for uid, event in read.items()}

    assert events(copy) == events(lid)
    assert timedelta(0) < max(e["stamp"] for e in events(copy).values()) - PLANNED


def test_the_league_page_moves_and_calls_off_a_night_and_keeps_a_refused_move(client, uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    ids = planned_weekly(uow, lid, olga)
    first = ids[date(2027, 3, 18)]
    refused = client.post(f"/leagues/{lid}/schedule/{first}/move", data={"held_on": "2027-03-25"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "another night is planned on that date" in page
    assert 'value="2027-03-25"' in page  # as typed, in the night's own form

    moved = client.post(
        f"/leagues/{lid}/schedule/{first}/move",
        data={"held_on": "2027-03-17", "starts_at": "20:15"},
    )
    assert moved.status_code == 303
    client.post(f"/leagues/{lid}/schedule/{ids[date(2027, 4, 1)]}/remove")
    schedule = league.schedule_of(uow, lid, olga)
    assert [(p.held_on, p.starts_at.isoformat(), p.cancelled) for p in schedule] == [
        (date(2027, 3, 17), "20:15:00", False),
        (date(2027, 3, 25), "19:30:00", False),
        (date(2027, 4, 1), "19:30:00", True),
    ]
    assert "<del>" in client.get(f"/leagues/{lid}").get_data(as_text=True)
