"""What a circle's use cases return (service_layer.circles): the circle as loaded, with
its ledger and stats worked out by ``scoring.circle`` from its games' stored results
(``stored_result``, kept per game version) and its records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cached_property
from typing import Any

from scorekeeper import scoring
from scorekeeper.models import as_utc
from scorekeeper.scoring import circle as ledger
from scorekeeper.service_layer.results import GameView, iso

# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class Member:
    id: int
    name: str


@dataclass(frozen=True)
class GameSummary:
    """What the circle shows of one of its games: its row's facts, and from its stored
    result the players (sides) and whether it is over; never its entries."""

    public_id: str
    title: str | None
    version: int
    created_at: datetime
    updated_at: datetime
    setup: scoring.Setup
    finished: bool


@dataclass(frozen=True)
class CircleGameView:
    game: GameSummary
    members: tuple[int, ...]  # member index in each of the game's places
    result: ledger.GameResult
    # Each player's (side's) total points, in seat order, and whether more is better.
    totals: tuple[int, ...] = ()
    higher_wins: bool = True

    @property
    def at(self) -> datetime:
        """When its result counts in the running ledger: its last change."""
        return self.game.updated_at


@dataclass(frozen=True)
class Record:
    kind: str
    number: int
    payer: int  # member index
    payee: int | None
    shared_by: tuple[int, ...] | None
    cents: int
    note: str | None
    at: datetime
    removed_at: datetime | None
    # How an expense is shared and in what money, as entered (circle_checks.expense).
    terms: dict[str, Any] | None = None

    @property
    def event(self) -> ledger.Expense | ledger.Payment:
        if self.kind == "expense":
            weights = None
            if self.terms and "split" in self.terms:
                scale = 1 if self.terms["split"] == "exact" else 100  # hundredths
                weights = tuple(int(Decimal(str(p)) * scale) for p in self.terms["parts"])
            return ledger.Expense(
                self.number, self.payer, self.cents, self.shared_by or (), weights
            )
        return ledger.Payment(self.number, self.payer, self.payee or 0, self.cents)

    def expense_dict(self, names: list[str]) -> dict[str, Any]:
        """The expense of docs/api.md; one shared otherwise than equally, or paid in
        another currency, also says how (``split``, ``parts``, ``owed``, ``paid_in``)."""
        sharers = [names[i] for i in self.shared_by or ()]
        made = {
            "number": self.number,
            "paid_by": names[self.payer],
            "cents": self.cents,
            "shared_by": sharers,
            "note": self.note,
            "at": iso(self.at),
        }
        terms = self.terms or {}
        if "split" in terms:
            made["split"] = terms["split"]
            made["parts"] = dict(zip(sharers, terms["parts"], strict=True))
        if "currency" in terms:
            made["paid_in"] = {k: terms[k] for k in ("currency", "amount", "rate")}
        if terms:
            owed = self.event.owed() if isinstance(self.event, ledger.Expense) else []
            made["owed"] = dict(zip(sharers, owed, strict=True))
        return made


@dataclass(frozen=True)
class CircleView:
    public_id: str
    name: str
    currency: str
    version: int
    created_at: datetime
    members: tuple[Member, ...]
    games: tuple[CircleGameView, ...]  # newest first
    records: tuple[Record, ...]  # every record, removed ones too, in the order made

    @property
    def etag(self) -> str:
        return f'"v{self.version}"'

    @property
    def names(self) -> list[str]:
        return [member.name for member in self.members]

    def live(self, kind: str) -> list[Record]:
        return [r for r in self.records if r.kind == kind and r.removed_at is None]

    def events(self) -> list[tuple[datetime, Any, ledger.Event]]:
        """(at, source, event): finished games' results, expenses and payments in time order."""
        timed: list[tuple[datetime, Any, ledger.Event]] = [
            (as_utc(game.at), game, game.result) for game in self.games if game.result.finished
        ]
        timed += [(as_utc(r.at), r, r.event) for r in self.records if r.removed_at is None]
        timed.sort(key=lambda item: item[0])
        return timed

    def balances(self) -> list[int]:
        return list(self._balances)

    def stats(self) -> list[ledger.MemberStats]:
        return self._stats

    # Worked out once per loaded circle: a view is kept per version and shared, and a
    # page asks for the balances several times (members, settle up, the statement).
    @cached_property
    def _balances(self) -> tuple[int, ...]:
        return tuple(ledger.balances(len(self.members), (e for _, _, e in self.events())))

    @cached_property
    def _stats(self) -> list[ledger.MemberStats]:
        return ledger.stats(len(self.members), (game.result for game in self.games))

    def member_index(self, name: Any) -> int | None:
        if not isinstance(name, str):
            return None
        folded = name.strip().casefold()
        for index, member in enumerate(self.members):
            if member.name.casefold() == folded:
                return index
        return None

    def transfers(self, host: int | None = None) -> list[dict[str, Any]]:
        balances = self.balances()
        made = (
            ledger.settle_fewest(balances)
            if host is None
            else ledger.settle_through(balances, host)
        )
        names = self.names
        return [{"from": names[a], "to": names[b], "cents": cents} for a, b, cents in made]

    def as_dict(self, host: int | None = None) -> dict[str, Any]:
        """The circle of docs/api.md; ``host``: settle through that member."""
        names = self.names
        balances = self.balances()
        return {
            "id": self.public_id,
            "name": self.name,
            "currency": self.currency,
            "version": self.version,
            "members": names,
            "games": [self._game_dict(game) for game in self.games],
            "stats": {names[i]: line.as_dict() for i, line in enumerate(self.stats())},
            "payments": [
                {
                    "number": r.number,
                    "from": names[r.payer],
                    "to": names[r.payee or 0],
                    "cents": r.cents,
                    "note": r.note,
                    "at": iso(r.at),
                }
                for r in self.live("payment")
            ],
            "expenses": [r.expense_dict(names) for r in self.live("expense")],
            "ledger": {
                "balances": dict(zip(names, balances, strict=True)),
                "transfers": self.transfers(host),
            },
        }

    def _game_dict(self, game: CircleGameView) -> dict[str, Any]:
        names = self.names
        result = game.result
        winners = [names[m] for place in result.winners for m in result.sides[place]]
        summary = game.game
        return {
            "id": summary.public_id,
            "title": summary.title,
            "variant": summary.setup.variant,
            "preset": summary.setup.preset,
            "players": [names[m] for m in game.members],
            "finished": summary.finished,
            "winners": winners if summary.finished else [],
            "created_at": iso(game.game.created_at),
        }


