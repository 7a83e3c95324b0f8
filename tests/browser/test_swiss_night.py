"""A 31-player Swiss night of 5 rounds at gin (15 tables and a bye a round), seated from
the night page, with Buchholz ordering equal scores on the night page and the venue
screen (CSRF on, as in production)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.league import services as league
from tests.browser.axe import assert_no_violations
from tests.browser.support import VENUE_TV, fits, log_in, submit
from tests.league.support import (
    GIN,
    make_league,
    make_organizer,
    member_ids,
    play_gin,
    seat_night,
)
from tests.tiers import SLOW

pytestmark = pytest.mark.browser

# Every fifth name 40 characters long, as the venue screen's own tests have them.
LONG = "Anaïs-Géraldine Wójcik-Łukasiewicz Ávila"
CLUB = [f"{LONG[:37]} {n:02d}" if n % 5 == 0 else f"Joueur numéro {n:02d}" for n in range(31)]


def ordered(lines):
    """Tonight's order as shown, "name: 3 (Bh 7)" or "name 3 Bh 7": (score, tie-break)."""
    figures = []
    for line in lines:
        score, tiebreak = re.findall(r"(\d+(?:\.\d+)?)\D+Bh (\d+(?:\.\d+)?)", line)[-1]
        figures.append((float(score), float(tiebreak)))
    return figures


# Slow tier (tests/tiers.py): tests/league/test_swiss_rules.py's Buchholz order and the
# venue screen's phone test (test_venue_screen.py) stand for it.
@pytest.mark.long
@SLOW
def test_a_31_player_swiss_night_shows_its_tie_breaks_on_the_screen(new_phone, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=CLUB)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, list(ids.values()))
    league.set_rounds(uow, lid, olga, night_id, rounds=5, method="swiss")
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 1)
    token = league.open_screen(uow, lid, olga, night_id)

    page = new_phone()
    log_in(page)
    rounds = page.locator("#rounds")
    for number in range(2, 6):
        # Without "#rounds": the page after a start is that address, and a fragment
        # alone would not load it again.
        page.goto(f"/leagues/{lid}/nights/{night_id}")
        submit(page, f"Seat round {number} from the results")
        expect(rounds.locator(".proposal > li")).to_have_count(15)
        expect(rounds.locator(".proposal .why").first).to_contain_text("Score group")
        submit(page, f"Start round {number}")
        expect(rounds.locator(".round-now")).to_contain_text(f"Round {number} of 5")
        play_gin(uow, lid, olga, night_id, number)

    page.goto(f"/leagues/{lid}/nights/{night_id}")
    expect(rounds).to_contain_text("Equal scores are ordered by Buchholz")
    night_lines = rounds.locator("ol.tonight > li").all_inner_texts()
    assert len(night_lines) == 31
    shown = ordered(night_lines)
    assert shown == sorted(shown, key=lambda f: (-f[0], -f[1]))
    # Equal scores do occur after five rounds of 31: the tie-break orders them.
    assert len({score for score, _tb in shown}) < 31
    assert_no_violations(page)

    screen = new_phone(**VENUE_TV)
    screen.goto(f"/leagues/{lid}/nights/{night_id}/screen/{token}")
    top = screen.locator(".screen-tonight > li")
    expect(top).to_have_count(10)
    expect(top.locator(".tiebreak").first).to_contain_text("Bh")
    assert ordered(top.all_inner_texts()) == shown[:10]
    assert fits(screen)
