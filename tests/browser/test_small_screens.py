"""The table pages on the smallest phones (375 x 667) with 8 players and 40-character
accented names: column heads over their boxes, names broken between words only, money
kept whole, the deal grid reachable by keyboard, the chart told apart without colour
(issue 22, items 5, 8, 14, 19), in English and Polish."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone, picture
from tests.browser.support import IN_LANGUAGES, LANGUAGES, SMALL
from tests.printing.cases import LONG_NAMES
from tests.tiers import sampled

pytestmark = pytest.mark.browser

# The words of a text the browser broke across two lines (hyphens and spaces excepted).
BROKEN_WORDS = """sel => [...document.querySelectorAll(sel)].flatMap(el => {
  const broken = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node; (node = walk.nextNode());) {
    for (const m of node.data.matchAll(/[^\\s\\-\\u2010]+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
})"""


@pytest.fixture(params=IN_LANGUAGES)
def language(request) -> str:
    return request.param


@pytest.fixture
def phone(new_phone, shots, language) -> Phone:
    return Phone(new_phone(**SMALL, locale=LANGUAGES[language]), shots)


def started(uow, preset: str, players: list[str], **settings) -> tuple[str, str]:
    game = services.start_game(uow, preset=preset, players=players, **settings)
    return game.game.public_id, game.edit_token


def broken_words(page: Page, selector: str) -> list[str]:
    return page.evaluate(BROKEN_WORDS, selector)


# Partnership games name their sides; the others seat up to their most players.
FORMS = {
    "Canasta": LONG_NAMES[:2],
    "Hand and Foot": LONG_NAMES[:3],
    "500 Rum": LONG_NAMES,
    "5000 Rummy": LONG_NAMES,
    "Ace to Ace": LONG_NAMES[:4],
}


# Quick: the most players, and the fewest (two sides); CI: every form.
@pytest.mark.parametrize("preset", sampled(FORMS, quick=["500 Rum", "Canasta"]))
def test_column_heads_stand_over_their_boxes_and_names_break_between_words(
    phone, language, preset, uow
):
    game_id, token = started(uow, preset, FORMS[preset])
    page = phone.page
    page.goto(f"/games/{game_id}/edit/{token}")
    heads = page.locator(".hands .row.hdr span:not(:empty)")
    expect(heads).to_have_count(2)
    row = page.locator(".hands .row[data-seat]").first
    boxes = row.locator("input[inputmode=numeric]")
    for i in range(2):
        head, box = heads.nth(i).bounding_box(), boxes.nth(i).bounding_box()
        middle = head["x"] + head["width"] / 2
        assert box["x"] <= middle <= box["x"] + box["width"], (i, head, box)
    assert broken_words(page, ".hands .who") == []
    phone.shot(f"small-form-{preset.replace(' ', '-').lower()}-{language}")


# Names that broke mid-word or spilled out of their tile, beside 40-character ones.
MIXED = [
    "Grzegorz Brzęczyszczykiewicz",
    "Fernán Fernández-Gutiérrez",
    *LONG_NAMES[:6],
]
# Each text wholly on one line.
ONE_LINE = """sel => [...document.querySelectorAll(sel)].filter(el => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
}).map(el => el.textContent)"""
# Boxes whose content is wider than they are.
SPILLED = """sel => [...document.querySelectorAll(sel)]
  .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent.trim())"""


def test_names_and_money_keep_whole_on_a_small_phone(phone, language, uow):
    game_id, token = started(
        uow,
        "Crazy Gin (13 deals)",
        MIXED,
        stakes={"cents_per_point": 250, "currency": "PLN"},  # "-PLN1,234.50" in English
    )
    for number in range(3):
        out = MIXED[number]
        hands = {name: 40 + seat * 7 for seat, name in enumerate(MIXED) if name != out}
        services.record_deal(uow, game_id, token, {"out": out, "hands": hands})
    page = phone.page
    page.goto(f"/games/{game_id}/edit/{token}")
    expect(page.locator(".money .balances li")).to_have_count(8)
    # Words break only when too long for any tile on this screen (one such here).
    assert set(broken_words(page, ".totals .name")) <= {"Brzęczyszczykiewicz"}
    assert set(broken_words(page, ".tap span")) <= {"Brzęczyszczykiewicz"}
    assert page.evaluate(SPILLED, ".tap, .totals li") == []
    assert page.evaluate(ONE_LINE, ".money b") == []
    phone.shot(f"small-names-money-{language}")


def test_a_name_over_40_characters_is_refused_with_its_reason_not_cut(phone, language):
    page = phone.page
    page.goto("/games/new")
    page.wait_for_load_state()
    name = "Anaïs-Géraldine Wójcik-Łukasiewicz de Ávila"  # 43 characters
    page.fill("#players-0", name)
    page.fill("#players-1", "Bob")
    with page.expect_navigation():
        page.locator("button.save").tap()
    expect(page.locator("#players-0")).to_have_value(name)
    expect(page.locator("#players-0")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#players-0-msg")).to_contain_text("40")
    phone.shot(f"small-name-too-long-{language}")


# Each line's look without its colour: its dashes, its markers' shape and fill.
LOOKS = """() => [...document.querySelectorAll('.chart svg[role=img] polyline')].map(line => {
  const marks = [...line.parentElement.querySelectorAll('use')];
  return [getComputedStyle(line).strokeDasharray, marks.length,
          ...new Set(marks.map(m => m.getAttribute('href') + ' ' + getComputedStyle(m).fill))];
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_tells_8_players_apart_without_colour(new_phone, shots, uow, scheme):
    page = new_phone(**SMALL, color_scheme=scheme)
    game_id, token = started(uow, "Crazy Gin (13 deals)", LONG_NAMES)
    for number in range(10):
        out = LONG_NAMES[number % 8]
        hands = {n: (s * 5 + number) % 30 for s, n in enumerate(LONG_NAMES) if n != out}
        services.record_deal(uow, game_id, token, {"out": out, "hands": hands})
    page.goto(f"/games/{game_id}")
    looks = page.evaluate(LOOKS)
    assert len(looks) == 8
    assert all(marks >= 2 for _dashes, marks, *_ in looks), looks
    # One marker look per line, and no two lines alike in dashes and markers.
    assert all(len(look) == 3 for look in looks), looks
    distinct = {(dashes, marker) for dashes, _marks, marker in looks}
    assert len(distinct) == 8, looks
    # The key shows each player's line style and marker beside the name.
    expect(page.locator(".chart figcaption .k svg use")).to_have_count(8)
    picture(page.locator(".chart"), shots / f"small-chart-{scheme}.png")
