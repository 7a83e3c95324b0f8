"""View-models for the table pages: what a template shows, worked out from a GameView.

Nothing here scores: every figure comes from the derived state; this module only
picks, orders and formats it (money through Babel, from integer cents).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.numbers import format_currency
from flask import request
from flask_babel import get_locale
from markupsafe import Markup

from scorekeeper import scoring
from scorekeeper.scoring.cards import RANKS, SUITS
from scorekeeper.service_layer.services import GameView

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def page_locale() -> str:
    """The locale a page's or a sheet's numbers, money and dates are written in: the
    reader's own (Accept-Language) when it is of the language the page speaks, as
    fr_CA for a Canadian reading French; else that language's usual one (fr_FR, en_US),
    so French dates never sit inside English sentences."""
    language = get_locale().language
    for asked, _quality in request.accept_languages:
        try:
            locale = Locale.parse(asked, sep="-")
        except (UnknownLocaleError, ValueError):
            continue
        if locale.language == language:
            return str(locale)
    usual = Locale.parse(get_global("likely_subtags").get(language, language))
    return f"{usual.language}_{usual.territory}" if usual.territory else usual.language


def money(cents: int, currency: str, locale: str) -> str:
    # Decimal keeps the cents exact: no float ever holds money.
    return format_currency(Decimal(cents).scaleb(-2), currency, locale=locale)


def end_rule(setup: scoring.Setup) -> tuple[int | None, int | None]:
    """(fixed number of deals, target): how this game ends."""
    game = scoring.get_variant(setup.variant)(setup)
    target = game.target if game.target is not None else setup.options.get("target")
    return game.fixed_deals, target


def enabled_fields(setup: scoring.Setup) -> tuple[scoring.EntryField, ...]:
    """The entry fields this game takes (its options switch some off)."""
    game = scoring.get_variant(setup.variant)(setup)
    return tuple(f for f in game.entry_fields if game.takes(f))


# How many deals past the next one a phone can start offline with the right dealer and wild.
AHEAD = 12


def deals_ahead(setup: scoring.Setup, number: int, fixed: int | None) -> list[dict[str, Any]]:
    """Deal ``number`` and the ones after it as known before any is played: dealer, who
    plays first and the wild rank (the Press and doubling wait for the scores)."""
    game = scoring.get_variant(setup.variant)(setup)
    last = number + AHEAD if fixed is None else min(number + AHEAD, fixed)
    ahead = []
    for n in range(number, last + 1):
        dealer = game.dealer(n)
        first = first_to_play(setup, {"dealer": dealer})
        ahead.append({"number": n, "dealer": dealer, "first": first, "wild": game.wild(n)})
    return ahead


def went_out(entry: dict[str, Any]) -> str | None:
    return entry.get("out") or entry.get("knocker")


# ---------------------------------------------------------------- the scoreboard


@dataclass
class Cell:
    points: int
    running: int
    out: bool = False
    press_points: int = 0
    adjustment: int = 0


@dataclass
class DealRow:
    number: int
    dealer: str
    wild: str | None
    multiplier: int
    press: bool
    void: bool
    cells: list[Cell]
    what: str | None = None


@dataclass
class PlayerRow:
    name: str
    total: int
    leader: bool
    winner: bool
    boxes: int | None = None
    final: int | None = None
    notes: list[str] = field(default_factory=list)  # phase, eliminated, chips ...


@dataclass
class NextDeal:
    number: int
    dealer: str
    first: str
    wild: str | None
    dealer_calls_wild: bool
    press: bool
    multiplier: int
    cards: int | None = None  # Five Crowns: cards dealt
    tiebreak: list[str] | None = None  # Phase 10: the tied players replaying


@dataclass
class Settlement:
    currency: str
    balances: list[tuple[str, int, str]]
    payments: list[tuple[str, str, str]]
    transfers: list[tuple[str, str, str]]


@dataclass
class Board:
    public_id: str
    title: str | None
    variant_id: str
    variant_name: str
    preset: str | None
    version: int
    higher_wins: bool
    players: list[PlayerRow]
    rows: list[DealRow]
    next: NextDeal | None
    finished: bool
    winners: list[str]
    fixed_deals: int | None
    target: int | None
    deals_left: int | None
    press_offer: dict[str, Any] | None
    press_rule: bool
    ended_early: bool = False
    split: bool = False
    seats: list[str] | None = None
    margin: int | None = None
    games: list[dict[str, Any]] = field(default_factory=list)
    settlement: Settlement | None = None
    # A finished gin game: how each final score is made up, in words.
    breakdown: list[str] = field(default_factory=list)

    @property
    def knocks(self) -> bool:
        """Gin: the dot marks who knocked; nobody goes out."""
        return self.variant_id == "gin"

    @property
    def press_taken(self) -> bool:
        return any(cell.press_points for row in self.rows for cell in row.cells)

    @property
    def auto_shown(self) -> bool:
        return any(cell.adjustment for row in self.rows for cell in row.cells)

    @property
    def last_number(self) -> int:
        return len(self.rows)

    @property
    def shows_wild(self) -> bool:
        return any(row.wild for row in self.rows) or (
            self.next is not None and (self.next.wild is not None or self.next.dealer_calls_wild)
        )


def board(view: GameView, locale: str) -> Board:
    state = view.state
    setup = view.setup
    players = list(setup.players)
    fixed, target = end_rule(setup)
    rows = []
    for deal, running in zip(state.deals, state.running_totals, strict=True):
        entry = deal.entry
        press_points = entry.get("press_points") or {}
        adjustment = deal.adjustment or {}
        cells = [
            Cell(
                points=deal.points[name],
                running=running[name],
                out=went_out(entry) == name,
                press_points=press_points.get(name, 0),
                adjustment=adjustment.get(name, 0),
            )
            for name in players
        ]
        rows.append(
            DealRow(
                deal.number,
                deal.dealer,
                deal.wild,
                deal.multiplier,
                deal.press,
                bool(entry.get("void")),
                cells,
                what_happened(setup.variant, deal),
            )
        )
    fields = {f.name for f in enabled_fields(setup)}
    next_deal = None
    if state.next_deal is not None:
        nd = state.next_deal
        next_deal = NextDeal(
            number=nd["number"],
            dealer=nd["dealer"],
            first=first_to_play(setup, nd),
            wild=nd["wild"],
            dealer_calls_wild="wild" in fields,
            press=nd["press"],
            multiplier=nd["multiplier"],
            cards=nd.get("cards"),
            tiebreak=nd.get("tiebreak"),
        )
    highlight = state.winners if state.finished else (state.leaders if state.deals else [])
    boxes = state.boxes or {}
    final = state.final or {}
    player_rows = [
        PlayerRow(
            name,
            state.totals[name],
            leader=name in highlight and not state.finished,
            winner=name in state.winners,
            boxes=boxes.get(name),
            final=final.get(name),
            notes=player_notes(state, name),
        )
        for name in players
    ]
    variant = scoring.get_variant(setup.variant)
    return Board(
        public_id=view.public_id,
        title=view.title,
        variant_id=variant.id,
        variant_name=variant.name,
        preset=setup.preset,
        version=view.version,
        higher_wins=state.higher_wins,
        players=player_rows,
        rows=rows,
        next=next_deal,
        finished=state.finished,
        winners=list(state.winners),
        fixed_deals=fixed,
        target=target,
        deals_left=None if fixed is None else max(fixed - len(rows), 0),
        press_offer=state.press_offer,
        press_rule="press_points" in fields,
        ended_early=state.ended_early,
        split=state.split,
        seats=None if setup.seats is None else list(setup.seats),
        margin=state.margin,
        games=state.games or [],
        settlement=_settlement(state.settlement, locale),
        breakdown=_gin_breakdown(setup, state) if state.finished and not state.games else [],
    )


def player_notes(state: scoring.GameState, name: str) -> list[str]:
    """What a variant keeps beside a total: Phase 10's phase, Indian rummy's
    eliminations, rejoins and chips, a partnership side's minimum first meld."""
    figures = state.extras
    notes = []
    if "phase" in figures:
        last = len(state.options["phases"])
        phase = figures["phase"][name]
        notes.append("all phases done" if phase > last else f"phase {phase}")
    if name in figures.get("eliminated", ()):
        notes.append("eliminated")
    rejoins = figures.get("rejoins", {}).get(name)
    if rejoins:
        notes.append("rejoined once" if rejoins == 1 else f"rejoined {rejoins} times")
    if "chips" in figures:
        notes.append(f"{figures['chips'][name]} chips")
    minimum = (state.next_deal or {}).get("minimum")
    if minimum:
        notes.append(f"melds {minimum[name]} to open")
    return notes


