"""What the sheets say in words: house rules, key rules, stakes, money and ranks.

Pure: the catalogue's option specs and Babel in, plain strings out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from functools import partial
from typing import Any

from babel.dates import format_date

from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import lazy_gettext as _l
from scorekeeper.scoring import get_variant
from scorekeeper.scoring.cards import card_sign
from scorekeeper.summary import and_list  # named here too, for print and the pads
from scorekeeper.summary import money as one_money
from scorekeeper.translate import list_item, translate

# Print typography, spelled as an escape so that no look-alike hides in the source.
TIMES = "\u00d7"
# An amount as printed: the game summary's one money formatter, set for paper.
money = partial(one_money, printed=True)

STAKE_MODES = {
    "pairs": _l("everyone settles with everyone"),
    "winner": _l("only the winner is paid"),
    "per_deal": _l("each deal's losers pay its winner"),
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
        rules.append(option_words(spec, value, options))
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
        option_words(spec, options[spec.name], options)
        for spec in variant.options
        if spec.name in variant.listed_options
    )
    return tuple(words for words in listed if words not in shown)


def _as_given(spec: Any, value: Any) -> Any:
    return value


def _items_read(spec: Any, value: Any) -> Any:
    """A list's items in the reader's language (Phase 10's standard phases)."""
    return None if value is None else [translate(list_item(spec, item)) for item in value]


def _items_said(spec: Any, value: Any) -> str:
    return str(value) if value is None else and_list([str(item) for item in value])


# An option's value as the paper says it, by its kind (``OptionSpec.kind``): the value
# in the reader's language (what the option's own ``words`` take), then said in a word.
SAID: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], str]]] = {
    "bool": (_as_given, lambda spec, value: _("yes") if value else _("no")),
    "list": (_items_read, _items_said),
    "choice": (_as_given, lambda spec, value: translate(spec.choice_label(value))),
    "int": (_as_given, lambda spec, value: str(value)),
    "text": (_as_given, lambda spec, value: str(value)),
}


def option_words(spec: Any, value: Any, options: Mapping[str, Any]) -> str:
    """An option's value as a house rule, in the reader's language: in the option's own
    words (its spec's ``words``, a list's items already in the reader's language), else
    as its form says it, its label and value ("Buying back in: yes")."""
    read, say = SAID[spec.kind]
    value = read(spec, value)
    if spec.words is not None:
        return translate(spec.words(value, options))
    said = say(spec, value)
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
