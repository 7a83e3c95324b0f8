"""The blank-pad form reads list house rules (Phase 10's phases, Contract Rummy's
contracts, Hand and Foot's minimums, 5000 Rummy's wild cards) as the new-game page
does: one item a line, typed in the box the page shows, and says what is wrong in words."""

from __future__ import annotations

import re

import pytest

from scorekeeper.scoring import VARIANTS
from scorekeeper.web.table.forms import list_text, option_field_name
from tests.printing.support import words

# Each list option, a changed value as a table types it, and words the pad then prints.
CHANGED = {
    ("rummy5000", "permanent_wilds"): (["JS", "JH"], "JS"),
    ("phase10", "phases"): (["2 sets of 3", "1 run of 9 with a joker"], "1 run of 9 with a joker"),
    ("handfoot", "minimums"): ([60, 95, 125, 155], "155"),
    ("contract", "contracts"): (
        [{"contract": "2 groups of 3", "cards": 10}, {"contract": "3 runs of 5", "cards": 13}],
        "3 runs of 5",
    ),
}
PLAYERS = {"rummy5000": 4, "phase10": 4, "handfoot": 2, "contract": 4}
LIST_OPTIONS = sorted(
    (variant.id, spec.name)
    for variant in VARIANTS.values()
    for spec in variant.options
    if spec.type == "list"
)


def pad_query(variant: str, option: str, typed: str) -> dict[str, str]:
    return {
        "game": f"variant:{variant}",
        "players": str(PLAYERS[variant]),
        "page_size": "A4",
        "orientation": "auto",
        option_field_name(variant, option): typed,
    }


def test_every_list_option_of_every_variant_is_tried_here():
    assert sorted(CHANGED) == LIST_OPTIONS


@pytest.mark.parametrize(("variant", "option"), LIST_OPTIONS)
def test_the_pad_form_takes_a_list_house_rule_typed_as_the_new_game_page_shows_it(
    client, tmp_path, variant, option
):
    value, printed = CHANGED[variant, option]
    query = pad_query(variant, option, list_text(value))
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)[-600:]
    assert response.mimetype == "application/pdf"
    assert printed in words(response.get_data(), tmp_path)


def test_the_pad_form_shows_a_list_house_rule_in_a_box_of_lines(client):
    body = client.get("/pads/new").get_data(as_text=True)
    for variant, option in LIST_OPTIONS:
        assert re.search(rf'<textarea[^>]*name="{option_field_name(variant, option)}"', body)


@pytest.mark.parametrize(
    ("variant", "option", "typed"),
    [("contract", "contracts", "10: 2 groups of 3\nthree runs"), ("handfoot", "minimums", "50 x")],
)
def test_a_wrong_list_item_is_refused_in_words_beside_its_field(client, variant, option, typed):
    response = client.get("/pads/pad.pdf", query_string=pad_query(variant, option, typed))
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    field = option_field_name(variant, option)
    found = re.search(rf'class="error" id="{field}-error">([^<]*)<', body)
    assert found, "no message beside the house rule"
    message = found.group(1)
    assert not re.search(r"[{}\[\]]|&#34;|&quot;", message), message  # no raw JSON