def first_to_play(setup: scoring.Setup, next_deal: dict[str, Any]) -> str:
    """Who plays first: the next seat on from the dealer (an individual where the game
    has seats) that takes part in the deal (``next_deal.players`` where the variant
    names them: Indian rummy's eliminated players and a tie-break's onlookers sit out)."""
    seats = list(setup.seats or setup.players)
    playing = next_deal.get("players") or next_deal.get("tiebreak")
    sides = setup.players
    dealer = seats.index(next_deal["dealer"])
    for step in range(1, len(seats) + 1):
        index = (dealer + step) % len(seats)
        # Seat i belongs to side i mod the number of sides (partners alternate).
        if playing is None or sides[index % len(sides)] in playing:
            return seats[index]
    return seats[(dealer + 1) % len(seats)]


def what_happened(variant: str, deal: Any) -> str | None:
    """The deal in a word for the grid (knock, gin, undercut...); None for an ordinary
    deal, where the dot on who went out says it all."""
    entry = deal.entry
    if entry.get("void"):
        return "void"
    if variant == "gin":
        knocker = entry["knocker"]
        if entry["hands"][knocker] == 0:
            return "big gin" if entry.get("big_gin") else "gin"
        return "undercut" if deal.winner != knocker else "knock"
    if "out" in entry and entry["out"] is None:
        return "block"  # the stock ran out and nobody went out
    return next((text for flag, text in FLAG_TEXT.items() if entry.get(flag)), None)


