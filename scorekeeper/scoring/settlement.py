"""Stakes: what each player pays or receives, in whole cents (docs/rules.md section 8)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .options import STAKES

if TYPE_CHECKING:
    from .variant import Variant


def amount(points: int | Fraction, cents_per_point: int, round_to: int) -> int:
    """The cents for a points difference (>= 0), rounded half up to ``round_to``."""
    cents = points * cents_per_point
    # ints have a numerator and denominator too; a Fraction only comes from a
    # per_deal block shared by tied lowest hands.
    num, den = cents.numerator, cents.denominator
    return (2 * num + den * round_to) // (2 * den * round_to) * round_to


def deal_winnings(stakes: dict[str, Any] | None, players: int) -> int:
    """The cents the player who went out in a deal (a hole's winner) receives by
    ``deal_winner_cents``: that many from each other player; 0 without stakes or in a
    pot, which settles on entries alone."""
    if stakes is None or stakes.get("mode") == "pot":
        return 0
    return (stakes.get("deal_winner_cents") or 0) * (players - 1)


def settle(game: Variant) -> dict[str, Any] | None:
    stakes = game.setup.stakes
    if stakes is None:
        return None
    if len(stakes) < len(STAKES):  # stored before a stake existed: its default holds
        stakes = {spec.name: spec.default for spec in STAKES} | dict(stakes)
    mode = stakes["mode"]
    if mode == "pot":
        return _pot(game, stakes)
    n = game.n
    owed = [[0] * n for _ in range(n)]  # owed[a][b]: cents a pays b
    if mode == "per_deal":
        _per_deal(game, stakes, owed)
    elif mode == "pairs":
        _pairs(game, stakes, owed)
    else:
        _winner(game, stakes, owed)
    if stakes["deal_winner_cents"]:
        for deal in game.deals:
            if deal.went_out is not None:
                for seat in range(n):
                    if seat != deal.went_out:
                        owed[seat][deal.went_out] += stakes["deal_winner_cents"]
    players = game.players
    balances = [0] * n
    payments = []
    for a in range(n):
        for b in range(a + 1, n):
            net = owed[a][b] - owed[b][a]
            if net:
                payer, payee = (a, b) if net > 0 else (b, a)
                payments.append({"from": players[payer], "to": players[payee], "cents": abs(net)})
                balances[payer] -= abs(net)
                balances[payee] += abs(net)
    return {
        "currency": stakes["currency"],
        "balances": dict(zip(players, balances, strict=True)),
        "payments": payments,
        "transfers": _named(players, transfers(balances)),
    }


def _pot(game: Variant, stakes: Any) -> dict[str, Any]:
    """Pot stakes (docs/rules.md section 10): each player pays ``entry_cents`` per entry and the
    winners (or the leaders so far) share the pot, a split's first shares apart; the
    cents that do not divide go one each to the winners in seat order."""
    entry_cents = stakes["entry_cents"]
    paid = [entry_cents * entries for entries in game.entries_paid()]
    received = [entry_cents * first for first in game.split_firsts()]
    payees = game.payees()
    share, odd = divmod(sum(paid) - sum(received), len(payees))
    for rank, seat in enumerate(payees):
        received[seat] += share + (rank < odd)
    balances = [got - gave for got, gave in zip(received, paid, strict=True)]
    made = transfers(balances)
    return {
        "currency": stakes["currency"],
        "balances": dict(zip(game.players, balances, strict=True)),
        # Nobody owes anybody in particular: the payments are the transfers.
        "payments": _named(game.players, made),
        "transfers": _named(game.players, made),
    }


def _named(players: tuple[str, ...], made: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
    return [
        {"from": players[payer], "to": players[payee], "cents": cents}
        for payer, payee, cents in made
    ]


def transfers(balances: list[int]) -> list[tuple[int, int, int]]:
    """Settle balances (summing to 0): the largest debtor pays the largest creditor, again
    and again. Each transfer clears at least one balance, so there are at most n - 1."""
    left = list(balances)
    seats = range(len(left))
    made = []
    while True:
        payer = min(seats, key=left.__getitem__)
        payee = max(seats, key=left.__getitem__)
        if left[payer] >= 0 or left[payee] <= 0:
            return made
        cents = min(-left[payer], left[payee])
        made.append((payer, payee, cents))
        left[payer] += cents
        left[payee] -= cents


def _better_by(game: Variant, standings: list[int], a: int, b: int) -> int:
    """How far a's standing is better than b's (negative when worse)."""
    difference = standings[a] - standings[b]
    return difference if game.higher_wins else -difference


def _pairs(game: Variant, stakes: Any, owed: list[list[int]]) -> None:
    standings = game.standings()
    for a in range(game.n):
        for b in range(a + 1, game.n):
            ahead = _better_by(game, standings, a, b)
            cents = amount(abs(ahead), stakes["cents_per_point"], stakes["round_to"])
            if ahead > 0:
                owed[b][a] += cents
            else:
                owed[a][b] += cents


def _winner(game: Variant, stakes: Any, owed: list[list[int]]) -> None:
    standings = game.standings()
    payees = game.payees()
    first = payees[0]
    for seat in range(game.n):
        if seat in payees:
            continue
        # A player ahead of the winner (went_out_wins) pays nothing.
        ahead = max(_better_by(game, standings, first, seat), 0)
        cents = amount(ahead, stakes["cents_per_point"], stakes["round_to"])
        share, odd = divmod(cents, len(payees))
        for payee in payees:
            owed[seat][payee] += share
        owed[seat][first] += odd  # the cent that does not split: first in seat order


def _per_deal(game: Variant, stakes: Any, owed: list[list[int]]) -> None:
    points: list[list[int | Fraction]] = [[0] * game.n for _ in range(game.n)]
    for debtor, creditors, owing in game.debts():
        share = owing if len(creditors) == 1 else Fraction(owing, len(creditors))
        for creditor in creditors:
            points[debtor][creditor] += share
    for a in range(game.n):
        for b in range(a + 1, game.n):
            net = points[a][b] - points[b][a]  # each pair's sum, rounded once
            cents = amount(abs(net), stakes["cents_per_point"], stakes["round_to"])
            if net > 0:
                owed[a][b] += cents
            else:
                owed[b][a] += cents
