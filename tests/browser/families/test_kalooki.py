"""Scala 40 played on a phone in real Chromium: an elimination and a rejoin.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import check, record_marked, start

pytestmark = pytest.mark.browser


def test_a_scala_40_game_with_an_elimination_and_a_rejoin(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Ada", "Bruno", "Carla"]
    game_id = start(phone, "Scala 40", players, "scala40")
    # Ada closes in one go; Carla had not opened: 100 doubled eliminates her.
    record_marked(phone, "Ada", {"hands_1": "30"}, marks=["not_opened_2"], flags=["one_turn"])
    expect(page.locator(".totals")).to_contain_text("eliminated")
    phone.shot("scala40-eliminated")
    # Carla buys back in at the highest total still in (Bruno's 60).
    record_marked(phone, "Bruno", {"hands_0": "10", "hands_2": "5"}, marks=["rejoin_2"])
    expect(page.locator(".totals")).to_contain_text("rejoined once")
    record_marked(phone, "Ada", {"hands_1": "45", "hands_2": "40"})
    expected = [
        {"out": "Ada", "hands": {"Bruno": 30}, "one_turn": True, "not_opened": ["Carla"]},
        {"out": "Bruno", "hands": {"Ada": 10, "Carla": 5}, "rejoin": ["Carla"]},
        {"out": "Ada", "hands": {"Bruno": 45, "Carla": 40}},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.totals == {"Ada": 10, "Bruno": 105, "Carla": 105}
    assert view.state.finished and view.state.winners == ["Ada"]
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    phone.shot("scala40-over")
