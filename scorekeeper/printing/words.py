"""What the sheets say in words: house rules, key rules, stakes, money and ranks.

Pure: the catalogue's option specs and Babel in, plain strings out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from babel.dates import format_date
from babel.numbers import format_currency

from scorekeeper.scoring import get_variant

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Print typography, spelled as escapes so that no look-alike hides in the source.
TIMES = "\u00d7"
MINUS = "\u2212"
DASH = "\u2013"

SEQUENCE_WORDS = {
    "ace_to_king": "Wild rank A, 2 … K",
    "two_to_king": "Wild rank 2 … K (12 deals)",
    "two_to_ace": "Wild rank 2 … K, then A",
    "ace_to_ace": "Wild rank A, 2 … K, then A again (14 deals)",
    "king_to_ace": "Wild rank K, Q … A",
    "dealer_choice": "The dealer calls each deal's wild rank, each rank once",
}

SCORING_WORDS = {
    "winner_takes_all": "Winner takes all: whoever goes out scores the others' hands",
    "penalty": "Penalty scoring: everyone scores their own hand; lowest total wins",
    "collect": "Collect: everyone scores their melds; whoever goes out also scores the "
    "others' hands",
    "subtract": "Subtract: everyone scores melds less hand",
}

STAKE_MODES = {
    "pairs": "everyone settles with everyone",
    "winner": "only the winner is paid",
    "per_deal": "each deal's losers pay its winner",
}


def _yes_no(yes: str, no: str) -> Callable[[Any, Mapping[str, Any], str], str]:
    return lambda value, options, variant: yes if value else no


def _out_bonus(value: int, options: Mapping[str, Any], variant: str) -> str:
    if variant == "thirteen":
        return f"Going out scores {MINUS}{value}"
    return f"Going out scores {value} extra"


def _ace_value(value: int, options: Mapping[str, Any], variant: str) -> str:
    if variant == "rummy5000":
        return f"An Ace counts {value} (a wild Ace {value + 100})"
    return f"An Ace counts {value}"


# One phrase per option, given its value; options the catalogue adds later fall
# back to their name and value (see house_rules).
OPTION_WORDS: dict[str, Callable[[Any, Mapping[str, Any], str], str]] = {
    "scoring": lambda value, options, variant: SCORING_WORDS.get(value, str(value)),
    "rummy_bonus": lambda value, options, variant: {
        "double": "Going rummy doubles the deal's points",
        "plus_10": "Going rummy scores 10 extra",
        "none": "No bonus for going rummy",
    }.get(value, str(value)),
    "ace_high": _yes_no(
        "Aces high or low in runs; an Ace counts 15 in hand", "Aces low; an Ace counts 1"
    ),
    "stock_out": lambda value, options, variant: (
        "Block: when the stock runs out, the lowest hand scores the differences"
        if value == "block"
        else "When the stock runs out, nobody scores"
    ),
    "target": lambda value, options, variant: f"Game to {value}",
    "deals": lambda value, options, variant: (
        "Played to the target" if value is None else f"A fixed {value} deals, no target"
    ),
    "knock_limit": lambda value, options, variant: (
        "Only gin ends a deal" if value == 0 else f"Knock with {value} or less deadwood"
    ),
    "gin_bonus": lambda value, options, variant: f"Gin scores {value} + the defender's deadwood",
    "big_gin_bonus": lambda value, options, variant: (
        f"Big gin (all 11 cards) scores {value} + the defender's deadwood"
    ),
    "undercut_bonus": lambda value, options, variant: (
        f"An undercut scores {value} + the difference"
    ),
    "undercut_on_equal": _yes_no(
        "Equal deadwood is an undercut", "Equal deadwood is no undercut: nobody scores"
    ),
    "game_bonus": lambda value, options, variant: f"Game bonus {value}",
    "box_bonus": lambda value, options, variant: f"{value} a box (each hand won)",
    "shutout_double": _yes_no("A shutout doubles the winner's score", "No doubling for a shutout"),
    "knock_card": _yes_no(
        "Oklahoma: the upcard's value is the knock limit", "The knock limit is fixed"
    ),
    "ace_requires_gin": _yes_no(
        "An Ace upcard means only gin ends the deal", "An Ace upcard allows a knock with 1"
    ),
    "spade_doubles": _yes_no(
        "A spade upcard doubles the deal", "A spade upcard does not double the deal"
    ),
    "hollywood": _yes_no("Hollywood: three games scored at once", "One game at a time"),
    "out_bonus": _out_bonus,
    "went_out_wins": _yes_no(
        "Whoever goes out on the last deal wins if at or over the target",
        "The highest total wins",
    ),
    "ace_value": _ace_value,
    "wild_always_200": _yes_no("Every wild card counts 200", "Wild cards count 100"),
    "eights_nines_ten": _yes_no("8s and 9s count 10", "8s and 9s count 5"),
    "queen_of_spades": lambda value, options, variant: (
        "The Queen of spades counts 10" if value is None else f"The Queen of spades counts {value}"
    ),
    "wild_sequence": lambda value, options, variant: SEQUENCE_WORDS.get(value, str(value)),
    "joker_deal": _yes_no("One more deal at the end, only the Joker wild", "No Joker deal"),
    "hand_size": lambda value, options, variant: f"{value} cards dealt",
    "wild_value": lambda value, options, variant: f"A wild card counts {value}",
    "face_values": lambda value, options, variant: (
        "J, Q, K count 11, 12, 13" if value == "rank" else "J, Q, K count 10"
    ),
    "simple_values": _yes_no(
        f"Simple values: A{DASH}8 count 5, 9{DASH}K count 10", "Cards count their face value"
    ),
    "joker": _yes_no("A Joker in the pack, always wild", "No Joker"),
    "joker_value": lambda value, options, variant: f"A Joker counts {value}",
    "double_on_7_or_king": _yes_no(
        "Deals with 7s or Kings wild count double", "No doubling for 7s or Kings"
    ),
    "press": lambda value, options, variant: (
        f"The Press: {options.get('press_gap', 50)} behind doubles the next deal's card points"
        if value
        else "No Press"
    ),
    "press_gap": lambda value, options, variant: f"The Press needs a gap of {value}",
    "auto_press": _yes_no("Auto-Press after deal 1 (4 or more players)", "No Auto-Press"),
    "up_for_two": _yes_no(
        "Going up for 2: out holding a single natural 2 scores 2", "No going up for 2"
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
        if words is None:
            rules.append(f"{spec.name.replace('_', ' ')}: {value}")
        else:
            rules.append(words(value, options, variant_id))
    return tuple(rules)


def key_rules(variant_id: str, options: Mapping[str, Any], deals: int | None) -> tuple[str, ...]:
    """The few sentences a table needs to score a deal by hand, for a pad's foot."""
    o = options
    if variant_id == "rummy":
        if o["scoring"] == "penalty":
            rules = [
                "Everyone scores their own hand as penalty points; whoever goes out scores 0.",
                "Lowest total wins; ties share.",
            ]
        else:
            rules = [
                "Whoever goes out scores the total of the others' hands; the others score 0.",
                "Highest total wins; ties share.",
            ]
        bonus = OPTION_WORDS["rummy_bonus"](o["rummy_bonus"], o, variant_id)
        rules.append(f"{bonus} (going rummy: the whole hand in one turn).")
        if o["stock_out"] == "block":
            rules.append(OPTION_WORDS["stock_out"]("block", o, variant_id) + ".")
        end = f"after {o['deals']} deals" if o["deals"] else f"when a total reaches {o['target']}"
        rules.append(f"The game ends {end}.")
        return tuple(rules)
    if variant_id == "gin":
        undercut = "≤" if o["undercut_on_equal"] else "<"
        limit = "the upcard's value" if o["knock_card"] else f"{o['knock_limit']} or less deadwood"
        rules = [
            f"Knock with {limit}. Gin: {o['gin_bonus']} + the defender's deadwood "
            f"(big gin {o['big_gin_bonus']}).",
            f"Undercut (defender {undercut} knocker): the defender scores "
            f"{o['undercut_bonus']} + the difference. Otherwise the knocker scores the "
            "difference.",
            f"A game ends at {o['target']}: the winner adds {o['game_bonus']}, each player "
            f"{o['box_bonus']} per box (hand won)"
            + ("; a shutout doubles the winner's score." if o["shutout_double"] else "."),
        ]
        if o["hollywood"]:
            rules.append(
                "Hollywood: a player's 1st win scores in game 1, the 2nd in games 1 and 2, "
                "later wins in all three."
            )
        if o["knock_card"] and o["spade_doubles"]:
            rules.append("A spade upcard doubles the deal.")
        return tuple(rules)
    if variant_id == "rummy500":
        bonus = f", + {o['out_bonus']} for going out" if o["out_bonus"] else ""
        return (
            f"Each deal: melds less the cards left in hand (may be negative){bonus}.",
            f"After a deal where a total reaches {o['target']}, the highest wins; "
            "a tie for highest plays on.",
        )
    if variant_id == "rummy5000":
        return (
            SCORING_WORDS[o["scoring"]]
            + (f", + {o['out_bonus']} for going out." if o["out_bonus"] else "."),
            "Every value is a multiple of 5.",
            f"After a deal where a total reaches {o['target']}, the highest wins; ties share.",
        )
    if variant_id == "thirteen":
        out = f"{MINUS}{o['out_bonus']}" if o["out_bonus"] else "0"
        rules = [
            f"Each player not out scores their hand {TIMES} the deal's multiplier; going out "
            f"scores {out}.",
            f"Lowest total after deal {deals} wins; ties share.",
        ]
        if o["press"] or o["auto_press"]:
            rules.append(
                f"The Press: when one player trails their nearest rival by {o['press_gap']} or "
                "more, the next deal's card points are doubled (tick P)."
            )
        if o["double_on_7_or_king"]:
            rules.append(f"Deals with 7s or Kings wild count double ({TIMES}2).")
        if o["up_for_two"]:
            rules.append("Going up for 2 (out holding a single natural 2) scores 2.")
        return tuple(rules)
    if variant_id == "acetoace":
        return (
            "Each deal: melds less the cards left in hand.",
            "Highest total after deal 14 wins; ties share.",
        )
    return ()


