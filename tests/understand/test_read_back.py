"""Whatever entry the app reads back, in any language, is understood as that entry."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.understand import LANGUAGES, read_back, understand

from .sentences import games_and_entries


def normalised(entry):
    return {name: value for name, value in entry.items() if value not in (None, False)} | {
        name: None for name, value in entry.items() if value is None
    }


@settings(max_examples=300, deadline=None)
@given(games_and_entries(), st.sampled_from(LANGUAGES))
def test_an_entry_read_back_is_understood_as_that_entry(game_and_entry, language):
    setup, entry = game_and_entry
    said = read_back(setup, entry, language)
    understood = understand(setup, said, language)
    assert understood.unclear == [], said
    assert understood.reasons == {}, said
    assert normalised(understood.entry) == normalised(entry), said
