"""The deal form's sticky Save bar and the deal-by-deal grid on the smallest phones (an
iPhone SE, 320 x 568 and 375 x 667): a control the browser scrolls to (a tap, the focus,
Enter walking the numbers) stops above the bar, never under it, so a tap on it reaches
it; and a grid wider than the screen says it scrolls sideways, or shows every player."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.service_layer import services
from tests.browser.support import LANGUAGES

pytestmark = pytest.mark.browser

PHONES = {
    "SE 320x568": {
        "viewport": {"width": 320, "height": 568},
        "screen": {"width": 320, "height": 568},
    },
    "SE 375x667": {
        "viewport": {"width": 375, "height": 667},
        "screen": {"width": 375, "height": 667},
    },
}

# Every control of the form, each brought into view as the browser does, from the top of
# the page: the control found at its centre, else what covers it.
COVERED = """() => {
  const bar = document.querySelector("#deal-form .send");
  const controls = [...document.querySelectorAll(
    "#deal-form :is(input:not([type=hidden]), button, select, summary, a, label.tap, label.check)")]
    .filter((c) => c.offsetParent !== null && !bar.contains(c) && !c.closest("dialog"));
  const covered = [];
  for (const [i, c] of controls.entries()) {
    scrollTo(0, 0);
    // Alternately the way a scroll to it and the focus bring a control into view.
    if (i % 2 && c.matches("input, button, select, summary, a")) c.focus();
    else c.scrollIntoView({ block: "nearest" });
    const box = c.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const own = c.tagName === "LABEL" ? c : c.closest("label") || c;
    const name = c.name || c.textContent.trim();
    if (!hit || !own.contains(hit)) covered.push(`${name} under ${hit?.className}`);
    c.blur();
  }
  return [controls.length, covered];
}"""

# Each player's head in the grid seen whole on the screen, or the cue that it scrolls.
GRID_SEEN = """() => {
  const grid = document.querySelector("#deals");
  const region = grid.closest(".scroll");
  const shown = region.getBoundingClientRect();
  const heads = [...grid.querySelectorAll("thead th")].slice(1);
  const hidden = heads.filter((th) => th.getBoundingClientRect().right > shown.right + 1).length;
  const cue = document.querySelector("#deal-grid .sideways");
  return { players: heads.length, hidden, cue: Boolean(cue && cue.checkVisibility()) };
}"""


def start(uow, preset: str, players: list[str]) -> tuple[str, str]:
    started = services.start_game(uow, preset=preset, players=players)
    return started.game.public_id, started.edit_token


@pytest.fixture(params=list(PHONES))
def phone(request, new_phone) -> Page:
    return new_phone(**PHONES[request.param], locale=LANGUAGES["en"])


def check_controls_clear_the_bar(page: Page) -> None:
    # Whoever went out chosen: the bar is sticky from then on.
    page.locator("input[name=out]").first.check(force=True)
    expect(page.locator("#deal-form .send")).to_have_css("position", "sticky")
    count, covered = page.evaluate(COVERED)
    assert count > 10
    assert covered == []


def test_no_buraco_control_the_browser_scrolls_to_stays_under_the_save_bar(phone, uow):
    game_id, token = start(uow, "Buraco", ["Ana e Bruno", "Carla e Davi"])
    phone.goto(f"/games/{game_id}/edit/{token}")
    check_controls_clear_the_bar(phone)


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("Rummikub", ["Annabelle", "Bartholomew", "Cyprian", "Dorothea"]),
        ("Scala 40", ["Annabelle", "Bartholomew", "Cyprian"]),
    ],
)
def test_a_deal_grid_wider_than_the_screen_says_it_scrolls(phone, uow, preset, players):
    game_id, token = start(uow, preset, players)
    phone.goto(f"/games/{game_id}/edit/{token}")
    # One deal typed through the form: the first player out, 10 for every other number.
    phone.locator("input[name=out]").first.check(force=True)
    for box in phone.locator("#deal-form .row:not(.is-out) input[inputmode=numeric]:enabled").all():
        box.fill("10")
    with phone.expect_navigation():
        phone.locator("#deal-form .send button").click()
    expect(phone.locator("#deals tbody tr")).to_have_count(1)
    check_controls_clear_the_bar(phone)
    seen = phone.evaluate(GRID_SEEN)
    assert seen["players"] == len(players)
    assert seen["hidden"] == 0 or seen["cue"], seen
