"""Option schemas and their resolution: every option checked, every gap filled."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .cards import card_name, parse_card, parse_rank
from .messages import Message, message

ITEM_LENGTH = 100  # characters in one text item of a list option (a phase's description)
CONTRACT_LENGTH = 60  # characters in a contract's description (Contract Rummy)
CONTRACT_CARDS = 20  # the most cards a contract's deal deals
MINUS = "\u2212"  # a true minus sign, as print has it

# An option's value as a house rule in words, given the value and every option (a list
# option's items reach it in the reader's language already): the sheet's, the pad's and
# the new-game page's sentence for it.
Words = Callable[[Any, Mapping[str, Any]], Message]


def yes_no(yes: Message, no: Message) -> Words:
    """Words for a yes-or-no option: ``yes`` where it is on, ``no`` where it is off."""
    return lambda value, options: yes if value else no


@dataclass(frozen=True)
class OptionSpec:
    name: str
    type: str  # "bool", "int", "choice", "text" or "list"
    default: Any
    choices: tuple[Any, ...] | None = None
    help: Message | str = ""
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1  # ints must be multiples of this
    pattern: str | None = None  # text must match this in full
    expected: Message | None = None  # what the error says a text value must be
    # "list" options: what each item is ("text", "int" within minimum..maximum,
    # "card": a rank or a single card, or "contract": {"contract": text, "cards": int})
    # and how many items (least, most) there may be.
    items: str | None = None
    length: tuple[int, int] = (0, 20)
    # What a player calls the option and each of its choices (in ``choices``' order),
    # for forms; the API speaks in names and ids.
    label: Message | None = None
    choice_labels: tuple[Message, ...] | None = None
    # The option as a house rule in words (Words above); None: its label and value.
    words: Words | None = None

    @property
    def kind(self) -> str:
        """What the surfaces show and read the option as: "bool", "list", "choice" (one of
        its choices, numbers or words), "int" or "text". Each surface keys its one table
        of option kinds by it rather than testing ``type`` and ``choices`` itself."""
        if self.choices is not None and self.type not in ("bool", "list"):
            return "choice"
        return self.type

    def choice_label(self, choice: Any) -> Message | str:
        """The words for one of the choices (the value itself where none are given)."""
        if self.choice_labels is None or choice not in self.choices:
            return str(choice)
        return self.choice_labels[self.choices.index(choice)]

    def check(self, value: Any) -> Message | None:
        """What is wrong with ``value`` for this option, or None."""
        if value is None:
            return None if self.nullable else self._expected()
        if self.type == "list":
            return self._check_list(value)
        if self.type == "bool":
            ok = type(value) is bool
        elif self.type == "text":
            ok = isinstance(value, str) and re.fullmatch(self.pattern or ".*", value) is not None
        elif self.type == "int" and (type(value) is not int):
            ok = False
        elif self.choices is not None:
            # Typed: true is not the choice 1 (Contract Rummy's low_cards mixes words and numbers).
            ok = any(value == choice and type(value) is type(choice) for choice in self.choices)
        else:
            ok = (
                (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
                and value % self.step == 0
            )
        return None if ok else self._expected()

    def _check_list(self, value: Any) -> Message | None:
        low, high = self.length
        if not isinstance(value, list | tuple) or not low <= len(value) <= high:
            return self._expected()
        for index, item in enumerate(value):
            if self.items == "text":
                ok = isinstance(item, str) and 1 <= len(item.strip()) <= ITEM_LENGTH
            elif self.items == "card":
                ok = _card_or_rank(item) is not None
            elif self.items == "contract":
                ok = _contract(item) is not None
            else:
                ok = (
                    type(item) is int
                    and self.minimum <= item <= self.maximum
                    and item % self.step == 0
                )
            if not ok:
                return message(
                    "item %(number)s %(expected)s",
                    number=index + 1,
                    expected=self._item_expected(),
                )
        return None

    def _item_expected(self) -> Message:
        if self.items == "text":
            return message("must be a text of 1 to %(length)s characters", length=ITEM_LENGTH)
        if self.items == "card":
            return message("must be a rank (A, 2 to 10, J, Q, K) or a card such as JS")
        if self.items == "contract":
            return message(
                'must be {"contract": a text of 1 to %(length)s characters, '
                '"cards": a whole number from 1 to %(cards)s}',
                length=CONTRACT_LENGTH,
                cards=CONTRACT_CARDS,
            )
        return self._number_expected()

    def _number_expected(self) -> Message:
        if self.step == 1:
            return message(
                "must be a whole number from %(minimum)s to %(maximum)s",
                minimum=self.minimum,
                maximum=self.maximum,
            )
        return message(
            "must be a multiple of %(step)s from %(minimum)s to %(maximum)s",
            step=self.step,
            minimum=self.minimum,
            maximum=self.maximum,
        )

    def canonical(self, value: Any) -> Any:
        """A checked value as stored: list items trimmed, ranks and cards spelt one way."""
        if self.type != "list" or value is None:
            return value
        if self.items == "text":
            return [item.strip() for item in value]
        if self.items == "card":
            return [_card_or_rank(item) for item in value]
        if self.items == "contract":
            return [_contract(item) for item in value]
        return list(value)

    def _expected(self) -> Message:
        if self.type == "list":
            low, high = self.length
            each = self._item_expected()
            if low == high:
                text = message(
                    "must be a list of exactly %(count)s items; each %(expected)s",
                    count=low,
                    expected=each,
                )
            else:
                text = message(
                    "must be a list of %(least)s to %(most)s items; each %(expected)s",
                    least=low,
                    most=high,
                    expected=each,
                )
        elif self.type == "bool":
            text = message("must be true or false")
        elif self.choices is not None:
            choices = ", ".join(str(choice) for choice in self.choices)
            text = message("must be one of: %(choices)s", choices=choices)
        elif self.type == "text":
            text = message("must be %(expected)s", expected=self.expected)
        else:
            text = self._number_expected()
        return message("%(expected)s, or null", expected=text) if self.nullable else text

    def describe(self) -> dict[str, Any]:
        described = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "help": self.help,
            "nullable": self.nullable,
        }
        if self.type == "int" and self.choices is None:
            described.update(minimum=self.minimum, maximum=self.maximum, step=self.step)
        if self.type == "list":
            described.update(items=self.items, length=list(self.length))
            if self.items == "int":
                described.update(minimum=self.minimum, maximum=self.maximum, step=self.step)
        return described


def _card_or_rank(item: Any) -> str | None:
    """``item``'s canonical spelling as a rank ("10") or a single card ("JS"), else None."""
    rank = parse_rank(item)
    if rank is not None:
        return rank
    card = parse_card(item)
    return None if card is None or card[1] is None else card_name(*card)


