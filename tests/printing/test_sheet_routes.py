"""The sheets blueprint: the pad form, pad downloads and a game's sheet, over HTTP."""

from __future__ import annotations

import re
from datetime import date
from urllib.parse import quote, unquote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.service_layer import services
from tests.printing.support import assert_paper, flat, words
from tests.tiers import examples

PAD = {"game": "preset:Gin Rummy", "players": "2", "page_size": "A4", "orientation": "auto"}


def error_beside(body: str, field_id: str) -> str:
    """The message printed right after the field with ``field_id``."""
    found = re.search(
        rf'id="{re.escape(field_id)}"[^>]*>.*?class="error" id="{field_id}-error">'
        r"([^<]*)<",
        body,
        re.S,
    )
    assert found, f"no error beside {field_id}"
    return found.group(1)


def test_the_pad_form_offers_every_preset_and_variant_and_twenty_name_boxes(client):
    response = client.get("/pads/new")
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert 'action="/pads/pad.pdf"' in body and 'method="get"' in body
    assert '<optgroup label="Presets">' in body and '<optgroup label="Variants">' in body
    assert 'value="preset:Crazy Gin with the Press"' in body
    assert 'value="variant:rummy5000"' in body
    assert all(f'name="names-{seat}"' in body for seat in range(20))
    # Seats 9 to 20, the free pad's, folded away until asked for.
    assert body.index("<details") < body.index('name="names-8"') < body.index("</details>")
    assert 'value="Letter"' in body and 'value="landscape"' in body
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert not re.search(r"<style|\sstyle=|<script(?![^>]*\ssrc=)", body)  # no inline code


def test_a_pad_downloads_as_a_pdf_with_the_names_given(client, tmp_path):
    query = {**PAD, "names-0": "Ann", "names-1": "Bob", "page_size": "Letter"}
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    pdf = response.get_data()
    assert_paper(pdf, tmp_path, "Letter", "portrait")
    assert "1. Ann (deals first), 2. Bob" in words(pdf, tmp_path)


def test_a_twenty_player_free_pad_downloads_from_the_form(client, tmp_path):
    names = {f"names-{seat}": f"Spieler Nummer {seat + 1} Ölçü-Żabińska" for seat in range(20)}
    query = {**PAD, "game": "variant:free", "players": "20", **names}
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 200
    pdf = response.get_data()
    assert_paper(pdf, tmp_path, "A4", "landscape")
    text = flat(words(pdf, tmp_path))
    assert "Players 15 to 20 of 20, sheet 3 of 3." in text and "20. Spieler Nummer 20" in text


def test_a_wide_pad_can_be_asked_for_in_landscape(client, tmp_path):
    query = {**PAD, "game": "variant:rummy", "players": "3", "orientation": "landscape"}
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 200
    assert_paper(response.get_data(), tmp_path, "A4", "landscape")


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"players": "four"}, "players", "Not a valid integer value."),
        ({"players": "21"}, "players", "A pad has room for 1 to 20 players."),
        (
            {"game": "variant:rummy", "players": "9"},
            "players",
            "Basic Rummy is for 2 to 6 players, not 9",
        ),
        ({"players": "3"}, "players", "Gin Rummy is for exactly 2 players, not 3"),
        ({"game": "preset:Poker"}, "game", "Not a valid choice."),
        ({"game": "variant:acetoace", "players": "6"}, "players", "Ace to Ace is for 2 to 4"),
        ({"names-0": "x" * 41}, "names-0", "At most 40 characters."),
        ({"names-0": "Ann", "names-1": " ANN "}, "names-1", "is the same name as names.0"),
        ({"names-5": "Zed"}, "names-5", "Seat 6 is beyond the 2 players."),
        ({"page_size": "A0"}, "page_size", "Not a valid choice."),
        ({"orientation": "sideways"}, "orientation", "Not a valid choice."),
    ],
)
def test_bad_input_shows_the_form_again_with_the_message_beside_the_field(
    client, change, field, message
):
    response = client.get("/pads/pad.pdf", query_string={**PAD, **change})
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert message in error_beside(response.get_data(as_text=True), field)


def test_what_was_typed_comes_back_escaped(client):
    query = {**PAD, "names-0": "<script>alert(1)</script>", "names-1": "<script>alert(1)</script>"}
    body = client.get("/pads/pad.pdf", query_string=query).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


