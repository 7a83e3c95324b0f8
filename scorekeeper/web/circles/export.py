"""A circle's ledger as rows: ledger.csv, one row per game result, expense and payment,
in time order, with every member's running balance after it; and people.csv, each
member's record.

Amounts are written in the circle's currency as a spreadsheet reads a number (35.40,
-0.06: a point before two decimals, whatever the reader's language), not in cents."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from scorekeeper.scoring import circle as ledger
from scorekeeper.service_layer import circle_people as people
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


PEOPLE_COLUMNS = [
    "name",
    "variant",
    "games",
    "wins",
    "win_rate",
    "average",
    "best",
    "worst",
    "streak",
    "net",
    "balance",
]


def people_rows(view: CircleView) -> list[list[Any]]:
    """Each member's record (service_layer.circle_people): a line for their lifetime
    (variant empty), then one per game family they played; money in currency units,
    the streak as W3 (won the last 3) or L2 (did not win the last 2)."""
    rows: list[list[Any]] = [PEOPLE_COLUMNS]
    for member in range(len(view.members)):
        record = people.person(view, member)
        name, balance = record["name"], amount(record["balance_cents"])
        lines = [("", record["lifetime"] | {"streak": record["streak"]})]
        lines += sorted(record["by_variant"].items())
        for variant, line in lines:
            streak = line["streak"]
            rows.append(
                [
                    name,
                    variant,
                    line["games"],
                    line["wins"],
                    line["win_rate"],
                    *(line.get(key, "") for key in ("average", "best", "worst")),
                    "" if streak is None else f"{'W' if streak['won'] else 'L'}{streak['games']}",
                    amount(line["net_cents"]),
                    balance,
                ]
            )
    return rows
