"""A pool rummy league's house rules are checked as a game's are."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from scorekeeper.service_layer.errors import InvalidInput


def test_a_pool_league_checks_its_stakes_and_options_like_a_game():
    with pytest.raises(InvalidInput) as refused:
        league.check_rules(
            preset="Pool Rummy 101",
            variant=None,
            options={"pool_limit": 150},
            stakes={"mode": "pairs"},
            table_size=4,
        )
    assert "options.pool_limit" in refused.value.errors
