"""Nicknames on the game page: a name the reader could not place is asked once ("Who is
“Priya”?"), the players as buttons; the answer is kept with the game and the line read
again with it."""

from __future__ import annotations

import html as markup
import re

from .saying import say, value
from .support import csrf_token, start, text

PLAYERS = [
    "Priyanka Venkataraman-Østergård Ñúñez",
    "Bartholomew Ångström-Zieliński",
    "Zoë Beaumont-Lefèvre",
    "Łukasz Wiśniewski-Brzęczyszczykiewicz",
    "Renée Château-Dubois",
    "Björn Ólafsson Þórðarson",
]


def answer(client, game_id: str, page: str, who: str):
    form = page[page.index('class="who-is"') :]
    data = {
        "csrf_token": csrf_token(form),
        "word": re.search(r'name="word" value="([^"]*)"', form).group(1),
        "text": markup.unescape(re.search(r'name="text" value="([^"]*)"', form).group(1)),
        "who": who,
    }
    response = client.post(f"/games/{game_id}/spoken-name", data=data)
    assert response.status_code == 303
    return text(client.get(response.headers["Location"]))


def test_a_name_it_could_not_place_is_asked_and_then_known(client):
    game_id = start(client, PLAYERS, game="variant:rummy500")
    page = text(say(client, game_id, "Priya went out, Zoë 40 down, 10 in hand"))
    assert "Who is “Priya”?" in page
    for name in PLAYERS:
        assert f'name="who" value="{name}"' in markup.unescape(page)
    page = answer(client, game_id, page, PLAYERS[0])
    assert "Who is" not in page
    assert re.search(r'<input[^>]*checked[^>]*name="out"[^>]*value="0"', page) or re.search(
        r'<input[^>]*name="out"[^>]*value="0"[^>]*checked', page
    )
    # Known from now on: the next line names Priya at once, and nothing is asked.
    again = text(say(client, game_id, "Priya 12 in hand, Zoë out"))
    assert "Who is" not in again
    assert value(again, "hands_0") == "12"
    assert client.get(f"/games/{game_id}/say.json").get_json()["aliases"] == {"Priya": PLAYERS[0]}


def test_a_lowercase_word_it_could_not_place_is_not_asked_about(client):
    game_id = start(client, PLAYERS[:3], game="variant:rummy")
    page = text(say(client, game_id, "Zoë out, pass the crisps"))
    assert "Not placed: pass, crisps." in page
    assert "Who is" not in page