FIELDS = [
    *("game", "players", "page_size", "orientation", "rows", "first_dealer", "title"),
    *("cents_per_point", "currency", "o_gin_target", "o_rummy_rummy_doubles"),
    *(f"names-{i}" for i in range(9)),
]


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.dictionaries(
        st.sampled_from(FIELDS),
        st.one_of(
            st.text(max_size=50),
            st.sampled_from(["2", "8", "0", "-1", "preset:Hollywood Gin", "variant:thirteen"]),
        ),
    )
)
def test_no_query_string_makes_a_server_error(client, query):
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code in (200, 400)


def test_a_game_sheet_is_the_games_pdf_in_the_size_asked(client, uow, tmp_path):
    started = services.start_game(uow, variant="rummy", players=["Ann", "Bob"], title="Tonight")
    game_id = started.game.public_id
    services.record_deal(uow, game_id, started.edit_token, {"out": "Ann", "hands": {"Bob": 17}})
    response = client.get(f"/games/{game_id}/sheet.pdf", query_string={"page_size": "letter"})
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    day = started.game.created_at.date().isoformat()
    name = f"Tonight Basic Rummy {day} {game_id}.pdf"
    assert response.headers["Content-Disposition"] == (
        f"inline; filename=\"{name}\"; filename*=UTF-8''{quote(name)}"
    )
    pdf = response.get_data()
    assert_paper(pdf, tmp_path, "Letter", "portrait")
    text = words(pdf, tmp_path)
    assert "Tonight" in text and f"Game {game_id}" in text
    assert "Totals so far 17 0" in text


def test_a_game_sheet_says_money_in_the_readers_locale(client, uow, tmp_path):
    started = services.start_game(
        uow,
        variant="rummy",
        players=["Ann", "Bob"],
        stakes={"cents_per_point": 1, "currency": "EUR"},
    )
    game_id = started.game.public_id
    services.record_deal(uow, game_id, started.edit_token, {"out": "Ann", "hands": {"Bob": 17}})
    english, german = (
        words(
            client.get(f"/games/{game_id}/sheet.pdf", headers={"Accept-Language": language}).data,
            tmp_path,
        )
        for language in ("en-US", "de-DE")
    )
    assert "Bob → Ann €0.15" in english and "0,15" not in english
    assert "0,15" in german and "€0.15" not in german


