"""The circle page's expense form: every split kind of the API (equally, by shares,
exact amounts, percentages) and another currency at its rate; a refused expense shows
the page again, the form as typed and the message beside its field."""

from __future__ import annotations

import re

import pytest

from tests.api.conftest import FAMILY

SHARERS = FAMILY[:3]


@pytest.fixture
def circle(client):
    started = client.post(
        "/circles/new",
        data={"name": "Viaje à Łódź", "members": "\n".join(FAMILY), "currency": "EUR"},
    )
    client.get(started.headers["Location"])
    return re.search(r"/circles/([^/]+)", started.headers["Location"]).group(1)


def expense(client, circle, **fields):
    data = {"paid_by": FAMILY[0], "shared_by": SHARERS, "note": "Cabaña 🏔", **fields}
    return client.post(f"/circles/{circle}/expenses", data=data)


def last_expense(client, circle):
    return client.get(f"/api/v1/circles/{circle}").get_json()["expenses"][-1]


def test_the_form_offers_every_split_and_another_currency(client, circle):
    page = client.get(f"/circles/{circle}").get_data(as_text=True)
    kinds = re.findall(r'<option value="(\w+)">[^<]+</option>', page.split('id="split"')[1])
    assert kinds[:4] == ["equal", "shares", "exact", "percent"]
    for index in range(len(FAMILY)):
        assert f'name="part-{index}"' in page
    assert 'name="currency"' in page and 'name="rate"' in page


@pytest.mark.parametrize(
    ("split", "parts", "owed"),
    [
        # 10.03 by 2:1:1: 5.015, 2.5075, 2.5075 rounded down, the 2 cents left to the
        # largest remainders (the two 0.75s).
        ("shares", ["2", "1", "1"], [501, 251, 251]),
        ("exact", ["5,03", "2.50", "2.50"], [503, 250, 250]),
        ("percent", ["33,33", "33.33", "33.34"], [334, 334, 335]),
    ],
)
def test_each_split_kind_from_the_page(client, circle, split, parts, owed):
    fields = {f"part-{i}": part for i, part in enumerate(parts)}
    added = expense(client, circle, amount="10,03", split=split, **fields)
    assert added.status_code == 303, added.get_data(as_text=True)
    made = last_expense(client, circle)
    assert made["cents"] == 1003
    assert made["split"] == split
    assert made["owed"] == dict(zip(SHARERS, owed, strict=True))
    assert (
        sum(client.get(f"/api/v1/circles/{circle}").get_json()["ledger"]["balances"].values()) == 0
    )


def test_another_currency_at_its_rate(client, circle):
    added = expense(client, circle, amount="1000", currency="jpy", rate="0,0062")
    assert added.status_code == 303, added.get_data(as_text=True)
    made = last_expense(client, circle)
    assert made["paid_in"] == {"currency": "JPY", "amount": 100000, "rate": "0.0062"}
    assert made["cents"] == 620
    assert made["owed"] == dict(zip(SHARERS, [207, 207, 206], strict=True))


def test_a_refused_expense_keeps_the_form_and_says_why_beside_the_field(client, circle):
    refused = expense(
        client, circle, amount="12,50", split="percent", **{"part-0": "50", "part-1": "40"}
    )
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert '<details id="expense" open>' in page
    assert 'id="parts-msg">must add up to 100<' in page
    assert 'id="part-0" name="part-0" inputmode="decimal" value="50"' in page
    assert 'value="12,50"' in page and 'value="Cabaña 🏔"' in page
    assert '<option value="percent" selected>' in page
    assert client.get(f"/api/v1/circles/{circle}").get_json()["expenses"] == []
    bad_rate = expense(client, circle, amount="5", currency="CHF", rate="zero")
    assert bad_rate.status_code == 422
    page = bad_rate.get_data(as_text=True)
    assert 'id="rate-msg">must be the circle' in page
    assert 'value="CHF"' in page