def stored_result(view: GameView) -> dict[str, Any]:
    """What the circle keeps of a game at its version (circle_games.result): all its
    page, ledger and records read of the game's derived state."""
    state = view.state
    players = list(state.players)
    settlement = state.settlement
    return {
        "players": players,
        "finished": state.finished,
        "winners": [players.index(name) for name in state.winners],
        "balances": None
        if settlement is None
        else [settlement["balances"][name] for name in players],
        "totals": [state.totals[name] for name in players],
        "higher_wins": state.higher_wins,
    }


def circle_game(
    summary: GameSummary, members: tuple[int, ...], stored: dict[str, Any]
) -> CircleGameView:
    """One game as the circle reads it, from its row's facts and its stored result."""
    places = len(stored["players"])
    if summary.setup.seats is not None:
        sides = tuple(
            tuple(members[seat] for seat in range(side, len(members), places))
            for side in range(places)
        )
    else:
        sides = tuple((member,) for member in members)
    balances = stored["balances"]
    result = ledger.GameResult(
        key=summary.public_id,
        variant=summary.setup.variant,
        finished=stored["finished"],
        sides=sides,
        winners=tuple(stored["winners"]),
        balances=None if balances is None else tuple(balances),
    )
    return CircleGameView(
        game=summary,
        members=members,
        result=result,
        totals=tuple(stored["totals"]),
        higher_wins=stored["higher_wins"],
    )
