"""The new-game page offers every preset, each with its description once chosen."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import PRESETS
from tests.web.support import text


def test_the_new_game_page_offers_every_preset(client):
    page = text(client.get("/games/new"))
    for preset in PRESETS:
        assert f'<option value="preset:{preset}"' in page, preset
    assert "Partners' seats (Canasta, Hand and Foot, Burraco)" in page


@pytest.mark.parametrize(
    ("preset", "description"),
    [
        ("Shanghai", "Ten deals of 11 cards, number cards 5"),
        ("Golf (9 holes)", "Six-card Golf over nine holes: column pairs cancel, lowest total"),
    ],
)
def test_a_games_description_comes_with_its_house_rules(client, preset, description):
    """Fetched when the game is chosen, with its house rules."""
    rules = text(client.get("/games/new/rules", query_string={"game": f"preset:{preset}"}))
    assert description in rules
