"""A circle's statement (docs/circles.md): each member's games, wins, net at the table,
expenses, payments and balance, what to pay whom, every person's record by game family
(service_layer.circle_people), and every game and record. A pure
view-model from the loaded circle; render.py makes the PDF."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.printing import words
from scorekeeper.scoring import circle as ledger
from scorekeeper.scoring import get_variant
from scorekeeper.service_layer import circle_people as people
from scorekeeper.translate import preset_name, translate

if TYPE_CHECKING:
    from scorekeeper.service_layer.circles import CircleView


@dataclass(frozen=True)
class MemberLine:
    name: str
    games: int
    wins: int
    net: str
    expenses: str  # what the expenses owe them, less what they owe
    payments: str  # payments made, less payments received
    balance: str
    cents: int


@dataclass(frozen=True)
class GameLine:
    day: str
    game: str
    winners: str
    finished: bool


@dataclass(frozen=True)
class RecordLine:
    day: str
    text: str
    amount: str


@dataclass(frozen=True)
class PersonLine:
    """One member's record at one game family."""

    name: str
    game: str
    games: int
    wins: int
    win_rate: int
    average: float
    best: int
    worst: int
    won_in_a_row: int  # the current run of wins (0 when the last game was not won)


@dataclass(frozen=True)
class Statement:
    name: str
    span: str
    members: tuple[MemberLine, ...]
    transfers: tuple[tuple[str, str, str], ...]
    games: tuple[GameLine, ...]
    records: tuple[RecordLine, ...]
    view_url: str
    people: tuple[PersonLine, ...] = ()
    # Lines past PRINTED_MAX_LINES, not printed (ledger.csv and people.csv have them all).
    games_left_out: int = 0
    records_left_out: int = 0
    people_left_out: int = 0


# The most lines each list prints (games, expenses and payments, people's records): the
# newest games and records, about 5 pages each. A circle's whole history is in its
# ledger.csv and people.csv; this keeps the statement's PDF within docs/security.md's bound.
PRINTED_MAX_LINES = 200


def _printed(games: tuple, records: tuple, people_lines: tuple) -> dict:
    """The lists as printed: the newest games and records, the first people's lines,
    each at most PRINTED_MAX_LINES, and how many of each are left out."""
    games_left_out = max(0, len(games) - PRINTED_MAX_LINES)
    records_left_out = max(0, len(records) - PRINTED_MAX_LINES)
    return {
        "games": games[games_left_out:],
        "records": records[records_left_out:],
        "people": people_lines[:PRINTED_MAX_LINES],
        "games_left_out": games_left_out,
        "records_left_out": records_left_out,
        "people_left_out": max(0, len(people_lines) - PRINTED_MAX_LINES),
    }


def statement(view: CircleView, *, view_url: str, locale: str, labels: dict[str, str]) -> Statement:
    """``labels``: the words the records are told in, translated by the caller
    ("expense", "payment" as "%(payer)s ... %(names)s" sentences)."""
    names = view.names

    def fmt(cents: int, signed: bool = False) -> str:
        return words.money(cents, view.currency, locale, signed=signed)

    n = len(names)
    expense_part, payment_part = [0] * n, [0] * n
    for record in view.records:
        if record.removed_at is not None:
            continue
        part = expense_part if record.kind == "expense" else payment_part
        for member, cents in ledger.changes(record.event).items():
            part[member] += cents
    balances = view.balances()
    stats = view.stats()
    members = tuple(
        MemberLine(
            name=names[i],
            games=stats[i].games,
            wins=stats[i].wins,
            net=fmt(stats[i].net_cents, True),
            expenses=fmt(expense_part[i], True),
            payments=fmt(payment_part[i], True),
            balance=fmt(balances[i], True),
            cents=balances[i],
        )
        for i in range(n)
    )
    games = tuple(
        GameLine(
            day=words.day(g.game.created_at, locale),
            game=g.game.title
            or preset_name(g.game.setup.preset)
            or translate(get_variant(g.game.setup.variant).name),
            winners=", ".join(names[m] for p in g.result.winners for m in g.result.sides[p]),
            finished=g.result.finished,
        )
        for g in view.games
    )
    records = tuple(
        RecordLine(
            day=words.day(r.at, locale),
            text=(
                labels["expense"]
                % {
                    "payer": names[r.payer],
                    "names": ", ".join(names[i] for i in r.shared_by or ()),
                }
                if r.kind == "expense"
                else labels["payment"] % {"payer": names[r.payer], "payee": names[r.payee or 0]}
            )
            + (f" ({r.note})" if r.note else ""),
            amount=fmt(r.cents),
        )
        for r in view.records
        if r.removed_at is None
    )
    days = [g.game.created_at for g in view.games] + [r.at for r in view.records]
    span = ""
    if days:
        first, last = words.day(min(days), locale), words.day(max(days), locale)
        span = first if first == last else f"{first} \u2013 {last}"
    return Statement(
        name=view.name,
        span=span,
        members=members,
        transfers=tuple((t["from"], t["to"], fmt(t["cents"])) for t in view.transfers()),
        view_url=view_url,
        **_printed(games, records, person_lines(view)),
    )


def person_lines(view: CircleView) -> tuple[PersonLine, ...]:
    """Every member's record, a line per game family they finished a game of."""
    lines = []
    for member in range(len(view.members)):
        record = people.person(view, member)
        for variant, line in sorted(record["by_variant"].items()):
            streak = line["streak"]
            lines.append(
                PersonLine(
                    name=record["name"],
                    game=translate(get_variant(variant).name),
                    games=line["games"],
                    wins=line["wins"],
                    win_rate=line["win_rate"],
                    average=line["average"],
                    best=line["best"],
                    worst=line["worst"],
                    won_in_a_row=streak["games"] if streak and streak["won"] else 0,
                )
            )
    return tuple(lines)
