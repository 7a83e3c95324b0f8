"""The new-game page's house rules in words a player uses, in the page's language:
every label, choice and hint from the catalog; no option ids, no "null"."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper import scoring
from scorekeeper.web.table.forms import GAMES
from tests.catalogs import catalog
from tests.web.support import csrf_token, house_rules_as_shown, message_beside, text

LANGUAGES = ["en", "fr", "es", "pl", "de", "hi"]
RAW = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\bnull\b")


def shown_text(html: str) -> str:
    """What a player reads: the text between tags, without attributes."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_games_house_rules_are_in_words(client, language):
    client.get(f"/language/{language}")
    words = catalog(language) if language != "en" else None
    words_for = {
        str(text): words[text].string if words else str(text)
        for variant in scoring.VARIANTS.values()
        for spec in variant.options
        for text in (spec.label, *(spec.choice_labels or ()))
    }
    assert all(words_for.values())  # every one translated
    for game in GAMES:
        html = client.get("/games/new/rules", query_string={"game": game}).get_data(as_text=True)
        said = shown_text(html)
        assert not RAW.findall(said), (game, RAW.findall(said))
        if language == "en":
            continue
        # Each label and choice is the catalog's words for the core's own (a name may
        # rightly read the same, as "Pool rummy" in French).
        variant = scoring.get_variant(GAMES[game][2])
        for spec in variant.options:
            assert re.search(rf">\s?{re.escape(words_for[spec.label])}</label>", html), (game, spec)
            for label in spec.choice_labels or ():
                assert f">{words_for[label]}</option>" in html, (game, label)


def test_a_refused_house_rule_says_what_to_type_without_null(client):
    client.get("/language/pl")
    shown = house_rules_as_shown(client, "preset:5000 Rummy")
    shown["o_rummy5000_queen_of_spades"] = "dużo"
    page = client.get("/games/new").get_data(as_text=True)
    data = {"game": "preset:5000 Rummy", "act": "start", "csrf_token": csrf_token(page)}
    data.update({"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", **shown})
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    said = message_beside(text(response), "o_rummy5000_queen_of_spades")
    assert said and "null" not in said
