"""A circle's ledger and stats (docs/circles.md), derived from its games' states and its
expenses and payments: nothing here is ever stored.

Members are numbered 0, 1, ... in the order they joined. A game names, for each of its
players (partnership games: each side), the members sitting for it; its settlement's
balances are per player (side). Everything is in whole cents.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .settlement import transfers


@dataclass(frozen=True)
class GameResult:
    """What the ledger needs of one game played in the circle."""

    key: str
    variant: str
    finished: bool
    # For each player (or side) in seat order: the members playing for it, in seat order.
    sides: tuple[tuple[int, ...], ...]
    # The positions (in ``sides``) of the winners; meaningful once finished.
    winners: tuple[int, ...] = ()
    # The settlement's balance of each player (side), or None for a game without stakes.
    balances: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Expense:
    number: int
    paid_by: int
    cents: int
    shared_by: tuple[int, ...]  # in member order
    # Each sharer's weight, in the order of ``shared_by`` (shares, exact amounts or
    # percentages as whole numbers); None: equal shares.
    weights: tuple[int, ...] | None = None

    def owed(self) -> list[int]:
        """What each sharer owes, in the order of ``shared_by``: sums to ``cents``."""
        if self.weights is None:
            return split(self.cents, len(self.shared_by))
        return apportion(self.cents, self.weights)


@dataclass(frozen=True)
class Payment:
    number: int
    payer: int
    payee: int
    cents: int


Event = GameResult | Expense | Payment


@dataclass
class MemberStats:
    games: int = 0
    wins: int = 0
    by_variant: dict[str, dict[str, int]] = field(default_factory=dict)
    net_cents: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "by_variant": {variant: dict(count) for variant, count in self.by_variant.items()},
            "net_cents": self.net_cents,
        }


def split(cents: int, parts: int) -> list[int]:
    """``cents`` in ``parts`` equal shares; the cents that do not split go one each to
    the first shares (103 by 4: 26, 26, 26, 25), so no two shares differ by more than one.

    The split is of the amount: a debt of 15 between two is 8 and 7, as a gain of 15 is.
    """
    share, odd = divmod(abs(cents), parts)
    sign = -1 if cents < 0 else 1
    return [sign * (share + (1 if place < odd else 0)) for place in range(parts)]


def apportion(cents: int, weights: Sequence[int]) -> list[int]:
    """``cents`` (at least 0) in parts proportional to ``weights`` (at least one above 0):
    each part rounded down, then the cents left over one each to the parts with the
    largest remainders, the first of equal ones first. Equal weights split as ``split``
    does; weights that are the amounts themselves give those amounts back."""
    total = sum(weights)
    exact = [cents * weight for weight in weights]  # each part times ``total``
    parts = [value // total for value in exact]
    left = cents - sum(parts)
    order = sorted(range(len(weights)), key=lambda place: (-(exact[place] % total), place))
    for place in order[:left]:
        parts[place] += 1
    return parts


def changes(event: Event) -> dict[int, int]:
    """What one event adds to each member's balance (members it leaves alone are absent)."""
    change: dict[int, int] = {}
    if isinstance(event, GameResult):
        if event.finished and event.balances is not None:
            for members, balance in zip(event.sides, event.balances, strict=True):
                for member, cents in zip(members, split(balance, len(members)), strict=True):
                    change[member] = change.get(member, 0) + cents
    elif isinstance(event, Expense):
        change[event.paid_by] = event.cents
        for member, owed in zip(event.shared_by, event.owed(), strict=True):
            change[member] = change.get(member, 0) - owed
    else:
        change[event.payer] = event.cents
        change[event.payee] = change.get(event.payee, 0) - event.cents
    return change


def running_balances(members: int, events: Iterable[Event]) -> list[tuple[Event, list[int]]]:
    """Each event with every member's balance after it: the ledger replayed in order."""
    balances = [0] * members
    rows = []
    for event in events:
        for member, cents in changes(event).items():
            balances[member] += cents
        rows.append((event, list(balances)))
    return rows


def balances(members: int, events: Iterable[Event]) -> list[int]:
    """Every member's balance; they sum to exactly 0."""
    total = [0] * members
    for event in events:
        for member, cents in changes(event).items():
            total[member] += cents
    return total


def stats(members: int, games: Iterable[GameResult]) -> list[MemberStats]:
    """Games, wins (by variant too) and net money at the table of each member: finished
    games only (ended early counts); a partnership side's result is each of its members'."""
    result = [MemberStats() for _ in range(members)]
    for game in games:
        if not game.finished:
            continue
        for member, cents in changes(game).items():
            result[member].net_cents += cents
        for place, sitting in enumerate(game.sides):
            won = place in game.winners
            for member in sitting:
                line = result[member]
                count = line.by_variant.setdefault(game.variant, {"games": 0, "wins": 0})
                line.games += 1
                count["games"] += 1
                line.wins += won
                count["wins"] += won
    return result


def settle_fewest(balances: Sequence[int]) -> list[tuple[int, int, int]]:
    """(payer, payee, cents): the largest debtor pays the largest creditor, as a game's
    settlement does (at most one fewer transfer than members)."""
    return transfers(list(balances)) if balances else []  # a circle may have no members yet


def settle_through(balances: Sequence[int], host: int) -> list[tuple[int, int, int]]:
    """(payer, payee, cents): every other member settles with ``host`` alone."""
    made = []
    for member, balance in enumerate(balances):
        if member == host or balance == 0:
            continue
        made.append((member, host, -balance) if balance < 0 else (host, member, balance))
    return made
