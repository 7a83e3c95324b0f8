"""What the sheets say in words: house rules, key rules, stakes, money and ranks.

Pure: the catalogue's option specs and Babel in, plain strings out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from functools import partial
from typing import Any

from babel.dates import format_date

from scorekeeper.i18n import LazyString, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.scoring import get_variant
from scorekeeper.scoring.cards import card_sign
from scorekeeper.scoring.rummy import BLOCK_WORDS, RUMMY_BONUS_WORDS, SCORING_WORDS
from scorekeeper.summary import MINUS, and_list  # named here too, for print and the pads
from scorekeeper.summary import money as one_money
from scorekeeper.translate import list_item, translate

# Print typography, spelled as an escape so that no look-alike hides in the source.
TIMES = "\u00d7"
# An amount as printed: the game summary's one money formatter, set for paper.
money = partial(one_money, printed=True)

SEQUENCE_WORDS = {
    "ace_to_king": _l("Wild rank A, 2 … K"),
    "two_to_king": _l("Wild rank 2 … K (12 deals)"),
    "two_to_ace": _l("Wild rank 2 … K, then A"),
    "ace_to_ace": _l("Wild rank A, 2 … K, then A again (14 deals)"),
    "king_to_ace": _l("Wild rank K, Q … A"),
    "dealer_choice": _l("The dealer calls each deal's wild rank, each rank once"),
}

STAKE_MODES = {
    "pairs": _l("everyone settles with everyone"),
    "winner": _l("only the winner is paid"),
    "per_deal": _l("each deal's losers pay its winner"),
}


def _yes_no(yes: LazyString, no: LazyString) -> Callable[[Any, Mapping[str, Any], str], str]:
    return lambda value, options, variant: str(yes) if value else str(no)


def _phases(value: list[str], options: Mapping[str, Any], variant: str) -> str:
    """House phases, numbered; the standard ones in the sheet's language."""
    spec = next(spec for spec in get_variant(variant).options if spec.name == "phases")
    phases = "; ".join(
        f"{number}. {list_item(spec, phase)}" for number, phase in enumerate(value, 1)
    )
    return _("Phases: %(phases)s", phases=phases)


