"""Who is coming: members answer by their own link, the organizer counts them per night
(seats, a waiting line, late answers), and a new night starts from the yes answers."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from sqlalchemy import select

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.league.models import Answer, Member
from scorekeeper.service_layer.errors import InvalidInput

from .support import NAMES, figures, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start

# A club of 40 with long accented names, as the issue sizes it.
CLUB = [f"Zoë-Łucja Wójcik-Gutiérrez de Ávila {n:02d}" for n in range(40)]
TOMORROW = date.today() + timedelta(days=1)


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def plan(uow, lid, olga, day=TOMORROW, **fields):
    typed = {"capacity": "", "answer_days": ""} | fields
    league.plan_nights(uow, lid, olga, league.read_plan([day.isoformat()], **typed), None)
    return next(p.id for p in league.schedule_of(uow, lid, olga) if p.held_on == day)


def links_by_name(uow, lid, olga) -> dict[str, str]:
    return {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}


def test_forty_members_answer_and_the_seats_fill_in_the_order_answered(uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    night = plan(uow, lid, olga, capacity="32")
    links = links_by_name(uow, lid, olga)
    assert len(links) == 40 and len(set(links.values())) == 40
    for name in CLUB[:36]:
        league.give_answer(uow, links[name], night, "yes")
    for name in CLUB[36:38]:
        league.give_answer(uow, links[name], night, "maybe")
    league.give_answer(uow, links[CLUB[38]], night, "no")

    counted = league.turnout(uow, lid, olga)[night]

    assert counted.coming == tuple(CLUB[:32])
    assert counted.waiting == tuple(CLUB[32:36])
    assert (counted.maybe, counted.away, counted.unanswered) == (tuple(CLUB[36:38]), (CLUB[38],), 1)
    mine = league.answer_page(uow, links[CLUB[33]]).nights[0]
    assert (mine.answer, mine.in_line) == ("yes", 2)
    # A seat given up goes to the first in line; a changed answer joins the end.
    league.give_answer(uow, links[CLUB[0]], night, "no")
    league.give_answer(uow, links[CLUB[0]], night, "yes")
    counted = league.turnout(uow, lid, olga)[night]
    assert counted.coming == tuple(CLUB[1:33]) and counted.waiting[-1] == CLUB[0]
    assert league.coming_on(uow, lid, olga, TOMORROW) == [
        member_ids(uow, lid, olga)[name] for name in CLUB[1:33]
    ]


def test_links_are_stored_hashed_and_a_new_link_replaces_the_old(uow, olga):
    lid = make_league(uow, olga)
    plan(uow, lid, olga)
    links = links_by_name(uow, lid, olga)
    assert league.make_answer_links(uow, lid, olga) == []  # every member has one
    with uow:
        stored = uow.session.scalars(select(Member.answer_token_hash)).all()
    assert not set(stored) & set(links.values())
    ann = member_ids(uow, lid, olga)["Ann"]

    (fresh,) = league.make_answer_links(uow, lid, olga, ann)

    assert league.answer_page(uow, fresh.token).member_name == "Ann"
    with pytest.raises(league.NotFound):
        league.answer_page(uow, links["Ann"])


def test_an_answer_after_the_deadline_is_taken_and_marked_late(uow, olga):
    lid = make_league(uow, olga)
    night = plan(uow, lid, olga, answer_days="3")  # due two days ago
    links = links_by_name(uow, lid, olga)
    assert league.answer_page(uow, links["Bob"]).nights[0].late

    league.give_answer(uow, links["Bob"], night, "yes")

    counted = league.turnout(uow, lid, olga)[night]
    assert counted.coming == ("Bob",) and counted.late == {"Bob"}


def test_bad_answers_are_refused_and_store_nothing(uow, olga):
    lid = make_league(uow, olga)
    night = plan(uow, lid, olga)
    past = plan(uow, lid, olga, day=date.today() - timedelta(days=7))
    token = links_by_name(uow, lid, olga)["Ann"]
    with pytest.raises(InvalidInput) as refused:
        league.give_answer(uow, token, night, "perhaps")
    assert "answer" in refused.value.errors
    with pytest.raises(league.NotFound):
        league.give_answer(uow, token, past, "yes")  # a night gone by
    with pytest.raises(league.NotFound):
        league.give_answer(uow, "not-a-link", night, "yes")
    with uow:
        assert uow.session.scalars(select(Answer)).all() == []


def test_a_member_answers_on_their_page_and_the_organizer_sees_it(app, client, uow, olga):
    lid = make_league(uow, olga)
    night = plan(uow, lid, olga, capacity="2")
    made = client.post(f"/leagues/{lid}/answer-links", data={"member": ""})
    assert made.status_code == 200 and made.headers["Cache-Control"] == "no-store"
    urls = dict(
        re.findall(r"<strong>([^<]+)</strong><br><input readonly value=\"([^\"]+)\"", made.text)
    )
    assert sorted(urls) == sorted(member_ids(uow, lid, olga))
    client.post("/account/logout")

    for name in ("Ann", "Bob", "Cy"):
        path = urls[name].split("localhost", 1)[-1]
        page = client.get(path)
        assert page.status_code == 200 and page.headers["Referrer-Policy"] == "no-referrer"
        assert f"{name}, are you coming?" in page.text
        answered = client.post(f"{path}/{night}", data={"answer": "yes"})
        assert answered.status_code == 303
    cy = client.get(urls["Cy"].split("localhost", 1)[-1]).text
    assert "you are number 1 in line" in cy
    assert 'value="yes" aria-pressed="true"' in cy

    login(client)
    manage = client.get(f"/leagues/{lid}").text
    assert "Coming: 2 of 2 seats · waiting: 1" in manage
    ids = member_ids(uow, lid, olga)
    # Tomorrow's night, seated from the form with "who said yes": the two with seats.
    ticked = client.post(
        f"/leagues/{lid}/nights", data={"held_on": TOMORROW.isoformat(), "tick": "coming"}
    ).text
    for name, member in ids.items():
        box = f'name="present" value="{member}" checked'
        assert (box in ticked) == (name in ("Ann", "Bob"))


def test_a_member_who_left_keeps_their_history_but_is_out_of_new_nights_and_answers(
    client, uow, olga
):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    played = start(uow, lid, olga, [ids[name] for name in NAMES[:4]])
    play_out(uow, played.tables[0])
    night = plan(uow, lid, olga)
    links = links_by_name(uow, lid, olga)
    league.give_answer(uow, links["Ann"], night, "yes")
    before = figures(uow, lid, olga)

    response = client.post(f"/leagues/{lid}/members/{ids['Ann']}/active", data={"active": "0"})

    assert response.status_code == 303
    assert figures(uow, lid, olga) == before  # her games still count
    page = client.get(f"/leagues/{lid}").text
    assert f'name="present" value="{ids["Ann"]}"' not in page
    assert "Ann: bring back" in page
    with pytest.raises(league.NotFound):
        league.answer_page(uow, links["Ann"])
    counted = league.turnout(uow, lid, olga)[night]
    assert counted.coming == () and counted.unanswered == len(ids) - 1
    assert all(link.name != "Ann" for link in league.make_answer_links(uow, lid, olga))
    with pytest.raises(InvalidInput):
        league.make_answer_links(uow, lid, olga, ids["Ann"])
    with pytest.raises(InvalidInput) as refused:
        league.create_night(
            uow,
            lid,
            olga,
            held_on=TOMORROW,
            season=None,
            present=list(ids.values()),
            method="random",
        )
    assert refused.value.errors["present"] == "Ann left the club: bring them back first."
    document = transfer.export_league(uow, lid, olga)
    assert [m["active"] for m in document["members"] if m["name"] == "Ann"] == [False]

    client.post(f"/leagues/{lid}/members/{ids['Ann']}/active", data={"active": "1"})
    assert f'name="present" value="{ids["Ann"]}"' in client.get(f"/leagues/{lid}").text
