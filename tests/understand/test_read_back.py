"""Whatever valid entry the app reads back, in any language and any variant, is
understood as that entry; with fillers, noise and its clauses reordered, every value
it fills is still the entry's (or left empty)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.understand import LANGUAGES, read_back, understand
from tests.tiers import examples

from .corpus import wrong_values
from .entries import games_and_entries

# Hesitations may fall anywhere, even inside a phrase; fillers and noise between clauses.
HESITATIONS = ("um", "uh", "euh", "yyy", "äh", "अं")
FILLERS = {
    "en": ("so", "well", "okay"),
    "fr": ("alors", "bon", "donc"),
    "es": ("pues", "bueno", "entonces"),
    "pl": ("no to", "więc", "potem"),
    "de": ("also", "na", "dann"),
    "hi": ("तो", "फिर"),
}
NOISE = ("crisps", "Gerald", "weather", "xyzzy")


@settings(max_examples=examples(400), deadline=None)
@given(games_and_entries(), st.sampled_from(LANGUAGES))
def test_an_entry_read_back_is_understood_as_that_entry(game_and_entry, language):
    setup, entry = game_and_entry
    said = read_back(setup, entry, language)
    understood = understand(setup, said, language)
    assert understood.unclear == [], said
    assert understood.reasons == {}, said
    assert understood.entry == entry, said


@settings(max_examples=examples(300), deadline=None)
@given(games_and_entries(), st.sampled_from(LANGUAGES), st.data())
def test_fillers_noise_and_order_give_the_right_value_or_none(game_and_entry, language, data):
    setup, entry = game_and_entry
    clauses = read_back(setup, entry, language).split("; ")
    clauses = data.draw(st.permutations(clauses))
    extra = st.sampled_from(FILLERS[language] + NOISE)
    for _ in range(data.draw(st.integers(0, 3))):  # a filler or noise before a clause
        at = data.draw(st.integers(0, len(clauses) - 1))
        clauses[at] = f"{data.draw(extra)}, {clauses[at]}"
    words = " , ".join(clauses).split(" ")
    for _ in range(data.draw(st.integers(0, 4))):  # a hesitation anywhere
        words.insert(data.draw(st.integers(0, len(words))), data.draw(st.sampled_from(HESITATIONS)))
    said = " ".join(words)
    understood = understand(setup, said, language)
    assert wrong_values(understood.entry, entry) == [], said
