"""Helpers for the browser tests: the screens they run on, a game started and played
through the page, a phone taken offline. (Fixtures are in conftest.py.)"""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, Route, expect

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.service_layer.results import GameView
from tests.browser.phone import LOOPBACK, NO_SIGNAL_COOKIE, Phone
from tests.league.support import PASSWORD
from tests.tiers import sampled
from tests.waiting import PATIENCE, wait_until

# A Pixel 5 with the screen of the smallest phones in use, and the Pixel 5 itself.
SCREENS = {
    "360x640": {"viewport": {"width": 360, "height": 640}, "screen": {"width": 360, "height": 640}},
    "Pixel 5": {},
}


# An iPhone SE's screen, the smallest the issues name; the languages the small-screen
# tests read the pages in (a long-word one beside English).
SMALL = {"viewport": {"width": 375, "height": 667}, "screen": {"width": 375, "height": 667}}
LANGUAGES = {"en": "en-US", "pl": "pl-PL"}
# Every run plays each of these tests on the smallest screen and in the long-word
# language; the Pixel 5's own screen and English are every other browser test's, so their
# repeats here are the exhaustive tier's (tests/tiers.py).
ON_SCREENS = sampled(SCREENS, quick=["360x640"], ci=[])
IN_LANGUAGES = sampled(LANGUAGES, quick=["pl"], ci=[])
SAVE = re.compile(r"^Save deal \d+$")
# The browser's SpeechRecognition, as far as the page uses it: start() hears the
# transcript the test set in window.nextWords, then ends, as a real one does after a pause.
STAND_IN = """
window.SpeechRecognition = class {
  start() {
    setTimeout(() => {
      const words = window.nextWords;
      if (words) this.onresult({ results: [[{ transcript: words, confidence: 0.9 }]] });
      this.onend();
    }, 50);
  }
  stop() { this.onend(); }
};
"""


# A page's script held back until the test says so: a phone on a slow signal, where the
# player changes the page before its script has come. The page needs its service worker
# blocked (new_phone(service_workers="block")), else the worker fetches past the route.
LATE = 'document.addEventListener("sk-late", () => {\n%s\n}, { once: true });'


def script_held_back(page: Page, script: str) -> None:
    """Hold back ``script`` (a file of scorekeeper/static) on every page ``page`` opens,
    until let_the_script_run."""

    def wrap(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=LATE % response.text())

    page.route(f"**/static/{script}*", wrap)


def let_the_script_run(page: Page) -> None:
    page.evaluate('document.dispatchEvent(new Event("sk-late"))')


def start_game(
    phone: Phone,
    game: str,
    players: list[str],
    *,
    rules: dict[str, str] | None = None,
    cents_per_point: str | None = None,
) -> str:
    page = phone.page
    page.goto("/")
    # Wait for the new page's load (its deferred script has run by then): before it, a
    # changed game brings no house rules, and Enter in a name starts the game.
    with page.expect_navigation(wait_until="load"):
        phone.tap(page.get_by_role("link", name="New game"))
    choose_game(page, game)
    # Typed only once the tap has focused the seat: a tap's focus comes by its gesture,
    # which may reach the page after keys sent later (record() waits the same way); keys
    # before it are lost, and the form refused for too few players.
    first = page.locator("#players-0")
    phone.tap(first)
    expect(first).to_be_focused()
    for i, name in enumerate(players):
        phone.type(name)
        if i < len(players) - 1:
            phone.press("Enter")
    if rules:
        phone.tap(page.locator("summary", has_text="House rules"))
        for field, value in rules.items():
            page.fill(f"#{field}", value)
    if cents_per_point:
        phone.tap(page.locator("summary", has_text="Play for money"))
        phone.tap(page.locator("#stakes_on"))
        page.fill("#cents_per_point", cents_per_point)
    phone.shot(f"{slug(game)}-new-game")
    game_id = started(page, lambda: phone.tap(page.get_by_role("button", name="Start the game")))
    phone.count()
    return game_id


# A game's own page; the new-game page, a refused form shown again, is /games/new.
GAME_PAGE = re.compile(r"/games/(?!new$)[\w-]+$")
# What a refused form says: the notice at its top and the words beside its fields (by
# field), then what its seats held.
REFUSALS = """() => [
  ...[...document.querySelectorAll(".notice[role=alert]:not([hidden]), p.msg")]
    .map((e) => [e.id, e.innerText.trim()]).filter(([, text]) => text)
    .map(([id, text]) => (id ? `${id}: ${text}` : text)),
  "seats: " + JSON.stringify([...document.querySelectorAll("#players input")].map((e) => e.value)),
]"""


def started(page: Page, start) -> str:
    """Tap Start (``start``) on a new-game page and wait for the game's page: its id. A
    refused form fails here at once, saying what it said (a CI run once answered 422 under
    load, and the test went on to wait for a radio on the form, which was no game page)."""
    with page.expect_navigation() as opened:
        start()
    if not GAME_PAGE.search(page.url):
        answer = opened.value
        status = answer.status if answer is not None else "no answer"
        said = "; ".join(page.evaluate(REFUSALS))
        raise AssertionError(f"the new game was refused ({status} at {page.url}): {said}")
    return page.url.rsplit("/", 1)[1]