def stakes_terms(stakes: Mapping[str, Any], locale: str) -> str:
    """``2¢ a point, rounded to 5¢; everyone settles with everyone``."""
    currency = stakes["currency"]
    terms = (
        f"{money(stakes['cents_per_point'], currency, locale)} a point, rounded to "
        f"{money(stakes['round_to'], currency, locale)}; "
        f"{STAKE_MODES.get(stakes['mode'], stakes['mode'])}"
    )
    if stakes["deal_winner_cents"]:
        each = money(stakes["deal_winner_cents"], currency, locale)
        terms += f"; {each} from each player to whoever goes out, every deal"
    return terms


MINUS = "\u2212"


def money(cents: int, currency: str, locale: str, *, signed: bool = False) -> str:
    """An amount as printed: a true minus sign (U+2212), not a hyphen; ``signed``
    adds a plus to a gain. Its spaces are no-break: an amount never wraps."""
    text = format_currency(Decimal(cents).scaleb(-2), currency, locale=locale)
    text = text.replace("-", MINUS).replace(" ", "\u00a0").replace("\u202f", "\u00a0")
    return f"+{text}" if signed and cents > 0 else text


def day(moment: date | datetime, locale: str) -> str:
    return format_date(moment, format="long", locale=locale)


def card(text: str) -> str:
    """``7S`` as ``7♠``."""
    return text[:-1] + SUIT_SIGNS.get(text[-1:], text[-1:]) if len(text) > 1 else text


def times(multiplier: int) -> str:
    """``x2`` as printed (with a multiplication sign), or "" for 1."""
    return f"{TIMES}{multiplier}" if multiplier != 1 else ""
