"""Phase 10 played on a phone in real Chromium, through a tie-break hand.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import check, record_marked, start

pytestmark = pytest.mark.browser


def test_a_phase_10_game_through_a_tie_break_hand(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    game_id = start(
        phone,
        "Phase 10",
        ["Ann", "Bob", "Cy"],
        "phase10",
        open=["House rules"],
        o_phase10_phases="Two sets of 3\nA run of 7",
    )
    # Whoever goes out has done their phase: no mark to tap beside them.
    record_marked(phone, "Ann", {"hands_1": "20", "hands_2": "50"}, ["completed_1"])
    expect(page.locator(".totals")).to_contain_text("phase 2")
    record_marked(phone, "Bob", {"hands_0": "20", "hands_2": "30"}, ["completed_0"])
    # Ann and Bob both finished the last phase on 20: they replay it alone.
    expect(page.locator(".next")).to_contain_text("Tie-break hand: Ann and Bob")
    expect(page.locator(".hands .row[data-seat='2']")).to_contain_text("sits out")
    phone.shot("phase10-tiebreak")
    record_marked(phone, "Ann", {"hands_1": "15"})
    expected = [
        {"out": "Ann", "completed": ["Ann", "Bob"], "hands": {"Bob": 20, "Cy": 50}},
        {"out": "Bob", "completed": ["Ann", "Bob"], "hands": {"Ann": 20, "Cy": 30}},
        {"out": "Ann", "completed": ["Ann"], "hands": {"Bob": 15}},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.finished and view.state.winners == ["Ann"]
    expect(page.locator(".result")).to_contain_text("Winner: Ann")
    phone.shot("phase10-won")
