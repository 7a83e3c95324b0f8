"""The game sheet's view-model: a finished or running game as plain, printable data.

Pure: no Flask, no database. Every number is read from the derived game state
(deal points, running totals, boxes, finals, settlement); nothing is scored here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.printing import words
from scorekeeper.printing.layout import Page, page_for
from scorekeeper.scoring import get_variant

if TYPE_CHECKING:
    from scorekeeper.scoring import Deal, GameState
    from scorekeeper.service_layer.services import GameView

# Wider than this many players, the grid (two columns a player) needs landscape.
PORTRAIT_PLAYERS = 5


@dataclass(frozen=True)
class Cell:
    points: int
    total: int
    note: str = ""  # what the points include beyond the hand: press points, Auto-Press


@dataclass(frozen=True)
class DealRow:
    number: int
    dealer: str
    wild: str
    multiplier: str  # "x2", or "" for 1
    press: bool
    out: str  # who went out or knocked, or "nobody"
    note: str  # rummy, gin, undercut, void, the upcard ...
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Money:
    cents: int
    text: str


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: Money


@dataclass(frozen=True)
class Settlement:
    terms: str
    balances: tuple[tuple[str, Money], ...]
    payments: tuple[Payment, ...]
    transfers: tuple[Payment, ...]
    provisional: bool  # the game is not over: what would be paid if it ended now


@dataclass(frozen=True)
class GinGame:
    """One game of a gin match (Hollywood has three): per player, in seat order."""

    label: str
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    final: tuple[int, ...] | None
    winner: str | None
    margin: int | None


@dataclass(frozen=True)
class GameSheet:
    game_id: str
    title: str
    date: str
    variant: str
    preset: str | None
    house_rules: tuple[str, ...]
    stakes: str | None
    players: tuple[str, ...]
    first_dealer: str
    goal: str  # "Highest total wins" ...
    status: str
    finished: bool
    winners: tuple[str, ...]
    show_wild: bool
    show_multiplier: bool
    show_press: bool
    gin: bool
    hollywood: bool
    rows: tuple[DealRow, ...]
    totals: tuple[int, ...]
    gin_games: tuple[GinGame, ...]
    gin_final: tuple[int, ...] | None
    margin: int | None
    settlement: Settlement | None
    view_url: str
    page: Page
    # A partnership game's people in seat order (the players are then the sides).
    seats: tuple[str, ...] = ()


def game_sheet(
    game: GameView, *, view_url: str, page_size: str = "A4", locale: str = "en_US"
) -> GameSheet:
    state = game.state
    setup = game.setup
    variant = get_variant(setup.variant)
    options = setup.options
    players = tuple(state.players)
    gin = setup.variant == "gin"
    hollywood = bool(state.games)
    rows = tuple(
        _row(state, deal, running, gin, hollywood)
        for deal, running in zip(state.deals, state.running_totals, strict=True)
    )
    return GameSheet(
        game_id=game.public_id,
        title=game.title or f"{setup.preset or variant.name} game",
        date=words.day(game.created_at, locale),
        variant=variant.name,
        preset=setup.preset,
        house_rules=words.house_rules(setup.variant, options, len(players), setup.seats),
        stakes=None if setup.stakes is None else words.stakes_terms(setup.stakes, locale),
        players=players,
        first_dealer=setup.first_dealer,
        goal="Highest total wins" if state.higher_wins else "Lowest total wins",
        status=_status(state),
        finished=state.finished,
        winners=tuple(state.winners),
        show_wild=any(deal.wild for deal in state.deals),
        show_multiplier=any(
            options.get(option) for option in ("press", "auto_press", "double_on_7_or_king")
        )
        or (gin and options["knock_card"]),
        show_press=bool(options.get("press") or options.get("auto_press")),
        gin=gin,
        hollywood=hollywood,
        rows=rows,
        totals=tuple(state.totals[name] for name in players),
        gin_games=_gin_games(state) if gin else (),
        gin_final=None if state.final is None else tuple(state.final[p] for p in players),
        margin=state.margin,
        settlement=_settlement(state, locale),
        view_url=view_url,
        page=page_for(page_size, landscape=len(players) > PORTRAIT_PLAYERS),
        seats=tuple(setup.seats or ()),
    )


def _row(
    state: GameState, deal: Deal, running: Mapping[str, int], gin: bool, hollywood: bool
) -> DealRow:
    entry = deal.entry
    press_points = entry.get("press_points") or {}
    adjustment = deal.adjustment or {}
    cells = []
    for name in state.players:
        notes = []
        if press_points.get(name):
            notes.append(f"incl. {press_points[name]} press")
        if adjustment.get(name):
            notes.append(f"incl. {adjustment[name]} Auto-Press")
        cells.append(Cell(deal.points[name], running[name], "; ".join(notes)))
    if gin:
        out, note = _gin_outcome(deal, hollywood)
    else:
        out = entry.get("out") or "nobody"
        note = _out_note(deal)
    return DealRow(
        number=deal.number,
        dealer=deal.dealer,
        wild=deal.wild or "",
        multiplier=words.times(deal.multiplier),
        press=deal.press,
        out=out,
        note=note,
        cells=tuple(cells),
    )


def _out_note(deal: Deal) -> str:
    entry = deal.entry
    if entry.get("rummy"):
        return "went rummy"
    if entry.get("up_for_two"):
        return "up for 2"
    if entry.get("out") is None:
        return "stock ran out" + (f"; {deal.winner} wins the block" if deal.winner else "")
    return ""


def _gin_outcome(deal: Deal, hollywood: bool) -> tuple[str, str]:
    entry = deal.entry
    if entry.get("void"):
        return "nobody", "void: no knock"
    knocker = entry["knocker"]
    if entry["hands"][knocker] == 0:
        kind = "big gin" if entry.get("big_gin") else "gin"
    elif deal.winner != knocker:
        kind = f"undercut by {deal.winner}"
    else:
        kind = f"knock with {entry['hands'][knocker]}"
    if entry.get("upcard"):
        kind += f"; upcard {words.card(entry['upcard'])}"
    if hollywood:
        games = [str(game + 1) for game in deal.scored_in]
        if not games:
            kind += "; its games are over"
        else:
            kind += ("; games " if len(games) > 1 else "; game ") + ", ".join(games)
    return knocker, kind


def _status(state: GameState) -> str:
    if state.finished:
        if state.ended_early:
            how = "the pot split" if state.split else "the leaders win"
            finished = f"Ended early by the table after deal {len(state.deals)}, {how}: "
        else:
            finished = "Finished: "
        if len(state.winners) > 1:
            return finished + "joint winners " + " and ".join(state.winners)
        return f"{finished}{state.winners[0]} wins"
    played = len(state.deals)
    if not played:
        return "Not started yet"
    nxt = state.next_deal
    status = f"In progress after deal {played}; deal {nxt['number']} is dealt by {nxt['dealer']}"
    if nxt["wild"]:
        status += f", {nxt['wild']} wild"
    if nxt["press"]:
        status += ", the Press is on"
    return status


def _gin_games(state: GameState) -> tuple[GinGame, ...]:
    players = state.players
    if not state.games:
        return (
            GinGame(
                label="Game",
                points=tuple(state.totals[p] for p in players),
                boxes=tuple(state.boxes[p] for p in players),
                final=None if state.final is None else tuple(state.final[p] for p in players),
                winner=state.winners[0] if state.winners else None,
                margin=state.margin,
            ),
        )
    return tuple(
        GinGame(
            label=f"Game {number}",
            points=tuple(game["totals"][p] for p in players),
            boxes=tuple(game["boxes"][p] for p in players),
            final=None if game["final"] is None else tuple(game["final"][p] for p in players),
            winner=game["winner"],
            margin=game["margin"],
        )
        for number, game in enumerate(state.games, 1)
    )


def _settlement(state: GameState, locale: str) -> Settlement | None:
    settled: dict[str, Any] | None = state.settlement
    if settled is None:
        return None
    currency = settled["currency"]

    def amount(cents: int, signed: bool = False) -> Money:
        return Money(cents, words.money(cents, currency, locale, signed=signed))

    def payments(key: str) -> tuple[Payment, ...]:
        return tuple(Payment(p["from"], p["to"], amount(p["cents"])) for p in settled[key])

    return Settlement(
        terms=words.stakes_terms(state.setup.stakes, locale),
        balances=tuple(
            (name, amount(settled["balances"][name], signed=True)) for name in state.players
        ),
        payments=payments("payments"),
        transfers=payments("transfers"),
        provisional=not state.finished,
    )
