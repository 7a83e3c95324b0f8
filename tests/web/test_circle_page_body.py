"""The circle page's body, kept per circle version, language, host and edit right
(web/circles/body.py): each read still carries its own CSRF token and one-time key, a
change shows at once, and a name can never spell one of the marks."""

from __future__ import annotations

import re

import pytest

from scorekeeper.service_layer import circles
from scorekeeper.web.circles.body import CSRF_MARK, KEY_MARK

# 40 characters, accented, one of them spelling the marks the body keeps in its place.
MEMBERS = [
    "Ñandú-Öström Bérénice Châtelaine Dupré",
    "Zoë <!--csrf--> & <!--key-->",
    "Łukasz Żółkiewski",
    "Ann",
    "Bob",
    "Cy",
    "Dee",
    "Eve",
]


@pytest.fixture
def app_config(app_config: dict) -> dict:
    return {**app_config, "WTF_CSRF_ENABLED": True}


@pytest.fixture
def circle(client, uow) -> str:
    started = circles.create_circle(uow, name="Trip", members=MEMBERS, currency="EUR")
    circle_id = started.circle.public_id
    assert client.get(f"/circles/{circle_id}/edit/{started.edit_token}").status_code == 303
    return circle_id


def tokens(page: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" value="([^"]*)"', page))


def keys(page: str) -> set[str]:
    return set(re.findall(r'name="key" value="([^"]*)"', page))


def test_each_read_carries_its_own_token_and_key_and_a_kept_one_still_works(client, uow, circle):
    first = client.get(f"/circles/{circle}").text
    second = client.get(f"/circles/{circle}").text  # the same version: the kept body

    for page in (first, second):
        assert CSRF_MARK not in page and KEY_MARK not in page
        assert len(tokens(page)) == 1 and "" not in tokens(page)
        assert len(keys(page)) == 1
        assert "Zoë &lt;!--csrf--&gt; &amp; &lt;!--key--&gt;" in page
    assert keys(first) != keys(second)
    expense = {
        "csrf_token": tokens(second).pop(),
        "key": keys(second).pop(),
        "paid_by": MEMBERS[1],
        "amount": "10.03",
        "shared_by": MEMBERS[:3],
    }
    assert client.post(f"/circles/{circle}/expenses", data=expense).status_code == 303
    assert [r.cents for r in circles.load_circle(uow, circle).records] == [1003]


def test_a_change_shows_at_once_and_a_reader_gets_no_form(app, client, uow, circle):
    before = client.get(f"/circles/{circle}").text
    view = circles.load_circle(uow, circle)
    circles.add_payment(
        uow, circle, edit_token(client, circle), {"from": "Ann", "to": "Bob", "cents": 250}
    )
    after = client.get(f"/circles/{circle}").text
    assert view.version < circles.load_circle(uow, circle).version
    assert "Ann paid Bob €2.50" in after
    assert "Ann paid Bob" not in before

    reader = app.test_client().get(f"/circles/{circle}").text
    assert "Ann paid Bob €2.50" in reader
    assert "Add an expense" not in reader and 'name="csrf_token"' not in reader


def edit_token(client, circle_id: str) -> str:
    with client.session_transaction() as session:
        return session["circles"][circle_id]


def test_each_language_and_settle_up_host_has_a_body_of_its_own(client, uow, circle):
    circles.add_expense(
        uow,
        circle,
        edit_token(client, circle),
        {"paid_by": "Ann", "cents": 1003, "shared_by": ["Ann", "Bob", "Cy", "Dee"]},
    )
    english = client.get(f"/circles/{circle}").text
    client.get("/language/fr?next=/")
    french = client.get(f"/circles/{circle}").text
    through = client.get(f"/circles/{circle}?host=Dee").text

    assert "Settle up" in english and "Settle up" not in french
    assert 'value="Dee" selected' in through and 'value="Dee" selected' not in french