def test_the_game_page_offers_the_sheet_on_either_paper(client, uow):
    game_id = services.start_game(uow, variant="gin", players=["Ann", "Bob"]).game.public_id
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/sheet.pdf?page_size=A4"' in page
    assert f'href="/games/{game_id}/sheet.pdf?page_size=Letter"' in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("page_size=A0", "must be one of A4, Letter, not &#39;A0&#39;"),
        ("size=Letter", "say page_size=Letter, not size="),
    ],
)
def test_a_sheet_in_an_unknown_size_is_a_styled_page_saying_why(client, uow, query, message):
    game_id = services.start_game(uow, variant="gin", players=["Ann", "Bob"]).game.public_id
    response = client.get(f"/games/{game_id}/sheet.pdf?{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    body = response.get_data(as_text=True)
    assert message in body and 'rel="stylesheet"' in body


def test_an_unknown_game_has_no_sheet(client):
    assert client.get("/games/no-such-game/sheet.pdf").status_code == 404


def test_the_pad_takes_its_paper_size_in_any_case(client, tmp_path):
    response = client.get("/pads/pad.pdf", query_string={**PAD, "page_size": "letter"})
    assert response.status_code == 200
    assert_paper(response.get_data(), tmp_path, "Letter", "portrait")


@pytest.mark.parametrize(
    ("language", "paper"),
    [
        ("en-US,en;q=0.8", "Letter"),
        ("en-CA", "Letter"),
        ("en-GB", "A4"),
        ("de-DE", "A4"),
        ("", "A4"),
    ],
)
def test_the_pad_form_offers_the_paper_of_the_browsers_country(client, language, paper):
    headers = {"Accept-Language": language} if language else {}
    body = client.get("/pads/new", headers=headers).get_data(as_text=True)
    assert re.search(rf'<option selected value="{paper}">|<option value="{paper}" selected', body)


class TestRateLimit:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_SHEETS": "2 per minute"}

    def test_pdfs_are_rate_limited_per_client(self, client):
        statuses = [client.get("/pads/pad.pdf", query_string=PAD).status_code for _ in range(3)]
        assert statuses == [200, 200, 429]


@pytest.fixture
def scores_host_trusted(app):
    # The app answers only the hosts it is told (TRUSTED_HOSTS): this one and this machine.
    app.config["TRUSTED_HOSTS"] = ["scores.example.org", "127.0.0.1", "localhost"]


def test_with_no_public_base_url_the_printing_pages_and_sheet_warn_phones_cannot_open_links(
    client, uow, tmp_path, scores_host_trusted
):
    game_id = services.start_game(uow, variant="gin", players=["Ann", "Bob"]).game.public_id
    local = {"base_url": "http://127.0.0.1:5000"}
    for page in ("/pads/new", f"/games/{game_id}"):
        body = client.get(page, **local).get_data(as_text=True)
        assert "SCOREKEEPER_PUBLIC_BASE_URL" in body, page
        assert "SCOREKEEPER_PUBLIC_BASE_URL" not in client.get(
            page, base_url="https://scores.example.org"
        ).get_data(as_text=True)
    sheet = client.get(f"/games/{game_id}/sheet.pdf", **local).get_data()
    text = words(sheet, tmp_path)
    assert "127.0.0.1:5000/games/" in text and "SCOREKEEPER_PUBLIC_BASE_URL" in text
    public = client.get(f"/games/{game_id}/sheet.pdf", base_url="https://scores.example.org")
    assert "SCOREKEEPER_PUBLIC_BASE_URL" not in words(public.get_data(), tmp_path)


class TestWithAPublicBaseUrl:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "PUBLIC_BASE_URL": "https://scores.example.org"}

    def test_nothing_warns_even_on_this_machine(self, client, uow, tmp_path):
        game_id = services.start_game(uow, variant="gin", players=["Ann", "Bob"]).game.public_id
        local = {"base_url": "http://127.0.0.1:5000"}
        assert "SCOREKEEPER_PUBLIC_BASE_URL" not in client.get("/pads/new", **local).get_data(
            as_text=True
        )
        sheet = client.get(f"/games/{game_id}/sheet.pdf", **local).get_data()
        assert f"scores.example.org/games/{game_id}" in words(sheet, tmp_path).replace(" ", "")


def test_the_pad_form_sets_title_rows_first_dealer_house_rules_and_stakes(client, tmp_path):
    query = {
        **PAD,
        "game": "preset:Rummy",
        "players": "3",
        "names-0": "Ann",
        "names-1": "Bob",
        "names-2": "Cy",
        "first_dealer": "2",
        "title": "Zoë's Friday game",
        "rows": "10",
        "o_rummy_target": "300",
        "o_rummy_rummy_doubles": "no",
        "cents_per_point": "2",
        "currency": "eur",
        "page_size": "letter",
    }
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)
    pdf = response.get_data()
    assert_paper(pdf, tmp_path, "Letter", "portrait")
    text = words(pdf, tmp_path)
    assert text.startswith("Zoë's Friday game")
    assert "2. Bob (deals first)" in text
    assert "reaches 300" in text
    assert "€0.02 a point" in text
    assert re.search(r"\b10 Bob\b", text) and not re.search(r"\b11 Cy\b", text)
    disposition = response.headers["Content-Disposition"]
    today = date.today().isoformat()
    assert f'filename="Zoe_s Friday game Rummy score pad {today}.pdf"' in disposition
    encoded = disposition.split("filename*=UTF-8''")[1]
    assert unquote(encoded) == f"Zoë's Friday game Rummy score pad {today}.pdf"


def test_a_house_rule_left_blank_keeps_the_presets_own(client, tmp_path):
    query = {**PAD, "game": "preset:Crazy Gin with the Press", "players": "4"}
    text = words(client.get("/pads/pad.pdf", query_string=query).get_data(), tmp_path)
    assert "Press" in text  # the preset's Press column, not the variant's default


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"rows": "0"}, "rows", "A pad has 1 to 60 rows."),
        ({"first_dealer": "2", "names-0": "Ann"}, "first_dealer", "Write the name of seat 2"),
        ({"o_gin_target": "-5"}, "o_gin_target", "must be"),
        ({"currency": "euro", "cents_per_point": "1"}, "currency", "A 3-letter code"),
    ],
)
def test_bad_pad_settings_show_the_form_again_with_the_message_beside_the_field(
    client, change, field, message
):
    response = client.get("/pads/pad.pdf", query_string={**PAD, **change})
    assert response.status_code == 400
    assert message in error_beside(response.get_data(as_text=True), field)


