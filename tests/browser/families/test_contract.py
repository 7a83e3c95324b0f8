"""Contract Rummy played on a phone in real Chromium: its seven deals with eight players.

Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import check, record_marked, start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


# Slow tier (tests/tiers.py): the Rummikub and Scala 40 plays (test_rummikub.py,
# test_kalooki.py) stand for it.
@SLOW
def test_the_seven_deals_of_contract_rummy_with_eight_players(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    game_id = start(phone, "Contract Rummy", players, "contract")
    contracts = [
        "2 groups of 3",
        "1 group of 3 + 1 sequence of 4",
        "2 sequences of 4",
        "3 groups of 3",
        "2 groups of 3 + 1 sequence of 4",
        "1 group of 3 + 2 sequences of 4",
        "3 sequences of 4",
    ]
    expected = []
    for number, contract in enumerate(contracts):
        cards = 10 if number < 4 else 12
        expect(page.locator(".next")).to_contain_text(f"Contract {contract}")
        expect(page.locator(".next")).to_contain_text(f"deals {cards} cards each")
        out = players[number]
        hands = {seat: str(5 * (seat + number) % 60) for seat in range(8) if seat != number}
        record_marked(phone, out, {f"hands_{seat}": value for seat, value in hands.items()})
        expected.append(
            {"out": out, "hands": {players[seat]: int(value) for seat, value in hands.items()}}
        )
        if number == 0:
            phone.shot("contract-deal-1")
    view = check(phone, uow, game_id, expected)
    assert view.state.finished
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    phone.shot("contract-over")
