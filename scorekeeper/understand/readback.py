"""An entry said back in words, as the reader reads them: what the page reads aloud
before Save, and what the property tests parse back to the entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.scoring import Setup

from .fields import Fields
from .vocabulary import MINUS, NOBODY, OUT, WORDS


def read_back(setup: Setup, entry: Mapping[str, Any], language: str) -> str:
    """``entry`` said clause by clause, a player's all in one ("Ann went out; Bob in hand
    12"): who went out first, with the flags only they can have."""
    fields = Fields(setup)
    words = WORDS[language if language in WORDS else "en"]
    said: dict[str, list[str]] = {player: [] for player in fields.players}
    deal: list[str] = []
    flags = [words[name][0] for name in fields.bools if entry.get(name) and name != fields.void]
    if fields.void is not None and entry.get(fields.void):
        deal.append(words[NOBODY][0])
    if fields.player is not None and fields.player in entry:
        out = entry[fields.player]
        if out is None:
            deal.append(words[NOBODY][0])
        else:
            said[out].append(" ".join([words[OUT][0], *flags]))
    for name, value in entry.items():
        kind = fields.kinds.get(name)
        if kind == "players":
            for player in value:
                said[player].append(words[name][0])
        elif kind in ("choice_per_player", "bool_per_player"):
            for player, choice in value.items():
                key = f"{name}.{choice}" if kind == "choice_per_player" else name
                said[player].append(words[key if choice is not False else f"{name}.no"][0])
        elif kind in ("per_player", "signed_per_player"):
            for player, number in value.items():
                said[player].append(_number(words, name, number, name in fields.counts))
    clauses = [f"{player} {', '.join(parts)}" for player, parts in said.items() if parts]
    return "; ".join(deal + clauses)


def _number(words: Mapping[str, tuple[str, ...]], name: str, number: int, count: bool) -> str:
    spoken = f"{words[MINUS][0]} {-number}" if number < 0 else str(number)
    return f"{spoken} {words[name][0]}" if count else f"{words[name][0]} {spoken}"