def choose_game(page: Page, game: str) -> None:
    """Pick a game on a loaded new-game page and wait for its house rules from the server."""
    before = page.locator("#game").input_value()
    page.select_option("#game", label=game)
    chosen = page.locator("#game").input_value()
    if chosen != before:
        expect(page.locator("[name=shown]")).to_have_value(chosen)


def record(phone: Phone, out: str | None, values: list[tuple[str, str]]) -> dict:
    """Tap who went out, type each value where the focus lands, tap save."""
    page = phone.page
    if out is None:
        phone.tap(page.locator("label.tap.nobody"))
    else:
        phone.tap(page.get_by_role("radio", name=out, exact=True))
    for i, (field, text) in enumerate(values):
        expect(page.locator(f"#{field}")).to_be_focused()
        phone.type(text)
        if i < len(values) - 1:
            phone.press("Enter")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    expect(page.locator(".msg")).to_have_count(0)
    taps, keys = phone.count()
    digits = sum(len(text) for _field, text in values)
    return {"taps": taps, "keys": keys, "min_taps": 2, "min_keys": digits}


def totals_on(page: Page) -> dict[str, int]:
    items = page.locator(".totals li")
    return {
        items.nth(i).locator(".name").inner_text(): int(items.nth(i).locator(".total").inner_text())
        for i in range(items.count())
    }


def correct(phone: Phone, number: int, field: str, value: str) -> None:
    page = phone.page
    phone.tap(page.get_by_role("link", name=f"Correct deal {number}"))
    expect(page.get_by_role("heading", name=f"Correct deal {number}")).to_be_visible()
    page.fill(f"#{field}", value)
    phone.shot("correct")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=f"Save deal {number}"))
    expect(page.get_by_text(f"Deal {number} corrected.")).to_be_visible()
    phone.count()


def wait_in_page(page: Page, condition: str, what: str, *, most: float = PATIENCE) -> None:
    """Wait until ``condition``, a script function that may be async, is true in the page.

    Not Playwright's ``wait_for_function``: it does not await a promise, and an async
    function's promise is truthy at once, so it would not wait at all (it did not, for
    the caches below, until a loaded run showed it). ``evaluate`` awaits it."""
    wait_until(lambda: page.evaluate(condition), what, most=most)


# What a page keeps through the service worker for the day the signal goes.
WORKER_TAKES_PAGE = "() => navigator.serviceWorker.controller !== null"
PAGE_KEPT = "async () => !!(await (await caches.open(sk.caches.pages)).match(location.pathname))"
# The outbox's own script, fetched only when needed, is kept for the day it is.
OUTBOX_KEPT = (
    "async () => !!(await (await caches.open(sk.caches.files))"
    ".match(document.querySelector('#deal-form').dataset.outbox))"
)


# Offline as the page's own requests meet it: Chromium applies context.set_offline a
# moment after the call returns, and a Save tapped in that moment reached the server while
# the page heard no answer (a CI run on PostgreSQL, right after a browser restart).
NO_SIGNAL = """async () => !navigator.onLine
  && await fetch("/", { method: "HEAD", cache: "no-store" }).then(() => false, () => true)"""
# The no-signal cookie, for every loopback server the phone talks to (tests/browser/phone.py).
NO_SIGNAL_MARK = {"name": NO_SIGNAL_COOKIE, "value": "1", "domain": LOOPBACK, "path": "/"}


def cut_signal(phone: Page | BrowserContext) -> None:
    """Take the phone (a page's context, or a context) offline; with a page, wait until it
    can reach nothing.

    Chromium's offline emulation is set target by target (the page, its service worker,
    a page opened later), so one of them may be online for a moment: a deal once reached
    the server that way. The cookie is marked first, and the test server drops every
    request carrying it unanswered, whatever the emulation does (tests/browser/phone.py)."""
    context = phone if isinstance(phone, BrowserContext) else phone.context
    context.add_cookies([NO_SIGNAL_MARK])
    context.set_offline(True)
    if isinstance(phone, Page):
        wait_in_page(phone, NO_SIGNAL, "the phone without a signal")


def restore_signal(phone: Page | BrowserContext) -> None:
    """The signal back: the cookie gone before the emulation goes online, so no request
    is dropped once the page is told it is online."""
    context = phone if isinstance(phone, BrowserContext) else phone.context
    context.clear_cookies(name=NO_SIGNAL_COOKIE)
    context.set_offline(False)


def opened_with_its_worker(page: Page, game_id: str, token: str) -> None:
    """Open the game online once: the service worker takes the page and its files."""
    page.goto(f"/games/{game_id}/edit/{token}")
    page.wait_for_function(WORKER_TAKES_PAGE)
    wait_in_page(page, PAGE_KEPT, "the game page kept by the service worker")
    wait_in_page(page, OUTBOX_KEPT, "the outbox's script kept by the service worker")


