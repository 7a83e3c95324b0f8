"""bench/bench_pages.py's budget, kept by the suite: the new-game page, with everything
it loads, within 14 KB gzipped in every language; the page carries only the chosen
game's description, and every other game's comes with its house rules."""

from __future__ import annotations

import html
import re

import pytest

from bench.bench_pages import BUDGET_GZIP, weigh
from scorekeeper.web.common.i18n import LANGUAGES
from scorekeeper.web.table.forms import GAMES


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_game_page_is_within_the_budget_in_every_language(client, language):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language

    page = weigh(client, "/games/new")

    assert page["other_hosts"] == []
    assert page["total_gzip"] <= BUDGET_GZIP, page


def descriptions(client, language: str) -> dict[str, str]:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    found = {}
    for game in GAMES:
        rules = client.get("/games/new/rules", query_string={"game": game})
        assert rules.status_code == 200, game
        described = re.search(r'<fieldset data-variant="[^"]+" data-desc="([^"]+)">', rules.text)
        assert described, (game, rules.text[:200])
        found[game] = html.unescape(described.group(1))
    return found


def test_each_games_description_comes_with_its_rules_in_the_readers_language(client):
    english, hindi = descriptions(client, "en"), descriptions(client, "hi")

    assert english == {game: described for game, (_, described, *_) in GAMES.items()}
    # Translated: Devanagari in every one (the games' names may stay in Latin letters).
    assert all(re.search("[\u0900-\u097f]", described) for described in hindi.values())


def test_the_page_carries_the_chosen_games_description_and_no_others(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"

    page = client.get("/games/new", query_string={"game": "preset:500 Rum"}).text

    assert "data-desc" not in page
    shown = re.search(r'<p class="hint" id="game-desc">([^<]*)</p>', page).group(1)
    assert html.unescape(shown) in {described for _, described, *_ in GAMES.values()}
