"""Entering a deal on a small phone: the paths that used to record the wrong deal or
lose what was typed, each at 360 x 640 and as a Pixel 5, in real Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone, picture
from tests.browser.support import (
    ON_SCREENS,
    SCREENS,
    let_the_script_run,
    script_held_back,
    start_game,
)

pytestmark = pytest.mark.browser


@pytest.fixture(params=ON_SCREENS)
def screen(request) -> str:
    return request.param


@pytest.fixture
def phone(new_phone, shots, screen) -> Phone:
    return Phone(new_phone(**SCREENS[screen]), shots)


def shot(phone: Phone, screen: str, name: str) -> None:
    phone.shot(f"entry-{name}-{screen.replace(' ', '-').lower()}")


def in_view(page: Page, selector: str) -> bool:
    """The element is wholly on the screen as it stands (nothing scrolled by the test)."""
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.top >= 0 && r.bottom <= innerHeight; }""",
        selector,
    )


def opened(new_phone_page: Page, game_id: str, token: str) -> Page:
    new_phone_page.goto(f"/games/{game_id}/edit/{token}")
    return new_phone_page


def test_enter_on_the_last_number_moves_to_big_gin_and_only_save_saves(phone, screen, uow):
    page = phone.page
    game_id = start_game(phone, "Gin Rummy", ["Ann", "Bob"])
    page.get_by_role("radio", name="Ann", exact=True).tap()
    expect(page.locator("#hands_0")).to_be_focused()
    # The knocker is marked as such, not as having gone out.
    after = "s => getComputedStyle(document.querySelector(s), '::after').content"
    assert page.evaluate(after, ".row.is-out .who") == '" (knocked)"'
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    page.keyboard.type("10")
    page.keyboard.press("Enter")  # the phone keyboard's "next" on the last number
    expect(page.locator("#big_gin")).to_be_focused()
    assert not services.load_game(uow, game_id).entries
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Save deal 1")).to_be_focused()
    shot(phone, screen, "big-gin")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    entry = services.load_game(uow, game_id).entries[0]
    assert entry == {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 10}, "big_gin": True}
    expect(page.locator(".grid tbody tr").first.locator(".what")).to_have_text("big gin")


def test_a_refused_deal_stays_on_the_game_page_with_the_first_bad_field_focused(phone, screen, uow):
    page = phone.page
    game_id = start_game(phone, "Crazy Gin (13 deals)", ["Ann", "Bob", "Cy", "Dee"])
    page.get_by_role("radio", name="Ann", exact=True).tap()
    page.keyboard.type("12")
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal 1").tap()
    assert page.url.endswith(f"/games/{game_id}#problems")
    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("Deal 1 was not saved.")
    expect(summary.get_by_role("link", name=re.compile(r"^Cy, in hand: "))).to_be_visible()
    expect(page.locator("#hands_2")).to_be_focused()
    expect(page.locator("#hands_1")).to_have_value("12")
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_checked()
    shot(phone, screen, "refused")
    # A reload is a plain GET of the game: nothing is sent again.
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.reload()
    assert posts == []
    assert not services.load_game(uow, game_id).entries


def test_a_saved_deal_is_said_and_can_be_undone_from_beside_the_message(phone, screen, uow):
    page = phone.page
    game_id = start_game(phone, "Crazy Gin (13 deals)", ["Ann", "Bob", "Cy", "Dee"])
    # One deal is tap, type, save with nothing scrolled by hand on the smallest screen;
    # Save lies over no player until who went out is chosen.
    assert in_view(page, "label.tap")
    assert page.evaluate("getComputedStyle(document.querySelector('.send')).position") == "static"
    page.get_by_role("radio", name="Bob", exact=True).tap()
    for digits in ("4", "9"):
        page.keyboard.type(digits)
        page.keyboard.press("Enter")
    page.keyboard.type("30")
    assert in_view(page, "button.save")
    shot(phone, screen, "typed")
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal 1").tap()
    expect(page.get_by_role("status").filter(has_text="Deal 1 saved.")).to_be_visible()
    expect(page.locator("#say")).to_have_text("Deal 1 saved")
    assert in_view(page, ".done")
    shot(phone, screen, "saved")
    with page.expect_navigation():
        page.get_by_role("button", name="Undo deal 1").tap()
    expect(page.get_by_text("Deal 1 was undone.")).to_be_visible()
    assert not services.load_game(uow, game_id).entries


