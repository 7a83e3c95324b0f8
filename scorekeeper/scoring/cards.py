"""Cards as written in entries ("7S", "10H", "QS", "Joker", "wild") and their values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .messages import Message, message

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def card_sign(text: str) -> str:
    """``7S`` as ``7\u2660``, as a sheet prints a card."""
    return text[:-1] + SUIT_SIGNS.get(text[-1:], text[-1:]) if len(text) > 1 else text


JOKER = "Joker"
WILD = "wild"  # a card the player counts as wild, whatever it is

_RANK_LOOKUP = {rank.casefold(): rank for rank in RANKS}
# Ace 1, 2-10 their pips, J Q K 10.
FACE_VALUES = {rank: min(index + 1, 10) for index, rank in enumerate(RANKS)}


def parse_rank(text: object) -> str | None:
    """The canonical rank for ``text`` ("q" -> "Q"), or None if it is not a rank."""
    if not isinstance(text, str):
        return None
    return _RANK_LOOKUP.get(text.strip().casefold())


def parse_card(text: object) -> tuple[str, str | None] | None:
    """``(rank, suit)`` for "7S" or "10h"; ``("Joker", None)``, ``("wild", None)``; else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    folded = text.casefold()
    if folded == JOKER.casefold():
        return JOKER, None
    if folded == WILD:
        return WILD, None
    rank = _RANK_LOOKUP.get(folded[:-1])
    suit = text[-1:].upper()
    if rank is None or suit not in SUITS:
        return None
    return rank, suit


def card_name(rank: str, suit: str | None) -> str:
    return rank if suit is None else rank + suit


def face_values(**overrides: int) -> dict[str, int]:
    """The usual values with some ranks (A, J, Q, K) counted otherwise."""
    return FACE_VALUES | overrides


class ValueTable(NamedTuple):
    """What each card counts in hand under one game's options."""

    ranks: Mapping[str, int]
    # A wild card that is not an Ace; None when the game has no wild cards.
    wild: int | None = None
    # An Ace that is wild, where that differs from ``wild`` (5000 Rummy).
    wild_ace: int | None = None
    # None when the game has no Joker.
    joker: int | None = None
    # Single cards with their own value, such as {"QS": 45}.
    special: Mapping[str, int] | None = None
    # Ranks ("2") and single cards ("JS") wild in every deal (5000 Rummy's permanent_wilds).
    permanent: frozenset[str] = frozenset()
    # Whether a rank alone ("7") is a card: Five Crowns' suits never change a value.
    ranks_alone: bool = False
    # Cards of the game's own pack by name, such as Phase 10's {"Skip": 15}, read
    # (in any case) before the usual names.
    named: Mapping[str, int] | None = None

    @property
    def highest(self) -> int:
        others = (
            self.wild,
            self.wild_ace,
            self.joker,
            *(self.special or {}).values(),
            *(self.named or {}).values(),
        )
        return max([*self.ranks.values(), *(v for v in others if v is not None)])

    def value(self, rank: str, suit: str | None, wild_rank: str | None) -> int | None:
        """The card's value, or None when the game has no such card."""
        if rank == WILD:
            return self.wild
        if rank == JOKER:
            return self.joker
        wild = rank == wild_rank or (
            self.permanent and (rank in self.permanent or card_name(rank, suit) in self.permanent)
        )
        if wild and self.wild is not None:
            if rank == "A" and self.wild_ace is not None:
                return self.wild_ace
            return self.wild
        if self.special:
            special = self.special.get(card_name(rank, suit))
            if special is not None:
                return special
        return self.ranks.get(rank)

    def parse(self, text: object) -> tuple[str, str | None] | None:
        """The card ``text`` names in this game: a rank alone where suits do not matter."""
        card = parse_card(text)
        if card is None and self.ranks_alone:
            rank = parse_rank(text)
            card = None if rank is None else (rank, None)
        return card

    def total(self, cards: Sequence[object], wild_rank: str | None) -> tuple[int, dict[str, str]]:
        """The sum of ``cards`` and an error for each card that cannot be counted."""
        total = 0
        errors: dict[str, str] = {}
        named = {name.casefold(): value for name, value in (self.named or {}).items()}
        for index, text in enumerate(cards):
            value = named.get(text.strip().casefold()) if isinstance(text, str) else None
            if value is None:
                card = self.parse(text)
                value = None if card is None else self.value(*card, wild_rank)
            if value is None:
                errors[f"cards.{index}"] = self._card_problem(card)
            else:
                total += value
        return total, errors

    def _card_problem(self, card: tuple[str, str | None] | None) -> Message:
        if card is None:
            if self.named:
                return message("must be one of: %(choices)s", choices=", ".join(self.named))
            return message("must be a card such as 7S, 10H, QS or Joker")
        if card[0] == JOKER:
            return message("there is no Joker in this game")
        if card[0] == WILD:
            return message("this game has no wild cards")
        return message("there is no %(card)s in this game", card=card[0])