def _gin_breakdown(setup: scoring.Setup, state: Any) -> list[str]:
    """What makes up each final score of a finished gin game: points, boxes, game bonus,
    shutout doubling, all as the state and the game's options give them."""
    if setup.variant != "gin" or not state.final or state.ended_early:
        return []
    options = setup.options
    lines = []
    for name in setup.players:
        boxes = state.boxes[name]
        parts = [
            f"{state.totals[name]} points",
            f"{boxes} box{'es' if boxes != 1 else ''} at {options['box_bonus']}",
        ]
        made = state.totals[name] + boxes * options["box_bonus"]
        if name in state.winners:
            parts.append(f"{options['game_bonus']} for the game")
            made += options["game_bonus"]
        line = f"{name}: " + " + ".join(parts) + f" = {made}"
        if state.final[name] == 2 * made != made:
            line += f", doubled for the shutout = {state.final[name]}"
        lines.append(line)
    return lines


@dataclass
class Chart:
    """Running totals per player over the deals, as SVG polylines (drawn by the server)."""

    width: int
    height: int
    lines: list[tuple[str, str]]  # (player, "x,y x,y ...")
    zero: float  # the y of a total of 0
    low: int
    high: int


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 160, 8


def chart(b: Board) -> Chart | None:
    """Each player's total after every deal (from 0 before the first), scaled to fit."""
    if not b.rows:
        return None
    series = {p.name: [0] for p in b.players}
    for row in b.rows:
        for player, cell in zip(b.players, row.cells, strict=True):
            series[player.name].append(cell.running)
    values = [v for totals in series.values() for v in totals]
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (CHART_WIDTH - 2 * CHART_PAD) / len(b.rows)

    def y(value: int) -> float:
        return round(
            CHART_HEIGHT - CHART_PAD - (value - low) * (CHART_HEIGHT - 2 * CHART_PAD) / span, 1
        )

    lines = [
        (name, " ".join(f"{round(CHART_PAD + i * step, 1)},{y(v)}" for i, v in enumerate(totals)))
        for name, totals in series.items()
    ]
    return Chart(CHART_WIDTH, CHART_HEIGHT, lines, y(0), low, high)


def standing_text(b: Board) -> str:
    """The game in a few words for this phone's list of games: who won or leads."""
    if b.finished:
        return f"{' and '.join(b.winners)} won"
    leaders = [p for p in b.players if p.leader]
    if not b.rows or not leaders:
        return "not started"
    names = " and ".join(p.name for p in leaders)
    return f"{names} {'lead' if len(leaders) > 1 else 'leads'} with {leaders[0].total}"


def _settlement(settled: dict[str, Any] | None, locale: str) -> Settlement | None:
    if settled is None:
        return None
    currency = settled["currency"]

    def fmt(cents: int) -> str:
        return money(cents, currency, locale)

    return Settlement(
        currency=currency,
        balances=[(name, cents, fmt(cents)) for name, cents in settled["balances"].items()],
        payments=[(p["from"], p["to"], fmt(p["cents"])) for p in settled["payments"]],
        transfers=[(t["from"], t["to"], fmt(t["cents"])) for t in settled["transfers"]],
    )


