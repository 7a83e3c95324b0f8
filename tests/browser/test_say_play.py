"""Say the deal on a phone in real Chromium: a 13-deal game and a 6-player 500 Rum game
recorded by voice (a stand-in for the browser's speech recognition delivers each
transcript), two touches a deal (the mic, then Save); a mishearing corrected in the
form; offline, the words wait for the signal and the form takes the deal as always."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import (
    STAND_IN,
    choose_game,
    cut_signal,
    opened_with_its_worker,
    restore_signal,
    wait_in_page,
)
from tests.tiers import SLOW

pytestmark = pytest.mark.browser

SAVE = re.compile(r"^Save deal \d+$")


def start(phone: Phone, game: str, players: list[str]) -> str:
    page = phone.page
    page.goto("/games/new")
    choose_game(page, game)
    for i, player in enumerate(players):
        if i >= page.locator("#players input").count():
            page.get_by_role("button", name="Add a player").click()
        page.fill(f"#players-{i}", player)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    phone.count()
    return page.url.rsplit("/", 1)[1]


def say(phone: Phone, words: str) -> None:
    """Tap the mic; the stand-in hears ``words``; the form comes back filled."""
    page = phone.page
    page.evaluate("words => { window.nextWords = words; }", words)
    mic = page.get_by_role("button", name="Speak")
    with page.expect_navigation():
        phone.tap(mic)
    expect(page.locator("#said")).to_have_value(words)


def save(phone: Phone) -> None:
    page = phone.page
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    expect(page.locator(".msg")).to_have_count(0)


@pytest.fixture
def phone(new_phone, shots) -> Phone:
    page = new_phone()
    page.context.add_init_script(STAND_IN)
    return Phone(page, shots)


PLAYERS = ["Ann", "Bob", "Cy"]


# Exhaustive tier (tests/tiers.py): the 500 Rum game said in French, and in CI the 18
# holes of golf said (test_say_nicknames_play.py), stand for it.
@pytest.mark.long
@SLOW
@pytest.mark.exhaustive
def test_a_thirteen_deal_game_said_deal_by_deal(phone, uow):
    game_id = start(phone, "Crazy Gin (13 deals)", PLAYERS)
    expected = []
    for number in range(1, 14):
        out = PLAYERS[number % 3]
        others = [p for p in PLAYERS if p != out]
        hands = {others[0]: number, others[1]: 2 * number + 1}
        words = f"{out} went out, {others[0]} {number} and {others[1]} {2 * number + 1}"
        if number == 5:  # misheard: 51 for 11; put right in the form
            words = words.replace(" 11", " 51")
        say(phone, words)
        if number == 1:
            phone.shot("say-filled")
            expect(phone.page.locator(".heard")).to_have_count(2)
        if number == 5:
            field = phone.page.locator("#hands_" + str(PLAYERS.index(others[1])))
            expect(field).to_have_value("51")
            field.fill("11")  # the player puts the mishearing right before Save
        save(phone)
        taps, _keys = phone.count()
        assert taps == 2, f"deal {number}: {taps} touches"
        expected.append({"out": out, "hands": hands})
    phone.shot("say-thirteen-finished")
    view = services.load_game(uow, game_id)
    assert list(view.entries) == expected
    assert view.state.finished


RUM_PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Émile", "Zoë"]


def rum_deals() -> list[dict]:
    """Three deals of 500 Rum for six: Ann's 260 melded twice takes her past 500."""
    deals = []
    for out in ("Ann", "Bob", "Ann"):
        melds = {p: (260 if p == out else 10 * (i + 1)) for i, p in enumerate(RUM_PLAYERS)}
        hands = {p: 5 * i for i, p in enumerate(RUM_PLAYERS) if p != out}
        deals.append({"out": out, "melds": melds, "hands": hands})
    return deals


def test_a_six_player_500_rum_game_said_in_french(phone, uow):
    game_id = start(phone, "500 Rum", RUM_PLAYERS)
    phone.page.context.set_extra_http_headers({"Accept-Language": "fr"})
    phone.page.reload()
    for number, deal in enumerate(rum_deals(), 1):
        out, melds, hands = deal["out"], deal["melds"], deal["hands"]
        clauses = [f"{out} est sorti a posé {melds[out]}"]
        clauses += [f"{p} a posé {melds[p]} et {hands[p]} en main" for p in RUM_PLAYERS if p != out]
        phone.page.evaluate("words => { window.nextWords = words; }", ", ".join(clauses))
        with phone.page.expect_navigation():
            phone.tap(phone.page.get_by_role("button", name="Parler"))
        if number == 1:
            phone.shot("say-500-filled-fr")
        with phone.page.expect_navigation():
            phone.tap(phone.page.get_by_role("button", name=re.compile(r"^Enregistrer")))
        taps, _keys = phone.count()
        assert taps == 2
    phone.shot("say-500-finished-fr")
    view = services.load_game(uow, game_id)
    assert list(view.entries) == rum_deals()
    assert view.state.finished and view.state.winners == ["Ann"]


# The reader's script, its words and the game's names, kept for the day the signal goes.
READER_KEPT = """async () => {
  const files = await caches.open(sk.caches.files);
  const say = document.querySelector("#say-form").dataset;
  const kept = await Promise.all([say.src, say.words, say.game].map((u) => files.match(u)));
  return kept.every(Boolean);
}"""