def _contract(item: Any) -> dict[str, Any] | None:
    """A contract as stored ({"contract": trimmed text, "cards": n}), else None."""
    if not isinstance(item, Mapping) or set(item) != {"contract", "cards"}:
        return None
    text, cards = item["contract"], item["cards"]
    if not isinstance(text, str) or not 1 <= len(text.strip()) <= CONTRACT_LENGTH:
        return None
    if type(cards) is not int or not 1 <= cards <= CONTRACT_CARDS:
        return None
    return {"contract": text.strip(), "cards": cards}


def resolve(
    specs: Iterable[OptionSpec], given: Any, prefix: str, owner: str | Message
) -> tuple[dict[str, Any], dict[str, str]]:
    """Every spec's value from ``given`` (or its default) and the errors, keyed ``prefix.<name>``.

    A non-nullable option whose default is None stays None here: its owner
    computes it (such as rummy's target, which depends on the players).
    """
    specs = tuple(specs)
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        return {spec.name: spec.default for spec in specs}, {prefix: message("must be an object")}
    known = {spec.name: spec for spec in specs}
    errors = {
        f"{prefix}.{name}": message("is not an option of %(owner)s", owner=owner)
        for name in given
        if name not in known
    }
    resolved: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        if value is None and spec.default is None:
            resolved[spec.name] = None
            continue
        problem = spec.check(value)
        if problem is not None:
            errors[f"{prefix}.{spec.name}"] = problem
            value = spec.default
        resolved[spec.name] = spec.canonical(value)
    return resolved, errors


STAKES = (
    OptionSpec(
        "cents_per_point",
        "int",
        1,
        help=message("Whole cents per point."),
        minimum=0,
        maximum=100_000,
        label=message("Cents per point"),
    ),
    OptionSpec(
        "round_to",
        "int",
        5,
        choices=(1, 5, 10, 25),
        help=message("Each amount is rounded half up to this many cents."),
        label=message("Round each amount to"),
    ),
    OptionSpec(
        "mode",
        "choice",
        "pairs",
        choices=("pairs", "winner", "per_deal"),
        help=message(
            "pairs: everyone settles with everyone; winner: only the winner is paid; "
            "per_deal (rummy, Indian rummy): every deal's losers pay its winner."
        ),
        label=message("Who pays whom"),
        choice_labels=(
            message("Everyone settles with everyone"),
            message("Only the winner is paid"),
            message("Each deal's losers pay its winner"),
        ),
    ),
    OptionSpec(
        "deal_winner_cents",
        "int",
        0,
        minimum=0,
        maximum=100_000,
        help=message("Cents each other player pays whoever went out, every deal (not rounded)."),
        label=message("Cents to whoever goes out, each deal"),
    ),
    OptionSpec(
        "currency",
        "text",
        "USD",
        pattern="[A-Z]{3}",
        help=message("ISO 4217 code, for display only."),
        expected=message("a 3-letter ISO currency code in capitals, such as USD or EUR"),
        label=message("Currency"),
    ),
)


# Indian rummy's pot (docs/rules.md section 10): every player pays in, the winner takes it.
ENTRY_CENTS = OptionSpec(
    "entry_cents",
    "int",
    None,
    minimum=1,
    maximum=10_000_000,
    help=message(
        "pot (Indian rummy): the cents each player pays into the pot for each entry "
        "(the first and each rejoin)."
    ),
    label=message("Entry fee into the pot, in cents"),
)
POT_STAKES = (
    *(
        replace(
            spec,
            choices=(*spec.choices, "pot"),
            choice_labels=(*spec.choice_labels, message("A pot: the winner takes it")),
            help=message(
                "%(help)s pot (Indian rummy): everyone pays in, the winner takes the pot.",
                help=spec.help,
            ),
        )
        if spec.name == "mode"
        else spec
        for spec in STAKES
    ),
    ENTRY_CENTS,
)


def resolve_stakes(given: Any, variant_id: str) -> tuple[dict[str, Any] | None, dict[str, str]]:
    if given is None:
        return None, {}
    stakes, errors = resolve(STAKES, given, "stakes", message("the stakes"))
    if stakes["mode"] == "per_deal" and variant_id != "rummy":
        errors["stakes.mode"] = message("per_deal is only for rummy")
    return stakes, errors
