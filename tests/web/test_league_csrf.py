"""Every account and league form is refused without its CSRF token and stores nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from tests.league.support import NAMES, PASSWORD
from tests.web.routes import fill, route_arguments
from tests.web.support import text as page_text

# What each form would store if its token were there (the rest need no fields).
FORMS = {
    "league.signup": {
        "email": "new@example.org",
        "name": "New",
        "password": PASSWORD,
        "confirm": PASSWORD,
    },
    "league.login": {"email": "org@example.org", "password": PASSWORD},
    "league.change_password": {
        "current_password": PASSWORD,
        "new_password": "another horse battery",
        "confirm": "another horse battery",
    },
    "league.new_league": {"name": "Friday Club", "variant": "rummy", "table_size": "4"},
    "league.add_members": {"names": "Zed\nYan"},
    "league.rename_member": {"name": "Annie"},
    "league.add_organizer": {"email": "new@example.org"},
    "league.new_night": {"held_on": "2026-04-02", "present": NAMES[4:8]},
    "league.paper_totals": {"Ann": "10"},
}


@pytest.fixture
def app_config(app_config: dict) -> dict:
    return {**app_config, "WTF_CSRF_ENABLED": True}


def every_row(database) -> dict[str, list]:
    with database.engine.connect() as connection:
        tables = inspect(connection).get_table_names()
        rows = {table: connection.execute(text(f'SELECT * FROM "{table}"')) for table in tables}
        return {table: sorted(map(tuple, found), key=repr) for table, found in rows.items()}


def test_every_account_and_league_form_needs_its_token(app, client, uow, database):
    arguments = route_arguments(client, uow)
    forms = [
        rule
        for rule in app.url_map.iter_rules()
        if "POST" in rule.methods and rule.endpoint.startswith("league.")
    ]
    assert len(forms) >= 15
    # Were the tokens not checked, these would change who is logged in: last.
    account = ["league.signup", "league.login", "league.logout"]
    forms.sort(key=lambda rule: account.index(rule.endpoint) if rule.endpoint in account else -1)
    before = every_row(database)

    answered = {}
    for rule in forms:
        response = client.post(fill(rule, arguments), data=FORMS.get(rule.endpoint, {}))
        said = page_text(response)
        refused_for_the_token = "CSRF token is missing" in said or "out of date" in said
        answered[rule.endpoint] = (response.status_code, refused_for_the_token)

    # RFC 8058: a mail app's one-click unsubscribe posts with no cookie and no form token;
    # the link's own token is the key (a wrong one here: 404, nothing changed).
    assert answered.pop("league.unsubscribe") == (404, False)
    assert answered == {rule.endpoint: (400, True) for rule in forms if rule.endpoint in answered}
    assert every_row(database) == before