def test_another_phones_deal_is_shown_by_save_and_what_was_typed_moves_on(
    new_phone, shots, screen, uow
):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    phone = Phone(opened(new_phone(**SCREENS[screen]), game_id, token), shots)
    page = phone.page
    page.get_by_role("radio", name="Cy", exact=True).tap()
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    page.keyboard.type("11")
    # Meanwhile the other phone at the table records deal 1.
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 5, "Cy": 6}})
    stale = page.locator("#stale")
    expect(stale).to_be_visible()
    expect(stale).to_have_text(
        "Another phone saved deal 1. What you typed is kept for deal 2: check it, then save."
    )
    assert in_view(page, "#stale") and in_view(page, "button.save")
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()
    expect(page.locator("#hands_0")).to_have_value("7")
    expect(page.locator("#hands_1")).to_have_value("11")
    expect(page.locator(".totals")).to_contain_text("6")  # the new score is on the page
    shot(phone, screen, "stale")
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal 2").tap()
    entries = services.load_game(uow, game_id).entries
    assert entries[1] == {"out": "Cy", "hands": {"Ann": 7, "Bob": 11}}


def test_a_deal_typed_before_the_script_runs_moves_on_when_another_phone_saves(new_phone, uow):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    page = new_phone(service_workers="block")  # else the worker fetches past the route
    script_held_back(page, "game.js")
    opened(page, game_id, token)
    page.get_by_role("radio", name="Cy", exact=True).check()
    page.fill("#hands_0", "7")
    let_the_script_run(page)
    expect(page.locator(".row[data-seat='2']")).to_have_class(re.compile("is-out"))
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 5, "Cy": 6}})
    expect(page.locator("#stale")).to_be_visible()  # kept for deal 2, not reloaded away
    expect(page.locator("#hands_0")).to_have_value("7")


def test_a_deal_typed_before_the_outbox_runs_is_kept_for_the_deal_now_due(new_phone, uow):
    """Deal 1 waits on the phone (its send never answered); the page opened again shows
    the server's deal 1 until the outbox comes, and what is typed meanwhile is deal 2's."""
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    page = opened(new_phone(service_workers="block"), game_id, token)
    hung: list[Route] = []
    page.route(f"**/games/{game_id}/deals", lambda route: hung.append(route))  # deal 1 waits
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.fill("#hands_1", "5")
    page.fill("#hands_2", "6")
    with page.expect_request(lambda request: request.method == "POST"):
        page.get_by_role("button", name="Save deal 1").click()
    script_held_back(page, "outbox.js")
    page.reload()
    page.get_by_role("radio", name="Bob", exact=True).check()
    page.fill("#hands_0", "7")
    let_the_script_run(page)
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()
    expect(page.locator("#deals tr.waiting")).to_have_count(1)
    expect(page.locator("#stale")).to_have_text(  # said: typed under deal 1, it is deal 2's
        "Deals are waiting on this phone. What you typed is kept for deal 2: check it, then save."
    )
    expect(page.get_by_role("radio", name="Bob", exact=True)).to_be_checked()
    expect(page.locator("#hands_0")).to_have_value("7")


def test_a_refused_deal_moves_on_when_another_phone_saves(new_phone, uow):
    """The refused deal's values are the page's own (the server shows them again), and
    still what the player typed: another phone's deal moves them on, as typed ones."""
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    page = opened(new_phone(), game_id, token)
    page.get_by_role("radio", name="Cy", exact=True).check()
    page.fill("#hands_0", "7")
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal 1").click()
    expect(page.get_by_role("alert")).to_contain_text("Deal 1 was not saved.")
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 5, "Cy": 6}})
    expect(page.locator("#stale")).to_be_visible()
    expect(page.locator("#hands_0")).to_have_value("7")
    expect(page.get_by_role("radio", name="Cy", exact=True)).to_be_checked()


def test_the_press_offer_needs_a_second_tap_and_is_undone_at_once(new_phone, shots, screen, uow):
    started = services.start_game(
        uow, preset="Crazy Gin with the Press", players=["Ann", "Bob", "Cy"]
    )
    game_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, game_id, token, {"out": "Ann", "hands": {"Bob": 10, "Cy": 45}})
    phone = Phone(opened(new_phone(**SCREENS[screen]), game_id, token), shots)
    page = phone.page
    expect(page.get_by_role("button", name="Yes, Cy takes 15")).to_be_hidden()
    page.locator(".offer summary").tap()
    shot(phone, screen, "press-offer")
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, Cy takes 15").tap()
    expect(page.locator(".done")).to_contain_text("Cy took 15:")
    assert services.load_game(uow, game_id).entries[0]["press_points"] == {"Cy": 15}
    shot(phone, screen, "press-taken")
    with page.expect_navigation():
        page.locator(".done").get_by_role("button", name="Undo").tap()
    expect(page.get_by_text("Cy did not take the Press after all")).to_be_visible()
    assert list(services.load_game(uow, game_id).entries) == [
        {"out": "Ann", "hands": {"Bob": 10, "Cy": 45}}
    ]


