"""A circle's ledger as rows: ledger.csv, one row per game result, expense and payment,
in time order, with every member's running balance after it.

Amounts are written in the circle's currency as a spreadsheet reads a number (35.40,
-0.06: a point before two decimals, whatever the reader's language), not in cents."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from scorekeeper.scoring import circle as ledger
from scorekeeper.service_layer.circles import CircleGameView, CircleView, Record
from scorekeeper.service_layer.results import iso

LEDGER_COLUMNS = [
    "at",
    "kind",
    "id",
    "variant",
    "winners",
    "paid_by",
    "to",
    "shared_by",
    "amount",
    "note",
]


def ledger_rows(view: CircleView) -> list[list[Any]]:
    names = view.names
    rows: list[list[Any]] = [[*LEDGER_COLUMNS, *names]]
    timed = view.events()
    replay = ledger.running_balances(len(names), (event for _, _, event in timed))
    for (at, source, _), (_, balances) in zip(timed, replay, strict=True):
        rows.append([iso(at), *_describe(names, source), *map(amount, balances)])
    return rows


def amount(cents: int) -> Decimal:
    """Cents as the currency's units, exactly (a Decimal is written as 35.40)."""
    return Decimal(cents).scaleb(-2)


def _describe(names: list[str], source: CircleGameView | Record) -> list[Any]:
    """kind, id, variant, winners, paid_by, to, shared_by, cents, note."""
    if isinstance(source, CircleGameView):
        game, result = source.game, source.result
        winners = [names[m] for place in result.winners for m in result.sides[place]]
        title = game.title or ""
        return ["game", game.public_id, game.setup.variant, "; ".join(winners), *[""] * 4, title]
    payer, note = names[source.payer], source.note or ""
    if source.kind == "expense":
        sharers = "; ".join(names[i] for i in source.shared_by or ())
        return ["expense", source.number, "", "", payer, "", sharers, amount(source.cents), note]
    to = names[source.payee or 0]
    return ["payment", source.number, "", "", payer, to, "", amount(source.cents), note]
