"""Four phones share one circle link (real Chromium, Pixel 5, one browser, four contexts):
three games of three families are started from the circle page with house rules (and,
for Canasta, partners chosen seat by seat; Rummy for a cent a point, which Golf then
takes as the circle's usual stakes), each recorded from two phones, one phone without a
signal for its hole; then each member's record and two head-to-heads are read back from
the pages and checked against figures worked out here from the entries as typed, by the
rules (docs/rules.md) and not by the app's code."""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.service_layer import circles
from tests.api.conftest import FAMILY
from tests.browser.phone import Phone
from tests.browser.support import (
    OUTBOX_KEPT,
    WORKER_TAKES_PAGE,
    choose_game,
    cut_signal,
    restore_signal,
    showing_the_current_version,
    stored,
    wait_in_page,
)
from tests.tiers import SLOW

pytestmark = pytest.mark.browser

ZOE, BJORN, ANAIS, JURGEN, LUCJA = FAMILY[:5]  # 40-character accented names
SIDES = ["Les Aînés", "Les Cadets"]
SEATS = [ZOE, BJORN, ANAIS, JURGEN]  # partners alternate: Zoë and Anaïs, Björn and Jürgen
CANASTA_TARGET = 1700  # a house rule: two deals end it
CANASTA = [
    {
        "out": 0,
        "melded": [600, 300],
        "hand": [0, 45],
        "natural": [1, 0],
        "mixed": [1, 1],
        "red_threes": [1, 0],
    },
    {
        "out": 1,
        "melded": [200, 700],
        "hand": [60, 0],
        "natural": [0, 1],
        "mixed": [0, 0],
        "red_threes": [0, 0],
    },
]
RUMMY_PLAYERS = [LUCJA, ZOE, BJORN]
RUMMY = [(LUCJA, {ZOE: 12, BJORN: 7}), (ZOE, {LUCJA: 5, BJORN: 20})]  # two deals, a house rule
GOLFERS = [ANAIS, JURGEN, LUCJA, ZOE]
GOLF = [{ANAIS: 5, JURGEN: 12, LUCJA: -2, ZOE: 7}, {ANAIS: 3, JURGEN: 0, LUCJA: 9, ZOE: 4}]


# ---------------------------------------------------------------- worked out here


def canasta_points(deal: dict[str, Any], side: int) -> int:
    """Melded less in hand, 500 a natural canasta, 300 a mixed, 100 a red three (taken
    off a side that melded nothing), 100 for going out."""
    threes = 100 * deal["red_threes"][side] * (1 if deal["melded"][side] else -1)
    return (
        deal["melded"][side]
        - deal["hand"][side]
        + 500 * deal["natural"][side]
        + 300 * deal["mixed"][side]
        + threes
        + (100 if deal["out"] == side else 0)
    )


def results() -> list[dict[str, Any]]:
    """Each game as a member sees it, in the order they were started: their total (their
    side's), whether they won, and their money at the table."""
    sides = [sum(canasta_points(deal, side) for deal in CANASTA) for side in (0, 1)]
    best = max(sides)
    canasta = {name: sides[seat % 2] for seat, name in enumerate(SEATS)}
    # Winner takes all: who goes out scores the others' hands; the highest total wins.
    rummy = dict.fromkeys(RUMMY_PLAYERS, 0)
    for out, hands in RUMMY:
        rummy[out] += sum(hands.values())
    # Every pair settles its difference at one cent a point (rounded to the cent).
    rummy_net = {p: sum(rummy[p] - rummy[q] for q in RUMMY_PLAYERS) for p in RUMMY_PLAYERS}
    golf = {name: sum(hole[name] for hole in GOLF) for name in GOLFERS}
    # The circle's last stakes again (its new-game page offers them): the lower total
    # receives.
    golf_net = {p: sum(golf[q] - golf[p] for q in GOLFERS) for p in GOLFERS}
    return [
        {
            "variant": "canasta",
            "totals": canasta,
            "won": {n: t == best for n, t in canasta.items()},
            "higher": True,
        },
        {
            "variant": "rummy",
            "totals": rummy,
            "won": {n: t == max(rummy.values()) for n, t in rummy.items()},
            "higher": True,
            "net": rummy_net,
        },
        {
            "variant": "golf",
            "totals": golf,
            "won": {n: t == min(golf.values()) for n, t in golf.items()},
            "higher": False,
            "net": golf_net,
        },
    ]


def euros(cents: int) -> str:
    return f"{'-' if cents < 0 else ''}€{abs(cents) // 100}.{abs(cents) % 100:02d}"


def streak(won: list[bool]) -> str:
    if not won:
        return "\u2013"  # the page's dash for none
    run = 0
    for w in reversed(won):
        if w != won[-1]:
            break
        run += 1
    if won[-1]:
        return "Won the last game" if run == 1 else f"Won the last {run} games"
    return "No win in the last game" if run == 1 else f"No win in the last {run} games"


