"""Whole games played on a phone in real Chromium: tapping and typing as players do.

Each game checks what was stored against the entries the test meant to type, and
what the page shows against the scoring core's derivation of those entries. Taps
and keystrokes per deal are saved for bench/bench_pages.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.service_layer.results import GameView
from tests.browser.phone import Phone, picture
from tests.browser.support import SAVE, correct, record, start_game, totals_on
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


def count_cards(phone: Phone, seat: int, cards: list[str]) -> None:
    """Open the card counter beside a hand, tap the cards, use the sum."""
    page = phone.page
    phone.tap(page.locator(f"button.count[data-for=hands_{seat}]"))
    dialog = page.locator("#counter")
    expect(dialog).to_be_visible()
    for card in cards:
        phone.tap(dialog.locator(".cards button", has_text=re.compile(f"^{re.escape(card)}")))
    phone.shot(f"counter-{seat}")
    phone.tap(dialog.get_by_role("button", name=re.compile(r"^Use")))


def check_game(page: Page, uow, game_id: str, expected: list[dict]) -> GameView:
    """What was stored is what was meant; the page shows the scoring core's totals."""
    view = services.load_game(uow, game_id)
    assert list(view.entries) == expected
    derived = scoring.derive(view.setup, expected)
    assert totals_on(page) == derived.totals
    return view


def save_effort(shots: Path, game: str, deals: list[dict]) -> None:
    (shots / f"effort-{game}.json").write_text(json.dumps(deals, indent=1))


def undo_last(phone: Phone, number: int) -> None:
    page = phone.page
    phone.tap(page.get_by_role("link", name=f"Undo deal {number}"))
    expect(page.get_by_role("heading", name=f"Undo deal {number}?")).to_be_visible()
    phone.shot("undo")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=f"Undo deal {number}"))
    phone.count()


# Slow tier (tests/tiers.py): the press offer in test_entry.py stands for it.
@pytest.mark.long
@SLOW
def test_a_thirteen_game_with_the_press_is_played_to_the_end(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start_game(
        phone, "Crazy Gin with the Press", ["Ann", "Bob", "Cy"], cents_per_point="1"
    )
    # The smallest phone we lay out for, in dark mode, on the read-only view link.
    viewer = new_phone(viewport={"width": 320, "height": 640}, color_scheme="dark")
    viewer.goto(f"/games/{game_id}")
    expect(viewer.locator("#deal-form")).to_have_count(0)
    viewer.evaluate("window.notReloaded = true")
    phone.shot("thirteen-deal-1")
    effort = []
    entries: list[dict] = []

    def deal(out, hands: dict[str, int], counter: dict | None = None) -> None:
        seats = {"Ann": 0, "Bob": 1, "Cy": 2}
        counted = counter or {}
        typed = [(f"hands_{seats[n]}", str(v)) for n, v in hands.items() if n not in counted]
        if counter:
            phone.tap(page.get_by_role("radio", name=out, exact=True))
            for name, cards in counter.items():
                count_cards(phone, seats[name], cards)
            for field, text in typed:
                page.locator(f"#{field}").fill(text)
            with page.expect_navigation():
                phone.tap(page.get_by_role("button", name=SAVE))
            taps, keys = phone.count()
            effort.append({"taps": taps, "keys": keys, "counter": True})
        else:
            effort.append(record(phone, out, typed))
        entries.append({"out": out, "hands": hands})

    # Deal 1: Cy trails Bob by 35, so the Press is offered to Cy for 15 points.
    deal("Ann", {"Bob": 10, "Cy": 45})
    expect(page.locator(".offer summary")).to_have_text("Cy may take 15 to put the Press on")
    phone.shot("thirteen-press-offer")
    expect(viewer.locator(".totals")).to_contain_text("45")
    assert viewer.evaluate("window.notReloaded") is True
    picture(viewer, shots / "thirteen-viewer.png", full_page=True)
    phone.tap(page.locator(".offer summary"))  # a deliberate second tap, never a stray one
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name="Yes, Cy takes 15"))
    entries[0]["press_points"] = {"Cy": 15}
    expect(page.locator(".next .press")).to_have_text("The Press is on: card points \u00d72")
    phone.count()

    deal("Bob", {"Ann": 5, "Cy": 8})  # doubled: Ann 10, Cy 16
    # Deal 3, wild 3, the Press still on: Bob counts a wild 3, a King and a 7.
    deal("Ann", {"Bob": 42, "Cy": 4}, counter={"Bob": ["3 wild", "K", "7"]})
    assert scoring.hand_value(services.load_game(uow, game_id).setup, ["3H", "KS", "7D"], "3") == 42
    deal("Cy", {"Ann": 20, "Bob": 3})
    check_game(page, uow, game_id, entries)

    correct(phone, 2, "hands_0", "6")
    entries[1]["hands"]["Ann"] = 6
    check_game(page, uow, game_id, entries)

    deal("Bob", {"Ann": 7, "Cy": 9})
    undo_last(phone, 5)
    entries.pop()
    check_game(page, uow, game_id, entries)

    for number, out in enumerate(["Bob", "Cy", "Ann", "Bob", "Cy", "Ann", "Bob", "Cy", "Ann"], 5):
        others = {name: 3 + number for name in ("Ann", "Bob", "Cy") if name != out}
        deal(out, others)
        if number == 9:
            phone.shot("thirteen-mid-game")
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    view = check_game(page, uow, game_id, entries)
    winners = " and ".join(view.state.winners)
    expect(page.locator(".winners")).to_contain_text(winners)
    expect(page.locator(".money")).to_contain_text("Fewest payments")
    expect(page.locator(".money")).to_contain_text("$")
    phone.shot("thirteen-final")
    save_effort(shots, "thirteen", effort)

    page.goto(f"/games/{game_id}/share")
    expect(page.locator("svg.qr")).to_have_count(2)
    phone.shot("share")
    page.goto(f"/games/{game_id}/history")
    expect(page.locator(".history")).to_have_count(3)  # deals 1 (Press), 2 and 5
    phone.shot("history")


