"""The games people ask for most, played on a phone in real Chromium: a 4-player
Rummikub game with a deal where the pool ran out, the 7 deals of Contract Rummy with 8
players, and a Scala 40 game with an elimination and a rejoin.

Each checks what was stored against the entries meant, and the page against the
scoring core; screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phone import Phone
from tests.browser.support import check, record_marked, start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


def test_a_four_player_rummikub_game_with_a_deal_where_the_pool_ran_out(new_phone, shots, uow):
    phone = Phone(new_phone(), shots)
    page = phone.page
    players = ["Ann", "Bob", "Cy", "Dee"]
    game_id = start(phone, "Rummikub", players, "rummikub")
    expect(page.locator(".next")).to_contain_text("Ann plays first")
    record_marked(phone, "Ann", {"racks_1": "5", "racks_2": "16", "racks_3": "3"})
    expect(page.locator(".next")).to_contain_text("Bob plays first")
    # The pool runs out: Ann and Bob tie for the lowest rack and share 16.
    record_marked(
        phone,
        "Nobody: the pool ran out",
        {"racks_0": "7", "racks_1": "7", "racks_2": "20", "racks_3": "10"},
    )
    expect(page.get_by_text("pool out", exact=True)).to_be_visible()
    phone.shot("rummikub-pool-out")
    record_marked(phone, "Dee", {"racks_0": "32", "racks_1": "13", "racks_2": "2"})
    record_marked(phone, "Cy", {"racks_0": "10", "racks_1": "25", "racks_3": "6"})
    expected = [
        {"out": "Ann", "racks": {"Bob": 5, "Cy": 16, "Dee": 3}},
        {"out": None, "racks": {"Ann": 7, "Bob": 7, "Cy": 20, "Dee": 10}},
        {"out": "Dee", "racks": {"Ann": 32, "Bob": 13, "Cy": 2}},
        {"out": "Cy", "racks": {"Ann": 10, "Bob": 25, "Dee": 6}},
    ]
    view = check(phone, uow, game_id, expected)
    assert view.state.totals == {"Ann": -10, "Bob": -35, "Cy": 10, "Dee": 35}
    assert view.state.finished and view.state.winners == ["Dee"]
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator(".totals")).to_contain_text("1 deal won")
    phone.shot("rummikub-over")


# Slow tier (tests/tiers.py): the other asked-for games' plays stand for it.
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
