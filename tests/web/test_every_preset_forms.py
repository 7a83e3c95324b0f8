"""Every preset played to its end through the pages' forms, as a phone without scripts
sends them (Flask's test client): the game chosen on the new-game page and its house
rules shown (the page's no-script button), the names, house rules and stakes typed in,
then every deal typed into the deal form as served, until the game is over.

The finished page's totals, winners and money, and the stored entries, are compared
with the scoring core's own play of the same deals from a setup made here
(tests/plays.py): a rule or stake the form sent unasked shows as a difference. The
browser taps a few of these presets through the same forms, one for each way the deal
form is filled (tests/browser/test_every_preset_play.py).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.web.table.presenters import enabled_fields
from tests.catalogs import translated
from tests.plays import PLAYS, Play, played, typed_rules, typed_stakes
from tests.web.support import fields_as_sent, text

LOCALES = {"en": "en-US", "de": "de-DE"}


def test_every_preset_has_a_play():
    assert set(PLAYS) == set(scoring.PRESETS)
    assert {play.language for play in PLAYS.values()} == {"en", "de"}
    assert {play.players for play in PLAYS.values()} >= {2, 3, 4, 5, 6, 7, 8}


def form_on(page: str, opening: str) -> dict[str, str]:
    """The fields of the form that starts with ``opening``, as a browser sends them."""
    form = page[page.index(opening) :]
    return fields_as_sent(form[: form.index("</form>")])


def start_game(client, name: str, play: Play, players: list[str]) -> str:
    """Choose the preset, show its house rules, type the names, rules and stakes, start."""
    game = f"preset:{name}"
    chosen = form_on(text(client.get("/games/new")), '<form method="post" class="new"')
    page = client.post("/games/new", data=chosen | {"game": game, "act": "update"})
    assert page.status_code == 200
    data = form_on(text(page), '<form method="post" class="new"')
    assert data["shown"] == game
    data |= {f"players-{i}": player for i, player in enumerate(players)}
    data |= typed_rules(name, play)
    if play.stakes:
        data["stakes_on"] = "y"
        data |= typed_stakes(play)
    started = client.post("/games/new", data=data | {"act": "start"})
    assert started.status_code == 303, text(started)
    game_id = started.headers["Location"].split("/")[2]
    assert client.get(started.headers["Location"]).status_code == 303  # the token kept
    return game_id


def typed(setup: scoring.Setup, entry: dict[str, Any]) -> dict[str, str | None]:
    """What a player changes on the deal form for ``entry``, by input name (None: a
    box ticked as served and left unticked)."""
    seat = {name: i for i, name in enumerate(setup.players)}.get
    data: dict[str, str | None] = {}
    for f in enabled_fields(setup):
        value = entry.get(f.name)
        if f.kind == "player":
            if "void" in entry:
                data["out"] = "void"
            elif f.name in entry:
                data["out"] = "none" if value is None else str(seat(value))
        elif f.kind in ("per_player", "signed_per_player"):
            data |= {
                f"{f.name}_{seat(name)}": str(number) for name, number in (value or {}).items()
            }
        elif f.kind == "players":
            data |= {
                f"{f.name}_{seat(name)}": "y"
                for name in value or ()
                if not (f.includes_out and name == entry.get("out"))
            }
        elif f.kind == "bool_per_player":  # every side starts ticked
            data |= {f"{f.name}_{seat(name)}": None for name, on in (value or {}).items() if not on}
        elif f.kind == "bool" and value:
            data[f.name] = "y"
        elif f.kind == "card" and value:
            data |= {"upcard_rank": value[:-1], "upcard_suit": value[-1]}
    return data


def save_deal(client, game_id: str, setup: scoring.Setup, entry: dict[str, Any]) -> str:
    """Type ``entry`` into the deal form as served and save it: the page that follows."""
    served = form_on(text(client.get(f"/games/{game_id}")), 'id="deal-form"')
    changes = typed(setup, entry)
    data = {key: value for key, value in (served | changes).items() if value is not None}
    saved = client.post(f"/games/{game_id}/deals", data=data)
    assert saved.status_code == 303, text(saved)
    page = text(client.get(f"/games/{game_id}"))
    assert 'id="problems"' not in page, re.findall(r'<p class="msg"[^>]*>([^<]+)', page)
    return page


def shown_totals(page: str) -> dict[str, int]:
    listed = page[page.index('<ul class="totals') :]
    listed = listed[: listed.index("</ul>")]
    pairs = re.findall(r'<span class="name">([^<]*)</span>\s*<span class="total">([^<]*)<', listed)
    return {name: int(total.replace("\u2212", "-")) for name, total in pairs}


def shown_balances(page: str) -> dict[str, int]:
    listed = page[page.index('<ul class="balances">') :]
    listed = listed[: listed.index("</ul>")]
    pairs = re.findall(r'<li><span>([^<]*)</span> <b[^>]*data-cents="(-?\d+)"', listed)
    return {name: int(cents) for name, cents in pairs}


# Cheap (all 37 in some 6 s of one core), so every run plays every preset.
@pytest.mark.parametrize("name", sorted(PLAYS))
def test_the_preset_is_played_to_its_end_through_its_forms(name, client, uow):
    game = played(name)
    play, setup = game.play, game.setup
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = LOCALES[play.language]
    game_id = start_game(client, name, play, list(setup.players))
    for entry in game.entries:
        page = save_deal(client, game_id, setup, entry)
    assert f'<html lang="{play.language}"' in page
    assert f"<h2>{translated(play.language, 'Game over')}</h2>" in page

    view = services.load_game(uow, game_id)
    assert list(view.entries) == game.entries
    assert view.state.as_dict() == game.derived.as_dict()
    assert shown_totals(page) == game.derived.totals
    winners = translated(play.language, " and ").join(game.derived.winners)
    assert f"<strong>{winners}</strong>" in page
    if game.derived.settlement is None:
        assert 'class="money' not in page
    else:
        assert shown_balances(page) == game.derived.settlement["balances"]
