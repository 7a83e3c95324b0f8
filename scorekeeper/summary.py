"""One game's summary: what every surface of a game says about it, worked out once.

The game page, its view link and its table view (``web/table/presenters.py`` builds their
Board on it) and the printed score sheet (``printing/sheet.py``) all show a game's
standing, winners, status, deal-by-deal figures and money. They read them from one
``GameSummary``, so the page and the paper cannot disagree, and each surface only
lays it out (a grid cell's marks, a sheet's tags and pages).

It sits at the package's top, beside ``i18n.py``, ``translate.py`` and ``chart.py``,
because both the web layer and printing read it: printing may import nothing of the
web layer, and the service layer answers data, not words. So it is Flask-free: its
words go through ``scorekeeper.i18n`` (Flask-Babel's catalog once an app installs
it), and it scores nothing: every figure is the derived state's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_currency

from scorekeeper import scoring
from scorekeeper.i18n import get_locale, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.translate import preset_name, translate

if TYPE_CHECKING:
    from scorekeeper.service_layer.results import GameView

MINUS = "\u2212"  # print typography, spelled as an escape so no look-alike hides here
# Each kind of mark a deal carries against a player (scoring.surface.MARK_KINDS), as a
# sign the page and the paper print before its note; DejaVu Sans (the paper's) has each.
MARK_SIGNS = {
    "eliminated": "\u2715",  # ✕ out of the game
    "rejoined": "\u21ba",  # ↺ back in
    "not_opened": "\u25cb",  # ○ nothing laid down
    "one_turn": "\u2605",  # ★ out at once
}


def money(
    cents: int, currency: str, locale: str | Locale, *, signed: bool = False, printed: bool = False
) -> str:
    """An amount as ``locale`` writes it in ``currency``, from integer cents (Decimal
    keeps them exact: no float ever holds money). ``signed`` adds a plus to a gain.
    ``printed``: as paper sets it, a true minus sign (U+2212), not a hyphen, and
    no-break spaces, so an amount never wraps."""
    text = format_currency(Decimal(cents).scaleb(-2), currency, locale=locale)
    if printed:
        text = text.replace("-", MINUS).replace(" ", "\u00a0").replace("\u202f", "\u00a0")
    return f"+{text}" if signed and cents > 0 else text


def and_list(names: Any, locale: str | None = None) -> str:
    """ "A, B and C" as the reader's language joins a list (Babel's list patterns);
    ``locale`` by default the one being written in."""
    return format_list([str(name) for name in names], locale=locale or str(get_locale() or "en"))


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
    currency: str
    balances: tuple[tuple[str, Money], ...]  # by player, each gain with its plus
    payments: tuple[Payment, ...]  # pair by pair
    transfers: tuple[Payment, ...]  # the fewest that settle it
    provisional: bool  # the game is not over: what would be paid if it ended now


@dataclass(frozen=True)
class Standing:
    """A player's line of the standing: the leaders marked while the game is on, its
    winners once over, and what a variant keeps beside a total."""

    name: str
    total: int
    leader: bool
    winner: bool
    boxes: int | None = None
    final: int | None = None
    notes: tuple[str, ...] = ()  # phase, eliminated, chips ...


@dataclass(frozen=True)
class Figures:
    """A player's figures in one deal."""

    points: int
    running: int
    out: bool = False  # went out (or knocked)
    press_points: int = 0
    adjustment: int = 0
    lines: tuple[str, ...] = ()  # the variant's breakdown, as on paper
    # The deal's marks against the player, each its sign and a note ("↺ bought back
    # in"): what explains a figure the points alone do not.
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class DealSummary:
    deal: scoring.Deal  # the core's: number, dealer, wild, multiplier, the Press, entry
    figures: tuple[Figures, ...]  # in seat order

    @property
    def lined(self) -> bool:
        """Some player has a breakdown line under this deal's points."""
        return any(figure.lines for figure in self.figures)


