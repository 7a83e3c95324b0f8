"""The circle page without a signal (real Chromium, its service worker): it opens from
the phone's cache, and an expense and a payment added offline wait on the phone and are
stored once each, in order, when the signal returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.service_layer import circles
from tests.browser.phone import picture
from tests.browser.support import (
    PAGE_KEPT,
    WORKER_TAKES_PAGE,
    cut_signal,
    restore_signal,
    wait_in_page,
)
from tests.waiting import wait_until

# PostgreSQL changes what this page meets (NOTIFY, concurrent writes): both runs.
pytestmark = [pytest.mark.browser, pytest.mark.both_databases]


def records(uow, circle_id: str, count: int) -> list:
    """The circle's records once it has ``count`` of them (the phone sends on its own)."""
    wait_until(
        lambda: len(circles.load_circle(uow, circle_id).records) >= count,
        f"{count} records stored",
    )
    return list(circles.load_circle(uow, circle_id).records)


def test_expenses_and_payments_typed_offline_are_sent_once_in_order(new_phone, shots, uow):
    started = circles.create_circle(uow, name="Cabin", members=["Ann", "Bob", "Cy"])
    circle_id, token = started.circle.public_id, started.edit_token
    page = new_phone()
    page.goto(f"/circles/{circle_id}/edit/{token}")
    page.wait_for_function(WORKER_TAKES_PAGE)
    page.reload()  # the worker keeps the page as it passes
    wait_in_page(page, PAGE_KEPT, "the circle page kept by the service worker")
    cut_signal(page)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Cabin")

    page.locator("#expense > summary").tap()
    page.get_by_label("How much (USD)").first.fill("30")
    page.get_by_label("What for").fill("Firewood")
    page.get_by_role("button", name="Add the expense").tap()
    page.locator("#payment summary").tap()
    page.locator("#payment").get_by_label("How much (USD)").fill("5")
    page.locator("#payment").get_by_role("button", name="Mark as paid").tap()
    waiting = page.locator("#waiting li")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("Expense waiting to send")
    expect(waiting.nth(1)).to_contain_text("Payment waiting to send")
    picture(page, shots / "circle-offline.png", full_page=True)
    assert circles.load_circle(uow, circle_id).records == ()

    # Chromium says "online" to the page itself: the page sends, then shows the records.
    # (A second "online" dispatched here once met the page mid-navigation.)
    restore_signal(page)
    stored = records(uow, circle_id, 2)
    assert [(r.kind, r.cents) for r in stored] == [("expense", 3000), ("payment", 500)]
    expect(page.locator("#history li")).to_have_count(2)
    expect(page.locator("#waiting")).to_be_hidden()
    # The page opened again sends nothing more: the outbox is empty, and each record's
    # key would store nothing new even if it were not.
    page.reload()
    expect(page.locator("#history li")).to_have_count(2)
    assert page.evaluate("() => Object.keys(localStorage).map((k) => localStorage[k])") == ["[]"]
    assert len(circles.load_circle(uow, circle_id).records) == 2


def test_a_record_whose_send_got_no_answer_is_sent_again_without_another_online(new_phone, uow):
    # The signal came back but the first send still found none (it raced the network's
    # return): the page tries again on its own, not only at the next "online" event.
    started = circles.create_circle(uow, name="Cabin", members=["Ann", "Bob", "Cy"])
    circle_id, token = started.circle.public_id, started.edit_token
    page = new_phone()
    page.goto(f"/circles/{circle_id}/edit/{token}")
    cut_signal(page)
    page.locator("#expense > summary").tap()
    page.get_by_label("How much (USD)").first.fill("30")
    page.get_by_label("What for").fill("Firewood")
    page.get_by_role("button", name="Add the expense").tap()
    expect(page.locator("#waiting li")).to_have_count(1)

    refused = []

    def no_answer_once(route):
        if route.request.method == "POST" and not refused:
            refused.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/*", no_answer_once)
    restore_signal(page)
    # Waited on in the page: the route above answers only while Playwright is called.
    expect(page.locator("#history li")).to_have_count(1)
    assert len(refused) == 1
    assert [(r.kind, r.cents) for r in records(uow, circle_id, 1)] == [("expense", 3000)]
