"""View-models for the table pages: what a template shows, worked out from a GameView.

Nothing here scores: every figure comes from the derived state. What the pages share
with the printed sheet (standing, winners, status, each deal's figures, money) is the
game's summary (``scorekeeper/summary.py``); this module adds what only the pages show
(the next deal, the grid's marks, the card counter) and the reader's locale.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from flask import request
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper import scoring
from scorekeeper.chart import Chart, running_totals_chart
from scorekeeper.scoring.cards import RANKS, SUITS
from scorekeeper.scoring.messages import Message
from scorekeeper.scoring.surface import DEAL
from scorekeeper.service_layer.results import GameView
from scorekeeper.summary import DealSummary, Figures, GameSummary, game_summary
from scorekeeper.translate import preset_name, translate

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
    return usual_locale(language)


def printed_locale() -> str:
    """The locale a PDF is written in: its language's usual one, whoever reads it, so
    one PDF serves every reader of that language (and is rendered once)."""
    return usual_locale(get_locale().language)


@cache  # a handful of languages; Babel parses a locale anew on each call
def usual_locale(language: str) -> str:
    """The locale a language is most often written in: fr_FR for French, hi_IN for Hindi."""
    usual = Locale.parse(get_global("likely_subtags").get(language, language))
    return f"{usual.language}_{usual.territory}" if usual.territory else usual.language


def game_name(view: GameView) -> str:
    """What a game is called on its pages: its title, else its preset's or variant's name."""
    setup = view.setup
    return (
        view.title
        or preset_name(setup.preset)
        or translate(scoring.get_variant(setup.variant).name)
    )


def end_rule(setup: scoring.Setup) -> tuple[int | None, int | None]:
    """(fixed number of deals, target): how this game ends."""
    game = scoring.get_variant(setup.variant)(setup)
    return game.fixed_deals, game.goal()


def enabled_fields(setup: scoring.Setup) -> tuple[scoring.EntryField, ...]:
    """The entry fields this game takes (its options switch some off)."""
    game = scoring.get_variant(setup.variant)(setup)
    return tuple(f for f in game.entry_fields if game.takes(f))


# How many deals past the next one a phone can save offline and still be shown the right
# deal, where a target (not a number of deals) ends the game.
AHEAD = 12


def deals_ahead(
    setup: scoring.Setup, number: int, fixed: int | None, counter: bool = False
) -> list[dict[str, Any]]:
    """Deal ``number`` (the next) and every deal after it to the game's end (``AHEAD`` of
    them where a target ends it), as the rules foresee them: the next-deal panel's lines
    (dealer, who plays first, cards, contract, wild rank; the Press and doubling wait for
    the scores). With deals waiting on the phone the page shows the one now due from
    this, with the deals left and how many wait, uncounted, before it; past a fixed
    game's last deal, that every deal is played. With the card ``counter``, a deal whose
    wild rank is not the next deal's carries its own buttons (a wild counts apart)."""
    game = scoring.get_variant(setup.variant)(setup)
    calls_wild = "wild" in {f.name for f in enabled_fields(setup)}
    last = number + AHEAD if fixed is None else fixed
    ahead = []
    for n in range(number, last + 1):
        foreseen = game.foreseen(n)
        facts = {**foreseen, "number": n, "first": first_to_play(setup, foreseen)}
        deal = {"number": n, "lines": panel_lines(game, facts, fixed, calls_wild)}
        if counter and n > number and foreseen["wild"] != game.wild(number):
            deal["counter"] = card_buttons(setup, foreseen["wild"])
        if fixed is not None:
            deal["left"] = deals_left_words(fixed - n + 1, game.higher_wins, game.deal_words)
        ahead.append(deal | _waiting(n - number))
    if fixed is not None:
        played = _("Every deal is played: the result shows once the waiting deals are sent.")
        ahead.append(
            {"number": fixed + 1, "past": True, "left": played} | _waiting(fixed + 1 - number)
        )
    return ahead


