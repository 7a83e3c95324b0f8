"""The entry fields one game's next deal takes, sorted by what a spoken word can fill.

Everything here is asked of the variant (its entry fields and their kinds, its
bounds, the values it names in words); no game is named. The game is played up to
the next deal, so that the deal's own bounds and who takes part in it are known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.scoring import ScoringError, Setup, get_variant
from scorekeeper.scoring.messages import Message, message

from .vocabulary import CORRECT, DEAL, EVERYONE, FILLER, GIN, MINUS, NOBODY, OR, OUT, REST

# Meanings that are not a field's: they shape the line rather than fill a value.
STRUCTURE = (OUT, GIN, NOBODY, FILLER, REST, EVERYONE, CORRECT, OR, MINUS)
VALUE_KINDS = ("per_player", "signed_per_player")


class Fields:
    """The entry fields this game's next deal takes, sorted by what a word can fill."""

    def __init__(self, setup: Setup, before: Sequence[Mapping[str, Any]] = ()):
        game = get_variant(setup.variant)(setup)
        for entry in before:
            try:
                game.play(dict(entry))
            except ScoringError:
                break  # a game stored as it is plays through; a bad list stops here
        self.game = game
        self.number = len(game.deals) + 1
        self.players = game.players
        self.bounds = game.deal_bounds(self.number)
        taken = game.reader.fields
        self.by_name = {f.name: f for f in taken}
        self.kinds = {f.name: f.kind for f in taken}
        self.player = next((f.name for f in taken if f.kind == "player"), None)
        self.counts = set(getattr(game, "counts", ()))
        values = [f for f in taken if f.kind in VALUE_KINDS]
        # What a bare number fills, in order: the values, not counts or optional extras.
        self.plain = [f.name for f in values if f.name not in self.counts and f.option is None]
        self.per_player = {f.name for f in values}
        self.bools = [f.name for f in taken if f.kind == "bool"]
        # The flag "nobody" sets where it voids the deal, and the flags whoever went out
        # has with nothing left in hand (their first plain value is 0).
        self.void = next((f.name for f in taken if f.voids_deal), None)
        self.empties_hand = [f.name for f in taken if f.empties_hand]
        self.allows_nobody = game.allows_nobody_out
        # Values the variant names in words (Indian rummy's full count): word -> (field, value).
        self.named = {
            word: (name, value)
            for word, (name, value) in game.spoken_values().items()
            if name in self.by_name
        }
        upcoming = game.next_deal() or {}
        taking_part = upcoming.get("players")
        self.taking_part = list(self.players if taking_part is None else taking_part)

    def meaning(self, meanings: tuple[str, ...]) -> str | None:
        """The first of a phrase's meanings that this game has a use for."""
        for meaning in meanings:
            name = meaning.split(".")[0]
            if meaning == DEAL:
                return FILLER
            if meaning in STRUCTURE or name in self.by_name or meaning in self.named:
                return meaning
            if name in ("rank", "face", "suit") and self.card_fields(name):
                return meaning
        return None

    def card_fields(self, said: str) -> list[str]:
        """The fields a card word fills: a rank field's ("rank") or a card field's."""
        if said == "rank":
            return [name for name, kind in self.kinds.items() if kind == "rank"]
        return [name for name, kind in self.kinds.items() if kind == "card"]

    def signed(self, name: str) -> bool:
        return self.kinds.get(name) == "signed_per_player"

    def problem(self, name: str, value: int) -> Message | None:
        """Why ``value`` cannot be field ``name``'s, or None."""
        if name not in self.bounds:
            return None
        if self.signed(name):
            least, most = self.bounds[name]
            if least <= value <= most:
                return None
            return message(
                "%(number)s is outside what this field takes (%(least)s to %(most)s): left empty",
                number=value,
                least=least,
                most=most,
            )
        bound, step = self.bounds[name]
        if not 0 <= value <= bound:
            return message(
                "%(number)s is more than this field takes (%(bound)s): left empty",
                number=value,
                bound=bound,
            )
        if value % step:
            return message(
                "%(number)s is not a multiple of %(step)s: left empty", number=value, step=step
            )
        return None

    def refusals(self, entry: Mapping[str, Any]) -> dict[str, str]:
        """The core's own errors for ``entry`` as the next deal, by path (the deal's
        bounds, a value the rules refuse); fields merely missing are not errors here."""
        try:
            self.game.score(_copied(entry), self.number)
        except ScoringError as error:
            return dict(error.errors)
        return {}


def _copied(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {
        name: dict(value)
        if isinstance(value, dict)
        else list(value)
        if isinstance(value, list)
        else value
        for name, value in entry.items()
    }