# One phrase per option, given its value; options the catalogue adds later fall
# back to their name and value (see house_rules).
OPTION_WORDS: dict[str, Callable[[Any, Mapping[str, Any], str], str]] = {
    "scoring": lambda value, options, variant: translate(SCORING_WORDS.get(value, value)),
    "rummy_bonus": lambda value, options, variant: translate(RUMMY_BONUS_WORDS.get(value, value)),
    "ace_high": _yes_no(
        _l("Aces high or low in runs; an Ace counts 15 in hand"), _l("Aces low; an Ace counts 1")
    ),
    "stock_out": lambda value, options, variant: (
        translate(BLOCK_WORDS) if value == "block" else _("When the stock runs out, nobody scores")
    ),
    "target": lambda value, options, variant: _("Game to %(target)s", target=value),
    # Contract Rummy's house list: each deal's row carries its contract.
    "contracts": lambda value, options, variant: ngettext(
        "%(num)s contract, one a deal, on the rows below",
        "%(num)s contracts, one a deal, on the rows below",
        len(value),
    ),
    "deals": lambda value, options, variant: (
        _("Played to the target")
        if value is None
        else _("A fixed %(deals)s deals, no target", deals=value)
    ),
    "knock_limit": lambda value, options, variant: (
        _("Only gin ends a deal")
        if value == 0
        else _("Knock with %(limit)s or less deadwood", limit=value)
    ),
    "gin_bonus": lambda value, options, variant: _(
        "Gin scores %(bonus)s + the defender's deadwood", bonus=value
    ),
    "big_gin_bonus": lambda value, options, variant: _(
        "Big gin (all 11 cards) scores %(bonus)s + the defender's deadwood", bonus=value
    ),
    "undercut_bonus": lambda value, options, variant: _(
        "An undercut scores %(bonus)s + the difference", bonus=value
    ),
    "undercut_on_equal": _yes_no(
        _l("Equal deadwood is an undercut"), _l("Equal deadwood is no undercut: nobody scores")
    ),
    "game_bonus": lambda value, options, variant: _("Game bonus %(bonus)s", bonus=value),
    "box_bonus": lambda value, options, variant: _("%(bonus)s a box (each hand won)", bonus=value),
    "shutout_double": _yes_no(
        _l("A shutout doubles the winner's score"), _l("No doubling for a shutout")
    ),
    "knock_card": _yes_no(
        _l("Oklahoma: the upcard's value is the knock limit"), _l("The knock limit is fixed")
    ),
    "ace_requires_gin": _yes_no(
        _l("An Ace upcard means only gin ends the deal"), _l("An Ace upcard allows a knock with 1")
    ),
    "spade_doubles": _yes_no(
        _l("A spade upcard doubles the deal"), _l("A spade upcard does not double the deal")
    ),
    "hollywood": _yes_no(_l("Hollywood: three games scored at once"), _l("One game at a time")),
    "out_bonus": lambda value, options, variant: _(
        "Going out scores %(points)s extra", points=value
    ),
    "went_out_wins": _yes_no(
        _l("Whoever goes out on the last deal wins if at or over the target"),
        _l("The highest total wins"),
    ),
    "ace_value": lambda value, options, variant: _("An Ace counts %(value)s", value=value),
    "wild_always_200": _yes_no(_l("Every wild card counts 200"), _l("Wild cards count 100")),
    "eights_nines_ten": _yes_no(_l("8s and 9s count 10"), _l("8s and 9s count 5")),
    "queen_of_spades": lambda value, options, variant: _(
        "The Queen of spades counts %(value)s", value=10 if value is None else value
    ),
    "wild_sequence": lambda value, options, variant: str(SEQUENCE_WORDS.get(value, value)),
    "phases": _phases,
    "joker_deal": _yes_no(_l("One more deal at the end, only the Joker wild"), _l("No Joker deal")),
    "hand_size": lambda value, options, variant: _("%(cards)s cards dealt", cards=value),
    "wild_value": lambda value, options, variant: _("A wild card counts %(value)s", value=value),
    "face_values": lambda value, options, variant: (
        _("J, Q, K count 11, 12, 13") if value == "rank" else _("J, Q, K count 10")
    ),
    "simple_values": _yes_no(
        _l("Simple values: A\u20138 count 5, 9\u2013K count 10"), _l("Cards count their face value")
    ),
    # Crazy Gin's joker says whether there is one; the newer games' says what it counts.
    "joker": lambda value, options, variant: (
        _("A Joker counts %(value)s", value=value)
        if type(value) is int
        else _yes_no(_l("A Joker in the pack, always wild"), _l("No Joker"))(
            value, options, variant
        )
    ),
    "low_cards": lambda value, options, variant: (
        _("2 to 10 count their face value")
        if value == "face"
        else _("2 to 10 count %(value)s each", value=value)
    ),
    "ace": lambda value, options, variant: _("An Ace counts %(value)s", value=value),
    "one_turn_bonus": lambda value, options, variant: (
        _("Going out in one turn is only noted")
        if value is None
        else _("Going out in one turn scores %(points)s", points=f"{MINUS}{value}")
    ),
    "no_joker_bonus": lambda value, options, variant: (
        _("Going out in one turn without a joker is only noted")
        if value is None
        else _("Going out in one turn without a joker scores %(points)s", points=f"{MINUS}{value}")
    ),
    "winner_bonus": lambda value, options, variant: _(
        "The deal's winner adds %(points)s", points=value
    ),
    "loser_cap": lambda value, options, variant: (
        _("No cap on a loser's minus")
        if value is None
        else _("A loser loses at most %(points)s a deal", points=value)
    ),
    "rank_by": lambda value, options, variant: (
        _("The most deals won wins, then the highest total")
        if value == "wins"
        else _("The highest total wins")
    ),
    "pool_limit": lambda value, options, variant: _("A total of %(limit)s eliminates", limit=value),
    "one_turn_double": _yes_no(
        _l("Going out all at once doubles the others' penalties"),
        _l("Going out all at once doubles nothing"),
    ),
    "not_opened_penalty": lambda value, options, variant: (
        _("Not having laid down counts the hand")
        if value is None
        else _("Not having laid down counts %(points)s", points=value)
    ),
    "holes": lambda value, options, variant: _("%(holes)s holes", holes=value),
    "jokers": _yes_no(_l("Two Jokers a pack, \u22122 each"), _l("No Jokers")),
    "pair_of_twos": lambda value, options, variant: _(
        "A column pair of 2s scores %(value)s", value=str(value).replace("-", MINUS)
    ),
    "four_of_a_kind": lambda value, options, variant: (
        _("No bonus for four of a kind")
        if value is None
        else _(
            "Two columns paired in one rank score %(four)s together",
            four=str(value).replace("-", MINUS),
        )
    ),
    "semi_clean": lambda value, options, variant: (
        _("Semi-clean burracos score nothing extra")
        if value is None
        else _("A semi-clean burraco scores %(value)s", value=value)
    ),
    "clean_to_close": _yes_no(
        _l("Only a side with a clean burraco may close"), _l("Any burraco lets a side close")
    ),
    "pinella": lambda value, options, variant: _("A 2 (pinella) counts %(value)s", value=value),
    "higher_wins": _yes_no(_l("Highest total wins"), _l("Lowest total wins")),
    "zero_sum": _yes_no(_l("Every deal's scores add up to 0"), _l("Scores need not add up to 0")),
    "joker_value": lambda value, options, variant: _("A Joker counts %(value)s", value=value),
    "double_on_7_or_king": _yes_no(
        _l("Deals with 7s or Kings wild count double"), _l("No doubling for 7s or Kings")
    ),
    "press": lambda value, options, variant: (
        _(
            "The Press: %(gap)s behind doubles the next deal's card points",
            gap=options.get("press_gap", 50),
        )
        if value
        else _("No Press")
    ),
    "press_gap": lambda value, options, variant: _("The Press needs a gap of %(gap)s", gap=value),
    "auto_press": _yes_no(_l("Auto-Press after deal 1 (4 or more players)"), _l("No Auto-Press")),
    "up_for_two": _yes_no(
        _l("Going up for 2: out holding a single natural 2 scores 2"), _l("No going up for 2")
    ),
}