def test_the_card_counter_counts_melds_and_reads_as_it_shows(new_phone, shots, screen, uow):
    started = services.start_game(uow, preset="500 Rum", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    phone = Phone(opened(new_phone(**SCREENS[screen]), game_id, token), shots)
    page = phone.page
    page.get_by_role("button", name="Count Bob's melded cards").tap()
    dialog = page.locator("#counter")
    expect(dialog.get_by_role("heading")).to_have_text("Count Bob's melded cards")
    for card in ("K 10 points", "Q 10 points", "J 10 points", "A 15 points"):
        dialog.get_by_role("button", name=card, exact=True).tap()
    shot(phone, screen, "counter-melds")
    dialog.get_by_role("button", name="Use 45").tap()
    expect(page.locator("#melds_1")).to_have_value("45")


def test_whoever_went_out_has_no_count_button(phone, screen):
    page = phone.page
    start_game(phone, "Crazy Gin (13 deals)", ["Ann", "Bob", "Cy"])
    page.get_by_role("radio", name="Bob", exact=True).tap()
    expect(page.locator("button.count[data-for=hands_1]")).to_be_hidden()
    expect(page.locator("button.count[data-for=hands_0]")).to_be_visible()


def test_choosing_gin_leaves_two_seats_and_a_ninth_player_is_refused_in_words(phone, screen):
    page = phone.page
    page.goto("/games/new")
    page.select_option("#game", label="Gin Rummy")
    expect(page.locator("#players input")).to_have_count(2)
    # The description comes with the game's house rules (the page carries only the first's).
    expect(page.locator("#game-desc")).to_have_text(
        "Two-player gin: knock with 10 or less, 25 for gin, to 100."
    )
    page.get_by_role("button", name="Add a player").tap()
    expect(page.locator("#players-full")).to_have_text("Gin Rummy is for two players.")
    page.select_option("#game", label="Rummy")
    for _ in range(6):
        page.get_by_role("button", name="Add a player").tap()
    expect(page.locator("#players input")).to_have_count(6)
    expect(page.locator("#players-full")).to_have_text("6 players is the most this game takes.")
    shot(phone, screen, "most-players")


def test_names_typed_before_the_script_runs_are_the_first_dealers_choices(new_phone):
    page = new_phone(service_workers="block")  # else the worker fetches past the route
    script_held_back(page, "new_game.js")
    page.goto("/games/new")
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    page.select_option("#first_dealer", "1")
    let_the_script_run(page)
    dealer = page.locator("#first_dealer")
    expect(dealer.locator("option").first).to_have_text("Ann")
    expect(dealer.locator("option:checked")).to_have_text("Bob")


def test_partnership_games_count_sides_and_pool_rummy_is_played_for_a_pot(phone, screen):
    page = phone.page
    page.goto("/games/new")
    page.select_option("#game", label="Canasta")
    page.get_by_role("button", name="Add a player").tap()
    expect(page.locator("#players-full")).to_have_text("Canasta is for two sides.")
    page.select_option("#game", label="Hand and Foot")
    page.get_by_role("button", name="Add a player").tap()
    page.get_by_role("button", name="Add a player").tap()
    expect(page.locator("#players-full")).to_have_text("3 sides is the most this game takes.")
    # The stakes follow the game chosen: pool rummy settles up in a pot.
    page.select_option("#game", label="Pool Rummy 101")
    expect(page.locator("#mode")).to_have_value("pot")
    page.select_option("#game", label="Rummy")
    expect(page.locator("#mode")).to_have_value("pairs")


def test_indian_rummys_winner_has_no_drop_or_wrong_show_to_tap(phone, screen):
    page = phone.page
    start_game(phone, "Pool Rummy 101", ["Aarav", "Bhavna", "Chandrasekhar"])
    expect(page.get_by_role("radio", name="Nobody: the stock ran out")).to_have_count(0)
    winner = page.locator(".hands .row[data-seat='1']")
    other = page.locator(".hands .row[data-seat='0']")
    winner.locator(".mark", has_text="Wrong show").tap()  # tapped before choosing
    page.get_by_role("radio", name="Bhavna", exact=True).tap()
    expect(winner.locator(".mark")).to_have_count(3)
    for mark in winner.locator(".mark").all():
        expect(mark).to_be_hidden()
    expect(winner.locator("input[name=wrong_show_1]")).not_to_be_checked()
    expect(other.locator(".mark").first).to_be_visible()
    page.get_by_role("radio", name="Aarav", exact=True).tap()
    expect(winner.locator(".mark").first).to_be_visible()
    expect(other.locator(".mark").first).to_be_hidden()


def test_history_times_are_in_the_phones_own_time(new_phone, shots, uow):
    started = services.start_game(uow, preset="Gin Rummy", players=["Ann", "Bob"])
    game_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, game_id, token, {"knocker": "Ann", "hands": {"Ann": 3, "Bob": 20}})
    services.correct_deal(
        uow, game_id, token, 1, {"knocker": "Ann", "hands": {"Ann": 3, "Bob": 25}}
    )
    page = new_phone(timezone_id="Pacific/Auckland", locale="en-NZ")
    page.goto(f"/games/{game_id}/history")
    shown = page.locator("time").first
    expect(shown).not_to_contain_text("UTC")
    stored = shown.get_attribute("datetime")
    local = page.evaluate(
        "s => new Date(s).toLocaleString([], {dateStyle: 'medium', timeStyle: 'short'})", stored
    )
    expect(shown).to_have_text(local)


