"""Deals said as people say them, in the app's six languages, read as entries
(the sentences: tests/understand/sentences.py)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import make_setup
from scorekeeper.understand import understand

from .sentences import by_name, cases


@pytest.mark.parametrize(("variant", "players", "text", "language", "expected"), list(cases()))
def test_a_deal_said_aloud_is_read_as_its_entry(variant, players, text, language, expected):
    setup = make_setup(variant=variant, players=list(players))
    understood = understand(setup, text, language)
    assert understood.entry == by_name(expected, players), (text, understood.unclear)
