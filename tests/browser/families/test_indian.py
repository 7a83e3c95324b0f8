"""Pool rummy played on a phone in real Chromium: a drop, a wrong show, an elimination, a
rejoin and a split.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import services
from tests.browser.phone import Phone
from tests.browser.support import check, end_here, record_marked, start

pytestmark = pytest.mark.browser


def test_a_pool_rummy_game_with_a_drop_a_wrong_show_an_elimination_a_rejoin_and_a_split(
    new_phone, shots, uow
):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Aarav", "Bhavna", "Chandra", "Divyā"]
    game_id = start(
        phone,
        "Pool Rummy 101",
        players,
        "pool",
        open=["Play for money"],
        stakes_on="y",
        mode="pot",
        entry_cents="500",
    )
    # Section 10's example: Chandra drops first, Divyā shows wrongly.
    record_marked(phone, "Aarav", {"hands_1": "34"}, ["drops_first_2", "wrong_show_3"])
    phone.shot("pool-deal-1")
    record_marked(phone, "Chandra", {"hands_0": "52", "hands_3": "95"}, ["drops_middle_1"])
    # Divyā has 160: eliminated; her row offers a rejoin instead of a drop.
    row = page.locator(".hands .row[data-seat='3']")
    expect(row).to_contain_text("out of the game: tap Rejoins")
    expect(page.locator(".totals")).to_contain_text("eliminated")
    phone.shot("pool-eliminated")
    record_marked(
        phone, "Bhavna", {"hands_0": "30", "hands_2": "61", "hands_3": "28"}, ["rejoin_3"]
    )
    expected = [
        {
            "out": "Aarav",
            "hands": {"Bhavna": 34},
            "drops": {"Chandra": "first"},
            "wrong_show": ["Divyā"],
        },
        {"out": "Chandra", "hands": {"Aarav": 52, "Divyā": 95}, "drops": {"Bhavna": "middle"}},
        {"out": "Bhavna", "hands": {"Aarav": 30, "Chandra": 61, "Divyā": 28}, "rejoin": ["Divyā"]},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.totals == {"Aarav": 82, "Bhavna": 74, "Chandra": 81, "Divyā": 103}
    phone.shot("pool-after-rejoin")

    end_here(phone, "pool", split=True)
    expect(page.locator(".result")).to_contain_text("splitting the pot")
    phone.shot("pool-split")
    state = services.load_game(uow, game_id).state.as_dict()
    assert state["split"] is True
    assert state["winners"] == ["Aarav", "Bhavna", "Chandra"]
    assert state["settlement"]["balances"] == {
        "Aarav": 167,
        "Bhavna": 667,
        "Chandra": 166,
        "Divyā": -1000,
    }
    expect(page.locator("#deal-form")).to_have_count(0)
