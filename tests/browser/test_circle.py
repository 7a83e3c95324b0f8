"""A circle on two phones (real Chromium, phone viewport): six members with 40-character
accented names play three games of three variants with stakes (one recorded offline),
add an expense shared by four, mark a payment, settle up through one member and print
the statement. Screenshots and the statement as PNG are left in test-output/browser."""

from __future__ import annotations

import re
import subprocess
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import circles, services
from tests.browser.phone import Phone
from tests.browser.support import (
    OUTBOX_KEPT,
    WORKER_TAKES_PAGE,
    cut_signal,
    restore_signal,
    save_offline,
    stored,
    wait_in_page,
)

pytestmark = pytest.mark.browser


# Six names of 40 characters, accented, with words as long as real names have.
MEMBERS = [
    "Zoë Ångström-Łukasiewicz de la Peña Núñe",
    "Émile Çelik-Núñez van der Straßenmühle Ø",
    "Søren Öztürk-Dvořák y Gómez de Castañeda",
    "Ana Lucía Peña-Ibáñez da Conceição Mülle",
    "Ælfrida Żółkiewska-Brzęk de Saint-Étienn",
    "José Ñandú Grønbæk Jørgensen von Ærøskøb",
]


def test_a_circle_plays_settles_and_prints_on_two_phones(new_phone, shots, uow, live_server):
    assert all(len(name) == 40 for name in MEMBERS)
    phone = Phone(new_phone(), shots)
    page = phone.page
    page.goto("/circles/new")
    page.get_by_label("Name").fill("Vacances à Łódź")
    page.get_by_label("Members, one a line").fill("\n".join(MEMBERS))
    page.get_by_label("Currency").fill("EUR")
    phone.tap(page.get_by_role("button", name="Start the circle"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Vacances à Łódź")
    circle_id = urlsplit(page.url).path.rsplit("/", 1)[1]

    # The second phone opens the edit link from the first phone's share page.
    page.get_by_role("link", name="Share").tap()
    edit_link = page.locator(".share a[href*='/edit/']").get_attribute("href")
    token = edit_link.rsplit("/", 1)[1]
    phone.shot("circle-share")
    second = Phone(new_phone(), shots)
    other = second.page
    other.goto(urlsplit(edit_link).path)
    expect(other.get_by_role("heading", level=1)).to_have_text("Vacances à Łódź")

    # Game 1, started on the second phone with three taps, recorded offline.
    second.tap(other.locator("#new-game").get_by_role("link", name="New game"))
    new_game = other.locator("form.new")
    new_game.locator("#game").select_option("variant:rummy")
    for name in MEMBERS[:3]:  # the circle's members, tapped into the seats in order
        second.tap(new_game.locator("button[data-member]", has_text=name))
    expect(new_game.locator("#players-2")).to_have_value(MEMBERS[2])
    second.tap(new_game.locator("details.stakes summary"))
    second.tap(new_game.get_by_label("Settle up in money at the end"))
    second.tap(new_game.get_by_role("button", name="Start the game").last)
    expect(other.get_by_text("Played in the circle")).to_be_visible()
    game_id = urlsplit(other.url).path.rsplit("/", 1)[1]
    other.wait_for_function(WORKER_TAKES_PAGE)
    wait_in_page(other, OUTBOX_KEPT, "the outbox's script kept by the service worker")
    cut_signal(other)
    save_offline(other, 1, MEMBERS[0], {MEMBERS[1]: 12, MEMBERS[2]: 7})
    second.shot("circle-game-offline")
    restore_signal(other)
    assert stored(uow, game_id, 1) == [
        {"out": MEMBERS[0], "hands": {MEMBERS[1]: 12, MEMBERS[2]: 7}}
    ]
    other.get_by_role("link", name="End the game here").tap()
    other.get_by_role("button", name="End the game here").tap()
    expect(other.get_by_text("Played in the circle")).to_be_visible()

    # Games 2 and 3, of two other variants, from another client with the circle's token.
    gin = circles.start_game(
        uow,
        circle_id,
        token,
        {"variant": "gin", "players": MEMBERS[3:5], "stakes": {"cents_per_point": 2}},
    )
    services.record_deal(
        uow,
        gin.game.public_id,
        gin.edit_token,
        {"knocker": MEMBERS[3], "hands": {MEMBERS[3]: 4, MEMBERS[4]: 31}},
    )
    services.end_game(uow, gin.game.public_id, gin.edit_token)
    thirteen = circles.start_game(
        uow,
        circle_id,
        token,
        {
            "variant": "thirteen",
            "players": [MEMBERS[5], MEMBERS[0], MEMBERS[3]],
            "stakes": {"cents_per_point": 1, "round_to": 1},
        },
    )
    services.record_deal(
        uow,
        thirteen.game.public_id,
        thirteen.edit_token,
        {"out": MEMBERS[5], "hands": {MEMBERS[0]: 23, MEMBERS[3]: 9}},
    )
    services.end_game(uow, thirteen.game.public_id, thirteen.edit_token)

    # The first phone: three games newest first, each with its winners.
    page.goto(f"/circles/{circle_id}")
    games = page.locator("#games li")
    expect(games).to_have_count(3)
    expect(games.nth(0)).to_contain_text(f"Won by {MEMBERS[5]}")
    expect(games.nth(2)).to_contain_text(f"Won by {MEMBERS[0]}")

    # An expense shared by four: all are on, two taps take two off.
    phone.tap(page.locator("#expense > summary"))
    expense = page.locator("#expense")
    expense.get_by_label("Paid by").select_option(MEMBERS[1])
    expense.get_by_label("How much (EUR)").fill("48,30")
    for name in MEMBERS[4:]:
        phone.tap(expense.locator("label.tap", has_text=name))
    expense.get_by_label("What for").fill("Pizza")
    phone.tap(expense.get_by_role("button", name="Add the expense"))
    expect(page.get_by_text("Expense added.")).to_be_visible()
    body = circles.load_circle(uow, circle_id).as_dict()
    assert body["expenses"][0]["shared_by"] == MEMBERS[:4]
    assert body["expenses"][0]["cents"] == 4830

    # Mark the first payment of the fewest as paid.
    first = page.locator(".transfers li").first
    phone.tap(first.get_by_role("button", name="Mark as paid"))
    expect(page.get_by_text("Payment marked as paid.")).to_be_visible()
    assert len(circles.load_circle(uow, circle_id).as_dict()["payments"]) == 1

    # Settle up through one member: every payment goes to or from them.
    page.get_by_label("Settle").select_option(MEMBERS[1])
    phone.tap(page.get_by_role("button", name="Show"))
    expect(page).to_have_url(re.compile(r"\?host="))
    transfers = page.locator(".transfers li")
    expect(transfers.first).to_be_visible()
    count = transfers.count()
    for index in range(count):
        expect(transfers.nth(index)).to_contain_text(MEMBERS[1])
    phone.shot("circle-settle-through-one")
    body = circles.load_circle(uow, circle_id).as_dict()
    assert sum(body["ledger"]["balances"].values()) == 0
    assert {game["variant"] for game in body["games"]} == {"rummy", "gin", "thirteen"}
    assert body["members"] == MEMBERS
    second.page.goto(f"/circles/{circle_id}")
    second.shot("circle-second-phone")

    # Print the statement, and keep it as a picture to look at.
    statement = page.request.get(f"{live_server}/circles/{circle_id}/statement.pdf")
    assert statement.ok
    assert statement.headers["content-type"] == "application/pdf"
    pdf = shots / "circle-statement.pdf"
    pdf.write_bytes(statement.body())
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "80",
            "-f",
            "1",
            "-l",
            "1",
            str(pdf),
            str(shots / "circle-statement"),
        ],
        check=True,
    )