def record_of(name: str) -> tuple[dict[str, str], list[list[str]]]:
    """A member's record as the page should show it: the lifetime list, then a row per
    family (sorted by the family's id, as the page lists them, its name left out)."""
    mine = [g for g in results() if name in g["totals"]]
    net = sum(g.get("net", {}).get(name, 0) for g in mine)
    wins = [g["won"][name] for g in mine]
    lifetime = {
        "Games": str(len(mine)),
        "Wins": str(sum(wins)),
        "Win rate": f"{round(100 * sum(wins) / len(mine))}%",
        "Streak": streak(wins),
        "Net at the table": euros(net),
        "Balance": euros(net),  # no expense or payment in this circle
    }
    rows = []
    for variant in sorted({g["variant"] for g in mine}):
        games = [g for g in mine if g["variant"] == variant]
        totals = [g["totals"][name] for g in games]
        won = sum(g["won"][name] for g in games)
        pick = (max, min) if games[0]["higher"] else (min, max)
        rows.append(
            [
                str(len(games)),
                str(won),
                f"{round(100 * won / len(games))}%",
                str(round(sum(totals) / len(totals), 1)),
                str(pick[0](totals)),
                str(pick[1](totals)),
                euros(sum(g.get("net", {}).get(name, 0) for g in games)),
            ]
        )
    return lifetime, rows


def head_to_head(a: str, b: str) -> dict[str, str]:
    together = [g for g in results() if a in g["totals"] and b in g["totals"]]
    partners = [g for g in together if g["variant"] == "canasta" and same_side(a, b)]
    against = [g for g in together if g not in partners]
    wins = {n: sum(g["won"][n] for g in together) for n in (a, b)}
    ahead = defaultdict(int)
    for g in against:
        first, second = g["totals"][a], g["totals"][b]
        if first == second:
            ahead["level"] += 1
        else:
            ahead[a if (first > second) == g["higher"] else b] += 1
    return {
        "Games together": str(len(together)),
        "As partners": str(len(partners)),
        "Against each other": str(len(against)),
        "Wins": f"{a}: {wins[a]} · {b}: {wins[b]}",
        "Finished ahead": f"{a}: {ahead[a]} · {b}: {ahead[b]} · level: {ahead['level']}",
    }


def same_side(a: str, b: str) -> bool:
    return SEATS.index(a) % 2 == SEATS.index(b) % 2


# ---------------------------------------------------------------- on the phones


def listed(page: Page, where: str) -> dict[str, str]:
    terms = page.locator(f"{where} dt")
    return {terms.nth(i).inner_text(): page.locator(f"{where} dd").nth(i).inner_text()
            for i in range(terms.count())}  # fmt: skip


def new_game(phone: Phone, circle_id: str, game: str, rules: dict[str, str]) -> Page:
    """From the circle page: the new-game page with ``game`` chosen and its house rules
    open and typed in."""
    page = phone.page
    page.goto(f"/circles/{circle_id}")
    with page.expect_navigation(wait_until="load"):
        phone.tap(page.locator("#new-game").get_by_role("link", name="New game"))
    choose_game(page, game)
    phone.tap(page.locator("summary", has_text="House rules"))
    for field, value in rules.items():
        page.fill(f"#{field}", value)
    return page


def started(phone: Phone) -> str:
    page = phone.page
    with page.expect_navigation():
        phone.tap(page.locator("button.save[value=start]"))
    expect(page.get_by_text("Played in the circle")).to_be_visible()
    return urlsplit(page.url).path.rsplit("/", 1)[1]


def open_game(phone: Phone, circle_id: str, game_id: str) -> Page:
    """The game, tapped in the circle page's Games."""
    page = phone.page
    page.goto(f"/circles/{circle_id}")
    with page.expect_navigation():
        phone.tap(page.locator(f"#games a[href='/games/{game_id}']"))
    return page


def save(phone: Phone, label: str) -> None:
    page = phone.page
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=label, exact=True))
    expect(page.locator(".msg:not(:empty)")).to_have_count(0)


def canasta_deal(phone: Phone, number: int) -> None:
    page, deal = phone.page, CANASTA[number - 1]
    phone.tap(page.get_by_role("radio", name=SIDES[deal["out"]], exact=True))
    for field in ("melded", "hand", "natural", "mixed", "red_threes"):
        for side in (0, 1):
            page.fill(f"#{field}_{side}", str(deal[field][side]))
    save(phone, f"Save deal {number}")


def rummy_deal(phone: Phone, number: int) -> None:
    page, (out, hands) = phone.page, RUMMY[number - 1]
    phone.tap(page.get_by_role("radio", name=out, exact=True))
    for name, value in hands.items():
        page.get_by_label(f"{name}: In hand").fill(str(value))
    save(phone, f"Save deal {number}")


def golf_hole(page: Page, number: int) -> None:
    for name, score in GOLF[number - 1].items():
        page.get_by_label(f"{name}: Hole score").fill(str(score))


