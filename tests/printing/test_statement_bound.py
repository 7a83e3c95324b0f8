"""A circle's statement prints at most PRINTED_MAX_LINES of each list, its newest, and
says how many earlier ones ledger.csv has: its PDF stays within docs/security.md's bound
however long the circle has played."""

from __future__ import annotations

from scorekeeper.printing import statement as printed
from scorekeeper.printing.render import About, render_html
from scorekeeper.service_layer import circles
from tests.printing.support import VIEW_URL

NAMES = [f"Zoë-Łucja Wójcik-Gutiérrez de Ávila {n:02d}" for n in range(8)]
LABELS = {"expense": "%(payer)s paid for %(names)s", "payment": "%(payer)s paid %(payee)s"}
EXPENSES = printed.PRINTED_MAX_LINES + 30


def test_the_newest_records_print_and_the_earlier_ones_are_counted(uow):
    started = circles.create_circle(uow, name="Famille à Łódź", members=NAMES, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    for number in range(EXPENSES):
        expense = {"paid_by": NAMES[number % 8], "cents": 100 + number, "shared_by": NAMES}
        circles.add_expense(uow, circle_id, token, {**expense, "note": f"n°{number}"})
    view = circles.load_circle(uow, circle_id)
    made = printed.statement(view, view_url=VIEW_URL, locale="en_US", labels=LABELS)
    assert len(made.records) == printed.PRINTED_MAX_LINES
    assert made.records_left_out == 30
    assert made.records[-1].text.endswith(f"(n°{EXPENSES - 1})")
    assert made.records[0].text.endswith("(n°30)")
    html = render_html("circle_statement.html", s=made, about=About.of("", "", "en_US"))
    assert "…and 30 earlier expenses and payments: all are in ledger.csv." in html
    assert "(n°29)" not in html