@dataclass(frozen=True)
class GameSummary:
    public_id: str
    title: str | None
    variant_id: str
    variant_name: str
    preset: str | None
    higher_wins: bool
    players: tuple[Standing, ...]
    deals: tuple[DealSummary, ...]
    finished: bool
    winners: tuple[str, ...]
    ended_early: bool
    split: bool
    margin: int | None
    status: str  # the game in a sentence: its result, or how far it is and what is next
    standing: str  # the game in a few words, for a list of games: who won or leads
    settlement: Settlement | None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(player.total for player in self.players)

    @property
    def running(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each player's running total after each deal, for a chart."""
        return tuple(
            (player.name, tuple(deal.figures[seat].running for deal in self.deals))
            for seat, player in enumerate(self.players)
        )


def game_summary(view: GameView, locale: str, *, printed: bool = False) -> GameSummary:
    """The game as every surface says it, in ``locale``; ``printed``: money as paper
    sets it (see ``money``)."""
    state = view.state
    setup = view.setup
    variant = scoring.get_variant(setup.variant)
    players = tuple(state.players)
    standings = _standings(state, players)
    return GameSummary(
        public_id=view.public_id,
        title=view.title,
        variant_id=variant.id,
        variant_name=translate(variant.name),
        preset=preset_name(setup.preset),
        higher_wins=state.higher_wins,
        players=standings,
        deals=tuple(
            _deal(deal, running, variant, state.options, players)
            for deal, running in zip(state.deals, state.running_totals, strict=True)
        ),
        finished=state.finished,
        winners=tuple(state.winners),
        ended_early=state.ended_early,
        split=state.split,
        margin=state.margin,
        status=status(state),
        standing=standing(state.finished, state.winners, standings),
        settlement=_settlement(state, locale, printed),
    )


def _deal(
    deal: scoring.Deal,
    running: dict[str, int],
    variant: Any,
    options: Any,
    players: tuple[str, ...],
) -> DealSummary:
    """A deal played: each player's points, running total, marks and breakdown."""
    entry = deal.entry
    press_points = entry.get("press_points") or {}
    adjustment = deal.adjustment or {}
    lines = variant.deal_lines(deal, options, running)
    marks: dict[str, list[str]] = {}
    for mark in variant.deal_marks(deal, options, running):
        marks.setdefault(mark.player, []).append(f"{MARK_SIGNS[mark.kind]} {translate(mark.words)}")
    out = entry.get("out") or entry.get("knocker")
    return DealSummary(
        deal,
        tuple(
            Figures(
                points=deal.points[name],
                running=running[name],
                out=out == name,
                press_points=press_points.get(name, 0),
                adjustment=adjustment.get(name, 0),
                lines=tuple(translate(line) for line in lines.get(name, ())),
                marks=tuple(marks.get(name, ())),
            )
            for name in players
        ),
    )


def _standings(state: scoring.GameState, players: tuple[str, ...]) -> tuple[Standing, ...]:
    highlight = state.winners if state.finished else (state.leaders if state.deals else [])
    boxes = state.boxes or {}
    final = state.final or {}
    return tuple(
        Standing(
            name,
            state.totals[name],
            leader=name in highlight and not state.finished,
            winner=name in state.winners,
            boxes=boxes.get(name),
            final=final.get(name),
            notes=player_notes(state, name),
        )
        for name in players
    )


def player_notes(state: scoring.GameState, name: str) -> tuple[str, ...]:
    """What a variant keeps beside a total: Phase 10's phase, Indian rummy's
    eliminations, rejoins and chips, a partnership side's minimum first meld."""
    figures = state.extras
    notes = []
    progress = scoring.get_variant(state.variant).progress_note(state.options, figures, name)
    if progress is not None:
        notes.append(translate(progress))
    if name in figures.get("eliminated", ()):
        notes.append(_("eliminated"))
    rejoins = figures.get("rejoins", {}).get(name)
    if rejoins:
        notes.append(ngettext("rejoined once", "rejoined %(num)s times", rejoins))
    if "wins" in figures:
        notes.append(ngettext("%(num)s deal won", "%(num)s deals won", figures["wins"][name]))
    if "chips" in figures:
        notes.append(ngettext("%(num)s chip", "%(num)s chips", figures["chips"][name]))
    minimum = (state.next_deal or {}).get("minimum")
    if minimum:
        notes.append(_("melds %(points)s to open", points=minimum[name]))
    return tuple(notes)


def standing(finished: bool, winners: Any, players: tuple[Standing, ...]) -> str:
    """The game in a few words for a phone's list of games: who won or leads."""
    if finished:
        return _("%(names)s won", names=_(" and ").join(winners))
    leaders = [p for p in players if p.leader]
    if not leaders:
        return _("not started")
    return ngettext(
        "%(names)s leads with %(points)s",
        "%(names)s lead with %(points)s",
        len(leaders),
        names=_(" and ").join(p.name for p in leaders),
        points=leaders[0].total,
    )


def status(state: scoring.GameState) -> str:
    """The game in a sentence: its result (and how it ended), or how far it is and
    who deals next, what is wild and whether the Press is on."""
    played = len(state.deals)
    if state.finished:
        if len(state.winners) > 1:
            result = _("joint winners %(names)s", names=and_list(state.winners))
        else:
            result = _("%(name)s wins", name=state.winners[0])
        if not state.ended_early:
            return _("Finished: %(result)s", result=result)
        if state.split:
            return _(
                "Ended early by the table after deal %(deals)s, the pot split: %(result)s",
                deals=played,
                result=result,
            )
        return _(
            "Ended early by the table after deal %(deals)s, the leaders win: %(result)s",
            deals=played,
            result=result,
        )
    if not played:
        return _("Not started yet")
    nxt = state.next_deal
    text = _(
        "In progress after deal %(played)s; deal %(number)s is dealt by %(dealer)s",
        played=played,
        number=nxt["number"],
        dealer=nxt["dealer"],
    )
    if nxt["wild"]:
        text += _(", %(rank)s wild", rank=nxt["wild"])
    if nxt["press"]:
        text += _(", the Press is on")
    return text


def _settlement(state: scoring.GameState, locale: str, printed: bool) -> Settlement | None:
    settled: dict[str, Any] | None = state.settlement
    if settled is None:
        return None
    currency = settled["currency"]
    parsed = Locale.parse(locale)  # once, not for each amount
    written: dict[tuple[int, bool], Money] = {}

    def amount(cents: int, signed: bool = False) -> Money:
        # Babel's formatting is the dearest part of a summary: each amount once (a
        # transfer is often a payment, and payments repeat).
        if (cents, signed) not in written:
            text = money(cents, currency, parsed, signed=signed, printed=printed)
            written[cents, signed] = Money(cents, text)
        return written[cents, signed]

    def payments(key: str) -> tuple[Payment, ...]:
        return tuple(Payment(p["from"], p["to"], amount(p["cents"])) for p in settled[key])

    return Settlement(
        currency=currency,
        balances=tuple(
            (name, amount(cents, signed=True)) for name, cents in settled["balances"].items()
        ),
        payments=payments("payments"),
        transfers=payments("transfers"),
        provisional=not state.finished,
    )
