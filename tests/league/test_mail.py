"""Mail through a real SMTP server (aiosmtpd on loopback): the sender's headers and retry
policy, answer reminders and "you're in" in each member's language with a one-tap
unsubscribe that works (RFC 8058 too), nothing to an address not given for mail, an
organizer's password reset by a one-time link, the night's results and invitations."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
import socket
import threading
from datetime import date, timedelta
from email.message import Message

import pytest
from aiosmtpd.controller import Controller

from scorekeeper import mailer
from scorekeeper.league import log, mailing
from scorekeeper.league import services as league
from scorekeeper.mailer import Letter, MailSettings
from scorekeeper.models import utcnow

from .support import (
    PASSWORD,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    started_night,
)

CLUB = [f"Zoë-Łucja Wójcik-Gutiérrez de Ávila {n:02d}" for n in range(8)]
SENDER = "Club Scorekeeper <scores@club.example.org>"


class Inbox:
    """What the loopback server was handed; ``refusals`` answer the first DATA commands."""

    def __init__(self) -> None:
        self.letters: list[Message] = []
        self.refusals: list[str] = []
        self.arrived = threading.Condition()
        # Cleared: the server holds each letter until it is set (a slow mail server).
        self.open = threading.Event()
        self.open.set()

    async def handle_DATA(self, server, session, envelope):
        await asyncio.get_running_loop().run_in_executor(None, self.open.wait, 30)
        if self.refusals:
            return self.refusals.pop(0)
        with self.arrived:
            self.letters.append(
                email.message_from_bytes(envelope.content, policy=email.policy.default)
            )
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, count: int) -> list[Message]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.letters) >= count, timeout=30)
            return list(self.letters)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def inbox():
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port
    yield box
    controller.stop()


@pytest.fixture
def app_config(app_config, inbox) -> dict:
    return {
        **app_config,
        "MAIL_HOST": "127.0.0.1",
        "MAIL_PORT": inbox.port,
        "MAIL_TLS": "none",
        "MAIL_SENDER": SENDER,
        "PUBLIC_BASE_URL": "https://scores.example.org",
    }


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def text_of(letter: Message) -> str:
    return letter.get_content()


def settings(inbox) -> MailSettings:
    return MailSettings("127.0.0.1", inbox.port, "none", SENDER)


def test_mail_is_off_without_a_host_and_a_host_needs_a_sender():
    assert mailer.settings_from({}) is None
    with pytest.raises(ValueError, match="MAIL_SENDER"):
        mailer.settings_from({"MAIL_HOST": "smtp.example.org"})
    with pytest.raises(ValueError, match="MAIL_TLS"):
        mailer.settings_from({"MAIL_HOST": "h", "MAIL_SENDER": "s@h", "MAIL_TLS": "maybe"})
    assert mailer.settings_from({"MAIL_HOST": "h", "MAIL_SENDER": "s@h"}).port == 587


def test_a_letter_carries_its_language_and_the_one_click_unsubscribe_headers(inbox):
    letter = Letter(
        "ann@example.org", "Żółć — réunion", "Bonjour Zoë", "fr", "https://x.example/u/1/t"
    )
    assert mailer.send_with_retries(settings(inbox), letter, pause=pytest.fail).sent
    (got,) = inbox.wait_for(1)
    assert got["Subject"] == "Żółć — réunion" and got["To"] == "ann@example.org"
    assert got["Content-Language"] == "fr"
    assert got["List-Unsubscribe"] == "<https://x.example/u/1/t>"
    assert got["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert text_of(got).strip() == "Bonjour Zoë"


def test_a_busy_server_is_tried_again_after_a_pause_and_a_refusal_is_final(inbox):
    paused: list[float] = []
    inbox.refusals = ["451 try later", "421 busy"]
    letter = Letter("ann@example.org", "s", "b", "en")
    outcome = mailer.send_with_retries(settings(inbox), letter, pause=paused.append)
    assert (outcome.sent, outcome.attempts) == (True, 3)
    assert paused == list(mailer.BACKOFF[:2])
    inbox.refusals = ["550 no such mailbox"]
    outcome = mailer.send_with_retries(settings(inbox), letter, pause=paused.append)
    assert (outcome.sent, outcome.attempts) == (False, 1) and "550" in outcome.error
    closed = MailSettings("127.0.0.1", free_port(), "none", SENDER)
    outcome = mailer.send_with_retries(closed, letter, pause=paused.append, attempts=2)
    assert (outcome.sent, outcome.attempts) == (False, 2)


def give_addresses(uow, lid, olga) -> dict[str, int]:
    """Three members with an address: one reads French, one German, one the league's
    English; the others gave none."""
    ids = member_ids(uow, lid, olga)
    for n, language in ((0, "fr"), (1, "de"), (2, "")):
        mailing.set_member_mail(uow, lid, olga, ids[CLUB[n]], f"  Member{n}@Example.org ", language)
    return ids


def test_reminders_go_in_each_members_language_and_one_tap_stops_them(
    client, uow, olga, inbox, runner
):
    lid = make_league(uow, olga, names=CLUB)
    ids = give_addresses(uow, lid, olga)
    day = date.today() + timedelta(days=2)
    plan = league.read_plan([day.isoformat()], capacity="", answer_days="1")
    league.plan_nights(uow, lid, olga, plan, "20h, The Crown")
    links = {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}
    planned = league.schedule_of(uow, lid, olga)[0].id
    league.give_answer(uow, links[CLUB[2]], planned, "yes")  # answered: no reminder

    assert "2 reminders" in runner.invoke(args=["send-reminders"]).output
    letters = {got["To"]: got for got in inbox.wait_for(2)}
    assert set(letters) == {"member0@example.org", "member1@example.org"}
    french, german = letters["member0@example.org"], letters["member1@example.org"]
    assert french["Subject"] == f"Thursday Club : venez-vous le {day.isoformat()} ?"
    assert "Bonjour Zoë-Łucja Wójcik-Gutiérrez de Ávila 00" in text_of(french)
    assert german["Subject"] == f"Thursday Club: kommst du am {day.isoformat()}?"
    assert "20h, The Crown" in text_of(german)
    # Once a night: the command again sends nothing.
    assert "0 reminders" in runner.invoke(args=["send-reminders"]).output

    unsubscribe = french["List-Unsubscribe"].strip().strip("<>")
    assert unsubscribe in text_of(french)
    path = unsubscribe.removeprefix("https://scores.example.org")
    assert "Stop" in client.get(path).get_data(as_text=True)
    # The mail app's one click: a POST with no cookie and no form token.
    answer = client.application.test_client().post(
        path, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert answer.status_code == 200
    assert client.post(path[:-3] + "xyz").status_code == 404

    later = date.today() + timedelta(days=3)
    plan = league.read_plan([later.isoformat()], capacity="", answer_days="2")
    league.plan_nights(uow, lid, olga, plan, None)
    letters = mailing.answer_reminders(uow, utcnow(), "https://scores.example.org")
    assert [letter.to for letter in letters] == ["member1@example.org", "member2@example.org"]
    assert ids  # members without an address got nothing, ever


def test_a_seat_freed_in_the_waiting_line_is_told_by_mail(client, uow, olga, inbox):
    lid = make_league(uow, olga, names=CLUB)
    give_addresses(uow, lid, olga)
    day = date.today() + timedelta(days=5)
    league.plan_nights(
        uow, lid, olga, league.read_plan([day.isoformat()], capacity="2", answer_days=""), None
    )
    planned = league.schedule_of(uow, lid, olga)[0].id
    links = {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}
    for n in (3, 4, 0):  # member 0 waits in line
        client.post(f"/leagues/answers/{links[CLUB[n]]}/{planned}", data={"answer": "yes"})
    client.post(f"/leagues/answers/{links[CLUB[3]]}/{planned}", data={"answer": "no"})
    (got,) = inbox.wait_for(1)
    assert got["To"] == "member0@example.org"
    assert got["Subject"] == f"Thursday Club : vous êtes inscrit le {day.isoformat()}"


def test_a_password_is_reset_by_a_one_time_link(client, uow, app, inbox):
    make_organizer(uow, email="olga@example.org")
    answer = client.post("/account/reset", data={"email": "OLGA@example.org"})
    assert answer.status_code == 303
    unknown = client.post("/account/reset", data={"email": "nobody@example.org"})
    assert unknown.status_code == 303  # the same answer: no letter, nothing told
    (got,) = inbox.wait_for(1)
    assert got["To"] == "olga@example.org" and "List-Unsubscribe" not in got
    link = re.search(r"https://scores\.example\.org(/account/reset/\S+)", text_of(got)).group(1)
    assert client.get(link).status_code == 200
    new = "a much longer ŻÓŁĆ passphrase 42"
    done = client.post(link, data={"new_password": new, "confirm": new})
    assert done.status_code == 303
    assert login(client, "olga@example.org", new).status_code == 303
    assert login(app.test_client(), "olga@example.org", PASSWORD).status_code == 401
    # Used once: the link stops working.
    again = app.test_client().get(link)
    assert again.status_code == 303 and again.headers["Location"] == "/account/reset"
    assert len(inbox.letters) == 1


def test_the_nights_results_and_an_invitation_go_to_the_addresses_given(client, uow, olga, inbox):
    lid = make_league(uow, olga, names=CLUB)
    ids = give_addresses(uow, lid, olga)
    night = started_night(uow, lid, olga, [ids[name] for name in CLUB])
    for table in night.tables:
        play_out(uow, table)
    page = client.get(f"/leagues/{lid}/nights/{night.id}").get_data(as_text=True)
    assert 'id="mail-results"' in page
    answer = client.post(f"/leagues/{lid}/nights/{night.id}/mail-results")
    assert answer.status_code == 303
    letters = {got["To"]: got for got in inbox.wait_for(3)}
    assert set(letters) == {f"member{n}@example.org" for n in range(3)}
    german = letters["member1@example.org"]
    assert "Tisch" in text_of(german) and "Zoë-Łucja" in text_of(german)
    client.post(f"/leagues/{lid}/organizers", data={"email": "nia@example.org", "role": "co"})
    invitation = inbox.wait_for(4)[-1]
    assert invitation["To"] == "nia@example.org" and "/account/invitations/" in text_of(invitation)


def test_an_organizer_gives_a_members_address_through_the_form_and_it_is_logged(client, uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    ids = member_ids(uow, lid, olga)
    page = client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert "Their address for mail" in page
    form = {"member": str(ids[CLUB[4]]), "email": "Zoe@Example.org", "language": "pl"}
    assert client.post(f"/leagues/{lid}/member-mail", data=form).status_code == 303
    refused = {"member": str(ids[CLUB[5]]), "email": "not an address", "language": ""}
    client.post(f"/leagues/{lid}/member-mail", data=refused)
    changes = [c for c in log.league_log(uow, lid, olga) if c.subject in (CLUB[4], CLUB[5])]
    assert [(c.before, c.after) for c in changes if c.before and "email" in c.before] == [
        ({"email": None, "language": None}, {"email": "zoe@example.org", "language": "pl"})
    ]


def test_a_request_never_waits_on_the_mail_server(client, uow, inbox):
    make_organizer(uow, email="olga@example.org")
    inbox.open.clear()  # the server takes the letter but does not answer yet
    answer = client.post("/account/reset", data={"email": "olga@example.org"})
    assert answer.status_code == 303 and inbox.letters == []
    inbox.open.set()
    (got,) = inbox.wait_for(1)
    assert got["To"] == "olga@example.org"
