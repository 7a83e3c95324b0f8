"""Say the deal at a phone's size in real Chromium, games of every shape: Canasta by
partners with a nickname learned ("Who is “Priya”?") and a mishearing put right, and
the same typed without a signal, where the phone learns the nickname itself; an
18-hole Golf round said and then typed, and typed offline (its card grid's own
button once took the Save's label, and the form's Save was left behind). A stand-in
for the browser's speech recognition delivers each transcript (support.py's STAND_IN).
The 500 Rum game for six, said and typed offline, is tests/browser/test_say_play.py's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import (
    STAND_IN,
    cut_signal,
    opened_with_its_worker,
    restore_signal,
    wait_in_page,
)
from tests.tiers import SLOW

pytestmark = pytest.mark.browser

SIDES = ["Us", "Them"]
SEATS = ["Ann", "Bob", "Cy", "Priyanka Venkataraman"]  # Priyanka sits for Them
GOLFERS = ["Grace", "Pete", "Rosie"]

# The reader's script, its words and the game's names, kept for the day the signal goes.
READER_KEPT = """async () => {
  const files = await caches.open(sk.caches.files);
  const say = document.querySelector("#say-form").dataset;
  const kept = await Promise.all([say.src, say.words, say.game].map((u) => files.match(u)));
  return kept.every(Boolean);
}"""


@pytest.fixture
def phone(new_phone, shots) -> Phone:
    page = new_phone()
    page.context.add_init_script(STAND_IN)
    return Phone(page, shots)


def opened(phone: Phone, started, offline: bool = False) -> None:
    page = phone.page
    if not offline:
        page.goto(f"/games/{started.game.public_id}/edit/{started.edit_token}")
        return
    opened_with_its_worker(page, started.game.public_id, started.edit_token)
    wait_in_page(page, READER_KEPT, "the reader's words and script kept by the service worker")
    cut_signal(page)
    expect(page.locator("#offline")).to_be_visible()


def heard(phone: Phone, words: str) -> None:
    """Tap the mic; the stand-in hears ``words``; the form comes back filled."""
    page = phone.page
    page.evaluate("words => { window.nextWords = words; }", words)
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name="Speak"))
    expect(page.locator("#said")).to_have_value(words)


def saved(phone: Phone, number: int, offline: bool = False) -> None:
    page = phone.page
    # "Save deal 3", or Golf's "Save hole 3".
    save = page.get_by_role("button", name=re.compile(rf"^Save \w+ {number}$"))
    if offline:
        phone.tap(save)
        expect(page.locator("#deals tr.waiting")).to_have_count(number)
        return
    with page.expect_navigation():
        phone.tap(save)
    expect(page.locator(".msg:not(:empty)")).to_have_count(0)  # nothing refused


CANASTA_LINES = [
    # Deal 1: "Priya" is no one yet, and Us's 620 is heard as 520.
    "Priya melded 240, 85 in hand. Cy went out, Us melded 520, hand zero, two naturals",
    "Priya went out with one natural and one mixed, melded 700, hand zero."
    " Us melded 300, 40 in hand",
]
CANASTA_DEALS = [
    {
        "out": "Us",
        "melded": {"Us": 620, "Them": 240},
        "hand": {"Us": 0, "Them": 85},
        "natural": {"Us": 2},
    },
    {
        "out": "Them",
        "melded": {"Them": 700, "Us": 300},
        "hand": {"Them": 0, "Us": 40},
        "natural": {"Them": 1},
        "mixed": {"Them": 1},
    },
]


def canasta(uow):
    return services.start_game(uow, variant="canasta", players=SIDES, seats=SEATS)


def put_right(phone: Phone) -> None:
    field = phone.page.locator("#melded_0")
    expect(field).to_have_value("520")
    field.fill("620")  # the scorer puts the mishearing right before Save


def test_canasta_said_with_a_nickname_learned_and_a_mishearing_put_right(phone, uow):
    started = canasta(uow)
    page = phone.page
    opened(phone, started)
    heard(phone, CANASTA_LINES[0])
    question = page.get_by_role("group", name="Who is “Priya”?")
    expect(question).to_be_visible()
    phone.shot("say-who-is-priya")
    with page.expect_navigation():
        phone.tap(question.get_by_role("button", name=SEATS[3]))
    expect(page.get_by_role("group", name=re.compile("Who is"))).to_have_count(0)
    put_right(phone)
    saved(phone, 1)
    heard(phone, CANASTA_LINES[1])  # Priya is known now: nothing asked
    expect(page.get_by_role("group", name=re.compile("Who is"))).to_have_count(0)
    saved(phone, 2)
    view = services.load_game(uow, started.game.public_id)
    assert list(view.entries) == CANASTA_DEALS
    assert view.spoken_names == {"Priya": SEATS[3]}


def test_canasta_typed_offline_learns_the_nickname_on_the_phone(phone, uow):
    started = canasta(uow)
    page = phone.page
    opened(phone, started, offline=True)
    for number, line in enumerate(CANASTA_LINES, 1):
        page.fill("#said", line)
        phone.tap(page.get_by_role("button", name="Fill in"))
        expect(page.locator("#say-note")).to_contain_text("Heard")
        if number == 1:
            question = page.get_by_role("group", name="Who is “Priya”?")
            phone.tap(question.get_by_role("button", name=SEATS[3]))
            expect(question).to_have_count(0)
            expect(page.locator("#hand_1")).to_have_value("85")
            put_right(phone)
        else:
            expect(page.get_by_role("group", name=re.compile("Who is"))).to_have_count(0)
        saved(phone, number, offline=True)
    restore_signal(page)
    expect(page.locator("#deals tr.waiting")).to_have_count(0, timeout=30_000)
    assert list(services.load_game(uow, started.game.public_id).entries) == CANASTA_DEALS


def golf_hole(hole: int) -> dict[str, dict[str, int]]:
    return {"scores": {"Grace": hole % 5, "Pete": -(hole % 3), "Rosie": hole + 2}}


def golf_line(hole: int) -> str:
    scores = golf_hole(hole)["scores"]
    return ", ".join(f"{who} {'minus ' + str(-n) if n < 0 else n}" for who, n in scores.items())


# Slow tier (tests/tiers.py): the same round typed offline, and Canasta said with a
# nickname learned, stand for it.
@pytest.mark.long
@SLOW
def test_an_eighteen_hole_golf_round_said_then_typed(phone, uow):
    started = services.start_game(uow, preset="Golf (18 holes)", players=GOLFERS)
    page = phone.page
    opened(phone, started)
    for hole in range(1, 19):
        if hole <= 3:
            heard(phone, golf_line(hole))
        else:  # the rest by the typed line, read on the server
            page.fill("#said", golf_line(hole))
            with page.expect_navigation():
                phone.tap(page.get_by_role("button", name="Fill in"))
        expect(page.locator("#deal-form .heard")).to_have_count(3)
        saved(phone, hole)
    view = services.load_game(uow, started.game.public_id)
    assert list(view.entries) == [golf_hole(hole) for hole in range(1, 19)]
    assert view.state.finished


# Exhaustive tier (tests/tiers.py): Canasta typed offline (above), test_offline.py's three
# deals offline and, in CI, the same round said then typed stand for it.
@SLOW
@pytest.mark.exhaustive
def test_an_eighteen_hole_golf_round_typed_offline(phone, uow):
    started = services.start_game(uow, preset="Golf (18 holes)", players=GOLFERS)
    page = phone.page
    opened(phone, started, offline=True)
    for hole in range(1, 19):
        page.fill("#said", golf_line(hole))
        phone.tap(page.get_by_role("button", name="Fill in"))
        expect(page.locator("#deal-form .heard")).to_have_count(3)
        saved(phone, hole, offline=True)
    restore_signal(page)
    expect(page.locator("#deals tr.waiting")).to_have_count(0, timeout=30_000)
    view = services.load_game(uow, started.game.public_id)
    assert list(view.entries) == [golf_hole(hole) for hole in range(1, 19)]
    assert view.state.finished