def house_rules(
    variant_id: str,
    options: Mapping[str, Any],
    players: int,
    seats: tuple[str, ...] | None = None,
) -> tuple[str, ...]:
    """Every option that differs from the variant's default, in plain words."""
    variant = get_variant(variant_id)
    # Defaults hang on the people at the table (a partnership's seats, not its sides).
    players = variant.people_at(players, seats)
    rules = []
    for spec in variant.options:
        # What the option would be left unset, the others as they are: defaults may
        # hang on other options (Indian rummy's penalties on the format and pool).
        others = {name: value for name, value in options.items() if name != spec.name}
        default = variant.resolve_options(others, players)[0].get(spec.name, spec.default)
        value = options.get(spec.name, default)
        if value == default:
            continue
        words = OPTION_WORDS.get(spec.name)
        own = variant.option_words(spec.name, value, options)
        if own is not None:
            rules.append(translate(own))
        elif words is None:
            rules.append(option_words(spec, value))
        else:
            rules.append(words(value, options, variant_id))
    return tuple(rules)


def listed_rules(
    variant_id: str,
    options: Mapping[str, Any],
    players: int,
    seats: tuple[str, ...] | None = None,
) -> tuple[str, ...]:
    """The options the variant lists in full (Phase 10's phases) where the house rules
    leave them out, being the default: a table needs them to play."""
    variant = get_variant(variant_id)
    shown = set(house_rules(variant_id, options, players, seats))
    listed = (
        OPTION_WORDS[name](options[name], options, variant_id) for name in variant.listed_options
    )
    return tuple(words for words in listed if words not in shown)


def option_words(spec: Any, value: Any) -> str:
    """An option without words of its own, as its form says it: its label and value
    ("Buying back in: yes"), in the reader's language."""
    if spec.type == "bool":
        said = _("yes") if value else _("no")
    elif isinstance(value, list | tuple):
        said = and_list([str(translate(list_item(spec, item))) for item in value])
    else:
        said = translate(spec.choice_label(value)) if spec.choices else str(value)
    label = translate(spec.label) if spec.label else spec.name.replace("_", " ")
    return _("%(option)s: %(value)s", option=label, value=said)


def key_rules(variant_id: str, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The few sentences a table needs to score a deal by hand, for a pad's foot: the
    variant's own (its ``pad_rules``)."""
    return tuple(translate(rule) for rule in get_variant(variant_id).pad_rules(options))


def stakes_terms(stakes: Mapping[str, Any], locale: str) -> str:
    """``2¢ a point, rounded to 5¢; everyone settles with everyone``."""
    currency = stakes["currency"]
    mode = STAKE_MODES.get(stakes["mode"], stakes["mode"])
    if stakes.get("entry_cents"):  # a game for a pot: points pay nothing, the pot is all
        entry = money(stakes["entry_cents"], currency, locale)
        return _("each player pays %(entry)s into the pot", entry=entry)
    terms = _(
        "%(rate)s a point, rounded to %(step)s; %(mode)s",
        rate=money(stakes["cents_per_point"], currency, locale),
        step=money(stakes["round_to"], currency, locale),
        mode=mode,
    )
    if stakes["deal_winner_cents"]:
        each = money(stakes["deal_winner_cents"], currency, locale)
        terms += _("; %(amount)s from each player to whoever goes out, every deal", amount=each)
    return terms


def day(moment: date | datetime, locale: str) -> str:
    return format_date(moment, format="long", locale=locale)


card = card_sign  # ``7S`` as ``7♠``


def times(multiplier: int) -> str:
    """``x2`` as printed (with a multiplication sign), or "" for 1."""
    return f"{TIMES}{multiplier}" if multiplier != 1 else ""
