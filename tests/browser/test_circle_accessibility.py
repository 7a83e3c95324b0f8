"""axe-core on the circle's pages, light and dark, on a phone: zero violations."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scorekeeper.service_layer import circles, services
from tests.browser.axe import assert_no_violations_in, scheme_cases

pytestmark = pytest.mark.browser

MEMBERS = ["Ann", "Bob", "Cy", "Dee"]


def kept_circle(uow) -> tuple[str, str]:
    """A circle with a finished game with stakes, an expense and an undone payment."""
    started = circles.create_circle(uow, name="Sundays", members=MEMBERS, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    game = circles.start_game(
        uow,
        circle_id,
        token,
        {"variant": "rummy", "players": MEMBERS[:3], "options": {"deals": 1}, "stakes": {}},
    )
    entry = {"out": "Ann", "hands": {"Bob": 12, "Cy": 7}}
    services.record_deal(uow, game.game.public_id, game.edit_token, entry)
    circles.add_expense(
        uow, circle_id, token, {"paid_by": "Dee", "cents": 999, "shared_by": MEMBERS}
    )
    circles.add_payment(uow, circle_id, token, {"from": "Bob", "to": "Ann", "cents": 100})
    circles.remove_record(uow, circle_id, token, "payment", 1)
    return circle_id, token


def circle_page(page: Page, uow) -> None:
    circle_id, token = kept_circle(uow)
    page.goto(f"/circles/{circle_id}/edit/{token}")
    for section in ("#expense", "#expense details.split", "#payment"):
        page.locator(f"{section} > summary").tap()


def circle_settled_through_one(page: Page, uow) -> None:
    circle_id, token = kept_circle(uow)
    page.goto(f"/circles/{circle_id}/edit/{token}")
    page.goto(f"/circles/{circle_id}?host=Cy")


def circle_view_link(page: Page, uow) -> None:
    circle_id, _ = kept_circle(uow)
    page.goto(f"/circles/{circle_id}")


def circle_share(page: Page, uow) -> None:
    circle_id, token = kept_circle(uow)
    page.goto(f"/circles/{circle_id}/edit/{token}")
    page.goto(f"/circles/{circle_id}/share")


def new_circle(page: Page, uow) -> None:
    page.goto("/circles/new")


STATES = [circle_page, circle_settled_through_one, circle_view_link, circle_share, new_circle]


# The quick tier (tests/tiers.py) checks each page in the light scheme; CI in both.
@pytest.mark.parametrize(
    ("state", "schemes"),
    scheme_cases(STATES, {"light": {state.__name__ for state in STATES}}),
)
def test_a_circle_page_has_no_accessibility_violations(state, schemes, new_phone, shots, uow):
    page = new_phone(color_scheme=schemes[0])
    state(page, uow)
    assert_no_violations_in(page, schemes, shots, state.__name__)