def opened_for_offline(page, game_id: str, token: str) -> None:
    """``opened_with_its_worker``, and the reader's files kept too (the page keeps them
    after it loads: wait for that, not a time)."""
    opened_with_its_worker(page, game_id, token)
    wait_in_page(page, READER_KEPT, "the reader's words and script kept by the service worker")


def go_offline(page) -> None:
    """No signal, as the page itself hears it (its offline notice shows)."""
    cut_signal(page)
    expect(page.locator("#offline")).to_be_visible()


def type_offline(phone: Phone, number: int, words: str, filled: int) -> None:
    """Type the line and Fill in (read on the phone), then Save: the deal waits."""
    page = phone.page
    page.fill("#said", words)
    phone.tap(page.get_by_role("button", name="Fill in"))
    expect(page.locator("#deal-form .heard")).to_have_count(filled)
    expect(page.locator("#say-note")).to_contain_text("Heard")
    phone.tap(page.get_by_role("button", name=f"Save deal {number}"))
    # The next deal's form, or past the game's last deal none: it is over once sent.
    after = page.get_by_role("button", name=f"Save deal {number + 1}")
    expect(after.or_(page.get_by_text("Every deal is played"))).to_be_visible()
    # The line said for the kept deal goes with it: the next one's empty fields are not
    # marked heard, nor is the old line said (else its Save could go before its Fill in).
    expect(page.locator("#deal-form .heard")).to_have_count(0)
    expect(page.locator("#said")).to_have_value("")
    expect(page.locator("#say-note")).to_have_text("")


# Exhaustive tier (tests/tiers.py): six players of 500 Rum typed offline (below) stands for
# it; a queue longer than the three deals offline of test_offline.py adds no other path.
@SLOW
@pytest.mark.exhaustive
def test_a_thirteen_deal_game_typed_offline_reaches_the_server(phone, uow):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=PLAYERS)
    page = phone.page
    opened_for_offline(page, started.game.public_id, started.edit_token)
    go_offline(page)
    expected = []
    for number in range(1, 14):
        out = PLAYERS[number % 3]
        others = [p for p in PLAYERS if p != out]
        words = f"{out} out, {others[0]} {number} and {others[1]} {number + 20}"
        if number == 7:  # misheard: Bobb; a name one letter off is still Bob
            words = words.replace("Bob", "Bobb")
        type_offline(phone, number, words, filled=2)
        if number == 1:
            phone.shot("say-offline-filled")
        expected.append({"out": out, "hands": {others[0]: number, others[1]: number + 20}})
    expect(page.locator("#deals tr.waiting")).to_have_count(13)
    expect(page.locator("#deal-form")).to_be_hidden()
    restore_signal(page)
    expect(page.locator("#deals tr.waiting")).to_have_count(0, timeout=30_000)
    view = services.load_game(uow, started.game.public_id)
    assert list(view.entries) == expected
    assert view.state.finished


def test_six_players_of_500_rum_typed_offline_with_a_mishearing_put_right(phone, uow):
    started = services.start_game(uow, preset="500 Rum", players=RUM_PLAYERS)
    page = phone.page
    opened_for_offline(page, started.game.public_id, started.edit_token)
    go_offline(page)
    for number, deal in enumerate(rum_deals(), 1):
        out, melds, hands = deal["out"], deal["melds"], deal["hands"]
        clauses = [f"{out} went out melded {melds[out]}"]
        clauses += [
            f"{p} melded {melds[p]} and {hands[p]} in hand" for p in RUM_PLAYERS if p != out
        ]
        said = ", ".join(clauses)
        if number == 1:  # Zoë's 60 heard as 16
            said = said.replace("melded 60", "melded 16")
        page.fill("#said", said)
        phone.tap(page.get_by_role("button", name="Fill in"))
        expect(page.locator("#deal-form .heard")).to_have_count(11)
        if number == 1:
            phone.shot("say-offline-500")
            field = page.locator("#melds_5")
            expect(field).to_have_value("16")
            field.fill("60")  # put right before Save
        phone.tap(page.get_by_role("button", name=f"Save deal {number}"))
        expect(page.locator("#deals tr.waiting")).to_have_count(number)
    restore_signal(page)
    expect(page.locator("#deals tr.waiting")).to_have_count(0, timeout=30_000)
    view = services.load_game(uow, started.game.public_id)
    assert list(view.entries) == rum_deals()
    assert view.state.finished


def test_offline_the_mic_fills_the_form_read_on_the_phone(phone, uow):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=PLAYERS)
    page = phone.page
    opened_for_offline(page, started.game.public_id, started.edit_token)
    go_offline(page)
    page.evaluate("() => { window.nextWords = 'Cy went out, Ann 4, Bob 9'; }")
    mic = page.get_by_role("button", name="Speak")
    phone.tap(mic)
    # The note first: should the words not reach the form, it says why (once, in CI,
    # no field was marked and nothing told what the page had said).
    expect(page.locator("#say-note")).to_contain_text("Heard")
    expect(page.locator("#deal-form .heard")).to_have_count(2)
    expect(page.get_by_role("radio", name="Cy", exact=True)).to_be_checked()
    expect(mic).to_have_attribute("aria-pressed", "false")
    phone.shot("say-offline")
    assert services.load_game(uow, started.game.public_id).entries == ()
