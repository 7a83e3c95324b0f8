"""Options that several families declare alike: one declaration serves each of them, so
that their words, bounds and card values cannot drift apart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import face_values
from .messages import Message, message
from .options import OptionSpec, Words


def face_values_option(help: Message) -> OptionSpec:
    """``face_values``: J, Q, K count 10 each ("ten") or 11, 12 and 13 ("rank")."""
    return OptionSpec(
        "face_values",
        "choice",
        "ten",
        ("ten", "rank"),
        help,
        label=message("Jack, Queen, King count"),
        choice_labels=(
            message("10 each"),
            message("11, 12 and 13"),
        ),
        words=lambda value, options: (
            message("J, Q, K count 11, 12, 13") if value == "rank" else message("J, Q, K count 10")
        ),
    )


def face_ranks(options: Mapping[str, Any], **overrides: int) -> dict[str, int]:
    """Each rank's value under ``face_values_option``, with ``overrides`` (an Ace's)."""
    if options["face_values"] == "rank":
        return face_values(**overrides, J=11, Q=12, K=13)
    return face_values(**overrides)


def fixed_deals_option(help: Message) -> OptionSpec:
    """``deals``: a fixed number of deals in place of a target; blank: played to it."""
    return OptionSpec(
        "deals",
        "int",
        None,
        nullable=True,
        minimum=1,
        maximum=200,
        help=help,
        label=message("Number of deals"),
        words=lambda value, options: (
            message("Played to the target")
            if value is None
            else message("A fixed %(deals)s deals, no target", deals=value)
        ),
    )


def out_bonus_option(default: int, help: Message, *, maximum: int, step: int = 1) -> OptionSpec:
    """``out_bonus``: what going out scores besides the deal (a minus where low wins)."""
    return OptionSpec(
        "out_bonus",
        "int",
        default,
        minimum=0,
        maximum=maximum,
        step=step,
        help=help,
        label=message("Bonus for going out"),
        words=lambda value, options: message("Going out scores %(points)s extra", points=value),
    )


# What a card left in hand counts: its label and its words, by the card; each family
# names the option its own way (``joker``, ``joker_value``) and bounds it.
CARD_COUNTS: dict[str, tuple[Message, Words]] = {
    "ace": (
        message("An Ace counts"),
        lambda value, options: message("An Ace counts %(value)s", value=value),
    ),
    "joker": (
        message("A Joker counts"),
        lambda value, options: message("A Joker counts %(value)s", value=value),
    ),
    "wild": (
        message("A wild card counts"),
        lambda value, options: message("A wild card counts %(value)s", value=value),
    ),
}


def card_count_option(
    card: str,
    name: str,
    default: int | None,
    help: Message,
    *,
    minimum: int = 1,
    maximum: int = 50,
    step: int = 1,
    label: Message | None = None,
) -> OptionSpec:
    """What ``card`` ("ace", "joker" or "wild") counts left in hand; with no default it may
    be left blank. ``label`` where the family calls it otherwise."""
    usual_label, words = CARD_COUNTS[card]
    return OptionSpec(
        name,
        "int",
        default,
        nullable=default is None,
        minimum=minimum,
        maximum=maximum,
        step=step,
        help=help,
        label=label or usual_label,
        words=words,
    )