def panel_lines(
    game: scoring.Variant, facts: dict[str, Any], fixed: int | None, calls_wild: bool
) -> dict[str, Markup | None]:
    """The next-deal panel's lines for a deal whose ``facts`` (number, dealer, first,
    wild, cards, contract) are known, by the class of the line: the page's panel and the
    deals ahead (outbox.js puts them in the panel) say them alike."""
    number, dealer, first = facts["number"], facts["dealer"], facts["first"]
    cards, contract, wild = facts.get("cards"), facts.get("contract"), facts.get("wild")
    words = game.deal_words
    if fixed:
        no = translate(Message(words.of.msgid, {"number": number, "deals": fixed}))
    else:
        no = translate(Message(words.number.msgid, {"number": number}))
    if game.dealer_plays_first:
        who = Markup(_("<b>%(first)s</b> plays first")) % {"first": first}
    elif cards:
        who = Markup(
            _("<b>%(dealer)s</b> deals %(cards)s cards each, <b>%(first)s</b> plays first")
        )
        who %= {"dealer": dealer, "cards": cards, "first": first}
    else:
        who = Markup(_("<b>%(dealer)s</b> deals, <b>%(first)s</b> plays first"))
        who %= {"dealer": dealer, "first": first}
    if wild:
        wild_line = Markup(_("Wild <strong>%(card)s</strong>")) % {"card": wild}
    else:
        wild_line = (
            Markup(_("Wild <strong>?</strong> <span>the dealer calls it</span>"))
            if calls_wild
            else None
        )
    if contract is not None:  # (a word of the panel, not the variant of that name)
        contract = Markup(_("Contract <strong>%(contract)s</strong>")) % dict(
            contract=translate(contract)
        )
    return {"deal-no": Markup.escape(no), "who": who, "contract": contract, "wild": wild_line}


def _waiting(count: int) -> dict[str, str]:
    """What the totals say while ``count`` deals wait on the phone (nothing for none)."""
    if not count:
        return {}
    said = ngettext(
        "%(num)s deal waiting on this phone is not counted in these totals yet.",
        "%(num)s deals waiting on this phone are not counted in these totals yet.",
        count,
    )
    return {"waiting": said}


def deals_left_words(left: int, higher_wins: bool, words: scoring.DealWords = DEAL) -> str:
    """How many deals (Golf: holes) are left and who wins, under the totals of a game of
    fixed deals."""
    said = words.left_high if higher_wins else words.left_low
    return translate(Message(said.msgid, {"num": left}, plural=said.plural))


# ---------------------------------------------------------------- the scoreboard


@dataclass
class DealRow:
    number: int
    dealer: str
    wild: str | None
    multiplier: int
    press: bool
    void: bool
    cells: tuple[Figures, ...]
    what: str | None = None


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
    contract: str | None = None  # Contract Rummy: what must be laid down first
    nobody_deals: bool = False  # Rummikub: the "dealer" is who plays first
    # The panel's lines, by their class (panel_lines): the same words as the deals ahead.
    lines: dict[str, Markup | None] = field(default_factory=dict)


@dataclass
class Board:
    """The table's pages' view of a game: its summary (standing, winners, money, the
    status), which the printed sheet shows too, and what only the pages show."""

    summary: GameSummary
    version: int
    rows: list[DealRow]
    next: NextDeal | None
    fixed_deals: int | None
    target: int | None
    deals_left: int | None
    press_offer: dict[str, Any] | None
    press_rule: bool
    seats: list[str] | None = None
    games: list[dict[str, Any]] = field(default_factory=list)
    # A finished gin game: how each final score is made up, in words.
    breakdown: list[str] = field(default_factory=list)

    @property
    def knocks(self) -> bool:
        """Gin: the dot marks who knocked; nobody goes out."""
        return scoring.get_variant(self.summary.variant_id).knocks

    @property
    def out_words(self) -> scoring.OutWords:
        """How the grid says whoever ended a deal (went out, knocked, closed)."""
        return scoring.get_variant(self.summary.variant_id).out_words

    @property
    def deal_words(self) -> scoring.DealWords:
        """What the grid calls a deal (Golf: a hole)."""
        return scoring.get_variant(self.summary.variant_id).deal_words

    @property
    def nobody_deals(self) -> bool:
        """Rummikub: nobody deals, the "dealer" plays first."""
        return scoring.get_variant(self.summary.variant_id).dealer_plays_first

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
    fixed, target = end_rule(setup)
    summary = game_summary(view, locale)
    variant = scoring.get_variant(setup.variant)
    rows = [_deal_row(variant, deal) for deal in summary.deals]
    fields = {f.name for f in enabled_fields(setup)}
    next_deal = None if state.next_deal is None else _next_deal(setup, state.next_deal, fields)
    return Board(
        summary=summary,
        version=view.version,
        rows=rows,
        next=next_deal,
        fixed_deals=fixed,
        target=target,
        deals_left=None if fixed is None else max(fixed - len(rows), 0),
        press_offer=state.press_offer,
        press_rule="press_points" in fields,
        seats=None if setup.seats is None else list(setup.seats),
        games=state.games or [],
        breakdown=_final_breakdown(setup, state) if state.finished and not state.games else [],
    )


def _deal_row(variant: type[scoring.Variant], played: DealSummary) -> DealRow:
    """A deal played, with each player's cell: points, running total and marks."""
    deal = played.deal
    return DealRow(
        deal.number,
        deal.dealer,
        deal.wild,
        deal.multiplier,
        deal.press,
        variant.voided(deal.entry),
        played.figures,
        what_happened(variant, deal),
    )