def play_canasta(first: Phone, second: Phone, circle_id: str) -> None:
    """Started on the first phone (the sides named, partners seated, played to 1700), a
    deal on each."""
    page = new_game(first, circle_id, "Canasta (set it up yourself)", {"o_canasta_target": "1700"})
    for i, side in enumerate(SIDES):
        page.fill(f"#players-{i}", side)
    first.tap(page.locator("details.partners summary"))
    for i, name in enumerate(SEATS):
        page.fill(f"#seats-{i}", name)
    first.shot("four-phones-canasta-new")
    game = started(first)
    canasta_deal(first, 1)
    open_game(second, circle_id, game)
    canasta_deal(second, 2)


def play_rummy(second: Phone, third: Phone, circle_id: str) -> None:
    """Members tapped into the seats, two deals (a house rule), a cent a point."""
    page = new_game(second, circle_id, "Basic Rummy (set it up yourself)", {"o_rummy_deals": "2"})
    for name in RUMMY_PLAYERS:
        second.tap(page.locator("button[data-member]", has_text=name))
    expect(page.locator("#players-2")).to_have_value(RUMMY_PLAYERS[2])
    second.tap(page.locator("details.stakes summary"))
    second.tap(page.locator("#stakes_on"))
    page.fill("#cents_per_point", "1")
    page.select_option("#round_to", "1")
    page.select_option("#mode", "pairs")
    game = started(second)
    rummy_deal(second, 1)
    open_game(third, circle_id, game)
    rummy_deal(third, 2)


def play_golf(third: Phone, fourth: Phone, circle_id: str, uow) -> None:
    """Two holes (a house rule); the fourth phone has no signal for the second."""
    page = new_game(third, circle_id, "Golf (set it up yourself)", {"o_golf_holes": "2"})
    for name in GOLFERS:
        third.tap(page.locator("button[data-member]", has_text=name))
    expect(page.locator("#stakes_on")).to_be_checked()  # as the circle played last
    game = started(third)
    golf_hole(third.page, 1)
    save(third, "Save hole 1")
    offline = open_game(fourth, circle_id, game)
    offline.wait_for_function(WORKER_TAKES_PAGE)
    wait_in_page(offline, OUTBOX_KEPT, "the outbox's script kept by the service worker")
    cut_signal(offline)
    golf_hole(offline, 2)
    fourth.tap(offline.get_by_role("button", name="Save hole 2", exact=True))
    expect(offline.locator("#deals tr.waiting")).to_have_count(1)
    fourth.shot("four-phones-golf-offline")
    restore_signal(offline)
    assert [hole["scores"] for hole in stored(uow, game, 2)] == GOLF
    # The page reloads itself once the hole is sent: waited for, never reloaded across.
    showing_the_current_version(offline, uow, game)


# Slow tier (tests/tiers.py): the circle on two phones (test_circle.py) and the circle's
# link on a phone (test_circle_link_phones.py) stand for it.
@pytest.mark.long
@SLOW
def test_four_phones_play_three_families_and_read_back_the_records(new_phone, shots, uow):
    made = circles.create_circle(uow, name="Famille Ñúñez", members=FAMILY[:5], currency="EUR")
    circle_id = made.circle.public_id
    phones = [Phone(new_phone(), shots) for _ in range(4)]
    for phone in phones:  # one link, shared at the table
        phone.page.goto(f"/circles/{circle_id}/edit/{made.edit_token}")
        expect(phone.page.get_by_role("heading", level=1)).to_have_text("Famille Ñúñez")
    first, second, third, fourth = phones
    play_canasta(first, second, circle_id)
    play_rummy(second, third, circle_id)
    play_golf(third, fourth, circle_id, uow)

    # Every member's record, read on the phones in turn, as worked out from the entries.
    for index, name in enumerate(FAMILY[:5]):
        page = phones[index % 4].page
        page.goto(f"/circles/{circle_id}/people/{quote(name)}")
        expect(page.get_by_role("heading", level=1)).to_have_text(name)
        lifetime, rows = record_of(name)
        assert listed(page, "#lifetime") == lifetime, name
        cells = page.locator("#by-game tbody tr")
        shown = [cells.nth(i).locator("td").all_inner_texts() for i in range(cells.count())]
        assert shown == rows, name

    # Head-to-head: Zoë against Łucja (two games, one won each), Zoë with Anaïs (partners).
    page = first.page
    for a, b in ((ZOE, LUCJA), (ZOE, ANAIS)):
        page.goto(f"/circles/{circle_id}/people/{quote(a)}")
        page.select_option("#vs", b)
        with page.expect_navigation():
            first.tap(page.get_by_role("button", name="Compare"))
        assert listed(page, "#head-to-head") == head_to_head(a, b), (a, b)
    first.shot("four-phones-head-to-head")
    ledger = circles.load_circle(uow, circle_id).as_dict()["ledger"]["balances"]
    assert sum(ledger.values()) == 0
