"""The phone's own reader (static/reader.js, for a line typed without a signal) reads
every sentence as the server's reader does: the same entry, unclear words and fields
left empty. Run in node on the data the pages serve."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import make_setup
from scorekeeper.understand import LANGUAGES, game_for_phones, read_back
from tests.tiers import sampled

from . import corpus
from .entries import games_and_entries
from .phone import in_reader_js, phone_read, same, server_read
from .sentences import cases


def test_every_sentence_reads_the_same_on_the_phone():
    said = [
        (make_setup(variant=param.values[0], players=list(param.values[1])), *param.values[2:4])
        for param in cases()
    ]
    said += [
        (make_setup(variant="rummy", players=["Ann", "Bob", "Cy"]), text, "en")
        for text in (
            "Ann out, Bob 500, Cy 3, Bob 4, pass the crisps",
            "minus 3 Bob",
            "Jim out",
            "Ann¹ out, Bob ½ 12, Cy Ⅻ ٣ 4",  # numerals that are not digits are dropped
        )
    ]
    for (setup, text, language), phone in zip(said, phone_read(said), strict=True):
        assert same(phone) == server_read(setup, text, language), text


def test_the_corpus_lines_read_the_same_on_the_phone():
    lines = corpus.own_lines() + (corpus.shared_lines() or [])
    said = [(corpus.setup_of(x), x["line"], x["language"], x.get("before") or ()) for x in lines]
    for (setup, text, language, before), phone in zip(said, phone_read(said), strict=True):
        assert same(phone) == server_read(setup, text, language, before), text


# Hindi in a quick run (tests/tiers.py), its own script and word order; the slow tier reads
# the others too. The corpus and every sentence (above) are read in every language each run.
@pytest.mark.parametrize("language", sampled(LANGUAGES, quick=["hi"]))
@settings(max_examples=3, deadline=None)
@given(games=st.lists(games_and_entries(whole=False), min_size=30, max_size=30))
def test_read_backs_read_the_same_on_the_phone(language, games):
    said = [(setup, read_back(setup, entry, language), language) for setup, entry in games]
    for (setup, text, _), phone in zip(said, phone_read(said), strict=True):
        assert same(phone) == server_read(setup, text, language), text


@settings(max_examples=3, deadline=None)
@given(games=st.lists(games_and_entries(whole=False), min_size=30, max_size=30))
def test_the_phone_reads_an_entry_back_as_the_server_does(games):
    """What the page says aloud before Save, offline, is the server's read-back."""
    cases_ = [
        (game_for_phones(setup), entry, language)
        for (setup, entry), language in zip(games, LANGUAGES * 5, strict=False)
    ]
    read = "([game, entry, lang]) => window.sk.readBack(game, data, entry, lang)"
    phones = in_reader_js(read, cases_)
    for ((setup, entry), language), phone in zip(
        zip(games, LANGUAGES * 5, strict=False), phones, strict=True
    ):
        assert phone == read_back(setup, entry, language)
