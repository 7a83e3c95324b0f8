"""A circle's ledger.csv as a spreadsheet opens it: amounts in the currency (35.40, not
3540 cents) and UTF-8 with a byte-order mark, so Excel on Windows reads "Zoë"."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from .conftest import FAMILY as NAMES


def test_the_ledger_is_utf8_with_a_bom_and_its_amounts_in_the_currency(circle):
    started = circle(name="Viaje à Łódź 🃏", members=NAMES, currency="EUR")
    assert (
        started.post(
            "/expenses", {"paid_by": NAMES[0], "cents": 3540, "shared_by": NAMES, "note": "Paella"}
        ).status_code
        == 201
    )
    assert (
        started.post(
            "/expenses", {"paid_by": NAMES[7], "cents": 103, "shared_by": NAMES[4:]}
        ).status_code
        == 201
    )
    assert (
        started.post("/payments", {"from": NAMES[1], "to": NAMES[0], "cents": 443}).status_code
        == 201
    )
    response = started.client.get(f"{started.url}/ledger.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.mimetype_params["charset"] == "utf-8"
    assert response.data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    header = rows[0]
    assert header[-8:] == NAMES
    amount = header.index("amount")
    assert [row[amount] for row in rows[1:]] == ["35.40", "1.03", "4.43"]
    # 3540 among eight: 4.43 each but the last four, 4.42; 103 among four: 26, 26, 26, 25.
    after = dict(zip(NAMES, rows[-1][-8:], strict=True))
    assert after[NAMES[0]] == "26.54"  # 35.40 paid, 4.43 their own share, 4.43 received
    assert after[NAMES[1]] == "0.00"
    assert after[NAMES[4]] == "-4.68"
    assert after[NAMES[7]] == "-3.64"  # 1.03 paid, 4.42 and 0.25 owed
    balances = started.get()["ledger"]["balances"]
    assert [Decimal(balances[name]).scaleb(-2) for name in NAMES] == [
        Decimal(cell) for cell in rows[-1][-8:]
    ]
    assert sum(Decimal(cell) for cell in rows[-1][-8:]) == 0