def test_a_gin_game_is_played_to_the_end(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start_game(phone, "Gin Rummy", ["Ann", "Bob"], cents_per_point="1")
    effort = []
    entries: list[dict] = []

    def deal(knocker: str | None, ann: int | None = None, bob: int | None = None) -> None:
        if knocker is None:
            effort.append(record(phone, None, []))
            entries.append({"void": True})
            return
        effort.append(record(phone, knocker, [("hands_0", str(ann)), ("hands_1", str(bob))]))
        entries.append({"knocker": knocker, "hands": {"Ann": ann, "Bob": bob}})

    deal("Ann", 5, 30)  # Ann 25
    phone.shot("gin-deal-2")
    deal(None)  # nobody knocked: nobody scores
    # Bob goes gin; Ann counts her deadwood: K Q J 10.
    phone.tap(page.get_by_role("radio", name="Bob", exact=True))
    count_cards(phone, 0, ["K", "Q", "J", "10"])
    expect(page.locator("#hands_0")).to_have_value("40")
    expect(page.locator("#hands_1")).to_be_focused()
    phone.type("0")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    taps, keys = phone.count()
    effort.append({"taps": taps, "keys": keys, "counter": True})
    entries.append({"knocker": "Bob", "hands": {"Ann": 40, "Bob": 0}})
    deal("Ann", 8, 7)  # undercut: Bob 11
    check_game(page, uow, game_id, entries)

    correct(phone, 1, "hands_1", "35")
    entries[0]["hands"]["Bob"] = 35
    deal("Ann", 3, 50)
    undo_last(phone, 5)
    entries.pop()
    check_game(page, uow, game_id, entries)

    deal("Ann", 0, 70)  # gin: 25 + 70 takes Ann past 100
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    view = check_game(page, uow, game_id, entries)
    assert view.state.winners == ["Ann"]
    expect(page.locator(".winners")).to_contain_text("Ann")
    expect(page.locator(".result")).to_contain_text(f"worth {view.state.margin} points")
    expect(page.locator(".money")).to_contain_text("Bob pays Ann")
    phone.shot("gin-final")
    save_effort(shots, "gin", effort)


# Slow tier (tests/tiers.py): the gin game played to the end stands for it.
@SLOW
def test_a_5000_rummy_game_is_played_to_the_end(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start_game(
        phone,
        "5000 Rummy",
        ["Ann", "Bob", "Cy"],
        rules={"o_rummy5000_target": "500", "o_rummy5000_queen_of_spades": "45"},
        cents_per_point="1",
    )
    seats = {"Ann": 0, "Bob": 1, "Cy": 2}
    effort = []
    entries: list[dict] = []

    def deal(out: str, melds: dict[str, int], hands: dict[str, int]) -> None:
        typed = []
        for name, seat in seats.items():
            typed.append((f"melds_{seat}", str(melds[name])))
            if name != out:
                typed.append((f"hands_{seat}", str(hands[name])))
        effort.append(record(phone, out, typed))
        entries.append({"out": out, "melds": melds, "hands": hands})

    deal("Ann", {"Ann": 150, "Bob": 60, "Cy": 30}, {"Bob": 20, "Cy": 45})
    # Bob goes out; Ann counts what she holds: the Queen of spades and a 3.
    phone.tap(page.get_by_role("radio", name="Bob", exact=True))
    expect(page.locator("#hands_1")).to_be_disabled()
    count_cards(phone, 0, ["Q♠", "3"])
    expect(page.locator("#hands_0")).to_have_value("50")
    setup = services.load_game(uow, game_id).setup
    assert scoring.hand_value(setup, ["QS", "3H"]) == 50
    for field, value in [
        ("melds_0", "40"),
        ("melds_1", "200"),
        ("melds_2", "80"),
        ("hands_2", "10"),
    ]:
        page.locator(f"#{field}").fill(value)
    phone.shot("rummy5000-deal-2")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    taps, keys = phone.count()
    effort.append({"taps": taps, "keys": keys, "counter": True})
    entries.append(
        {"out": "Bob", "melds": {"Ann": 40, "Bob": 200, "Cy": 80}, "hands": {"Ann": 50, "Cy": 10}}
    )
    deal("Cy", {"Ann": 100, "Bob": 100, "Cy": 250}, {"Ann": 5, "Bob": 10})
    correct(phone, 3, "hands_0", "15")
    entries[2]["hands"]["Ann"] = 15
    check_game(page, uow, game_id, entries)

    deal("Ann", {"Ann": 150, "Bob": 50, "Cy": 20}, {"Bob": 30, "Cy": 5})
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    undo_last(phone, 4)  # undoing the last deal un-finishes the game
    entries.pop()
    expect(page.locator("#deal-form")).to_be_visible()
    deal("Ann", {"Ann": 150, "Bob": 50, "Cy": 20}, {"Bob": 30, "Cy": 5})
    view = check_game(page, uow, game_id, entries)
    assert view.state.winners == ["Ann"]
    expect(page.locator(".winners")).to_contain_text("Ann")
    expect(page.locator(".money")).to_contain_text("pays Ann")
    phone.shot("rummy5000-final")
    save_effort(shots, "rummy5000", effort)

    page.goto(f"/games/{game_id}/table")
    expect(page.locator("body.big .totals")).to_be_visible()
    phone.shot("table-view")


def test_changing_the_game_brings_its_house_rules_and_keeps_a_rule_typed(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    page.goto("/games/new")
    phone.tap(page.locator("summary", has_text="House rules"))
    expect(page.locator("#o_thirteen_press")).to_be_visible()
    page.select_option("#game", label="Gin Rummy")
    expect(page.locator("#o_gin_knock_card")).not_to_be_checked()
    expect(page.locator("fieldset[data-variant]")).to_have_count(1)
    expect(page.locator("#o_thirteen_press")).to_have_count(0)
    page.fill("#o_gin_target", "250")
    page.select_option("#game", label="Oklahoma Gin")
    expect(page.locator("#o_gin_knock_card")).to_be_checked()  # the preset's own rule
    expect(page.locator("#o_gin_target")).to_have_value("250")  # what was typed stays
    expect(page.get_by_role("button", name="Show this game's house rules")).to_be_hidden()
    phone.shot("new-game-rules-swapped")
    for i, name in enumerate(["Ann", "Bob"]):
        page.fill(f"#players-{i}", name)
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name="Start the game"))
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    options = services.load_game(uow, page.url.rsplit("/", 1)[1]).setup.options
    assert options["target"] == 250 and options["knock_card"] is True


def test_without_a_signal_for_the_rules_the_button_brings_them(new_phone, shots):
    # No service worker: a request made as the worker took the page (a moment after the
    # first load) went past page.route to the server once, under load. Playwright's docs
    # advise blocking workers where a test routes requests; this one is about the page.
    phone = Phone(new_phone(service_workers="block"), shots)
    page = phone.page
    page.goto("/games/new")
    update = page.get_by_role("button", name="Show this game's house rules")
    expect(update).to_be_hidden()
    page.route("**/games/new/rules?*", lambda route: route.abort())
    page.select_option("#game", label="Phase 10")
    expect(update).to_be_visible()
    with page.expect_navigation():
        phone.tap(update)
    expect(page.locator("fieldset[data-variant=phase10]")).to_have_count(1)
    expect(page.locator("#game")).to_have_value("preset:Phase 10")
