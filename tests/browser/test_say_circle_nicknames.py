"""A nickname learned in one game of a circle is known in the next game started from it
(real Chromium, phone viewport, a stand-in for the browser's speech recognition): the
table says "Priya", the page asks once "Who is “Priya”?", and the Golf round started
from the circle page afterwards reads "Priya" as Priyanka without asking."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import circles, services
from tests.browser.phone import Phone
from tests.browser.support import STAND_IN, choose_game

pytestmark = pytest.mark.browser

PRIYANKA = "Priyanka Venkataraman-Østergård Ñúñez"
MEMBERS = [PRIYANKA, "Ann", "Bob", "Cy"]


def heard(phone: Phone, words: str) -> None:
    """Tap the mic; the stand-in hears ``words``; the form comes back filled."""
    page = phone.page
    page.evaluate("words => { window.nextWords = words; }", words)
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name="Speak"))
    expect(page.locator("#said")).to_have_value(words)


def saved(phone: Phone, label: str) -> None:
    page = phone.page
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=label, exact=True))
    expect(page.locator(".msg:not(:empty)")).to_have_count(0)


def test_a_nickname_learned_in_a_circle_game_is_known_in_its_next_game(new_phone, shots, uow):
    made = circles.create_circle(uow, name="Jeudi", members=MEMBERS, currency="EUR")
    circle_id = made.circle.public_id
    first = circles.start_game(
        uow, circle_id, made.edit_token, {"variant": "rummy", "players": MEMBERS[:3]}
    )
    page = new_phone()
    page.context.add_init_script(STAND_IN)
    phone = Phone(page, shots)
    page.goto(f"/circles/{circle_id}/edit/{made.edit_token}")
    with page.expect_navigation():
        phone.tap(page.locator(f"#games a[href='/games/{first.game.public_id}']"))

    heard(phone, "Priya went out, Ann 12, Bob 7")
    question = page.get_by_role("group", name="Who is “Priya”?")
    with page.expect_navigation():
        phone.tap(question.get_by_role("button", name=PRIYANKA))
    expect(page.get_by_role("radio", name=PRIYANKA, exact=True)).to_be_checked()
    saved(phone, "Save deal 1")
    assert list(services.load_game(uow, first.game.public_id).entries) == [
        {"out": PRIYANKA, "hands": {"Ann": 12, "Bob": 7}}
    ]

    # A Golf round of one hole (a house rule) from the circle page: Priya is known.
    page.goto(f"/circles/{circle_id}")
    with page.expect_navigation(wait_until="load"):
        phone.tap(page.locator("#new-game").get_by_role("link", name="New game"))
    choose_game(page, "Golf (set it up yourself)")
    for name in ("Bob", PRIYANKA, "Cy"):
        phone.tap(page.locator("button[data-member]", has_text=name))
    phone.tap(page.locator("summary", has_text="House rules"))
    page.fill("#o_golf_holes", "1")
    with page.expect_navigation():
        phone.tap(page.locator("button.save[value=start]"))
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    golf = page.url.rsplit("/", 1)[1]
    heard(phone, "Priya 3, Bob 5, Cy minus 2")
    expect(page.get_by_role("group", name=re.compile("Who is"))).to_have_count(0)
    expect(page.locator("#deal-form .heard")).to_have_count(3)
    phone.shot("say-circle-nickname-known")
    saved(phone, "Save hole 1")
    view = services.load_game(uow, golf)
    assert list(view.entries) == [{"scores": {"Bob": 5, PRIYANKA: 3, "Cy": -2}}]
    assert view.spoken_names == {"Priya": PRIYANKA}
