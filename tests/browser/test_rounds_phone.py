"""A night in rounds on the organizer's phone: round 1 is played, round 2 is seated from
its results, two players are swapped in the proposal, and round 2 starts; the venue
screen follows (CSRF on, as in production)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.league import services as league
from tests.browser.axe import assert_no_violations
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV, fits, log_in, submit
from tests.league.support import (
    NAMES,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    seat_night,
)
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): tests/league/test_rounds.py's swaps through the test client
# and the next round's moves on the venue screen (below) stand for it.
@SLOW
def test_round_two_starts_from_the_proposal_with_a_swap(new_phone, shots, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="swiss", minutes=25)
    league.start_round(uow, lid, olga, night_id)
    _, night = league.night_view(uow, lid, olga, night_id)
    for table in night.tables:
        play_out(uow, table)
    token = league.open_screen(uow, lid, olga, night_id)

    page = new_phone()
    log_in(page)
    page.goto(f"/leagues/{lid}/nights/{night_id}#rounds")
    rounds = page.locator("#rounds")
    expect(rounds.locator(".round-now")).to_contain_text("Round 1 of 2")
    submit(page, "Seat round 2 from the results")

    proposal = rounds.locator(".proposal > li")
    expect(proposal).to_have_count(2)
    first_table, second_table = proposal.nth(0).inner_text(), proposal.nth(1).inner_text()
    swap = page.locator("#round-swap")
    first = swap.locator("select[name=first] option").first.inner_text().split(" (")[0]
    second = swap.locator("select[name=second] option").last.inner_text().split(" (")[0]
    assert first in first_table and second in second_table
    swap.locator("select[name=second]").select_option(label=f"{second} (table 4)")
    submit(page, "Swap seats")
    expect(proposal.nth(0)).to_contain_text(second)
    expect(proposal.nth(1)).to_contain_text(first)
    picture(page, shots / "rounds-proposal-phone.png", full_page=True)
    assert_no_violations(page)

    screen = new_phone()
    screen.goto(f"/leagues/{lid}/nights/{night_id}/screen/{token}")
    expect(screen.locator(".round-now")).to_contain_text("Next: round 2 of 2")
    expect(screen.locator(".next-round > li").first).to_contain_text(second)
    assert_no_violations(screen)

    submit(page, "Start round 2")
    expect(rounds.locator(".round-now")).to_contain_text("Round 2 of 2")
    expect(page.locator("#table-3")).to_contain_text(second)
    expect(page.locator("#table-3 .edit-link")).to_be_visible()
    # The screen's poll brings round 2 and its clock.
    expect(screen.locator(".round-now")).to_contain_text("Round 2 of 2")
    expect(screen.locator(".countdown")).to_contain_text(":")
    expect(screen.locator(".screen-tables > li")).to_have_count(2)
    expect(screen.locator(".screen-tables > li").first).to_contain_text("Table 3")


def test_the_next_rounds_moves_for_twelve_tables_fit_the_venue_screen(new_phone, output_dir, uow):

    # As the venue screen's own test: every fourth name 40 characters long.
    long = "Anaïs-Géraldine Wójcik-Łukasiewicz Ávila"
    club = [f"{long[:37]} {n:02d}" if n % 4 == 0 else f"Spieler Nummer {n:02d}" for n in range(48)]
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=club)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, list(ids.values()))
    league.set_rounds(uow, lid, olga, night_id, rounds=3, method="king", minutes=30)
    league.start_round(uow, lid, olga, night_id)
    _, night = league.night_view(uow, lid, olga, night_id)
    for table in night.tables:
        play_out(uow, table)
    league.propose_round(uow, lid, olga, night_id)
    token = league.open_screen(uow, lid, olga, night_id)
    page = new_phone(**VENUE_TV)
    page.goto(f"/leagues/{lid}/nights/{night_id}/screen/{token}")
    expect(page.locator(".next-round > li")).to_have_count(12)
    expect(page.locator(".next-round .from").first).to_contain_text("from")
    picture(page, output_dir / "browser" / "venue-screen-next-round.png", across_the_room=True)
    assert fits(page)
    # Round 2 under way: its tables, and the clock counting down to its end.
    league.start_round(uow, lid, olga, night_id)
    expect(page.locator(".round-now")).to_contain_text("Round 2 of 3")
    expect(page.locator(".countdown")).to_contain_text(re.compile(r"^(29|30):\d\d$"))
    expect(page.locator(".screen-tables > li")).to_have_count(12)
    picture(page, output_dir / "browser" / "venue-screen-round-clock.png")
    assert fits(page)
