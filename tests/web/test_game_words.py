"""Each game's own words on its pages and pads, in every language, as its family declares
them (scoring/surface.py and the family's module): Burraco's side closes, Rummikub's
"dealer" plays first and its pieces are tiles, a golf deal is a hole, the seats section
names every partnership game, and a title never says a game's name twice."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask_babel import ngettext

from scorekeeper.i18n import force_locale
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import About, render_html
from scorekeeper.service_layer import services
from scorekeeper.web.table.entry_text import entry_text
from tests.catalogs import translated
from tests.web.support import text

LANGUAGES = {
    "en": "en_US",
    "fr": "fr_FR",
    "es": "es_ES",
    "pl": "pl_PL",
    "de": "de_DE",
    "hi": "hi_IN",
}


@pytest.fixture(params=list(LANGUAGES))
def language(request, client) -> str:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = request.param
    return request.param


def opened(client, uow, preset: str, players: list[str], entries=(), **settings) -> str:
    """A game started and played as far as ``entries``, its edit link opened by ``client``."""
    started = services.start_game(uow, preset=preset, players=players, **settings)
    game_id = started.game.public_id
    for entry in entries:
        services.record_deal(uow, game_id, started.edit_token, entry)
    assert client.get(f"/games/{game_id}/edit/{started.edit_token}").status_code == 303
    return game_id


def test_burracos_grid_says_the_side_closed_as_its_form_asks(app, client, uow, language):
    entry = {
        "out": "NS",
        "melded": {"NS": 560, "EW": 245},
        "hand": {"NS": 15, "EW": 85},
        "clean": {"NS": 1, "EW": 0},
        "dirty": {"NS": 1, "EW": 1},
        "pozzetto": {"NS": True, "EW": False},
    }
    game_id = opened(client, uow, "Burraco", ["NS", "EW"], [entry])
    page = text(client.get(f"/games/{game_id}"))
    assert translated(language, "Who closed?") in page
    key = re.search(r'<p class="key"><span class="dot">●</span> ([^·]+) ·', page).group(1)
    assert key.strip() == translated(language, "closed")
    assert f'<span class="vh">{translated(language, "closed, ")}</span>' in page
    words = re.search(r"data-words='([^']+)'", page).group(1)
    assert translated(language, "{who} closed") in words
    # The history's line for the deal, as a correction would show it.
    setup = services.load_game(uow, game_id).setup
    with app.test_request_context("/", headers={"Accept-Language": language}):
        line = entry_text(entry, setup)
    assert line.startswith(translated(language, "{who} closed").replace("{who}", "NS"))


def test_rummikubs_play_again_says_who_plays_first_and_nobody_deals(client, uow, language):
    racks = [{"out": "Ann", "racks": {"Bob": 12}}, {"out": "Bob", "racks": {"Ann": 7}}]
    page = text(client.get(f"/games/{opened(client, uow, 'Rummikub', ['Ann', 'Bob'], racks)}"))
    again = re.search(r'<form [^>]*class="again">.*?</form>', page, re.S).group(0)
    said = translated(
        language, "Same players, game, house rules and stakes; %(first)s plays first.", first="Bob"
    )
    assert said in again


def test_a_golf_deal_is_a_hole_on_the_page_and_its_say_example_has_no_one_going_out(
    app, client, uow, language
):
    game_id = opened(
        client, uow, "Golf (9 holes)", ["Ann", "Jörg"], [{"scores": {"Ann": 4, "Jörg": 9}}]
    )
    page = text(client.get(f"/games/{game_id}"))
    assert f'<th scope="col">{translated(language, "Hole")}</th>' in page
    assert translated(language, "Hole %(number)s of %(deals)s", number=2, deals=9) in page
    save = translated(language, "Save hole {number}").replace("{number}", "2")
    assert f'<button type="submit" class="save">{save}</button>' in page
    assert translated(language, "Deal %(number)s of %(deals)s", number=2, deals=9) not in page
    with app.test_request_context("/", headers={"Accept-Language": language}):
        left = ngettext(
            "%(num)s hole left; lowest total wins.", "%(num)s holes left; lowest total wins.", 8
        )
    assert f'<p class="progress">{left}' in page
    example = translated(language, "%(first)s 5, %(second)s 12", first="Ann", second="Jörg")
    assert f'placeholder="{example}"' in page
    out = translated(language, "%(first)s out, %(second)s 12", first="Ann", second="Jörg")
    assert out not in page


def test_the_seats_section_names_every_partnership_game(client, language):
    page = text(client.get("/games/new"))
    summary = re.search(r'<details class="partners"[^>]*>\s*<summary>([^<]+)</summary>', page)
    for game in ("Canasta", "Hand and Foot", "Burraco"):
        assert translated(language, game) in summary.group(1)


def pad_html(app, language: str, **setup) -> tuple:
    locale = LANGUAGES[language]
    with app.test_request_context("/"), force_locale(locale):
        pad = blank_pad(locale=locale, **setup)
        html = render_html("pad.html", pads=[pad], pack=None, about=About.of(pad.title, "", locale))
    return pad, unescape(re.sub(r"\s+", " ", html))


def test_a_rummikub_pads_value_table_is_of_tiles(app, language):
    _pad, html = pad_html(app, language, preset="Rummikub")
    assert f'<th class="label">{translated(language, "Tile")}</th>' in html


def test_a_pad_names_its_game_once(app, language):
    pad, html = pad_html(app, language, preset="Golf (9 holes)")
    golf, nine = translated(language, "Golf"), translated(language, "Golf (9 holes)")
    assert f"{golf} ({nine})" not in html and nine in html
    # The golf card's first head says Hole (the holes run across), shortened with a key
    # where the column is narrow (Polish "Doł.: Dołek").
    hole, head = translated(language, "Hole"), pad.heads.deal
    assert f'<th class="label">{head}</th>' in html
    assert head == hole or f"{head}: {hole}" in html
    free, _html = pad_html(app, language, preset="Free score pad")
    assert free.title == translated(language, "Free score pad")
