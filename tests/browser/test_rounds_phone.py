"""A night in rounds on the organizer's phone: round 1 is played, round 2 is seated from
its results, two players are swapped in the proposal, and round 2 starts; the venue
screen follows (CSRF on, as in production)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.league import services as league
from tests.league.support import (
    NAMES,
    PASSWORD,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    seat_night,
)

pytestmark = pytest.mark.browser


def submit(page: Page, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=name).click()


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
    page.goto("/account/login")
    page.fill("input[name=email]", "org@example.org")
    page.fill("input[name=password]", PASSWORD)
    submit(page, "Log in")
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
    page.screenshot(path=shots / "rounds-proposal-phone.png", full_page=True)

    screen = new_phone()
    screen.goto(f"/leagues/{lid}/nights/{night_id}/screen/{token}")
    expect(screen.locator(".round-now")).to_contain_text("Next: round 2 of 2")
    expect(screen.locator(".next-round > li").first).to_contain_text(second)

    submit(page, "Start round 2")
    expect(rounds.locator(".round-now")).to_contain_text("Round 2 of 2")
    expect(page.locator("#table-3")).to_contain_text(second)
    expect(page.locator("#table-3 .edit-link")).to_be_visible()
    # The screen's poll brings round 2 and its clock.
    expect(screen.locator(".round-now")).to_contain_text("Round 2 of 2")
    expect(screen.locator(".countdown")).to_contain_text(":")
    expect(screen.locator(".screen-tables > li")).to_have_count(2)
    expect(screen.locator(".screen-tables > li").first).to_contain_text("Table 3")