def _next_deal(setup: scoring.Setup, nd: dict[str, Any], fields: set[str]) -> NextDeal:
    contract = nd.get("contract")
    game = scoring.get_variant(setup.variant)
    first = first_to_play(setup, nd)
    fixed = end_rule(setup)[0]
    return NextDeal(
        number=nd["number"],
        dealer=nd["dealer"],
        first=first,
        wild=nd["wild"],
        dealer_calls_wild="wild" in fields,
        press=nd["press"],
        multiplier=nd["multiplier"],
        cards=nd.get("cards"),
        tiebreak=nd.get("tiebreak"),
        # A contract of the house list shows as typed; the usual ones are translated.
        contract=None if contract is None else translate(contract),
        nobody_deals=game.dealer_plays_first,
        lines=panel_lines(game, {**nd, "first": first}, fixed, "wild" in fields),
    )


def first_to_play(setup: scoring.Setup, next_deal: dict[str, Any]) -> str:
    """Who plays first: the next seat on from the dealer (an individual where the game
    has seats) that takes part in the deal (``next_deal.players`` where the variant
    names them: Indian rummy's eliminated players and a tie-break's onlookers sit out)."""
    if scoring.get_variant(setup.variant).dealer_plays_first:
        return next_deal["dealer"]
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


def what_happened(variant: type[scoring.Variant], deal: Any) -> str | None:
    """The deal in a word for the grid (knock, gin, block...), as the core says it
    ended; None for an ordinary deal, where the dot on who went out says it all."""
    if deal.result is not None:
        return translate(variant.result_words[deal.result])
    return next((translate(text) for text in variant.flag_words(deal.entry)), None)


def _final_breakdown(setup: scoring.Setup, state: Any) -> list[str]:
    """What makes up each final score of a finished game with finals (gin's), as the
    game words it."""
    if not state.final or state.ended_early:
        return []
    variant = scoring.get_variant(setup.variant)
    return [translate(line) for line in variant.final_lines(setup.options, state)]


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 160, 8


def chart(b: Board) -> Chart | None:
    """Each player's total after every deal (from 0 before the first), scaled to fit."""
    return running_totals_chart(dict(b.summary.running), CHART_WIDTH, CHART_HEIGHT, CHART_PAD)


# ---------------------------------------------------------------- the history


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
        common, _count = Counter(by_suit.values()).most_common(1)[0]
        if common is None:
            continue  # not in this game's pack (Five Crowns has no Aces or 2s)
        buttons.append((_("%(rank)s wild", rank=rank) if rank == wild else rank, common))
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
        buttons.append((_("Wild"), wild_value))
        wild_ace = value("AH", "A") if wild is None else None
        if wild_ace is not None and wild_ace != wild_value:
            buttons.append((_("Wild A"), wild_ace))
    joker = value("Joker")
    if joker is not None and not any(name.casefold() == "joker" for name in named):
        buttons.append((_("Joker"), joker))
    return buttons


# ---------------------------------------------------------------- the scripts' words


def deal_script_words(
    cards: list[tuple[str, int]] | None, variant: str | None = None
) -> dict[str, Any]:
    """What static/game.js writes on the deal form, in the page's language; it fills
    each {name} itself. A card value's word comes per value (Polish has three plurals).
    The game's own words for a deal and for whoever ended it, where ``variant`` is given."""
    game = scoring.get_variant(variant) if variant else None
    return {
        "tap": _("Tap each card"),
        "use": _("Use {sum}"),
        "points": {value: ngettext("point", "points", value) for _label, value in cards or ()},
        "refused": _("The server refused deal {number} ({status})."),
        "save": translate(game.deal_words.save) if game else _("Save deal {number}"),
        "kept": _("Deal {number} kept on this phone, waiting to send"),
        "stale": _(
            "Another phone saved deal {before}. What you typed is kept for deal {number}: "
            "check it, then save."
        ),
        # Typed while the page still showed the server's deal, with deals waiting on the phone.
        "ahead": _(
            "Deals are waiting on this phone. What you typed is kept for deal {number}: "
            "check it, then save."
        ),
        "out": translate(game.out_words.said) if game else _("{who} went out"),
        # A count's label ends so (" : En main" in French): the grid's line drops it.
        "inHand": _("%(name)s: %(what)s", name="", what=_("In hand")),
    }


def new_game_script_words() -> dict[str, str]:
    """What static/new_game.js writes on the new-game form, in the page's language."""
    return {
        "player": _("Player {number}"),
        "most": _("{number} players is the most this game takes."),
        "two": _("{game} is for two players."),
        # A partnership game's players are its sides (Canasta, Hand and Foot).
        "most_sides": _("{number} sides is the most this game takes."),
        "two_sides": _("{game} is for two sides."),
    }