def test_the_pad_form_prints_two_pads_to_a_page_or_says_why_not(client, tmp_path):
    response = client.get("/pads/pad.pdf", query_string={**PAD, "two_up": "y"})
    assert response.status_code == 200
    assert_paper(response.get_data(), tmp_path, "A4", "landscape")
    asked = {
        **PAD,
        "game": "preset:500 Rum",
        "players": "4",
        "two_up": "y",
        "names-0": "Zoë Ångström-Bartholomew de la Fuente Rí",
        "title": "Vendredi",
        "rows": "6",
        "page_size": "Letter",
    }
    refused = client.get("/pads/pad.pdf", query_string=asked)
    assert refused.status_code == 400
    body = refused.get_data(as_text=True)
    # Three players' 14 mm boxes fit half a Letter sheet; four players' do not.
    assert error_beside(body, "two_up") == (
        "two pads to a page fit 500 Rum for up to 3 players on Letter paper "
        "(every box 14 mm wide), not 4"
    )
    for kept in (
        r'<input [^>]*\bchecked id="two_up"',
        r'<option selected value="preset:500 Rum">',
        r'<option selected value="Letter">',
        r'<input [^>]*id="players"[^>]*value="4">',
        r'<input [^>]*id="names-0"[^>]*value="Zoë Ångström-Bartholomew de la Fuente Rí">',
        r'<input [^>]*id="title"[^>]*value="Vendredi">',
        r'<input [^>]*id="rows"[^>]*value="6">',
    ):
        assert re.search(kept, body), kept  # every value as it was asked
    three = client.get("/pads/pad.pdf", query_string={**asked, "players": "3"})
    assert three.status_code == 200
    assert_paper(three.get_data(), tmp_path, "Letter", "portrait")  # halves one above the other


def test_the_pad_form_says_up_to_how_many_players_each_game_prints_two_to_a_page(client):
    body = client.get("/pads/new").get_data(as_text=True)
    assert "<li>500 Rum: up to 3 players</li>" in body
    assert "<li>Shanghai: up to 4 players on A4, 3 on Letter</li>" in body
    assert "<li>Canasta: a whole page only</li>" in body
    assert "half sheets, for a few players: how many, game by game, below" in body


def test_a_pool_rummy_pad_takes_an_entry_fee_and_prints_the_pot(client, tmp_path):
    query = {**PAD, "game": "preset:Pool Rummy 201", "players": "4", "cents_per_point": "1"}
    refused = client.get("/pads/pad.pdf", query_string=query)
    assert refused.status_code == 400  # the form again, the message beside the field
    assert "is required with the pot" in error_beside(refused.get_data(as_text=True), "entry_cents")
    response = client.get("/pads/pad.pdf", query_string={**query, "entry_cents": "500"})
    assert response.status_code == 200
    assert "$5.00" in words(response.get_data(), tmp_path)
    # The fee alone is enough, and all the pad says of the stakes: points pay nothing.
    del query["cents_per_point"]
    bad = client.get("/pads/pad.pdf", query_string={**query, "entry_cents": "five"})
    assert bad.status_code == 400 and error_beside(bad.get_data(as_text=True), "entry_cents")
    pot = client.get("/pads/pad.pdf", query_string={**query, "entry_cents": "500"})
    assert pot.status_code == 200
    printed = flat(words(pot.get_data(), tmp_path))
    assert "Settlement (each player pays $5.00 into the pot)" in printed
    assert "a point" not in printed


def test_the_pad_forms_house_rules_are_labelled_in_the_readers_language(client):
    """As the new-game page says them: the option's label and its choices' words, not
    the option's name ("Pool limit", not "Pool limit" from pool_limit nor "points")."""
    body = client.get("/pads/new", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert 'for="o_indian_pool_limit">Limite du pool</label>' in body
    assert 'for="o_handfoot_red_three_held">' in body
    format_choices = re.search(r'<select[^>]*name="o_indian_format".*?</select>', body, re.S)
    assert format_choices and ">Pool rummy</option>" in format_choices.group(0)
    assert ">pool</option>" not in format_choices.group(0)
    assert ">Red three held<" not in body and ">Pool limit<" not in body