def save_offline(page: Page, number: int, out: str, hands: dict[str, int]) -> None:
    page.get_by_role("radio", name=out, exact=True).tap()
    for name, value in hands.items():
        page.get_by_label(f"{name}: In hand").fill(str(value))
    page.get_by_role("button", name=f"Save deal {number}").tap()
    # A row of the deal grid: the deal's number, who went out, "waiting to send".
    row = page.locator("#deals tr.waiting").filter(
        has=page.get_by_role("rowheader", name=str(number), exact=True)
    )
    expect(row).to_contain_text("waiting to send")
    expect(row).to_contain_text(f"{out} went out")
    expect(page.get_by_role("button", name=f"Save deal {number + 1}")).to_be_visible()


def showing_the_current_version(page: Page, uow, game_id: str) -> None:
    """Wait until the page shows the game as the server has it now (its board's version):
    a page that reloads itself is waited for, not looked at, or closed, on its way out."""
    version = services.current_version(uow, game_id)
    expect(page.locator("#board")).to_have_attribute("data-version", str(version))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def stored(uow, game_id: str, count: int) -> list[dict]:
    """The game's entries once it has ``count`` of them (the phone sends on its own)."""
    wait_until(
        lambda: len(services.load_game(uow, game_id).entries) >= count,
        f"{count} deals stored",
    )
    return list(services.load_game(uow, game_id).entries)


def start(phone: Phone, game: str, players: list[str], name: str, **more) -> str:
    """Start a game from the new-game page in any language (``game`` is the game's name
    as the page shows it; ``open`` the words of the sections to open); ``more`` fills
    fields by id after the names."""
    page = phone.page
    page.goto("/games/new")
    choose_game(page, game)
    for i, player in enumerate(players):
        if i >= page.locator("#players input").count():
            phone.tap(page.locator("#add-player"))
        page.fill(f"#players-{i}", player)
    for opener in more.pop("open", ()):
        phone.tap(page.locator("summary", has_text=opener))
    for field, value in more.items():
        target = page.locator(f"#{field}")
        if target.get_attribute("type") == "checkbox":
            phone.tap(target)
        elif target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)
    phone.shot(f"{name}-new-game")
    return started(
        page, lambda: phone.tap(page.locator("button.save[value=start]"))
    )  # any language


def check(phone: Phone, uow, game_id: str, expected: list[dict]) -> GameView:
    view = services.load_game(uow, game_id)
    assert list(view.entries) == expected
    assert totals_on(phone.page) == scoring.derive(view.setup, expected, view.ending).totals
    return view


def end_here(phone: Phone, name: str, *, split: bool = False) -> None:
    page = phone.page
    phone.tap(page.get_by_role("link", name="End the game here"))
    expect(page.get_by_role("heading", name="End the game here?")).to_be_visible()
    if split:
        phone.tap(page.get_by_label("Split the pot"))
    phone.shot(f"{name}-end-confirm")
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name="End the game here"))
    expect(page.get_by_role("heading", name="Game ended early")).to_be_visible()


def submit(page: Page, name: str, *, exact: bool = False) -> None:
    """Tap the form's button and wait for the page it leads to."""
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=exact).click()


def log_in(page: Page, email: str = "org@example.org", server: str = "") -> None:
    """An organizer's (or scorer's) log-in, on this server or on ``server``."""
    page.goto(f"{server}/account/login")
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", PASSWORD)
    submit(page, "Log in")


def fits(page: Page) -> bool:
    """Nothing to scroll: the whole page is on the screen (a TV across the room)."""
    height, inner = page.evaluate("[document.documentElement.scrollHeight, innerHeight]")
    width, inner_width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    return height <= inner and width <= inner_width


def record_marked(phone: Phone, out: str, numbers: dict[str, str], marks=(), flags=()) -> None:
    """Tap who went out, type the numbers (by field id), tap each mark and flag (by input
    name), save: a deal of the games whose form has marks and flags."""
    page = phone.page
    phone.tap(page.get_by_role("radio", name=out, exact=True))
    for field, value in numbers.items():
        page.fill(f"#{field}", value)
    for mark in marks:
        phone.tap(page.locator(f"label.mark:has(input[name={mark}])"))
        expect(page.locator(f"input[name={mark}]")).to_be_checked()
    for flag in flags:
        phone.tap(page.locator(f"label.check:has(input[name={flag}])"))
        expect(page.locator(f"input[name={flag}]")).to_be_checked()
    with page.expect_navigation():
        phone.tap(page.get_by_role("button", name=SAVE))
    phone.shot("last-recorded")
    expect(page.locator(".msg")).to_have_count(0)
    expect(page.locator(".notice[role=alert]:visible")).to_have_count(0)


# The venue's TV: 1920 x 1080, no touch, no zoom.
VENUE_TV = {
    "viewport": {"width": 1920, "height": 1080},
    "screen": {"width": 1920, "height": 1080},
    "is_mobile": False,
    "has_touch": False,
    "device_scale_factor": 1,
}
