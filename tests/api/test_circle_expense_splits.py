"""Expenses as people share them (docs/api.md, "Circles"): by shares, exact amounts or
percentages, and paid in another currency at the rate entered; the equal split stays
as it was, and the ledger sums to exactly zero after every change."""

from __future__ import annotations

import pytest

from scorekeeper.models import CircleRecord

from .conftest import FAMILY, assert_problem, count

NAMES = FAMILY

EXPENSE_KEYS = {"number", "paid_by", "cents", "shared_by", "note", "at"}


@pytest.fixture
def trip(circle):
    return circle(name="Viaje", members=NAMES, currency="EUR")


def added(trip, **body):
    response = trip.post("/expenses", body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return trip.get()  # asserts the balances sum to 0


def test_by_shares_two_for_the_couple_with_the_odd_cents_to_the_largest_remainders(trip):
    body = added(
        trip,
        paid_by=NAMES[7],
        cents=10001,
        shared_by=NAMES[:3],
        split="shares",
        parts={NAMES[2]: 1, NAMES[0]: 2, NAMES[1]: 1.5},
    )
    (expense,) = body["expenses"]
    assert expense["split"] == "shares"
    assert expense["parts"] == {NAMES[0]: 2, NAMES[1]: 1.5, NAMES[2]: 1}
    # 10001 by 2 : 1.5 : 1 is 4444.9, 3333.7, 2222.4: rounded down, the 2 cents left
    # go to the largest remainders (0.9, then 0.7).
    assert expense["owed"] == {NAMES[0]: 4445, NAMES[1]: 3334, NAMES[2]: 2222}
    balances = body["ledger"]["balances"]
    assert balances[NAMES[0]] == -4445
    assert balances[NAMES[7]] == 10001


def test_by_exact_amounts(trip):
    body = added(
        trip,
        paid_by=NAMES[1],
        cents=4830,
        shared_by=NAMES[:3],
        split="exact",
        parts={NAMES[0]: 1200, NAMES[1]: 0, NAMES[2]: 3630},
    )
    assert body["expenses"][0]["owed"] == {NAMES[0]: 1200, NAMES[1]: 0, NAMES[2]: 3630}
    assert body["ledger"]["balances"][NAMES[1]] == 4830


def test_by_percentages_with_ties_to_the_first_in_member_order(trip):
    body = added(
        trip,
        paid_by=NAMES[0],
        cents=103,
        shared_by=NAMES[4:],
        split="percent",
        parts=dict.fromkeys(reversed(NAMES[4:]), 25),
    )
    owed = body["expenses"][0]["owed"]
    assert list(owed.values()) == [26, 26, 26, 25]
    assert list(owed) == NAMES[4:]
    body = added(
        trip,
        paid_by=NAMES[0],
        cents=1000,
        shared_by=NAMES[:3],
        split="percent",
        parts={NAMES[0]: "33.33", NAMES[1]: 33.33, NAMES[2]: 33.34},
    )
    assert list(body["expenses"][1]["owed"].values()) == [333, 333, 334]


def test_in_another_currency_at_the_rate_entered(trip):
    body = added(
        trip,
        paid_by=NAMES[2],
        cents=150000,  # 1500.00 in yen as typed
        currency="JPY",
        rate="0.0062",  # euros for one yen
        shared_by=NAMES[:4],
        note="Rāmen",
    )
    (expense,) = body["expenses"]
    assert expense["cents"] == 930
    assert expense["paid_in"] == {"currency": "JPY", "amount": 150000, "rate": "0.0062"}
    assert list(expense["owed"].values()) == [233, 233, 232, 232]
    assert "split" not in expense
    assert body["ledger"]["balances"][NAMES[2]] == 930 - 232


def test_exact_amounts_in_another_currency_follow_the_rate(trip):
    body = added(
        trip,
        paid_by=NAMES[0],
        cents=10000,
        currency="GBP",
        rate=1.17,
        shared_by=NAMES[:2],
        split="exact",
        parts={NAMES[0]: 2501, NAMES[1]: 7499},
    )
    (expense,) = body["expenses"]
    assert expense["cents"] == 11700
    assert expense["owed"] == {NAMES[0]: 2926, NAMES[1]: 8774}  # 29.2617 and 87.7383


def test_an_equal_expense_answers_exactly_the_contracts_fields(trip):
    body = added(trip, paid_by=NAMES[0], cents=103, shared_by=NAMES[:4], split="equal")
    assert set(body["expenses"][0]) == EXPENSE_KEYS
    assert list(body["ledger"]["balances"].values())[:4] == [103 - 26, -26, -26, -25]


@pytest.mark.parametrize(
    ("more", "field"),
    [
        ({"split": "shares"}, "parts"),
        ({"split": "halves", "parts": {NAMES[0]: 1, NAMES[1]: 1}}, "split"),
        ({"parts": {NAMES[0]: 1, NAMES[1]: 1}}, "split"),
        ({"split": "shares", "parts": {NAMES[0]: 1}}, "parts"),
        ({"split": "shares", "parts": {NAMES[0]: 1, NAMES[1]: 1, NAMES[2]: 1}}, "parts"),
        ({"split": "shares", "parts": {NAMES[0]: 1, NAMES[1]: -1}}, "parts"),
        ({"split": "shares", "parts": {NAMES[0]: 0, NAMES[1]: 0}}, "parts"),
        ({"split": "shares", "parts": {NAMES[0]: 1.001, NAMES[1]: 1}}, "parts"),
        ({"split": "exact", "parts": {NAMES[0]: 50, NAMES[1]: 49}}, "parts"),
        ({"split": "exact", "parts": {NAMES[0]: 50.5, NAMES[1]: 49.5}}, "parts"),
        ({"split": "percent", "parts": {NAMES[0]: 50, NAMES[1]: 49.99}}, "parts"),
        ({"split": "percent", "parts": {NAMES[0]: True, NAMES[1]: 99}}, "parts"),
        ({"currency": "EUR", "rate": 1}, "currency"),
        ({"currency": "usd", "rate": 1}, "currency"),
        ({"currency": "USD"}, "rate"),
        ({"currency": "USD", "rate": 0}, "rate"),
        ({"currency": "USD", "rate": "1.123456789"}, "rate"),
        ({"currency": "USD", "rate": "0.000001"}, "rate"),  # 100 cents make 0
        ({"currency": "USD", "rate": 1e20}, "rate"),  # too many digits for 8 places
        ({"split": "shares", "parts": {NAMES[0]: 1e30, NAMES[1]: 1}}, "parts"),
        ({"rate": 1.1}, "currency"),
    ],
)
def test_a_split_or_a_currency_given_wrongly_is_refused_and_nothing_stored(
    trip, database, more, field
):
    before = count(database, CircleRecord)
    body = {"paid_by": NAMES[0], "cents": 100, "shared_by": NAMES[:2], **more}
    refused = assert_problem(trip.post("/expenses", body), 422)
    assert field in refused["errors"], refused
    assert count(database, CircleRecord) == before


def test_removing_and_restoring_a_shared_expense_keeps_the_ledger_at_zero(trip, client):
    added(trip, paid_by=NAMES[0], cents=999, shared_by=NAMES, split="shares",
          parts=dict(zip(NAMES, [3, 1, 1, 2, 1, 1, 1, 1], strict=True)))  # fmt: skip
    added(trip, paid_by=NAMES[5], cents=777, currency="CHF", rate="1.0731", shared_by=NAMES)
    removed = client.delete(
        f"{trip.url}/expenses/1", headers={"Authorization": f"Bearer {trip.token}"}
    )
    assert removed.status_code == 200
    body = trip.get()
    assert [e["number"] for e in body["expenses"]] == [2]
    restored = trip.post("/expenses/1/restore", None)
    assert restored.status_code == 200
    body = trip.get()
    # 999 in elevenths: 272.45, 90.82 (six times) and 181.64; the 6 cents left go to
    # the six largest remainders, the 0.82s.
    assert list(body["expenses"][0]["owed"].values()) == [272, 91, 91, 181, 91, 91, 91, 91]
    assert body["expenses"][1]["cents"] == 834  # 7.77 francs at 1.0731
