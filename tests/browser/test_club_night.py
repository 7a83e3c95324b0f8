"""A club night run the whole way through the pages that run it: 24 members answer
whether they are coming (one with a tap on her phone), the night is played in three
Swiss rounds at six tables, the venue screen stays open on a 1920x1080 TV all night and
shows every result (its delay measured and written to the test output, not asserted: a
loaded machine must not fail it), a second phone confirms each result (through the pages
for one table a round), a scorer types a table's totals from its paper sheet, and the
organizer seats each next round on her phone and records a director's adjustment."""

from __future__ import annotations

import statistics
import time
from datetime import date
from itertools import combinations
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.league import services as league
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV, fits, log_in, submit
from tests.league.support import (
    figures,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    seat_night,
)
from tests.tiers import SLOW

pytestmark = pytest.mark.browser

LONG = "Anaïs-Géraldine Wójcik-Łukasiewicz Ávila"  # 40 characters
# 26 members: 24 say yes, two say no.
CLUB = [f"{LONG[:37]} {n:02d}" if n % 6 == 0 else f"Spieler Nummer {n:02d}" for n in range(26)]
SCORER = "sam@example.org"
ROUNDS = 3


def shoot(screen: Page, output_dir, name: str) -> None:
    """The screen as it is, and at 25 %: as it reads from across the room."""
    picture(screen, output_dir / "browser" / f"{name}.png", across_the_room=True)


# Slow tier (tests/tiers.py): the confirm, rounds and venue-screen phone tests stand for it.
@pytest.mark.long
@SLOW
def test_a_three_round_swiss_night_for_24_players(new_phone, output_dir, uow):
    olga = make_organizer(uow)
    sam = make_organizer(uow, email=SCORER, name="Sam")
    lid = make_league(uow, olga, names=CLUB)
    league.set_confirming(uow, lid, olga, True)
    invited = league.add_organizer(uow, lid, olga, SCORER, "scorer")
    league.accept_invitation(uow, sam, invited.token)
    ids = member_ids(uow, lid, olga)

    today = date.today()
    typed = {"capacity": "", "answer_days": ""}
    league.plan_nights(uow, lid, olga, league.read_plan([today.isoformat()], **typed), None)
    (planned,) = (p.id for p in league.schedule_of(uow, lid, olga) if p.held_on == today)
    links = {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}
    member = new_phone()
    member.goto(f"/leagues/answers/{links[CLUB[0]]}")
    with member.expect_navigation():
        member.locator(f"#night-{planned}").get_by_role("button", name="I'm coming").click()
    for name in CLUB[1:24]:
        league.give_answer(uow, links[name], planned, "yes")
    for name in CLUB[24:]:
        league.give_answer(uow, links[name], planned, "no")
    present = league.coming_on(uow, lid, olga, today)
    assert sorted(present) == sorted(ids[name] for name in CLUB[:24])

    night_id = seat_night(uow, lid, olga, present, held_on=today)
    league.set_rounds(uow, lid, olga, night_id, rounds=ROUNDS, method="swiss", minutes=None)
    league.start_round(uow, lid, olga, night_id)
    screen = new_phone(**VENUE_TV)
    screen.goto(
        f"/leagues/{lid}/nights/{night_id}/screen/{league.open_screen(uow, lid, olga, night_id)}"
    )
    organizer, scorer = new_phone(), new_phone()
    log_in(organizer, "org@example.org")
    log_in(scorer, SCORER)

    delays: list[float] = []
    met: list[frozenset[str]] = []
    for number in range(1, ROUNDS + 1):
        expect(screen.locator(".round-now")).to_contain_text(f"Round {number} of {ROUNDS}")
        _, night = league.night_view(uow, lid, olga, night_id)
        tables = [table for table in night.tables if table.round == number]
        assert len(tables) == 6
        met += [frozenset(pair) for t in tables for pair in combinations(t.names, 2)]
        for done, table in enumerate(tables, 1):
            recorded = time.monotonic()
            if number == ROUNDS and done == len(tables):
                type_totals_as_the_scorer(scorer, lid, night_id, table)
            else:
                play_out(uow, table, winner_seat=done % len(table.names))
            expect(screen.locator(".glance-count")).to_contain_text(f"{done} of 6")
            delays.append(time.monotonic() - recorded)
            if done == 1:
                confirm_on_a_second_phone(new_phone, table, screen)
            else:
                confirm(uow, lid, olga, night_id, table.number)
        expect(screen.locator(".owed")).to_have_text("Every result is in and confirmed.")
        shoot(screen, output_dir, f"club-night-round-{number}")
        if number < ROUNDS:
            seat_the_next_round(organizer, screen, output_dir, lid, night_id, number + 1)

    # Swiss: 24 players at six tables of four can go three rounds without a repeat.
    assert len(met) == len(set(met)) == ROUNDS * 6 * 6
    record_an_adjustment(organizer, lid, night_id, CLUB[1])
    lines = {line[0]: line for line in figures(uow, lid, olga)}
    assert {name: lines[name][1] for name in CLUB[:24]} == dict.fromkeys(CLUB[:24], ROUNDS)
    seen = ", ".join(f"{delay:.2f}" for delay in delays)
    (output_dir / "browser" / "club-night-screen-delays.txt").write_text(
        f"{len(delays)} results; median {statistics.median(delays):.2f} s, "
        f"most {max(delays):.2f} s\n{seen}\n"
    )