def test_play_again_and_the_share_sheet_beside_the_qr_code(new_phone, shots, screen, uow):
    started = services.start_game(uow, preset="Gin Rummy", players=["Ann", "Bob"])
    game_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, game_id, token, {"knocker": "Ann", "hands": {"Ann": 0, "Bob": 90}})
    page = new_phone(**SCREENS[screen])
    # The phone's share sheet, as a phone that has one would offer it.
    page.add_init_script(
        "navigator.share = (d) => { window.shared = d; return Promise.resolve(); }"
    )
    page.goto(f"/games/{game_id}/edit/{token}")
    page.goto(f"/games/{game_id}/share")
    page.get_by_role("button", name="Share this link…").first.tap()
    assert page.evaluate("window.shared.url").endswith(f"/games/{game_id}")
    page.goto(f"/games/{game_id}")
    expect(page.get_by_text("Bob deals first.")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Play again").tap()
    page.wait_for_url(lambda url: game_id not in url)
    expect(page.get_by_role("button", name="Save deal 1")).to_be_visible()
    expect(page.locator(".next")).to_contain_text("Bob deals")
    picture(page, shots / f"entry-play-again-{screen.replace(' ', '-').lower()}.png")


def test_the_home_page_lists_this_phones_games_with_game_leader_and_date(phone, screen, uow):
    page = phone.page
    game_id = start_game(phone, "Crazy Gin (13 deals)", ["Ann", "Bob", "Cy"], rules=None)
    page.get_by_role("radio", name="Ann", exact=True).tap()
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    page.keyboard.type("7")
    with page.expect_navigation():
        page.get_by_role("button", name="Save deal 1").tap()
    page.goto("/")
    game = page.locator("#recent li").first
    expect(game).to_contain_text("Crazy Gin (13 deals)")
    expect(game).to_contain_text("Thirteen-deal rummy · Ann leads with 0")
    when = services.load_game(uow, game_id).updated_at.date()
    shown = page.evaluate(
        "d => new Date(d + 'T12:00').toLocaleDateString([], {dateStyle: 'medium'})",
        when.isoformat(),
    )
    expect(game).to_contain_text(shown)
    shot(phone, screen, "home")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_score_chart_draws_each_players_running_total(new_phone, shots, screen, uow, scheme):
    started = services.start_game(uow, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    game_id, token = started.game.public_id, started.edit_token
    for out, hands in (("Ann", {"Bob": 30, "Cy": 5}), ("Cy", {"Ann": 12, "Bob": 40})):
        services.record_deal(uow, game_id, token, {"out": out, "hands": hands})
    page = new_phone(**SCREENS[screen], color_scheme=scheme)
    page.goto(f"/games/{game_id}")
    lines = page.locator(".chart polyline")
    expect(lines).to_have_count(3)
    # The last point of each line: the higher the total, the higher on the chart.
    last_y = [
        float(lines.nth(i).get_attribute("points").split()[-1].split(",")[1]) for i in range(3)
    ]
    assert all(len(lines.nth(i).get_attribute("points").split()) == 3 for i in range(3))
    totals = services.load_game(uow, game_id).state.totals  # Ann 12, Bob 70, Cy 5
    order = sorted(range(3), key=lambda i: -totals[["Ann", "Bob", "Cy"][i]])
    assert sorted(range(3), key=lambda i: last_y[i]) == order
    colours = {lines.nth(i).evaluate("l => getComputedStyle(l).stroke") for i in range(3)}
    assert len(colours) == 3
    picture(page.locator(".chart"), shots / f"chart-{scheme}-{screen.replace(' ', '-')}.png")
