"""Whatever entry the app reads back, in any language, is understood as that entry."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import get_variant, make_setup
from scorekeeper.understand import LANGUAGES, read_back, understand

NAMES = ("Ann", "Bob", "Zoë", "Łucja", "अनु", "Fernández-Gutiérrez")
VARIANTS = ("rummy", "gin", "rummy500", "thirteen", "indian", "phase10", "canasta", "handfoot")


@st.composite
def games_and_entries(draw):
    variant = draw(st.sampled_from(VARIANTS))
    cls = get_variant(variant)
    count = 2 if variant == "gin" else draw(st.integers(2, min(len(NAMES), cls.max_players)))
    setup = make_setup(variant=variant, players=list(NAMES[:count]))
    game = cls(setup)
    players = game.players
    entry = {}
    for field in game.reader.fields:
        if field.kind == "player":
            choice = st.sampled_from(players)
            if game.allows_nobody_out and "void" not in game.reader.allowed:
                choice = st.one_of(choice, st.none())
            entry[field.name] = draw(choice)
        elif field.kind == "bool" and draw(st.booleans()):
            entry[field.name] = True
        elif field.kind == "players":
            chosen = draw(st.lists(st.sampled_from(players), unique=True, max_size=count))
            if chosen:
                entry[field.name] = sorted(chosen, key=players.index)
        elif field.kind == "choice_per_player":
            chosen = draw(st.dictionaries(st.sampled_from(players), st.sampled_from(field.choices)))
            if chosen:
                entry[field.name] = chosen
        elif field.kind == "per_player":
            bound, step = game.reader.bounds[field.name]
            value = st.integers(0, bound // step).map(lambda n, step=step: n * step)
            chosen = draw(st.dictionaries(st.sampled_from(players), value))
            if chosen:
                entry[field.name] = chosen
    return setup, entry


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