def confirm_on_a_second_phone(new_phone, table, screen: Page) -> None:
    """The recording phone shows the confirm link; an opponent's phone confirms."""
    expect(screen.locator(".owed .unconfirmed")).to_contain_text(str(table.number))
    recorder = new_phone()
    recorder.goto(f"/games/{table.game_id}/edit/{table.edit_token}")
    confirm_link = recorder.locator("#confirm-prompt .confirm-link")
    expect(confirm_link).to_be_visible()
    opponent = new_phone()
    opponent.goto(urlsplit(confirm_link.inner_text()).path)
    opponent.get_by_role("button", name="Yes, confirm this result").click()
    expect(opponent.locator("#confirm-state")).to_contain_text("Confirmed.")
    recorder.close()
    opponent.close()


def confirm(uow, lid: str, olga: int, night_id: int, number: int) -> None:
    token = league.confirm_link(uow, lid, olga, night_id, number)
    seen = league.confirm_page(uow, lid, night_id, number, token).seen
    league.confirm_result(uow, lid, night_id, number, token, seen)


def type_totals_as_the_scorer(scorer: Page, lid: str, night_id: int, table) -> None:
    scorer.goto(f"/leagues/{lid}/nights/{night_id}/tables/{table.number}")
    scorer.locator("select[name=source]").select_option("paper_totals")
    submit(scorer, "Save", exact=True)
    for points, name in enumerate(table.names):
        scorer.fill(f"input[name='total.{name}']", str(100 - 10 * points))
    submit(scorer, "Save totals (counts the table by these alone)", exact=True)
    expect(scorer.locator("body")).not_to_contain_text("Not saved")


def seat_the_next_round(organizer: Page, screen: Page, output_dir, lid, night_id, number) -> None:
    # Without a fragment: the last round's start left the page at #rounds, and a goto that
    # only adds the same fragment would not load it again.
    organizer.goto(f"/leagues/{lid}/nights/{night_id}")
    submit(organizer, f"Seat round {number} from the results", exact=True)
    expect(screen.locator(".round-now")).to_contain_text(f"Next: round {number} of {ROUNDS}")
    expect(screen.locator(".next-round > li")).to_have_count(6)
    shoot(screen, output_dir, f"club-night-moves-to-round-{number}")
    assert fits(screen)  # the movement fits the TV without scrolling
    submit(organizer, f"Start round {number}", exact=True)


def record_an_adjustment(organizer: Page, lid: str, night_id: int, name: str) -> None:
    organizer.goto(f"/leagues/{lid}/director")
    form = organizer.locator("form", has=organizer.locator("select[name=kind]"))
    form.locator("select[name=kind]").select_option("penalty")
    form.locator("select[name=night]").select_option(str(night_id))
    form.locator("select[name=member]").select_option(label=name)
    form.locator("input[name=points]").fill("10")
    form.locator("input[name=reason]").fill("Phone rang during play")
    submit(organizer, "Record adjustment", exact=True)
    organizer.goto(f"/leagues/{lid}/standings")
    expect(organizer.locator("body")).to_contain_text("Phone rang during play")
