"""Say the deal on the game page: the words fill the deal form, marked; Save saves."""

from __future__ import annotations

import re

from .saying import say, value
from .support import csrf_token, entries, start, text

PLAYERS = ["Ann", "Bob", "Cy"]


def test_the_words_fill_the_form_marked_and_nothing_is_saved(client, uow):
    game_id = start(client, PLAYERS, game="variant:rummy")
    response = say(client, game_id, "Ann out, Bob twelve, Cy thirty-five")
    assert response.status_code == 200
    html = text(response)
    assert re.search(
        r'<input[^>]*checked[^>]*name="out"[^>]*value="0"|<input[^>]*name="out"[^>]*value="0"[^>]*checked',
        html,
    )
    assert value(html, "hands_1") == "12"
    assert value(html, "hands_2") == "35"
    assert re.findall(r'<input[^>]*class="heard"[^>]*>', html) == [
        re.search(rf'<input[^>]*name="hands_{seat}"[^>]*>', html).group() for seat in (1, 2)
    ]
    assert "Ann out, Bob twelve, Cy thirty-five" in html  # the words stay in the box
    assert entries(uow, game_id) == []


def test_a_field_left_empty_says_why_beside_it(client):
    game_id = start(client, PLAYERS, game="variant:rummy")
    html = text(say(client, game_id, "Ann out, Bob 500, Cy 7, pass the crisps"))
    assert value(html, "hands_1") == ""
    assert "500 is more than this field takes" in html
    assert "Not placed: pass, crisps." in html


def test_words_in_another_language_fill_the_form_too(client):
    game_id = start(client, PLAYERS, game="variant:rummy")
    client.set_cookie("language", "fr")
    html = text(say(client, game_id, "Bob est sorti, Ann douze, Cy sept"))
    assert value(html, "hands_0") == "12"
    assert value(html, "hands_2") == "7"


def test_a_view_only_phone_cannot_fill_the_form(client, app):
    game_id = start(client, PLAYERS, game="variant:rummy")
    other = app.test_client()
    response = other.post(f"/games/{game_id}/say", data={"text": "Ann out"})
    assert response.status_code in (400, 403)


def test_empty_words_go_back_to_the_game_page(client):
    game_id = start(client, PLAYERS, game="variant:rummy")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = page[page.index('id="say-form"') :]
    response = client.post(
        f"/games/{game_id}/say", data={"text": "", "csrf_token": csrf_token(form)}
    )
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    assert "Heard" not in text(client.get(f"/games/{game_id}"))


def test_a_line_that_fills_nothing_does_not_say_fields_are_marked(client):
    game_id = start(client, PLAYERS, game="variant:rummy")
    html = text(say(client, game_id, "pass the crisps, Zack twelve"))
    assert "The fields it filled are marked" not in html
    assert "It filled no field from it" in html
    assert not re.findall(r'<input[^>]*class="heard"[^>]*>', html)
    html = text(say(client, game_id, "Ann out, Bob twelve, Cy 3"))
    assert "The fields it filled are marked" in html


def test_a_filled_field_says_what_it_was_heard_as(client):
    game_id = start(client, PLAYERS, game="variant:rummy")
    html = text(say(client, game_id, "Ann out, Bob twelve, Cy 3"))
    bob = re.search(r'<input[^>]*name="hands_1"[^>]*>', html).group()
    assert 'title="Heard as “twelve”"' in bob
    assert 'class="heard"' in bob


def test_the_filled_deal_can_be_read_back_before_save(client):
    game_id = start(client, PLAYERS, game="variant:rummy")
    html = text(say(client, game_id, "Ann out, Bob twelve, Cy 3"))
    assert 'data-readback="Ann went out; Bob in hand 12; Cy in hand 3"' in html
    assert 'class="read-back" hidden' in html  # shown by the page where it can speak
    html = text(say(client, game_id, "pass the crisps"))
    assert 'data-readback=""' in html