# ---------------------------------------------------------------- the history


FLAG_TEXT = {
    "rummy": "went rummy",
    "big_gin": "big gin",
    "up_for_two": "went up for 2",
    "concealed": "went out concealed",
}
# Per-player numbers in the history, in the order players count them.
NUMBER_TEXT = (
    ("melds", "melded"),
    ("melded", "melded"),
    ("hands", "in hand"),
    ("hand", "in hand"),
    ("press_points", "press"),
    ("natural", "natural canastas"),
    ("mixed", "mixed canastas"),
    ("clean", "clean books"),
    ("dirty", "dirty books"),
    ("wild", "wild books"),
    ("sevens", "sevens books"),
    ("red_threes", "red 3s"),
    ("red_threes_held", "red 3s held"),
)
LIST_TEXT = {"wrong_show": "wrong show", "rejoin": "rejoined", "completed": "phase done"}


def entry_text(entry: dict[str, Any]) -> str:
    """An entry in words, for the history page."""
    parts = []
    if entry.get("void"):
        parts.append("void deal: nobody knocked")
    elif "knocker" in entry:
        parts.append(f"{entry['knocker']} knocked")
    elif "out" in entry:
        parts.append(f"{entry['out']} went out" if entry["out"] else "nobody went out")
    for name, label in NUMBER_TEXT:
        values = entry.get(name)
        if isinstance(values, dict) and values:
            parts.append(f"{label}: " + ", ".join(f"{who} {v}" for who, v in values.items()))
    if entry.get("drops"):
        parts.append(
            "dropped: " + ", ".join(f"{who} ({when})" for who, when in entry["drops"].items())
        )
    for name, label in LIST_TEXT.items():
        if entry.get(name):
            parts.append(f"{label}: " + ", ".join(entry[name]))
    parts += [text for flag, text in FLAG_TEXT.items() if entry.get(flag)]
    if entry.get("wild"):
        parts.append(f"wild {entry['wild']} called")
    if entry.get("upcard"):
        parts.append(f"upcard {entry['upcard']}")
    return "; ".join(parts)


def when(moment: datetime) -> Markup:
    """A time in UTC, marked up so the script can show it in the phone's own time."""
    # SQLite hands back naive datetimes; every stored time is UTC.
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone(UTC)
    return Markup('<time datetime="{}">{}</time>').format(
        moment.isoformat(timespec="seconds"), moment.strftime("%Y-%m-%d %H:%M UTC")
    )


# ---------------------------------------------------------------- the card counter


def card_buttons(setup: scoring.Setup, wild: str | None) -> list[tuple[str, int]]:
    """The counter's buttons as (label, value), each value from scoring.hand_value.

    A rank gets one button unless its suits count differently (Q♠ in 5000 Rummy):
    then the odd suits get their own. Wild, wild Ace and Joker appear only where
    the game has them.
    """

    def value(card: str, wild_rank: str | None = wild) -> int | None:
        try:
            return scoring.hand_value(setup, [card], wild_rank)
        except scoring.ScoringError:
            return None

    buttons: list[tuple[str, int]] = []
    for rank in RANKS:
        by_suit = {suit: value(rank + suit) for suit in SUITS}
        common, _ = Counter(by_suit.values()).most_common(1)[0]
        if common is None:
            continue  # not in this game's pack (Five Crowns has no Aces or 2s)
        buttons.append((f"{rank} wild" if rank == wild else rank, common))
        buttons += [
            (rank + SUIT_SYMBOLS[suit], v)
            for suit, v in by_suit.items()
            if v != common and v is not None
        ]
    # A pack's own cards by name (Phase 10's 1 to 12, Skip and Wild).
    named = scoring.get_variant(setup.variant).value_table(setup.options).named or {}
    buttons += [(name, card_value) for name, card_value in named.items()]
    wild_value = value("wild")
    if wild_value is not None and not any(name.casefold() == "wild" for name in named):
        buttons.append(("Wild", wild_value))
        wild_ace = value("AH", "A") if wild is None else None
        if wild_ace is not None and wild_ace != wild_value:
            buttons.append(("Wild A", wild_ace))
    joker = value("Joker")
    if joker is not None:
        buttons.append(("Joker", joker))
    return buttons
