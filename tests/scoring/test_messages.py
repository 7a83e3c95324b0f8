"""The core's words: English text as before, with the id and parameters to translate them."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from scorekeeper.scoring import PRESETS, VARIANTS, ScoringError, validate_entry
from scorekeeper.scoring.messages import Message, message, pgettext

from .support import errors_of, game_setup, out

RUMMY = game_setup("rummy")  # 4 players: hand bound 7 x 10


def test_a_message_reads_as_its_english_text_with_the_parameters_filled_in():
    text = message("must be a whole number from 0 to %(bound)s", bound=70)
    assert text == "must be a whole number from 0 to 70"
    assert json.dumps({"hands.Bob": text}) == '{"hands.Bob": "must be a whole number from 0 to 70"}'


def test_a_message_keeps_its_id_and_parameters_for_the_translator():
    text = message("names %(player)s twice", player="Zoë")
    assert text.msgid == "names %(player)s twice"
    assert text.params == {"player": "Zoë"}


def test_a_message_without_parameters_keeps_a_percent_sign_as_it_is():
    text = message("100% of the pot")
    assert text == "100% of the pot"
    assert text.params == {}


def test_a_copied_or_pickled_message_is_still_the_same_message():
    text = message("deal %(number)s: %(message)s", number=3, message=message("is given twice"))
    for again in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert isinstance(again, Message)
        assert again == text
        assert (again.msgid, again.params) == (text.msgid, text.params)


def test_a_message_with_a_context_keeps_it_when_copied_or_pickled():
    text = pgettext("Shanghai", "2 sets of 3")
    assert text == "2 sets of 3" and text.context == "Shanghai"
    for again in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert (again.msgid, again.context) == ("2 sets of 3", "Shanghai")
    assert message("2 sets of 3").context is None


def test_a_field_error_is_a_message_in_the_same_english_words():
    errors = errors_of(validate_entry, RUMMY, [], out("Ann", Bob=71, Cy=5, Dee=0))
    wrong = errors["hands.Bob"]
    assert wrong == "must be a whole number from 0 to 70"
    assert isinstance(wrong, Message)
    assert (wrong.msgid, wrong.params) == (
        "must be a whole number from 0 to %(bound)s",
        {"bound": 70},
    )


def test_an_error_found_again_in_a_later_deal_keeps_its_parts_as_parameters():
    found = ScoringError({"hands.Bob": message("is given twice")}, message("Deal 5 is wrong."))
    later = found.prefixed(5)
    composed = later.errors["deals.5.hands.Bob"]
    assert composed == "deal 5: is given twice"
    assert composed.msgid == "deal %(number)s: %(message)s"
    assert composed.params["number"] == 5
    assert composed.params["message"].msgid == "is given twice"
    assert later.detail == "The correction would make deal 5 invalid."
    assert later.detail.params == {"number": 5}


def test_a_player_named_in_an_error_is_a_parameter_not_part_of_the_id():
    errors = errors_of(validate_entry, RUMMY, [], out("Ann", Bob=1, Cy=2))
    missing = errors["hands.Dee"]
    assert missing == "Enter what Dee held: Dee did not go out"
    assert missing.msgid == "Enter what %(player)s held: %(player)s did not go out"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_variant_says_its_name_description_and_help_texts_as_messages(variant_id):
    variant = VARIANTS[variant_id]
    words = [variant.name, variant.description]
    words += [spec.help for spec in variant.options]
    words += [field.help for field in variant.entry_fields]
    assert all(isinstance(text, Message) and text for text in words), words


def test_every_preset_says_its_name_and_description_as_messages():
    for preset in PRESETS.values():
        assert isinstance(preset.name, Message)
        assert isinstance(preset.description, Message)
