"""The circle's pure ledger (scoring.circle): splits, changes, stats and settling."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import circle as ledger
from tests.tiers import examples


def test_a_split_gives_the_cents_that_do_not_split_one_each_to_the_first_shares():
    assert ledger.split(103, 4) == [26, 26, 26, 25]
    assert ledger.split(100, 3) == [34, 33, 33]
    assert ledger.split(101, 3) == [34, 34, 33]
    assert ledger.split(-101, 3) == [-34, -34, -33]
    assert ledger.split(7, 8) == [1, 1, 1, 1, 1, 1, 1, 0]
    assert ledger.split(15, 2) == [8, 7]
    assert ledger.split(-15, 2) == [-8, -7]
    assert ledger.split(0, 4) == [0, 0, 0, 0]


@given(st.integers(-(10**9), 10**9), st.integers(1, 100))
def test_a_split_sums_to_the_amount_and_no_two_shares_differ_by_more_than_a_cent(cents, parts):
    shares = ledger.split(cents, parts)
    assert sum(shares) == cents
    assert max(shares) - min(shares) <= 1
    assert shares == sorted(shares, key=abs, reverse=True)  # the larger ones first


def test_an_expense_owes_the_odd_cents_one_each_by_the_first_in_member_order():
    expense = ledger.Expense(1, paid_by=4, cents=103, shared_by=(0, 1, 2, 3))
    assert ledger.changes(expense) == {4: 103, 0: -26, 1: -26, 2: -26, 3: -25}


def test_a_side_of_three_spreads_its_odd_cents_one_each_in_seat_order():
    game = ledger.GameResult(
        "g", "canasta", True, sides=((0, 2, 4), (1, 3, 5)), winners=(0,), balances=(101, -101)
    )
    assert ledger.changes(game) == {0: 34, 2: 34, 4: 33, 1: -34, 3: -34, 5: -33}


def test_a_partnership_sides_balance_goes_to_its_seated_members():
    game = ledger.GameResult(
        "g", "canasta", True, sides=((0, 2), (1, 3)), winners=(0,), balances=(1875, -1875)
    )
    assert ledger.changes(game) == {0: 938, 2: 937, 1: -938, 3: -937}
    stats = ledger.stats(4, [game])
    assert [line.wins for line in stats] == [1, 0, 1, 0]
    assert stats[3].as_dict() == {
        "games": 1,
        "wins": 0,
        "by_variant": {"canasta": {"games": 1, "wins": 0}},
        "net_cents": -937,
    }


def test_an_unfinished_game_or_one_without_stakes_changes_nobodys_money():
    open_game = ledger.GameResult("g", "rummy", False, ((0,), (1,)), (), (5, -5))
    no_stakes = ledger.GameResult("h", "rummy", True, ((0,), (1,)), (0,), None)
    assert ledger.changes(open_game) == {}
    assert ledger.changes(no_stakes) == {}
    assert [line.games for line in ledger.stats(2, [open_game, no_stakes])] == [1, 1]


def test_settling_through_one_member():
    assert ledger.settle_through([26, -13, -13], 1) == [(1, 0, 26), (2, 1, 13)]
    assert ledger.settle_through([0, 0], 0) == []
    assert ledger.settle_fewest([]) == []


members = st.integers(2, 8)


@st.composite
def events(draw):
    n = draw(members)
    member = st.integers(0, n - 1)
    made: list[ledger.Event] = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["game", "expense", "payment"]))
        if kind == "game":
            seated = draw(st.lists(member, min_size=2, max_size=n, unique=True))
            sides = tuple((m,) for m in seated)
            shares = draw(
                st.lists(st.integers(-500, 500), min_size=len(seated) - 1, max_size=len(seated) - 1)
            )
            balances = (*shares, -sum(shares))
            made.append(ledger.GameResult("g", "rummy", draw(st.booleans()), sides, (0,), balances))
        elif kind == "expense":
            sharers = tuple(sorted(draw(st.lists(member, min_size=1, unique=True))))
            made.append(ledger.Expense(1, draw(member), draw(st.integers(1, 10_000)), sharers))
        else:
            payer, payee = draw(st.lists(member, min_size=2, max_size=2, unique=True))
            made.append(ledger.Payment(1, payer, payee, draw(st.integers(1, 10_000))))
    return n, made


@settings(max_examples=examples(300), deadline=None)
@given(events())
def test_balances_sum_to_zero_settle_in_fewer_transfers_than_members_and_replay(case):
    n, made = case
    balances = ledger.balances(n, made)
    assert sum(balances) == 0
    replay = ledger.running_balances(n, made)
    assert (replay[-1][1] if replay else [0] * n) == balances
    for host in (None, *range(n)):
        moves = (
            ledger.settle_fewest(balances)
            if host is None
            else ledger.settle_through(balances, host)
        )
        assert len(moves) <= n - 1
        left = list(balances)
        for payer, payee, cents in moves:
            assert cents > 0
            left[payer] += cents
            left[payee] -= cents
        assert left == [0] * n


def test_apportioning_by_weights_gives_the_left_over_cents_to_the_largest_remainders():
    assert ledger.apportion(103, [1, 1, 1, 1]) == [26, 26, 26, 25]  # as the equal split
    assert ledger.apportion(100, [2, 1, 1]) == [50, 25, 25]  # "2 for the couple"
    assert ledger.apportion(101, [2, 1, 1]) == [51, 25, 25]  # 50.5 has the largest rest
    assert ledger.apportion(1000, [3333, 3333, 3334]) == [333, 333, 334]  # percents
    assert ledger.apportion(4830, [1200, 0, 3630]) == [1200, 0, 3630]  # exact amounts
    expense = ledger.Expense(1, paid_by=3, cents=100, shared_by=(0, 1, 2), weights=(2, 1, 1))
    assert ledger.changes(expense) == {3: 100, 0: -50, 1: -25, 2: -25}


@given(st.integers(0, 10**9), st.lists(st.integers(0, 10**6), min_size=1, max_size=30))
def test_apportioned_parts_sum_to_the_amount_within_a_cent_of_their_share(cents, weights):
    if not any(weights):
        weights[0] = 1
    parts = ledger.apportion(cents, weights)
    assert sum(parts) == cents
    total = sum(weights)
    for part, weight in zip(parts, weights, strict=True):
        assert abs(part * total - cents * weight) < total  # less than a cent away
